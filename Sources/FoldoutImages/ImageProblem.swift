/// Why an image could not be read or made; the build warns with it and goes on.
package enum ImageProblem: Error, Sendable, Equatable {
    /// The file has no bytes.
    case empty
    /// The bytes are no image format Foldout reads.
    case notAnImage
    /// Declared larger than `limit` pixels: refused before decoding (a decompression bomb
    /// takes a few kilobytes on disk and gigabytes in memory).
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// libvips could not decode or encode it (truncated, corrupt); its words.
    case unreadable(String)
    /// The file could not be read (its permissions, a disk error); the system's words.
    case cannotRead(String)
    /// What was made of it could not be written to the image cache (a full disk, a
    /// read-only `.foldout-cache`); the system's words. Nothing is wrong with the image.
    case notKept(String)

    /// Whether the image's bytes caused the problem, so any build of the same bytes meets it
    /// again: only such a problem may be remembered with them and repeated by a later build
    /// that finds nothing changed. The others may be gone at the next try.
    package var isCausedByBytes: Bool {
        switch self {
        case .empty, .notAnImage, .tooManyPixels, .unreadable: true
        case .cannotRead, .notKept: false
        }
    }

    package var message: String {
        switch self {
        case .empty: "is empty (0 bytes)"
        case .notAnImage: "is not an image Foldout can read (JPEG, PNG, WebP, GIF, HEIC, AVIF, TIFF or SVG)"
        case let .tooManyPixels(width, height, limit):
            "is \(width)×\(height) pixels, more than the limit of \(limit / 1_000_000) million; it was not decoded"
        case let .unreadable(detail): "could not be read: \(detail)"
        case let .cannotRead(detail): "could not be opened: \(detail)"
        case let .notKept(detail): "was made, but could not be kept in the image cache: \(detail)"
        }
    }

    package var hint: String {
        switch self {
        case .empty, .unreadable: "export the image again from its original; the file may have been cut off while copying"
        case .notAnImage: "check that the file is an image; its name's extension does not decide its format"
        case .tooManyPixels: "scale the image down before adding it, or raise `image_pixel_limit` in Content/_index.md"
        case .cannotRead: "check that the file is readable; the next build tries again"
        case .notKept: "check that `.foldout-cache` beside the output folder is writable and the disk has room; the next build tries again"
        }
    }
}
