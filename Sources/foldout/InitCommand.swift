import ArgumentParser
import FoldoutBuild
import FoldoutRendering
import Foundation

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create a new site: a small Content/ and a copy of the default Templates/.",
        discussion: """
            Creates DIR (or fills an empty one) with a starter catalog in Content/ (a small \
            pets shelter with drawn photos, unless --example says otherwise) and the \
            default templates in Templates/, ready for `foldout build`. Existing files are \
            never overwritten: if DIR already has a Content or Templates folder, nothing is written.
            """
    )

    @Argument(help: ArgumentHelp("Folder for the new site.", valueName: "dir"))
    var directory: String

    @Option(help: ArgumentHelp("The starter catalog: pets, courses, or blank (one item to copy).", valueName: "name"))
    var example: StarterSite.Example = .pets

    func run() throws {
        let manager = FileManager.default
        for existing in ["Content", "Templates"] where manager.fileExists(atPath: directory + "/" + existing) {
            Console.error("\(directory)/\(existing): error: already exists; nothing was written\n  hint: choose a new folder for the site")
            throw ExitCode(1)
        }
        let starter = StarterSite.files(example)
        for path in starter.missing {
            Console.error("\(directory)/Content/\(path): warning: libvips could not draw this photo; the pet is shown without one\n  hint: add any photo under that name")
        }
        var files: [(String, [UInt8])] = starter.files.map { ("Content/" + $0.path, $0.bytes) }
        files += DefaultTemplates.files.map { ("Templates/" + $0.path, $0.bytes) }
        for (path, bytes) in files {
            let url = URL(fileURLWithPath: directory).appendingPathComponent(path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        print("created \(directory) with \(starter.files.count) content files and \(DefaultTemplates.files.count) template files")
        print("next: cd \(directory) && foldout serve, and open http://127.0.0.1:8000/ (or foldout build, then open Output/index.html)")
    }
}

extension StarterSite.Example: ExpressibleByArgument {}
