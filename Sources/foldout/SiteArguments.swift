import AllocatorTuning
import ArgumentParser
import FoldoutBase
import FoldoutBuild
import Foundation

/// The options `build` and `serve` share: where the site's folders are and how to build it.
struct SiteArguments: ParsableArguments {
    // Short names as Hugo and Zola have them where they have one (-D for drafts is Hugo's).
    @Option(name: [.short, .long], help: ArgumentHelp("The content folder.", valueName: "dir"))
    var content: String = "Content"

    @Option(name: [.short, .long], help: ArgumentHelp("Templates (default: ./Templates, else built-in).", valueName: "dir"))
    var templates: String?

    @Option(name: [.short, .long], help: ArgumentHelp("The output folder.", valueName: "dir"))
    var output: String = "Output"

    @Flag(name: [.customShort("D"), .long], help: "Include items marked `draft: true`.")
    var drafts = false

    @Flag(name: .long, help: "Overwrite files Foldout did not write.")
    var force = false

    var buildOptions: BuildOptions {
        var options = BuildOptions(contentPath: content, templatesPath: templatesPath, outputPath: output, includeDrafts: drafts)
        options.force = force
        options.decodingPhotos = { decode in
            foldout_allocator_return_freed_memory_promptly(true)
            defer { foldout_allocator_return_freed_memory_promptly(false) }
            decode()
        }
        return options
    }

    /// `--templates`, else ./Templates when it exists, else nil for the built-in templates.
    private var templatesPath: String? {
        if let templates { return templates }
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: "Templates", isDirectory: &isDirectory)
        return exists && isDirectory.boolValue ? "Templates" : nil
    }
}
