import FoldoutTestSupport
import Foundation
import Testing

@testable import FoldoutBase
@testable import FoldoutBuild
@testable import FoldoutMarkdown
@testable import FoldoutOutput
@testable import FoldoutRendering

/// A build hands each page to its output transaction as soon as the page is rendered. The
/// guarantees of a snapshot applied at the end must hold all the same: a build that fails
/// halfway, or whose pages collide with someone else's files, leaves the output folder as it
/// was (no page, temporary file or new folder left behind), and what is written is what
/// `makeSnapshot` makes. The output folder is in memory.
@Suite struct OutputTransactionTests {
    private func page(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// A name longer than a file system allows: writing it fails after other pages were written.
    private let unwritable = "pets/" + String(repeating: "n", count: 300) + ".html"

    @Test func pagesOfABuildAreTheOnesMakeSnapshotMakesAndAreNotHeldInMemory() throws {
        let site = MemorySite(MemorySite.shelter)
        let (report, summary) = try Builder(options: site.options).build()
        let expected = try Builder(options: site.options).makeSnapshot().snapshot
        let pages = expected.paths.filter { $0.hasSuffix(".html") }
        #expect(pages.count > 10)
        for path in pages {
            #expect(report.snapshot.files[path] == .taken, "\(path)")
            #expect(try site.text(path) == expected.text(at: path), "\(path)")
        }
        #expect(summary.written == expected.files.count)
        #expect(Set(site.outputFiles) == Set(expected.paths))
    }

    @Test func aFirstBuildThatFailsHalfwayLeavesNoOutputFolder() throws {
        let memory = MemoryFileSystem()
        memory.makeFolders("/site")
        let root = "/site/Output"
        let transaction = OutputWriter(root: root, fileSystem: memory.fileSystem).transaction(previous: OutputManifest())
        transaction.open()
        #expect(transaction.take("index.html", page("<p>home</p>"), renderKey: 1) == .taken)
        #expect(transaction.take("pets/dogs/diego.html", page("<p>Diego</p>"), renderKey: 2) == .taken)
        _ = transaction.take(unwritable, page("<p>too long</p>"), renderKey: 3)
        _ = transaction.take("pets/cats/luna.html", page("<p>Luna</p>"), renderKey: 4)
        var snapshot = OutputSnapshot()
        for path in ["index.html", "pets/dogs/diego.html", unwritable, "pets/cats/luna.html"] { snapshot.add(path, .taken) }
        #expect(throws: (any Error).self) { try transaction.finish(snapshot, base: OutputManifest()) }
        #expect(!memory.exists(root))
        #expect(memory.folders(under: "/site").subtracting([".foldout-cache"]).isEmpty)
        #expect(memory.names(in: "/site/.foldout-cache") == [])
    }

    @Test func aRebuildThatFailsHalfwayLeavesTheOutputFolderAsItWas() throws {
        let site = MemorySite(MemorySite.shelter)
        try site.build()
        let before = try site.state
        let foldersBefore = site.memory.folders(under: site.output)
        let previous = OutputManifest.read(root: site.output, fileSystem: site.fileSystem)
        let transaction = OutputWriter(root: site.output, fileSystem: site.fileSystem).transaction(previous: previous)
        transaction.open()
        var snapshot = OutputSnapshot()
        // A changed page, a new page in a new folder, the page that cannot be written, one more.
        for (path, text) in [
            ("pets/dogs/alba.html", "<p>changed</p>"), ("pets/birds/kiwi.html", "<p>new</p>"),
            (unwritable, "<p>too long</p>"), ("index.html", "<p>changed too</p>"),
        ] {
            snapshot.add(path, transaction.take(path, page(text), renderKey: nil))
        }
        #expect(throws: (any Error).self) { try transaction.finish(snapshot, base: OutputManifest()) }
        #expect(try site.state == before)
        #expect(site.memory.folders(under: site.output) == foldersBefore)
    }

    @Test func aPageCollidingWithAForeignFileStopsTheBuildBeforeAnyPageIsReplaced() throws {
        let site = MemorySite(MemorySite.shelter)
        try site.build()
        try site.write([
            "pets/dogs/alba.md": "---\ntitle: Alba the Great\n---\nNew text.\n",
            "pets/birds/kiwi.md": "---\ntitle: Kiwi\n---\nA new bird.\n",
            "pets/fish/nemo.md": "---\ntitle: Nemo\n---\nA new fish.\n",
        ])
        try site.folder.write(["Output/pets/fish/nemo.html": "<p>my own page</p>"])
        let before = try site.state
        let foldersBefore = site.memory.folders(under: site.output)
        do {
            try site.build()
            Issue.record("the build overwrote a file Foldout did not write")
        } catch {
            #expect(error.diagnostics.filter { $0.severity == .error }.map(\.path) == [site.output + "/pets/fish/nemo.html"])
        }
        #expect(try site.state == before, "pages rendered before the collision was found reached the output folder")
        #expect(site.memory.folders(under: site.output) == foldersBefore, "a folder made for a new page was left behind")
    }

    @Test func aFirstBuildWhoseOutputFolderAppearsMeanwhileGoesTheUsualWay() throws {
        let site = MemorySite([:])
        let folder = site.folder
        let root = site.output
        let transaction = OutputWriter(root: root, fileSystem: site.fileSystem).transaction(previous: OutputManifest())
        transaction.open()
        var snapshot = OutputSnapshot()
        for (path, text) in [("index.html", "<p>home</p>"), ("pets/dogs/diego.html", "<p>Diego</p>")] {
            snapshot.add(path, transaction.take(path, page(text), renderKey: 7), renderKey: 7)
        }
        snapshot.add("assets/style.css", text: "body {}")
        try folder.write(["Output/notes.txt": "mine"])
        let (summary, manifest) = try transaction.finish(snapshot, base: OutputManifest())
        #expect(summary.written == 3)
        #expect(try folder.text("Output/pets/dogs/diego.html") == "<p>Diego</p>")
        #expect(try folder.text("Output/assets/style.css") == "body {}")
        #expect(try folder.text("Output/notes.txt") == "mine")
        #expect(manifest.files["index.html"]?.renderKey == 7)
        #expect(OutputManifest.read(root: root, fileSystem: site.fileSystem) == manifest)
        #expect(site.memory.names(in: folder.path + "/.foldout-cache") == [])
    }
}
