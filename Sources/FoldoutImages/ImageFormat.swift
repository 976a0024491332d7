import CVipsShim

/// An image file format, as read from the file's bytes (a file's extension can lie).
package enum ImageFormat: String, Sendable, CaseIterable {
    case jpeg, png, webp, gif, heif, avif, svg, tiff, other

    init(_ format: fv_format) {
        switch format {
        case FV_FORMAT_JPEG: self = .jpeg
        case FV_FORMAT_PNG: self = .png
        case FV_FORMAT_WEBP: self = .webp
        case FV_FORMAT_GIF: self = .gif
        case FV_FORMAT_HEIF: self = .heif
        case FV_FORMAT_AVIF: self = .avif
        case FV_FORMAT_SVG: self = .svg
        case FV_FORMAT_TIFF: self = .tiff
        default: self = .other
        }
    }

    var shim: fv_format {
        switch self {
        case .jpeg: FV_FORMAT_JPEG
        case .png: FV_FORMAT_PNG
        case .webp: FV_FORMAT_WEBP
        case .gif: FV_FORMAT_GIF
        case .heif: FV_FORMAT_HEIF
        case .avif: FV_FORMAT_AVIF
        case .svg: FV_FORMAT_SVG
        case .tiff: FV_FORMAT_TIFF
        case .other: FV_FORMAT_OTHER
        }
    }

    /// The extension a file of this format is written with.
    package var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .heif: "heic"
        default: rawValue
        }
    }

    package var mimeType: String {
        switch self {
        case .svg: "image/svg+xml"
        case .heif: "image/heic"
        case .other: "application/octet-stream"
        default: "image/" + rawValue
        }
    }

    /// Whether Foldout can write variants in this format.
    package var isWritable: Bool { [.jpeg, .png, .webp, .avif].contains(self) }

    /// What browsers that take no WebP get for an image of this format: its own format when
    /// every browser shows it, else JPEG (HEIC from phones, TIFF) or PNG (a GIF's first frame).
    package var fallback: ImageFormat {
        switch self {
        case .jpeg, .png: self
        case .gif: .png
        default: .jpeg
        }
    }
}

extension ImageFormat {
    /// The format the first bytes of a file announce, for the four formats `ImageSize` reads
    /// itself; nil for anything else, which libvips then reads (HEIC, AVIF, TIFF, SVG).
    static func sniffed(_ bytes: [UInt8]) -> ImageFormat? {
        if bytes.count >= 3, bytes[0] == 0xFF, bytes[1] == 0xD8, bytes[2] == 0xFF { return .jpeg }
        if bytes.count >= 8, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.count >= 6, bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) { return .gif }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), bytes[8..<12].elementsEqual("WEBP".utf8) { return .webp }
        return nil
    }
}
