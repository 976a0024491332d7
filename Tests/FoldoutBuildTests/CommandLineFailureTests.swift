import FoldoutTestSupport
import Foundation
import Testing

/// `foldout build` itself, run as a user runs it: exit status, messages, the output folder.
@Suite struct CommandLineFailureTests {
    /// The `foldout` binary SwiftPM built beside this test bundle.
    static var foldout: String {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [directory, directory.deletingLastPathComponent()].map { $0.appendingPathComponent("foldout").path }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[0]
    }

    static func run(_ arguments: [String], in folder: String) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: foldout)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }

    @Test func failedBuildExitsNonZeroReportsEveryErrorAndKeepsOutput() throws {
        let folder = try TemporaryFolder()
        try folder.write("Content/pets/_index.md", "# Pets\n")
        try folder.write("Content/pets/rex.md", "# Rex\n")
        #expect(try Self.run(["build"], in: folder.path).status == 0)
        try folder.write("Output/pets/rex.html", "edited by hand")
        let before = folder.contents(of: "Output")

        try folder.write("Content/pets/rex.md", "---\ntitle: Rex\nweight: heavy\n---\n")
        try folder.write("Content/pets/toby.md", "---\ntitle: [Toby\n---\n")
        let result = try Self.run(["build"], in: folder.path)
        #expect(result.status == 1)
        #expect(result.stderr.contains("Content/pets/rex.md:3:1: error: `weight` must be a number, found `heavy`\n  hint: "))
        // The `[` is never closed: YAML notices at the end (line 3); the message says where it opened.
        #expect(
            result.stderr.contains(
                "Content/pets/toby.md:3:1: error: invalid YAML: did not find expected ',' or ']' "
                    + "(while parsing a flow sequence that starts on line 2, column 8)"))
        #expect(result.stderr.contains("build failed: 2 errors; Output was left unchanged"))
        #expect(folder.contents(of: "Output") == before)
    }

    @Test func strictFlagFailsOnWarnings() throws {
        let folder = try TemporaryFolder()
        try folder.write("Content/pets/_index.md", "# Pets\n")
        try folder.write("Content/pets/rex.md", "# Rex\n\n[Toby](toby.md)\n")
        let relaxed = try Self.run(["build"], in: folder.path)
        #expect(relaxed.status == 0)
        #expect(relaxed.stderr.contains("Content/pets/rex.md:3:1: warning: link `toby.md` points to nothing"))

        let strict = try Self.run(["build", "--strict"], in: folder.path)
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("Content/pets/rex.md:3:1: error: link `toby.md` points to nothing"))
    }

    @Test func manyWarningsAreSummarizedByKindUnlessVerbose() throws {
        let folder = try TemporaryFolder()
        try folder.write("Content/pets/_index.md", "# Pets\n")
        let anchors = (1...24).map { "[Care \($0)](#care-\($0))" }
        try folder.write("Content/pets/rex.md", "# Rex\n\n[Toby](toby.md)\n\n" + anchors.joined(separator: "\n\n") + "\n")
        let missingAnchor = "link `#care-1` leads to `pets/rex.html`, which has no heading or row `#care-1`"

        let summarized = try Self.run(["build"], in: folder.path)
        #expect(summarized.status == 0)
        #expect(summarized.stderr.contains("Content/pets/rex.md:5:1: warning: \(missingAnchor)\n  hint: "))
        #expect(summarized.stderr.contains("Content/pets/rex.md:3:1: warning: link `toby.md` points to nothing"))
        #expect(!summarized.stderr.contains("#care-4`"))
        #expect(
            summarized.stderr.contains(
                """
                25 warnings of 2 kinds (above, the first 3 of each):
                  24  link `…` leads to `…`, which has no heading or row `…`
                   1  link `…` points to nothing in the content folder
                21 warnings not shown; --verbose prints every one\n
                """))

        let verbose = try Self.run(["build", "--verbose"], in: folder.path)
        #expect(verbose.status == 0)
        #expect(verbose.stderr.components(separatedBy: ": warning: ").count - 1 == 25)
        #expect(!verbose.stderr.contains("not shown"))

        // Errors, as --strict makes the warnings, are never left out.
        let strict = try Self.run(["build", "--strict"], in: folder.path)
        #expect(strict.status == 1)
        #expect(strict.stderr.components(separatedBy: ": error: ").count - 1 == 25)
        #expect(strict.stderr.contains("build failed: 25 errors"))
    }

    @Test func missingContentFolder() throws {
        let folder = try TemporaryFolder()
        let result = try Self.run(["build"], in: folder.path)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("Content:1:1: error: content folder not found\n  hint: "))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/Output"))
    }
}
