import FoldoutBase
import FoldoutImages
import Foundation
import Testing

/// Reading an image's size from its file reads the header, not the file: a JPEG's size can
/// sit after hundreds of kilobytes of metadata, and files that are no image are never opened.
struct ImageSizeFileTests {
    /// A JPEG of `width` x `height` whose frame header follows an APP2 segments' worth of
    /// `metadata` bytes (a colour profile, say), then scan data.
    static func jpeg(width: Int, height: Int, metadata: Int) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        var left = metadata
        while left > 0 {
            let part = min(left, 65_000)
            bytes += [0xFF, 0xE2, UInt8((part + 2) >> 8), UInt8((part + 2) & 0xFF)] + [UInt8](repeating: 0x41, count: part)
            left -= part
        }
        bytes += [0xFF, 0xC0, 0x00, 0x11, 0x08, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 0x03]
        bytes += [UInt8](repeating: 0, count: 9)
        bytes += [0xFF, 0xDA, 0x00, 0x02] + [UInt8](repeating: 0x55, count: 1000) + [0xFF, 0xD9]
        return bytes
    }

    @Test func aJPEGsSizeIsFoundBehindLargeMetadata() throws {
        for metadata in [0, 70_000, 300_000, 900_000] {
            let bytes = Self.jpeg(width: 640, height: 480, metadata: metadata)
            #expect(ImageSize(header: bytes) == ImageSize(width: 640, height: 480), "the test's JPEG is readable whole")
            let files = FileSystem.memory(bytes: ["/c/photo.JPG": bytes])
            #expect(ImageSize(file: "/c/photo.JPG", fileSystem: files) == ImageSize(width: 640, height: 480), "\(metadata) bytes of metadata")
        }
    }

    /// Counts the bytes read through an `OpenFile`.
    final class ReadCount: @unchecked Sendable {
        private let lock = NSLock()
        private var bytes = 0
        func add(_ count: Int) { lock.withLock { bytes += count } }
        var total: Int { lock.withLock { bytes } }
    }

    @Test func onlyAsMuchAsTheHeaderNeedsIsRead() throws {
        let bytes = Self.jpeg(width: 20, height: 10, metadata: 0) + [UInt8](repeating: 0x55, count: 2_000_000)
        let count = ReadCount()
        let files = FileSystem(
            listDirectory: { _ in [] }, kindOfItem: { _ in .file }, readFile: { _ in bytes }, resolvePath: { $0 },
            openFile: { _ in
                FileSystem.OpenFile(
                    size: bytes.count,
                    read: { offset, length in
                        count.add(length)
                        return Array(bytes[offset..<(offset + length)])
                    })
            })
        #expect(ImageSize(file: "/c/big.jpg", fileSystem: files) == ImageSize(width: 20, height: 10))
        #expect(count.total <= 64 * 1024)
    }

    @Test func filesOfOtherKindsAreNeverOpened() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 0, 5, 0, 0, 0, 7]
        let files = FileSystem(
            listDirectory: { _ in [] }, kindOfItem: { _ in .file },
            readFile: { path in
                Issue.record("\(path) was read"); return png
            }, resolvePath: { $0 })
        #expect(ImageSize(file: "/c/manual.pdf", fileSystem: files) == nil)
        #expect(ImageSize(file: "/c/notes", fileSystem: files) == nil)
        let named = FileSystem.memory(bytes: ["/c/pixel.png": png])
        #expect(ImageSize(file: "/c/pixel.png", fileSystem: named) == ImageSize(width: 5, height: 7))
    }
}
