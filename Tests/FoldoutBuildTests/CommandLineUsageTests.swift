import FoldoutBuild
import FoldoutTestSupport
import Foundation
import Testing
import Yams

/// The command line as people type it every day: short flags, a suggestion for a mistyped
/// command, `--help` that fits a screen with the options first, `serve` on a busy port, the
/// `base_url` note said once per `serve` session, and `publish-setup github`.
@Suite struct CommandLineUsageTests {
    static func run(_ arguments: [String], in folder: String) throws -> (status: Int32, stdout: String, stderr: String) {
        try CommandLineFailureTests.run(arguments, in: folder)
    }

    @Test(arguments: [
        ("bild", "build"), ("biuld", "build"), ("serv", "serve"), ("sever", "serve"), ("Build", "build"),
        ("inti", "init"), ("publish", "publish-setup"),
    ])
    func aMistypedCommandGetsASuggestionAndExit64(written: String, meant: String) throws {
        let folder = try TemporaryFolder()
        let result = try Self.run([written, "--quiet"], in: folder.path)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("error: `\(written)` is not a foldout command; did you mean `\(meant)`?\n  hint: "), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/Output"))
    }

    @Test func aWordFarFromEveryCommandListsThem() throws {
        let folder = try TemporaryFolder()
        let result = try Self.run(["deploy"], in: folder.path)
        #expect(result.status == 64)
        #expect(result.stderr.contains("error: `deploy` is not a foldout command\n  hint: the commands are `build`, `serve`, `init`"))
        #expect(!result.stderr.contains("did you mean"))
    }

    @Test func suggestionsCountASwapAsOneEdit() {
        #expect(CommandSuggestion(arguments: ["biuld"], commands: ["build", "serve"])?.suggestion == "build")
        #expect(CommandSuggestion(arguments: ["bild"], commands: ["build", "serve"])?.suggestion == "build")
        #expect(CommandSuggestion(arguments: ["sever"], commands: ["build", "serve"])?.suggestion == "serve")
        #expect(CommandSuggestion(arguments: ["build"], commands: ["build"]) == nil)
        #expect(CommandSuggestion(arguments: ["--help"], commands: ["build"]) == nil)
        // Three letters or fewer: one edit at most, or `it` would be taken for `init`.
        #expect(CommandSuggestion(arguments: ["it"], commands: ["init"])?.suggestion == nil)
    }

    @Test func shortFlagsDoWhatTheLongOnesDo() throws {
        let folder = try TemporaryFolder()
        try folder.write("Notes/pets/rex.md", "# Rex\n")
        try folder.write("Notes/pets/toby.md", "---\ntitle: Toby\ndraft: true\n---\n")
        let quiet = try Self.run(["build", "-q", "-c", "Notes", "-o", "Site"], in: folder.path)
        #expect(quiet.status == 0 && quiet.stdout.isEmpty, "\(quiet)")
        #expect(FileManager.default.fileExists(atPath: folder.path + "/Site/pets/rex.html"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/Site/pets/toby.html"))
        let drafts = try Self.run(["build", "-D", "-v", "-c", "Notes", "-o", "Site"], in: folder.path)
        #expect(drafts.status == 0 && drafts.stdout.contains("built "), "\(drafts)")
        #expect(FileManager.default.fileExists(atPath: folder.path + "/Site/pets/toby.html"))
    }

    /// Every command's help fits about a screen at 80 columns: the options, then details.
    @Test(arguments: [["--help"], ["build", "--help"], ["serve", "-h"], ["help", "init"], ["publish-setup", "--help"]])
    func helpListsOptionsFirstInAboutTwentyFiveLines(arguments: [String]) throws {
        let folder = try TemporaryFolder()
        setenv("COLUMNS", "80", 1)
        let result = try Self.run(arguments, in: folder.path)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count <= 26, "\(lines.count) lines:\n\(result.stdout)")
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(result.stdout)")
        let options = try #require(lines.firstIndex { ["OPTIONS:", "SUBCOMMANDS:", "ARGUMENTS:"].contains($0) }, "\(result.stdout)")
        // Past the overview and usage; `init`'s help is written by whoever changes `init`.
        if !arguments.contains("init") { #expect(options < 8, "\(result.stdout)") }
        if arguments.contains("build") {
            #expect(result.stdout.contains("-c, --content <dir>") && result.stdout.contains("-q, --quiet"))
            // The details come after the options.
            let details = try #require(lines.firstIndex { $0.contains("Problems print as") })
            #expect(details > options)
        }
    }

    /// A port the user named that is busy is said at once, before anything is built.
    @Test func aBusyNamedPortStopsServeBeforeItBuilds() throws {
        let folder = try TemporaryFolder()
        try folder.write("Content/pets/rex.md", "# Rex\n")
        let listener = try ListeningSocket.open()
        defer { close(listener.socket) }
        let result = try Self.run(["serve", "-p", String(listener.port)], in: folder.path)
        #expect(result.status == 1)
        #expect(result.stderr.contains("port \(listener.port) on 127.0.0.1 is in use; nothing was built"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/Output"))
    }

    /// The missing `base_url` is a note: said once per `serve` session, not at every rebuild.
    @Test func theBaseURLNoteIsSaidOncePerServeSession() throws {
        let folder = try TemporaryFolder()
        try folder.write("Content/_index.md", "---\ntitle: Shelter\nimage: cover.jpg\n---\n")
        try folder.write("Content/pets/rex.md", "# Rex\n\nA dog.\n")
        try Data(try PhotoTests.fixture("wide.jpg")).write(to: URL(fileURLWithPath: folder.path + "/Content/cover.jpg"))
        let built = try Self.run(["build"], in: folder.path)
        #expect(built.stderr.contains("Content/_index.md:1:1: note: `base_url` is not set"), "\(built.stderr)")

        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLineFailureTests.foldout)
        process.arguments = ["serve", "--port", "0"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let lines = LineCollector(out)
        try #require(lines.wait { $0.filter { $0.hasPrefix("serving ") }.count == 1 })
        for edit in 1...2 {
            try folder.write("Content/pets/rex.md", "# Rex\n\nA dog, edit \(edit).\n")
            try #require(lines.wait { $0.filter { $0.hasPrefix("built ") }.count == 1 + edit })
        }
        process.interrupt()
        process.waitUntilExit()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0)
        #expect(stderr.components(separatedBy: "`base_url` is not set").count == 2, "\(stderr)")
    }

    @Test func publishSetupGithubWritesAWorkflowThatGitHubCanRead() throws {
        let folder = try TemporaryFolder()
        let missing = try Self.run(["publish-setup", "github"], in: folder.path)
        #expect(missing.status == 64 && missing.stderr.contains("--repository URL"), "\(missing)")
        let repository = "https://example.org/foldout.git"
        let result = try Self.run(["publish-setup", "github", "--repository", repository, "--ref", "v1.0"], in: folder.path)
        #expect(result.status == 0, "\(result)")
        let text = try String(contentsOfFile: folder.path + "/" + GitHubPagesWorkflow.path, encoding: .utf8)
        let workflow = try #require(try Yams.load(yaml: text) as? [String: Any])
        let environment = try #require(workflow["env"] as? [String: String])
        #expect(environment["FOLDOUT_REPOSITORY"] == repository && environment["FOLDOUT_REF"] == "v1.0")
        let jobs = try #require(workflow["jobs"] as? [String: Any])
        let build = try #require(jobs["build"] as? [String: Any])
        #expect(build["container"] as? String == GitHubPagesWorkflow.swiftImage)
        let steps = try #require(build["steps"] as? [[String: Any]])
        let uses = steps.compactMap { $0["uses"] as? String }
        #expect(uses.contains("actions/checkout@v4") && uses.contains("actions/upload-pages-artifact@v3"))
        #expect(steps.contains { ($0["run"] as? String)?.contains("foldout build --content Content --output Output") == true })
        let deploy = try #require(jobs["deploy"] as? [String: Any])
        #expect((deploy["steps"] as? [[String: Any]])?.first?["uses"] as? String == "actions/deploy-pages@v4")
        // Written once; a second run leaves it unless --force.
        let again = try Self.run(["publish-setup", "github", "--repository", repository], in: folder.path)
        #expect(again.status == 1 && again.stderr.contains("already exists"))
    }
}

/// The lines a child process prints, gathered as they come.
private final class LineCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    private var partial = ""

    init(_ pipe: Pipe) {
        pipe.fileHandleForReading.readabilityHandler = { [self] handle in
            let text = String(decoding: handle.availableData, as: UTF8.self)
            lock.withLock {
                partial += text
                while let newline = partial.firstIndex(of: "\n") {
                    lines.append(String(partial[..<newline]))
                    partial = String(partial[partial.index(after: newline)...])
                }
            }
        }
    }

    /// Whether `condition` held of the lines within two minutes (a debug build is slow).
    func wait(_ condition: ([String]) -> Bool) -> Bool {
        for _ in 0..<1200 {
            if lock.withLock({ condition(lines) }) { return true }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return false
    }
}
