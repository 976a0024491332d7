import ArgumentParser
import Foundation
import FoldoutBuild
import FoldoutRendering

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create a new site: a small Content/ and a copy of the default Templates/.",
        discussion: """
            Creates DIR (or fills an empty one) with a starter catalog in Content/ and the \
            default templates in Templates/, ready for `foldout build`. Existing files are \
            never overwritten: if DIR already has a Content or Templates folder, nothing is written.
            """
    )

    @Argument(help: ArgumentHelp("Folder for the new site.", valueName: "dir"))
    var directory: String

    func run() throws {
        let manager = FileManager.default
        for existing in ["Content", "Templates"] where manager.fileExists(atPath: directory + "/" + existing) {
            Console.error("\(directory)/\(existing): error: already exists; nothing was written\n  hint: choose a new folder for the site")
            throw ExitCode(1)
        }
        var files: [(String, [UInt8])] = StarterSite.files.map { ("Content/" + $0.path, Array($0.text.utf8)) }
        files += DefaultTemplates.files.map { ("Templates/" + $0.path, $0.bytes) }
        for (path, bytes) in files {
            let url = URL(fileURLWithPath: directory).appendingPathComponent(path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        print("created \(directory) with \(StarterSite.files.count) content files and \(DefaultTemplates.files.count) template files")
        print("next: cd \(directory) && foldout serve, and open http://127.0.0.1:8000/ (or foldout build, then open Output/index.html)")
    }
}
