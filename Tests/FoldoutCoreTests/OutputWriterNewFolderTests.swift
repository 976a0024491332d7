import Foundation
import Testing
@testable import FoldoutMarkdown
@testable import FoldoutRendering
@testable import FoldoutOutput

/// A first build is written into a new folder in `.foldout-cache` and renamed into place:
/// the result must be what the usual way gives (files, manifest, summary), and a failure must
/// leave neither an output folder nor the new folder behind.
@Suite struct OutputWriterNewFolderTests {
    /// Each test's own folder, holding `Output` and `.foldout-cache`; removed after the test.
    private let folder: TemporaryFolder
    private var parent: String { folder.path }

    init() throws {
        folder = try TemporaryFolder()
    }

    private func snapshot(_ files: [String: String]) -> OutputSnapshot {
        var snapshot = OutputSnapshot()
        for (path, text) in files { snapshot.add(path, text: text) }
        return snapshot
    }

    /// More folders than the writer keeps open: every page is written, and no folder is left
    /// open (a site of thousands of folders must not run out of file descriptors).
    @Test func aFirstBuildIntoManyFoldersWritesEveryPageAndLeavesNoFolderOpen() throws {
        let root = parent + "/Output"
        var files: [String: String] = [:]
        for number in 0..<(OutputWriter.Transaction.openFolderLimit + 36) {
            files["catalog/group-\(number)/page.html"] = "<p>page \(number)</p>"
        }
        let result = try OutputWriter(root: root).apply(snapshot(files), previous: OutputManifest())
        #expect(result.summary.written == files.count)
        for (path, text) in files {
            #expect(try String(contentsOfFile: root + "/" + path, encoding: .utf8) == text)
        }
        #if os(Linux)
        // Descriptors of this process that point into the test's folder.
        let open = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").filter { descriptor in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + descriptor))?.hasPrefix(parent) ?? false
        }
        #expect(open == [])
        #endif
    }

    @Test func aFirstBuildWritesEveryFileAndAManifestThatARebuildTrusts() throws {
        let root = parent + "/Output"
        let files = ["index.html": "<p>home</p>", "pets/index.html": "<p>pets</p>", "pets/dogs/diego.html": "<p>Diego</p>"]
        let first = try OutputWriter(root: root).apply(snapshot(files), previous: OutputManifest())
        #expect(first.summary.written == 3)
        #expect(first.summary.changedPaths == ["index.html", "pets/dogs/diego.html", "pets/index.html"])
        for (path, text) in files {
            #expect(try String(contentsOfFile: root + "/" + path, encoding: .utf8) == text)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent + "/.foldout-cache") == [])
        let manifest = OutputManifest.read(root: root)
        #expect(manifest == first.manifest)
        #expect(manifest.intactPaths(root: root) == Set(files.keys))

        var changed = files
        changed["pets/dogs/diego.html"] = "<p>Diego, adopted</p>"
        let second = try OutputWriter(root: root).apply(snapshot(changed), previous: manifest)
        #expect(second.summary.written == 1)
        #expect(second.summary.unchanged == 2)
        #expect(try String(contentsOfFile: root + "/pets/dogs/diego.html", encoding: .utf8) == "<p>Diego, adopted</p>")
    }

    @Test func aFirstBuildReplacesTheRemainsOfAStoppedOne() throws {
        let root = parent + "/Output"
        try FileManager.default.createDirectory(atPath: parent + "/.foldout-cache/Output.new/old", withIntermediateDirectories: true)
        _ = try OutputWriter(root: root + "/").apply(snapshot(["index.html": "<p>home</p>"]), previous: OutputManifest())
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).sorted() == [OutputManifest.fileName, "index.html"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent + "/.foldout-cache") == [])
    }

    @Test func aFailedFirstBuildLeavesNoOutputFolder() throws {
        let root = parent + "/Output"
        var broken = snapshot(["index.html": "<p>home</p>", "pets/index.html": "<p>pets</p>"])
        broken.add("pets/photo.jpg", .copy(from: parent + "/missing.jpg"))
        #expect(throws: (any Error).self) { try OutputWriter(root: root).apply(broken, previous: OutputManifest()) }
        #expect(!FileManager.default.fileExists(atPath: root))
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: parent + "/.foldout-cache")) ?? []) == [])
    }
}
