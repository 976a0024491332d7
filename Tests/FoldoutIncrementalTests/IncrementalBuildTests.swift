import FoldoutTestSupport
import Foundation
import Testing

@testable import FoldoutBase
@testable import FoldoutMarkdown
@testable import FoldoutOutput

/// The output folder as a snapshot applied against the previous build: what is written, what is left alone, what is removed, what is never touched.
/// The sites are in memory, but for the test of what real renames leave behind.
@Suite struct IncrementalBuildTests {
    // MARK: Point 1: only the difference is applied

    @Test func rebuildWithNothingChangedWritesNothing() throws {
        let site = MemorySite(MemorySite.shelter)
        let first = try site.build()
        #expect(first.summary.written > 0 && first.summary.unchanged == 0)
        let before = try site.state
        let second = try site.build()
        #expect(second.wasUpToDate)
        #expect(second.summary.written == 0 && second.summary.removed == 0)
        #expect(second.summary.unchanged == first.summary.written)
        #expect(second.pageCount == first.pageCount)
        #expect(try site.state == before, "a rebuild with nothing changed touched the output folder")
    }

    @Test func untouchedFilesKeepTheirModificationTimes() throws {
        let site = MemorySite(MemorySite.shelter)
        try site.build()
        let before = try site.state
        // A later paragraph: the row (title, summary) stays the same, only the item's page changes.
        try site.write(["pets/dogs/alba.md": "---\ntitle: Alba\ntags: [calm, kids]\n---\nAlba likes long walks.\n\nShe sleeps a lot, mostly on sofas.\n"])
        let outcome = try site.build()
        let changed = try site.state.changed(since: before)
        #expect(changed == ["pets/dogs/alba.html", OutputManifest.fileName])
        #expect(outcome.summary.written == 1)
        #expect(outcome.summary.unchanged == before.sitePaths.count - 1)
        #expect(try site.text("pets/dogs/alba.html").contains("mostly on sofas"))
    }

    @Test func everyWriteReplacesTheFileInOneStep() throws {
        let site = try DiskSite(MemorySite.shelter)
        try site.build()
        try site.write(["pets/dogs/cleo.md": "---\ntitle: Cleo\n---\nCleo is brave now.\n"])
        try site.build()
        // No temporary file is left behind, and the manifest lists exactly the site's files.
        // On the disk: the point is what real renames leave.
        let state = try site.state
        #expect(!state.files.keys.contains { $0.hasSuffix(AtomicFile.temporarySuffix) })
        #expect(Set(OutputManifest.read(root: site.output).files.keys) == state.sitePaths)
    }

    @Test func deletedItemsPageIsRemoved() throws {
        let site = MemorySite(MemorySite.shelter)
        try site.build()
        #expect(site.memory.exists(site.output + "/courses/swift/next.html"))
        try site.remove("courses/swift/next.md")
        let outcome = try site.build()
        #expect(!site.memory.exists(site.output + "/courses/swift/next.html"))
        #expect(outcome.summary.removed == 1)
        #expect(OutputManifest.read(root: site.output, fileSystem: site.fileSystem).files["courses/swift/next.html"] == nil)
        // The catalog page no longer shows its row.
        #expect(!(try site.text("courses/index.html")).contains("next.html"))
    }

    @Test func assetsAreCopiedAgainOnlyWhenTheirBytesChange() throws {
        let site = MemorySite(MemorySite.shelter)
        try site.folder.write("Content/pets/dogs/photo.png", bytes: [1, 2, 3])
        try site.build()
        let before = try site.state
        try site.build()
        #expect(try site.state == before)
        try site.folder.write("Content/pets/dogs/photo.png", bytes: [4, 5, 6, 7])
        try site.build()
        #expect(try site.fileSystem.readFile(site.output + "/pets/dogs/photo.png") == [4, 5, 6, 7])
        #expect(try site.state.changed(since: before) == ["pets/dogs/photo.png", OutputManifest.fileName])
        try site.remove("pets/dogs/photo.png")
        try site.build()
        #expect(!site.memory.exists(site.output + "/pets/dogs/photo.png"))
    }

    @Test func removingEveryItemOfAFolderRemovesTheEmptyFolder() throws {
        let site = MemorySite(MemorySite.shelter)
        try site.build()
        try site.remove("courses")
        try site.build()
        #expect(!site.memory.exists(site.output + "/courses"))
    }

    @Test func outputFileEditedByHandIsRestored() throws {
        let site = MemorySite(MemorySite.shelter)
        try site.build()
        let page = site.output + "/pets/dogs/bruno.html"
        let original = try site.fileSystem.readFile(page)
        site.memory.write(page, "edited by hand")
        let outcome = try site.build()
        #expect(!outcome.wasUpToDate)
        #expect(try site.fileSystem.readFile(page) == original)
    }

    // MARK: Point 2: nothing lost

    @Test func foreignFilesAreNeverRemovedOrChanged() throws {
        let site = MemorySite(MemorySite.shelter)
        try site.folder.write(["Output/notes.txt": "mine", "Output/pets/dogs/extra.html": "<p>mine too</p>"])
        try site.build()
        try site.remove("pets/dogs/cleo.md")
        try site.remove("pets/cats/dora.md")
        try site.build()
        #expect(try site.folder.text("Output/notes.txt") == "mine")
        #expect(try site.folder.text("Output/pets/dogs/extra.html") == "<p>mine too</p>")
        #expect(OutputManifest.read(root: site.output, fileSystem: site.fileSystem).files["notes.txt"] == nil)
        // The folder of removed pages stays when it still holds someone else's file.
        #expect(!site.memory.exists(site.output + "/pets/cats/dora.html"))
    }

    @Test func failedBuildLeavesTheOutputFolderExactlyAsItWas() throws {
        let site = MemorySite(MemorySite.shelter)
        try site.build()
        try site.folder.write(["Output/notes.txt": "mine"])
        let before = try site.state
        // One good edit, one broken file: nothing of either may reach the output folder.
        try site.write([
            "pets/dogs/alba.md": "---\ntitle: Alba the Great\n---\nNew text.\n",
            "pets/dogs/cleo.md": "---\ntitle: [Cleo\n---\nBroken front matter.\n",
        ])
        try site.remove("courses/swift/next.md")
        #expect(throws: BuildFailure.self) { try site.build() }
        #expect(try site.state == before)
    }

    @Test func pageCollidingWithAForeignFileIsAnErrorNamingIt() throws {
        let site = MemorySite(MemorySite.shelter)
        try site.folder.write(["Output/pets/dogs/alba.html": "<p>my own page</p>"])
        let before = try site.state
        do {
            try site.build()
            Issue.record("the build overwrote a file Foldout did not write")
        } catch {
            let messages = error.diagnostics.filter { $0.severity == .error }
            #expect(messages.count == 1)
            #expect(messages.first?.path == site.output + "/pets/dogs/alba.html")
            #expect(messages.first?.hint?.contains("--force") == true)
        }
        #expect(try site.state == before, "a build stopped by a collision wrote something")
    }

    @Test func forceOverwritesAForeignFileWhichThenBecomesFoldouts() throws {
        let site = MemorySite(MemorySite.shelter)
        try site.folder.write(["Output/pets/dogs/alba.html": "<p>my own page</p>"])
        site.force = true
        try site.build()
        #expect(try site.text("pets/dogs/alba.html").contains("Alba likes long walks"))
        site.force = false
        try site.remove("pets/dogs/alba.md")
        try site.build()
        #expect(!site.memory.exists(site.output + "/pets/dogs/alba.html"))
    }

    @Test func foreignFolderWherePageGoesIsAnErrorEvenWithForce() throws {
        let site = MemorySite(MemorySite.shelter)
        site.memory.makeFolders(site.output + "/pets/dogs/alba.html")
        site.force = true
        #expect(throws: BuildFailure.self) { try site.build() }
    }

    @Test func outputWithoutManifestIsAdoptedWhereItHoldsTheSameBytes() throws {
        let site = MemorySite(MemorySite.shelter)
        try site.build()
        site.memory.remove(site.output + "/" + OutputManifest.fileName)
        let before = try site.state
        let outcome = try site.build()
        #expect(outcome.summary.written == 0)
        #expect(try site.state.changed(since: before) == [OutputManifest.fileName])
    }

    // MARK: Point 3: the summary

    @Test func warningsAreRepeatedWhenNothingChanged() throws {
        let site = MemorySite(MemorySite.shelter.merging(["pets/dogs/lost.md": "See [nothing](missing.md).\n"]) { $1 })
        let first = try site.build()
        let second = try site.build()
        #expect(second.wasUpToDate)
        #expect(first.warnings.contains { $0.message.contains("missing.md") })
        #expect(second.warnings == first.warnings)
    }
}
