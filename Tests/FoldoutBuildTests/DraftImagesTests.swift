import FoldoutBase
import FoldoutBuild
import FoldoutIncremental
import FoldoutTestSupport
import Foundation
import Testing

/// A first look without waiting for photos (`build --draft-images`, and `serve`'s builds):
/// pages show the originals of photos the image cache lacks, nothing is decoded for them,
/// and the next build without it gives exactly what a clean build gives.
@Suite struct DraftImagesTests {
    func draftBuild(_ site: MemorySite) throws -> Builder.Outcome {
        var options = site.options
        options.draftImages = true
        return try Builder(options: options).update(
            cache: MarkdownCacheFile(
                path: MarkdownCacheFile.defaultPath(forOutput: site.output), servesLaterBuilds: false, fileSystem: site.fileSystem))
    }

    /// The output's files but the manifest, by path.
    func files(_ site: MemorySite) throws -> [String: [UInt8]] {
        Self.siteFiles(try site.state)
    }

    static func siteFiles(_ state: OutputFolderState) -> [String: [UInt8]] {
        Dictionary(uniqueKeysWithValues: state.sitePaths.map { ($0, state.files[$0]!.bytes) })
    }

    @Test func aDraftBuildShowsOriginalsAndTheNextBuildMatchesACleanOne() throws {
        let site = try PhotoTests.shelter()
        let draft = try draftBuild(site)
        // Rex's two photos and Max's; Tom's small PNG is shown as it is, as its header says.
        #expect(draft.imagesPending == 3)
        let item = try site.text("pets/rex.html")
        #expect(!item.contains(".webp"), "no variant is named")
        #expect(item.contains("src=\"rex-2.jpg\""), "the body's photo is its original")
        #expect(item.contains("width=\"64\" height=\"96\""), "with its size as shown, read from its header")
        #expect(site.outputFiles.contains("pets/rex.jpg") && !site.outputFiles.contains { $0.hasSuffix(".webp") })
        // Headers are read (a file that is no image is warned about at once); nothing is decoded.
        #expect(site.memory.exists("/site/.foldout-cache/images/headers"))
        #expect(!site.memory.files(under: "/site/.foldout-cache/images").keys.contains { $0.hasSuffix(".webp") }, "no placeholder was made")

        let full = try site.build()
        #expect(!full.wasUpToDate, "a draft build is never taken as up to date")
        #expect(full.imagesPending == 0)
        #expect(try files(site) == Self.siteFiles(site.cleanBuild().state))
    }

    @Test func aDraftBuildAfterAFullOneChangesNothing() throws {
        let site = try PhotoTests.shelter()
        try site.build()
        let before = try files(site)
        // Up to date: nothing changed.
        #expect(try draftBuild(site).wasUpToDate)
        // An edit: a full pipeline in draft mode, whose photos are all in the cache.
        try site.write(["pets/max.md": "---\ntitle: Max\nimage: max.jpg\n---\n\nPress <kbd>Esc</kbd> to wake him up.\n\n![Max asleep](max.jpg)\n"])
        let edited = try draftBuild(site)
        #expect(edited.imagesPending == 0)
        let after = try files(site)
        #expect(Set(after.keys) == Set(before.keys))
        #expect(try after == Self.siteFiles(site.cleanBuild().state))
    }

    /// A draft build decodes nothing, but reads every header: a file that is no image is
    /// warned about at once, and a photo an earlier build could not decode is warned about
    /// again rather than left for later.
    @Test func aDraftBuildWarnsAboutWhatItCanTellIsBroken() throws {
        let site = try PhotoTests.shelter()
        try site.writeContent("pets/rex-2.jpg", bytes: try PhotoTests.fixture("not-an-image.jpg"))
        let first = try draftBuild(site)
        #expect(first.warnings.contains { $0.path == "Content/pets/rex-2.jpg" && $0.message.contains("not an image") }, "\(first.warnings)")
        #expect(first.imagesPending == 2, "Rex's photo and Max's are left for later")

        try site.writeContent("pets/rex-2.jpg", bytes: try PhotoTests.fixture("truncated.jpg"))
        let unreadable = { (outcome: Builder.Outcome) in
            outcome.warnings.filter { $0.path == "Content/pets/rex-2.jpg" && $0.message.contains("could not be read") }.map(\.description)
        }
        #expect(unreadable(try draftBuild(site)).isEmpty, "its header is whole: left for the build that decodes it")
        let full = try site.build()
        #expect(unreadable(full).count == 1, "\(full.warnings)")
        site.memory.remove(site.output)
        let draft = try draftBuild(site)
        #expect(unreadable(draft) == unreadable(full))
        #expect(draft.imagesPending == 0)
    }

    @Test func aNewPhotoInADraftBuildIsShownAsItsOriginalUntilMade() throws {
        let site = try PhotoTests.shelter()
        try site.build()
        try site.writeContent("pets/rex-2.jpg", bytes: try PhotoTests.fixture("wide.jpg"))
        let draft = try draftBuild(site)
        #expect(draft.imagesPending == 1)
        let item = try site.text("pets/rex.html")
        #expect(item.contains("src=\"rex-2.jpg\""), "the new photo is shown as it is")
        #expect(item.contains("rex-64w.webp"), "the photo the cache holds keeps its variants")
        try site.build()
        #expect(try files(site) == Self.siteFiles(site.cleanBuild().state))
    }
}
