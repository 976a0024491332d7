import FoldoutBase
import FoldoutBuild
import FoldoutImages
import FoldoutTestSupport
import Foundation
import Testing

@testable import FoldoutPresentation

/// Photos through a whole build: rows show square thumbnails, item pages responsive
/// pictures and galleries, bodies `<picture>`s; every published image is upright and
/// without metadata, and the originals stay unpublished unless the site asks.
@Suite struct PhotoTests {
    static func fixture(_ name: String) throws -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("FoldoutImagesTests/Fixtures/" + name)
        return try [UInt8](Data(contentsOf: url))
    }

    /// A shelter whose Rex has a phone photo stored sideways (EXIF orientation 6, 96 × 64
    /// stored, 64 × 96 shown) with a serial number and an owner's name in its EXIF.
    static func shelter(_ siteIndex: String = "---\ntitle: Shelter\n---\n") throws -> MemorySite {
        let site = MemorySite([
            "_index.md": siteIndex,
            "pets/_index.md": "---\ntitle: Pets\n---\n",
            "pets/rex.md": "---\ntitle: Rex\nimage: rex.jpg\nphotos: [rex.jpg, rex-2.jpg]\nimage_focus: 0.3, 0.4\n---\n\nRex asleep:\n\n![Rex asleep on the sofa](rex-2.jpg)\n",
            "pets/tom.md": "---\ntitle: Tom\nimage: tom.png\n---\n\nA small icon of a cat: ![Tom's icon](tom.png)\n",
            "pets/max.md": "---\ntitle: Max\nimage: max.jpg\n---\n\nPress <kbd>Esc</kbd> to wake him.\n\n![Max asleep](max.jpg)\n",
        ])
        try site.writeContent("pets/max.jpg", bytes: try fixture("jpeg-named.png"))
        try site.writeContent("pets/rex.jpg", bytes: try fixture("rotated-6.jpg"))
        try site.writeContent("pets/rex-2.jpg", bytes: try fixture("upright.jpg"))
        try site.writeContent("pets/tom.png", bytes: try fixture("plain.png"))
        return site
    }

    @Test func pagesNameUprightVariantsWithExactSizes() throws {
        let site = try Self.shelter()
        let outcome = try site.build()
        #expect(outcome.warnings.sureOfTheirPhoto.isEmpty, "\(outcome.warnings)")
        let files = Set(site.outputFiles)

        let item = try site.text("pets/rex.html")
        #expect(item.contains("<source type=\"image/webp\" srcset=\"rex-64w.webp 64w\""))
        #expect(item.contains("src=\"rex-64w.jpg\" srcset=\"rex-64w.jpg 64w\""))
        #expect(item.contains("width=\"64\" height=\"96\""), "the size as shown, turned upright")
        #expect(item.contains("style=\"background-image:url(data:image/webp;base64,"))
        // The gallery: both photos, each opening its largest file, in place of the one photo.
        #expect(!item.contains("item-picture"))
        #expect(item.contains("<section class=\"gallery\" aria-label=\"Photos of Rex\">"))
        #expect(item.components(separatedBy: "class=\"gallery-slide\"").count - 1 == 2)
        #expect(item.contains("<a href=\"rex-2-"))
        // The body's image.
        #expect(item.contains("<picture><source type=\"image/webp\" srcset=\"rex-2-"))
        #expect(item.contains("alt=\"Rex asleep on the sofa\"></picture>"))

        let catalog = try site.text("pets/index.html")
        // Rex's thumbnail is cropped around his focal point; 48 pixels only, as he is 64 wide.
        #expect(catalog.contains("srcset=\"rex-sq48-f30-40.webp 1x\""))
        #expect(catalog.contains("src=\"rex-sq48-f30-40.jpg\""))
        // Tom's 40-pixel PNG is shown as it is.
        #expect(catalog.contains("<img class=\"thumbnail\" src=\"tom.png\" width=\"40\" height=\"30\" loading=\"lazy\" decoding=\"async\" alt=\"\">"))
        #expect(files.contains("pets/tom.png"))

        #expect(
            !files.contains("pets/rex.jpg") && !files.contains("pets/rex-2.jpg"),
            "the originals, with their EXIF, are not published")
        let images = files.filter { [".jpg", ".webp"].contains(where: $0.hasSuffix) }
        #expect(images.count >= 8)
        for path in images {
            let bytes = try #require(site.memory.bytes(site.output + "/" + path))
            let header = try ImageCodec.header(of: bytes).get()
            #expect(header.orientation == 1, "\(path)")
            if path.contains("rex-64w") { #expect((header.width, header.height) == (64, 96)) }
            #expect(bytes.firstRange(of: Array("SERIAL-123456".utf8)) == nil, "\(path)")
            #expect(bytes.firstRange(of: Array("Foster Home Owner".utf8)) == nil, "\(path)")
        }
    }

    @Test func gridCardsNameSquaresForTheirWidthWithSizes() throws {
        let site = try Self.shelter()
        try site.writeContent("pets/_index.md", bytes: Array("---\ntitle: Pets\nlayout: grid\n---\n".utf8))
        try site.writeContent("pets/max.jpg", bytes: try Self.fixture("wide.jpg"))
        try site.build()
        let catalog = try site.text("pets/index.html")
        let card = CardImageSize(layout: "grid", columns: nil, hasFacets: false)!
        // Max's photo (1600 × 900) fills every side the card asks for.
        let max = card.sides.map { "max-sq\($0).webp \($0)w" }.joined(separator: ", ")
        #expect(catalog.contains("<source type=\"image/webp\" srcset=\"\(max)\" sizes=\"\(card.sizes)\">"), "\(catalog)")
        #expect(!catalog.contains("max-sq48"), "a card does not name the 48-pixel row thumbnail")
        // Rex is 64 pixels wide upright: one square of 64, drawn no wider.
        #expect(
            catalog.contains("srcset=\"rex-sq64-f30-40.jpg 64w\" sizes=\"\(card.sizes)\" width=\"64\" height=\"64\" loading=\"lazy\" decoding=\"async\" style=\"max-width:64px;"))
        #expect(Set(site.outputFiles).isSuperset(of: card.sides.map { "pets/max-sq\($0).jpg" }))
    }

    @Test func aSmallImageShownAsItIsHasItsSizeAndARawHTMLPageItsPicture() throws {
        let site = try Self.shelter()
        try site.build()
        #expect(try site.text("pets/tom.html").contains("<img src=\"tom.png\" width=\"40\" height=\"30\" loading=\"lazy\" decoding=\"async\" alt=\"Tom’s icon\">"))
        // A page with raw HTML goes through the allowlist; its picture is put in after.
        let max = try site.text("pets/max.html")
        #expect(max.contains("<picture class=\"item-picture\"><source type=\"image/webp\" srcset=\"max-50w.webp 50w\""))
        #expect(max.contains("<kbd>Esc</kbd>"))
        #expect(max.contains("<picture><source type=\"image/webp\" srcset=\"max-50w.webp 50w\""))
        #expect(max.contains("alt=\"Max asleep\"></picture>"))
        #expect(!max.contains("\u{E000}"))
    }

    /// A small PNG carrying text chunks (an author, a comment) is made anew, which drops them.
    @Test func aSmallImageWithMetadataIsMadeAnew() throws {
        var png = try Self.fixture("plain.png")
        let text = Array("tEXt".utf8) + Array("Author\u{0}Foster Home Owner".utf8)
        let chunk = [UInt8(0), 0, 0, UInt8(text.count - 4)] + text + Self.bigEndian(Self.crc32(text))
        png.insert(contentsOf: chunk, at: 33)  // after the signature and IHDR
        let site = try Self.shelter()
        try site.writeContent("pets/tom.png", bytes: png)
        try site.build()
        let files = Set(site.outputFiles)
        #expect(!files.contains("pets/tom.png"))
        #expect(files.contains("pets/tom-40w.png") && files.contains("pets/tom-40w.webp"))
        for path in files where path.hasPrefix("pets/tom") && !path.hasSuffix(".html") {
            #expect(try #require(site.memory.bytes(site.output + "/" + path)).firstRange(of: Array("Foster Home Owner".utf8)) == nil)
        }
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    @Test func aSiteCanPublishItsOriginalsAndChooseItsWidths() throws {
        let site = try Self.shelter("---\ntitle: Shelter\npublish_originals: true\nimage_widths: [32, 48]\n---\n")
        try site.build()
        let files = Set(site.outputFiles)
        #expect(files.contains("pets/rex.jpg"))
        #expect(files.contains("pets/rex-32w.webp") && files.contains("pets/rex-48w.webp"))
        #expect(!files.contains("pets/rex-64w.webp"), "no width beyond the largest asked for")
    }

    @Test func aWrongImageSettingIsAnErrorOnItsLine() throws {
        let site = try Self.shelter("---\ntitle: Shelter\nimage_quality: 500\n---\n")
        #expect(throws: BuildFailure.self) { try site.build() }
        do {
            try site.build()
        } catch {
            #expect(error.diagnostics.contains { $0.line == 3 && $0.message.contains("image_quality") })
        }
    }

    @Test func aBrokenPhotoIsWarnedAboutAndTheBuildGoesOn() throws {
        let site = try Self.shelter()
        try site.writeContent("pets/rex-2.jpg", bytes: Array(try Self.fixture("truncated.jpg")))
        let outcome = try site.build()
        #expect(outcome.warnings.contains { $0.path == "Content/pets/rex-2.jpg" && $0.message.contains("could not be read") })
        #expect(try site.text("pets/rex.html").contains("rex-64w.webp"), "the other photo is shown all the same")
    }

    @Test func changingAPhotoRedoesOnlyItsVariantsAndPrunesTheOldOnes() throws {
        let site = try Self.shelter()
        try site.build()
        let cacheFolder = "/site/.foldout-cache/images"
        let before = Set(site.memory.files(under: cacheFolder).keys.filter { !$0.hasSuffix("headers") && !$0.contains("used-by") && !$0.contains("photos-of") && $0 != "lock" })
        try site.writeContent("pets/rex-2.jpg", bytes: try Self.fixture("cmyk.jpg"))
        try site.build()
        let after = Set(site.memory.files(under: cacheFolder).keys.filter { !$0.hasSuffix("headers") && !$0.contains("used-by") && !$0.contains("photos-of") && $0 != "lock" })
        #expect(!before.intersection(after).isEmpty, "Rex's own variants were kept")
        #expect(!after.subtracting(before).isEmpty, "the new photo's were made")
        #expect(!before.subtracting(after).isEmpty, "the old photo's are gone")
        // Every kept file is one a page uses: its placeholder counts as used, the old one does not.
        // (The list names each by its key, the first 16 digits of its name; its last line is a checksum.)
        let used = try site.memory.text(cacheFolder + "/used-by-Output").split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
        #expect(Set(used) == Set(after.map { String($0.split(separator: "/").last!.prefix(16)) }))
        #expect(try site.text("pets/rex.html").contains("rex-2-"))
    }

    /// Counts what a build does inside `BuildOptions.decodingPhotos`, from any thread.
    final class DecodingLog: @unchecked Sendable {
        private let lock = NSLock()
        private var open = 0
        private(set) var stages = 0
        private(set) var imagesWritten: [(path: String, inside: Bool)] = []

        func during(_ stage: () -> Void) {
            lock.withLock {
                open += 1; stages += 1
            }
            defer { lock.withLock { open -= 1 } }
            stage()
        }

        func wrote(_ path: String) {
            lock.withLock { imagesWritten.append((path, open > 0)) }
        }
    }

    /// `foldout` lets its allocator hand decoded photos' memory back at once while
    /// `decodingPhotos` runs, so every image made from a photo must be made inside it.
    @Test func photosAreDecodedOnlyWhileTheBuildSaysSo() throws {
        let site = try Self.shelter()
        let log = DecodingLog()
        var options = site.options
        options.decodingPhotos = { stage in log.during(stage) }
        // The image cache writes each file whole under another name, then renames it.
        let rename = options.fileSystem.rename
        options.fileSystem.rename = { source, target in
            if target.contains("/.foldout-cache/images/"), [".jpg", ".webp"].contains(where: target.hasSuffix) { log.wrote(target) }
            try rename(source, target)
        }
        _ = try Builder(options: options).build()
        #expect(log.stages == 2, "the image stage (headers, placeholders) and the making of variants")
        let made = log.imagesWritten
        #expect(made.count >= 8, "\(log.imagesWritten)")
        #expect(made.allSatisfy { $0.inside }, "\(made)")
    }
}
