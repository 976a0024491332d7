/// Why an image could not be read or made; the build warns with it and goes on.
public enum ImageProblem: Error, Sendable, Equatable {
    /// The file has no bytes.
    case empty
    /// The bytes are no image format Foldout reads.
    case notAnImage
    /// Declared larger than `limit` pixels: refused before decoding (a decompression bomb
    /// takes a few kilobytes on disk and gigabytes in memory).
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// libvips could not decode or encode it (truncated, corrupt); its words.
    case unreadable(String)

    public var message: String {
        switch self {
        case .empty: "is empty (0 bytes)"
        case .notAnImage: "is not an image Foldout can read (JPEG, PNG, WebP, GIF, HEIC, AVIF, TIFF or SVG)"
        case let .tooManyPixels(width, height, limit):
            "is \(width)×\(height) pixels, more than the limit of \(limit / 1_000_000) million; it was not decoded"
        case let .unreadable(detail): "could not be read: \(detail)"
        }
    }

    public var hint: String {
        switch self {
        case .empty, .unreadable: "export the image again from its original; the file may have been cut off while copying"
        case .notAnImage: "check that the file is an image; its name's extension does not decide its format"
        case .tooManyPixels: "scale the image down before adding it, or raise `image_pixel_limit` in Content/_index.md"
        }
    }
}
