import FoldoutImages
import Foundation
import Testing

/// libvips through `ImageCodec`, on the small images of Fixtures/ (made by make_fixtures.py):
/// each a case real photo folders have, from phones turned sideways to decompression bombs.
@Suite struct ImageCodecTests {
    static func fixture(_ name: String) throws -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/" + name)
        return try [UInt8](Data(contentsOf: url))
    }

    static func header(_ bytes: [UInt8]) throws -> ImageHeader {
        try ImageCodec.header(of: bytes).get()
    }

    static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        bytes.firstRange(of: Array(text.utf8)) != nil
    }

    @Test func theHeaderGivesTheUprightSizeOfARotatedPhoto() throws {
        let header = try Self.header(Self.fixture("rotated-6.jpg"))
        #expect(header.format == .jpeg)
        #expect((header.storedWidth, header.storedHeight) == (96, 64))
        #expect(header.orientation == 6)
        #expect((header.width, header.height) == (64, 96))
    }

    @Test(arguments: [ImageFormat.webp, .jpeg, .png, .avif])
    func everyVariantIsUprightAndCarriesNoMetadata(format: ImageFormat) throws {
        let source = try Self.fixture("rotated-6.jpg")
        #expect(Self.contains(source, "SERIAL-123456") && Self.contains(source, "Foster Home Owner"), "the fixture has them")
        let made = try ImageCodec.make(ImageOperation(shape: .fit(width: 32, height: 48), format: format), from: source).get()
        let header = try Self.header(made)
        #expect(header.format == format)
        #expect((header.width, header.height) == (32, 48))
        #expect(header.orientation == 1, "the tag was applied to the pixels, not copied")
        #expect(!Self.contains(made, "SERIAL-123456"))
        #expect(!Self.contains(made, "Foster Home Owner"))
        #expect(!Self.contains(made, "Exif"))
        // What was written decodes whole (a PNG made from it reads every pixel).
        let decoded = try ImageCodec.make(ImageOperation(shape: .fit(width: 16, height: 24), format: .png), from: made).get()
        #expect(try Self.header(decoded).width == 16)
    }

    @Test func aSiteThatOptsInKeepsTheMetadata() throws {
        let source = try Self.fixture("rotated-6.jpg")
        let made = try ImageCodec.make(
            ImageOperation(shape: .fit(width: 32, height: 48), format: .jpeg, keepsMetadata: true),
            from: source
        ).get()
        #expect(Self.contains(made, "SERIAL-123456"))
    }

    @Test func theFormatComesFromTheBytesNotTheName() throws {
        #expect(try Self.header(Self.fixture("jpeg-named.png")).format == .jpeg)
    }

    @Test func squaresAreExactlyTheirSideWithAttentionOrAFocus() throws {
        let source = try Self.fixture("upright.jpg")
        let attention = try ImageCodec.make(ImageOperation(shape: .square(side: 40, focus: nil), format: .webp), from: source).get()
        let left = try ImageCodec.make(ImageOperation(shape: .square(side: 40, focus: .init(x: 0, y: 0.5)), format: .png), from: source).get()
        let right = try ImageCodec.make(ImageOperation(shape: .square(side: 40, focus: .init(x: 1, y: 0.5)), format: .png), from: source).get()
        for made in [attention, left, right] {
            let header = try Self.header(made)
            #expect((header.width, header.height) == (40, 40))
        }
        #expect(left != right, "a focus on either edge crops different parts")
    }

    @Test func aPlaceholderIsTinyAndBlurred() throws {
        let made = try ImageCodec.make(
            ImageOperation(shape: .placeholder(width: 12, height: 8), format: .webp, quality: 40),
            from: Self.fixture("upright.jpg")
        ).get()
        #expect(try Self.header(made).width == 12)
        #expect(made.count < 400, "it is inlined into every page that shows the image")
    }

    @Test(arguments: ["cmyk.jpg", "palette.png", "gray16.png", "animated.gif", "phone.heic", "plain.png"])
    func formatsPhoneAndWebFoldersHoldBecomeWebPAndTheirFallback(name: String) throws {
        let source = try Self.fixture(name)
        let header = try Self.header(source)
        let width = min(header.width, 24)
        let height = max(1, header.height * width / header.width)
        for format in [ImageFormat.webp, header.format.fallback] {
            let made = try ImageCodec.make(ImageOperation(shape: .fit(width: width, height: height), format: format), from: source).get()
            let result = try Self.header(made)
            #expect(result.format == format)
            #expect((result.width, result.height) == (width, height))
            #expect(!result.isCMYK && result.bitsPerSample == 8 && result.frames == 1)
        }
    }

    @Test func anAnimationIsSeenAsOne() throws {
        let header = try Self.header(Self.fixture("animated.gif"))
        #expect(header.format == .gif && header.frames == 3)
        #expect(ImageFormat.gif.fallback == .png)
    }

    @Test func aHEICFromAPhoneIsRead() throws {
        let header = try Self.header(Self.fixture("phone.heic"))
        #expect(header.format == .heif)
        #expect((header.width, header.height) == (120, 80))
        #expect(ImageFormat.heif.fallback == .jpeg)
    }

    @Test func aDecompressionBombIsRefusedFromItsHeader() throws {
        let started = Date()
        let result = ImageCodec.header(of: try Self.fixture("bomb.png"))
        #expect(result == .failure(.tooManyPixels(width: 30000, height: 30000, limit: ImageCodec.defaultPixelLimit)))
        #expect(Date().timeIntervalSince(started) < 5, "nothing was decoded")
    }

    @Test func emptyAndNonImageFilesAreNamedForWhatTheyAre() throws {
        #expect(ImageCodec.header(of: try Self.fixture("empty.jpg")) == .failure(.empty))
        #expect(ImageCodec.header(of: try Self.fixture("not-an-image.jpg")) == .failure(.notAnImage))
    }

    @Test(arguments: ["truncated.jpg", "corrupt.jpg"])
    func aDamagedFileFailsWithLibvipsReason(name: String) throws {
        let source = try Self.fixture(name)
        // Heard as this photo's, as a build would, not as another test's photo's.
        let made: Result<[UInt8], ImageProblem> = LibvipsMessages.shared.during {
            switch ImageCodec.header(of: source) {
            case .failure(let problem):
                .failure(problem)
            case .success(let header):
                ImageCodec.make(ImageOperation(shape: .fit(width: header.width / 2, height: header.height / 2), format: .webp), from: source)
            }
        }.result
        guard case .failure(let problem) = made else {
            Issue.record("\(name) made an image")
            return
        }
        if case .unreadable(let detail) = problem { #expect(!detail.isEmpty) } else { #expect(problem == .notAnImage) }
        #expect(!problem.message.isEmpty && !problem.hint.isEmpty)
    }

    /// Several variants of one photo are cut from one decode: the same sizes, upright, without
    /// metadata, as when each is made from the file.
    @Test func variantsFromOneDecodeAreLikeVariantsFromTheFile() throws {
        let source = try Self.fixture("rotated-6.jpg")
        let operations = [
            ImageOperation(shape: .fit(width: 32, height: 48), format: .webp),
            ImageOperation(shape: .square(side: 20, focus: nil), format: .jpeg),
            ImageOperation(shape: .square(side: 20, focus: .init(x: 0.2, y: 0.8)), format: .png),
            ImageOperation(shape: .placeholder(width: 16, height: 24), format: .webp, quality: 40),
        ]
        let header = try Self.header(source)
        let width = ImageMaker.widthNeeded(by: operations, header: header)
        #expect(width == 32, "the widest fit; a 20-pixel square of a 64 × 96 photo needs only 20")
        let decoded = try ImageCodec.decode(source, width: width).get()
        for operation in operations {
            let fromDecode = try ImageCodec.make(operation, from: decoded).get()
            let fromFile = try ImageCodec.make(operation, from: source).get()
            let (a, b) = (try Self.header(fromDecode), try Self.header(fromFile))
            #expect((a.width, a.height) == (b.width, b.height))
            #expect((a.width, a.height) == operation.size)
            #expect(a.orientation == 1)
            #expect(!Self.contains(fromDecode, "SERIAL-123456"))
        }
        // A square of a landscape photo needs the photo as high as the square.
        #expect(
            ImageMaker.widthNeeded(
                by: [ImageOperation(shape: .square(side: 300, focus: nil), format: .webp)],
                header: ImageHeader(format: .jpeg, storedWidth: 4000, storedHeight: 3000)) == 400)
    }

    @Test func operationKeysTellEveryChoiceApart() {
        let base = ImageOperation(shape: .fit(width: 640, height: 480), format: .webp)
        var keys: Set<UInt64> = [base.key(source: 1)]
        let others = [
            ImageOperation(shape: .fit(width: 640, height: 481), format: .webp),
            ImageOperation(shape: .square(side: 640, focus: nil), format: .webp),
            ImageOperation(shape: .square(side: 640, focus: .init(x: 0.3, y: 0.2)), format: .webp),
            ImageOperation(shape: .placeholder(width: 640, height: 480), format: .webp),
            ImageOperation(shape: .fit(width: 640, height: 480), format: .jpeg),
            ImageOperation(shape: .fit(width: 640, height: 480), format: .webp, quality: 81),
            ImageOperation(shape: .fit(width: 640, height: 480), format: .webp, keepsMetadata: true),
        ]
        for other in others { keys.insert(other.key(source: 1)) }
        keys.insert(base.key(source: 2))
        #expect(keys.count == others.count + 2)
        #expect(base.key(source: 1) == ImageOperation(shape: .fit(width: 640, height: 480), format: .webp).key(source: 1))
    }
}
