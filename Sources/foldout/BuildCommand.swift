import ArgumentParser
import Foundation
import FoldoutCore

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build the site from Content/ and Templates/ into Output/.",
        discussion: """
            Reads every Markdown file under the content folder, renders it through the \
            templates and writes the site to the output folder. Only files whose bytes \
            changed are written.

            Without --templates, ./Templates is used when it exists, else the built-in \
            default templates, so `foldout build --content NOTES --output SITE` works from \
            any directory.

            Problems are printed as `path:line:column: error: message` with a hint; every \
            problem of the build is printed, not only the first. When there is any error the \
            build exits with status 1 and the output folder is left as it was.

            Warnings (a missing image, an image without alt text, a link or #anchor that \
            leads nowhere, a symbolic link that was skipped) are printed the same way and do \
            not stop the build, unless --strict makes them errors.
            """
    )

    @Option(name: .long, help: ArgumentHelp("The content folder.", valueName: "dir"))
    var content: String = "Content"

    @Option(name: .long, help: ArgumentHelp("The templates folder (default: ./Templates if present, else built-in).", valueName: "dir"))
    var templates: String?

    @Option(name: .long, help: ArgumentHelp("The output folder.", valueName: "dir"))
    var output: String = "Output"

    @Flag(name: .long, help: "Include items marked `draft: true`.")
    var drafts = false

    @Flag(name: .long, help: "Treat warnings as errors: fail on missing images, missing alt text, broken links and anchors.")
    var strict = false

    @Flag(name: .long, help: "Print nothing but errors.")
    var quiet = false

    @Flag(name: .long, help: "Print the time each stage took.")
    var timings = false

    func run() throws {
        let templatesPath: String?
        if let templates {
            templatesPath = templates
        } else {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: "Templates", isDirectory: &isDirectory)
            templatesPath = exists && isDirectory.boolValue ? "Templates" : nil
        }
        let options = BuildOptions(contentPath: content, templatesPath: templatesPath, outputPath: output,
                                   includeDrafts: drafts, strict: strict)
        let started = DispatchTime.now().uptimeNanoseconds
        do {
            let (report, summary) = try Builder(options: options).build()
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            if !quiet {
                for warning in report.warnings { Console.error(warning.description) }
                print("built \(Console.grouped(report.pageCount)) pages: \(Console.grouped(summary.written)) written, "
                      + "\(Console.grouped(summary.removed)) removed, \(Console.grouped(summary.unchanged)) unchanged "
                      + "in \(String(format: "%.2f", seconds)) s")
                if timings {
                    print(report.timings.map { "\($0.stage) \(String(format: "%.3f", $0.seconds)) s" }.joined(separator: ", "))
                }
            }
        } catch {
            for diagnostic in error.diagnostics where !quiet || diagnostic.severity == .error {
                Console.error(diagnostic.description)
            }
            let errors = error.diagnostics.filter { $0.severity == .error }.count
            Console.error("build failed: \(errors) error\(errors == 1 ? "" : "s"); \(output) was left unchanged")
            throw ExitCode(1)
        }
    }
}
