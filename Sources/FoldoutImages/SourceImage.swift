import FoldoutBase

/// A content image Foldout makes variants of: where its original would be published, where
/// it is read from, the digest of its bytes (which, with an operation, names each variant in
/// the cache) and its header.
package struct SourceImage: Sendable, Equatable {
    /// The original's path in `Output/`; variants are named after it.
    package var path: String
    package var absolutePath: String
    package var digest: UInt64
    package var header: ImageHeader
    /// The source file as warnings name it.
    package var displayPath: String

    package init(path: String, absolutePath: String, digest: UInt64, header: ImageHeader, displayPath: String = "") {
        self.path = path
        self.absolutePath = absolutePath
        self.digest = digest
        self.header = header
        self.displayPath = displayPath.isEmpty ? absolutePath : displayPath
    }

    /// The file name extensions of images Foldout reads; other files are copied as they are.
    package static let extensions: Set<String> = ["jpg", "jpeg", "png", "webp", "gif", "heic", "heif", "avif", "tif", "tiff"]

    package static func isImage(_ path: String) -> Bool {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
        return extensions.contains(path[path.index(after: dot)...].lowercased())
    }

    /// The header of the image in `bytes`: JPEG, PNG, GIF and WebP by `ImageSize`, which reads
    /// a few bytes (libvips would parse the whole EXIF block), anything else by libvips.
    package static func header(of bytes: [UInt8], pixelLimit: Int) -> Result<ImageHeader, ImageProblem> {
        if let format = ImageFormat.sniffed(bytes), let size = ImageSize(header: bytes) {
            guard size.width * size.height <= pixelLimit else {
                return .failure(.tooManyPixels(width: size.width, height: size.height, limit: pixelLimit))
            }
            // The size as shown: the orientation tag is applied already.
            var header = ImageHeader(format: format, storedWidth: size.width, storedHeight: size.height)
            header.carriesMetadata = carriesMetadata(bytes, format: format)
            return .success(header)
        }
        // What libvips reads (HEIC, AVIF, TIFF, an odd PNG) is never published as it is.
        return ImageCodec.header(of: bytes, pixelLimit: pixelLimit).map { header in
            var header = header
            header.carriesMetadata = true
            return header
        }
    }

    /// Whether a PNG, WebP or GIF holds metadata a small image published as it is would
    /// carry along: PNG's `eXIf` and text chunks, WebP's `EXIF` and `XMP ` chunks, a GIF's
    /// XMP. Such an image is made anew, which drops it.
    static func carriesMetadata(_ bytes: [UInt8], format: ImageFormat) -> Bool {
        func tag(at offset: Int) -> String { String(decoding: bytes[offset..<offset + 4], as: UTF8.self) }
        switch format {
        case .png:
            var offset = 8
            while offset + 8 <= bytes.count {
                let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
                let type = tag(at: offset + 4)
                if ["eXIf", "tEXt", "zTXt", "iTXt"].contains(type) { return true }
                if type == "IEND" { return false }
                offset += 12 + length
            }
            return false
        case .webp:
            var offset = 12
            while offset + 8 <= bytes.count {
                let type = tag(at: offset)
                if type == "EXIF" || type == "XMP " { return true }
                let size = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16 | Int(bytes[offset + 7]) << 24
                offset += 8 + size + (size & 1)
            }
            return false
        case .gif:
            return bytes.firstRange(of: Array("XMP DataXMP".utf8)) != nil
        default:
            return true
        }
    }
}
