import FoldoutTestSupport
import Foundation
import Testing

@testable import FoldoutBase
@testable import FoldoutImages

@Suite struct ImageSizeTests {
    @Test func readsPNG() {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        bytes += [0, 0, 0x01, 0x2C, 0, 0, 0, 0xC8]  // 300 x 200
        bytes += [8, 2, 0, 0, 0]
        #expect(ImageSize(header: bytes) == ImageSize(width: 300, height: 200))
    }

    @Test func readsGIF() {
        let bytes = Array("GIF89a".utf8) + [0x40, 0x01, 0xF0, 0x00, 0, 0]  // 320 x 240
        #expect(ImageSize(header: bytes) == ImageSize(width: 320, height: 240))
    }

    @Test func readsJPEGAfterOtherSegments() {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]  // APP0
        bytes += [0xFF, 0xDB, 0x00, 0x04, 0, 0]  // a (truncated) quantisation table segment
        bytes += [0xFF, 0xC4, 0x00, 0x04, 0, 0]  // DHT, which is not a frame
        bytes += [0xFF, 0xC2, 0x00, 0x11, 0x08, 0x01, 0xE0, 0x02, 0x80, 0x03]  // progressive frame: 640 x 480
        #expect(ImageSize(header: bytes) == ImageSize(width: 640, height: 480))
    }

    @Test func aJPEGTurnedByItsOrientationTagIsMeasuredTurned() throws {
        // Stored 96 x 64 (landscape pixels) with orientation 6, GPS and a serial: shown 64 x 96.
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("FoldoutImagesTests/Fixtures")
        let turned = try [UInt8](Data(contentsOf: fixtures.appendingPathComponent("rotated-6.jpg")))
        #expect(ImageSize(header: turned) == ImageSize(width: 64, height: 96))
        let upright = try [UInt8](Data(contentsOf: fixtures.appendingPathComponent("upright.jpg")))
        #expect(ImageSize(header: upright) == ImageSize(width: 120, height: 80))
        // Big-endian EXIF ("MM") with orientation 8, before the frame.
        var bytes: [UInt8] = [0xFF, 0xD8]
        let tiff: [UInt8] = Array("MM".utf8) + [0, 42, 0, 0, 0, 8] + [0, 1] + [0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 8, 0, 0] + [0, 0, 0, 0]
        let app1 = Array("Exif".utf8) + [0, 0] + tiff
        bytes += [0xFF, 0xE1, 0, UInt8(app1.count + 2)] + app1
        bytes += [0xFF, 0xC0, 0x00, 0x11, 0x08, 0x01, 0xE0, 0x02, 0x80, 0x03]  // 640 x 480 stored
        #expect(ImageSize(header: bytes) == ImageSize(width: 480, height: 640))
    }

    @Test func readsEveryKindOfWebP() {
        func riff(_ chunk: String, _ payload: [UInt8]) -> [UInt8] {
            Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8) + Array(chunk.utf8) + [0, 0, 0, 0] + payload
        }
        // Lossy: frame tag, start code, 14-bit sizes.
        let lossy = riff("VP8 ", [0, 0, 0, 0x9D, 0x01, 0x2A, 0x90, 0x01, 0x2C, 0x01] + [UInt8](repeating: 0, count: 4))
        #expect(ImageSize(header: lossy) == ImageSize(width: 400, height: 300))
        // Lossless: width-1 = 99 and height-1 = 49 packed in 14 bits each.
        let packed = 99 | (49 << 14)
        let lossless = riff(
            "VP8L",
            [0x2F, UInt8(packed & 0xFF), UInt8((packed >> 8) & 0xFF), UInt8((packed >> 16) & 0xFF), 0]
                + [UInt8](repeating: 0, count: 5))
        #expect(ImageSize(header: lossless) == ImageSize(width: 100, height: 50))
        // Extended: 24-bit canvas width-1 = 1023 and height-1 = 767.
        let extended = riff("VP8X", [0, 0, 0, 0, 0xFF, 0x03, 0x00, 0xFF, 0x02, 0x00])
        #expect(ImageSize(header: extended) == ImageSize(width: 1024, height: 768))
    }

    @Test func refusesWhatItCannotRead() {
        #expect(ImageSize(header: []) == nil)
        #expect(ImageSize(header: Array("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8)) == nil)
        #expect(ImageSize(header: [0x89, 0x50, 0x4E, 0x47]) == nil)  // a cut-off PNG
        #expect(ImageSize(header: [0xFF, 0xD8, 0xFF, 0xDA, 0, 2]) == nil)  // scan data before any frame
        #expect(ImageSize(header: Array("GIF89a".utf8) + [0, 0, 0, 0]) == nil)  // zero size
    }

    @Test func fitsInABoxKeepingProportions() {
        #expect(ImageSize(width: 240, height: 240).fitted(in: 48) == ImageSize(width: 48, height: 48))
        #expect(ImageSize(width: 300, height: 200).fitted(in: 48) == ImageSize(width: 48, height: 32))
        #expect(ImageSize(width: 100, height: 400).fitted(in: 48) == ImageSize(width: 12, height: 48))
        #expect(ImageSize(width: 30, height: 20).fitted(in: 48) == ImageSize(width: 30, height: 20))
    }

    @Test func readsTheExampleContentsPhotos() throws {
        // The example catalog's photos are 1600 × 1200 (scripts/make_example_photos.py); Milo's is
        // stored turned, as a phone stores a portrait photo, and is read upright.
        let root = #filePath.components(separatedBy: "/Tests/")[0] + "/Content/pets/dogs/"
        #expect(ImageSize(header: try FileSystem.local.readFile(root + "terriers/diego.jpg")) == ImageSize(width: 1600, height: 1200))
        #expect(ImageSize(header: try FileSystem.local.readFile(root + "retrievers/milo.jpg")) == ImageSize(width: 1200, height: 1600))
    }
}
