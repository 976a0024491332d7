import FoldoutTestSupport
import Foundation
import Testing

@testable import FoldoutBase
@testable import FoldoutMarkdown
@testable import FoldoutOutput
@testable import FoldoutRendering

/// A first build is written into a new folder in `.foldout-cache` and renamed into place:
/// the result must be what the usual way gives (files, manifest, summary), and a failure must
/// leave neither an output folder nor the new folder behind. In memory, but for the test of
/// open folders, which counts the process's file descriptors.
@Suite struct OutputWriterNewFolderTests {
    private let parent = "/site"
    private let memory = MemoryFileSystem()

    init() {
        memory.makeFolders(parent)
    }

    private func snapshot(_ files: [String: String]) -> OutputSnapshot {
        var snapshot = OutputSnapshot()
        for (path, text) in files { snapshot.add(path, text: text) }
        return snapshot
    }

    private func writer(_ root: String) -> OutputWriter {
        OutputWriter(root: root, fileSystem: memory.fileSystem)
    }

    /// More folders than the writer keeps open: every page is written, and no folder is left
    /// open (a site of thousands of folders must not run out of file descriptors).
    @Test func aFirstBuildIntoManyFoldersWritesEveryPageAndLeavesNoFolderOpen() throws {
        let folder = try TemporaryFolder()
        let root = folder.path + "/Output"
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
                (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + descriptor))?.hasPrefix(folder.path) ?? false
            }
            #expect(open == [])
        #endif
    }

    @Test func aFirstBuildWritesEveryFileAndAManifestThatARebuildTrusts() throws {
        let root = parent + "/Output"
        let files = ["index.html": "<p>home</p>", "pets/index.html": "<p>pets</p>", "pets/dogs/diego.html": "<p>Diego</p>"]
        let first = try writer(root).apply(snapshot(files), previous: OutputManifest())
        #expect(first.summary.written == 3)
        #expect(first.summary.changedPaths == ["index.html", "pets/dogs/diego.html", "pets/index.html"])
        for (path, text) in files {
            #expect(try memory.text(root + "/" + path) == text)
        }
        #expect(memory.names(in: parent + "/.foldout-cache") == [])
        let manifest = OutputManifest.read(root: root, fileSystem: memory.fileSystem)
        #expect(manifest == first.manifest)
        #expect(manifest.intactPaths(root: root, fileSystem: memory.fileSystem) == Set(files.keys))

        var changed = files
        changed["pets/dogs/diego.html"] = "<p>Diego, adopted</p>"
        let second = try writer(root).apply(snapshot(changed), previous: manifest)
        #expect(second.summary.written == 1)
        #expect(second.summary.unchanged == 2)
        #expect(try memory.text(root + "/pets/dogs/diego.html") == "<p>Diego, adopted</p>")
    }

    @Test func aFirstBuildReplacesTheRemainsOfAStoppedOne() throws {
        let root = parent + "/Output"
        memory.makeFolders(parent + "/.foldout-cache/Output.new/old")
        memory.write(parent + "/.foldout-cache/Output.new/old/page.html", "<p>old</p>")
        _ = try writer(root + "/").apply(snapshot(["index.html": "<p>home</p>"]), previous: OutputManifest())
        #expect(memory.names(in: root) == [OutputManifest.fileName, "index.html"])
        #expect(memory.names(in: parent + "/.foldout-cache") == [])
    }

    @Test func aFailedFirstBuildLeavesNoOutputFolder() throws {
        let root = parent + "/Output"
        var broken = snapshot(["index.html": "<p>home</p>", "pets/index.html": "<p>pets</p>"])
        broken.add("pets/photo.jpg", .copy(from: parent + "/missing.jpg"))
        #expect(throws: (any Error).self) { try writer(root).apply(broken, previous: OutputManifest()) }
        #expect(!memory.exists(root))
        #expect(memory.names(in: parent + "/.foldout-cache") == [])
    }
}
