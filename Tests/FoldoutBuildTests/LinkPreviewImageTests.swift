import FoldoutBase
import FoldoutBuild
import FoldoutImages
import FoldoutTestSupport
import Foundation
import Testing

/// The image of each page's link preview through a whole build: which image is chosen, the
/// 1200-pixel file libvips makes of it, and the size, type and alt text the tags state.
@Suite struct LinkPreviewImageTests {
    static let base = "https://example.org/shelter/"

    /// Rex has a 1600 × 900 photo, Tom a 600 × 400 PNG, Max a 120 × 80 photo (too small for a
    /// preview) and Ada none; the pets catalog has no image, the courses one has Tom's PNG,
    /// the site a wide cover.
    static func shelter(base: String? = LinkPreviewImageTests.base) throws -> MemorySite {
        let site = MemorySite([
            "_index.md": "---\ntitle: Shelter\nimage: cover.jpg\nimage_alt: Our shelter's garden\n" + (base.map { "base_url: \($0)\n" } ?? "") + "---\n",
            "pets/_index.md": "---\ntitle: Pets\n---\n",
            "pets/rex.md": "---\ntitle: Rex\nimage: rex.jpg\nimage_alt: Rex asleep on a sofa\n---\nA dog.\n",
            "pets/tom.md": "---\ntitle: Tom\nimage: tom.png\n---\nA cat.\n",
            "pets/max.md": "---\ntitle: Max\nimage: max.jpg\n---\nA small photo.\n",
            "pets/ada.md": "---\ntitle: Ada\n---\nNo photo yet.\n",
            "courses/_index.md": "---\ntitle: Courses\nimage: outline.png\nimage_alt: A course outline\n---\n",
            "courses/swift.md": "---\ntitle: Swift\n---\nA course.\n",
        ])
        try site.writeContent("cover.jpg", bytes: try PhotoTests.fixture("wide.jpg"))
        try site.writeContent("pets/rex.jpg", bytes: try PhotoTests.fixture("wide.jpg"))
        try site.writeContent("pets/tom.png", bytes: try PhotoTests.fixture("medium.png"))
        try site.writeContent("pets/max.jpg", bytes: try PhotoTests.fixture("upright.jpg"))
        try site.writeContent("courses/outline.png", bytes: try PhotoTests.fixture("medium.png"))
        return site
    }

    /// The pixel size of an output file, read from its bytes.
    static func size(_ site: MemorySite, _ path: String) throws -> (Int, Int) {
        let bytes = try #require(site.memory.bytes(site.output + "/" + path), "no \(path) in the output")
        let header = try ImageCodec.header(of: bytes).get()
        return (header.width, header.height)
    }

    @Test func aPhotoWiderThan1200PixelsIsShownAt1200() throws {
        let site = try Self.shelter()
        let outcome = try site.build()
        #expect(outcome.warnings.sureOfTheirPhoto.isEmpty, "\(outcome.warnings)")
        let head = PageHead(try site.text("pets/rex.html"))
        #expect(head["og:image"] == Self.base + "pets/rex-1200w.jpg")
        #expect(head["og:image:type"] == "image/jpeg")
        #expect(head["og:image:width"] == "1200" && head["og:image:height"] == "675")
        #expect(head["og:image:alt"] == "Rex asleep on a sofa" && head["twitter:image:alt"] == "Rex asleep on a sofa")
        #expect(head["twitter:card"] == "summary_large_image")
        #expect(try Self.size(site, "pets/rex-1200w.jpg") == (1200, 675))
        // The structured data names the same file.
        #expect(try head.node("Thing")?["image"] as? String == head["og:image"])
    }

    /// A narrower photo is never made larger: its preview keeps its own size, and format.
    @Test func aNarrowerPhotoKeepsItsOwnSize() throws {
        let site = try Self.shelter()
        try site.build()
        let head = PageHead(try site.text("pets/tom.html"))
        #expect(head["og:image"] == Self.base + "pets/tom-600w.png")
        #expect(head["og:image:width"] == "600" && head["og:image:height"] == "400" && head["og:image:type"] == "image/png")
        #expect(try Self.size(site, "pets/tom-600w.png") == (600, 400))
    }

    /// Max's 120-pixel photo is too small for readers of previews, Ada has none: both show
    /// the site's cover, as do the pets catalog (no image of its own) and the home page. The
    /// courses catalog and its items show the catalog's image.
    @Test func pagesWithoutAPhotoShowTheirCatalogsImageElseTheSites() throws {
        let site = try Self.shelter()
        try site.build()
        let cover = Self.base + "cover-1200w.jpg"
        for path in ["pets/max.html", "pets/ada.html", "pets/index.html", "index.html", "404.html"] {
            let head = PageHead(try site.text(path))
            #expect(head["og:image"] == cover, "\(path)")
            #expect(head["og:image:alt"] == "Our shelter's garden", "\(path)")
        }
        #expect(try Self.size(site, "cover-1200w.jpg") == (1200, 675))
        for path in ["courses/index.html", "courses/swift.html"] {
            let head = PageHead(try site.text(path))
            #expect(head["og:image"] == Self.base + "courses/outline-600w.png", "\(path)")
            #expect(head["og:image:alt"] == "A course outline", "\(path)")
        }
        // Max's photo still has its page variants; no preview is made of it.
        #expect(!site.outputFiles.contains { $0.hasPrefix("pets/max-") && $0.hasSuffix("-1200w.jpg") })
    }

    /// Without `base_url` a preview can name no image: none is made, and one note (not one
    /// per page, and not a warning: nothing is wrong with the content) says why.
    @Test func withoutABaseURLOneNoteAndNoPreviewImages() throws {
        let site = try Self.shelter(base: nil)
        let outcome = try site.build()
        let warnings = outcome.warnings.filter { $0.message.contains("base_url") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.path == "Content/_index.md" && warnings.first?.severity == .note)
        #expect(warnings.first?.hint?.contains("base_url: https://") == true)
        #expect(outcome.warnings.count == 1, "\(outcome.warnings)")
        for path in site.outputFiles where path.hasSuffix(".html") {
            let head = PageHead(try site.text(path))
            #expect(head["og:image"] == nil && head["og:url"] == nil, "\(path)")
        }
        #expect(!site.outputFiles.contains { $0.hasSuffix("-1200w.jpg") })
        // Made strict, the build still passes: a note is advice, not a problem.
        site.strict = true
        #expect(try site.build().warnings.map(\.severity) == [.note])
    }

    /// Setting `base_url` later makes the preview files from the cache's photos; a rebuild
    /// gives what a clean build gives.
    @Test func addingABaseURLRebuildsLikeACleanBuild() throws {
        let site = try Self.shelter(base: nil)
        try site.build()
        try site.write(["_index.md": "---\ntitle: Shelter\nimage: cover.jpg\nimage_alt: Our shelter's garden\nbase_url: \(Self.base)\n---\n"])
        try site.build()
        let fresh = try site.cleanBuild().state
        let incremental = try site.state
        #expect(incremental.sitePaths == fresh.sitePaths)
        let differing = incremental.sitePaths.filter { incremental.files[$0]?.bytes != fresh.files[$0]?.bytes }
        #expect(differing.isEmpty, "these differ from a clean build: \(differing.sorted())")
        #expect(site.outputFiles.contains("pets/rex-1200w.jpg"))
    }

    /// A site image published as it is (with `image_widths: [1000]`, a 600-pixel PNG is shown
    /// as it is) makes no file, but previews take its size from the images: editing an item
    /// rebuilds what a clean build makes.
    @Test func anEditedItemKeepsAPreviewImagePublishedAsItIs() throws {
        let site = MemorySite([
            "_index.md": "---\ntitle: Shelter\nimage: logo.png\nimage_widths: [1000]\nbase_url: \(Self.base)\n---\n",
            "pets/_index.md": "---\ntitle: Pets\n---\n",
            "pets/ada.md": "---\ntitle: Ada\n---\nNo photo yet.\n",
        ])
        try site.writeContent("logo.png", bytes: try PhotoTests.fixture("medium.png"))
        try site.build()
        #expect(PageHead(try site.text("pets/ada.html"))["og:image"] == Self.base + "logo.png")
        try site.write(["pets/ada.md": "---\ntitle: Ada\n---\nStill no photo.\n"])
        try site.build()
        let head = PageHead(try site.text("pets/ada.html"))
        #expect(head["og:image"] == Self.base + "logo.png" && head["og:image:width"] == "600")
        let fresh = try site.cleanBuild().state
        #expect(try site.state.files["pets/ada.html"]?.bytes == fresh.files["pets/ada.html"]?.bytes)
    }
}
