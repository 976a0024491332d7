import CVipsShim

/// libvips, through CVipsShim: headers read without decoding, images made with
/// shrink-on-load (a 12-megapixel JPEG is decoded at an eighth of its size for a thumbnail),
/// upright, in sRGB, and written without metadata unless asked.
package enum ImageCodec {
    /// Images declaring more pixels than this are refused before decoding. A 48-megapixel
    /// phone photo passes; a 30,000 × 30,000 decompression bomb does not.
    package static let defaultPixelLimit = 100_000_000

    /// Part of every cache key: results made by another libvips or another shim are made anew.
    static let version: String = "libvips 8.14 shim 1"

    /// Renders `svg` (a drawing Foldout made itself, never a site's file: SVG loading stays
    /// blocked for those) as `operation` describes.
    package static func drawing(_ operation: ImageOperation, fromSVG svg: String) -> Result<[UInt8], ImageProblem> {
        LibvipsMessages.shared.calling {
            guard fv_allow_svg() == 0 else { return .failure(.unreadable(takeError())) }
            return make(operation, from: Array(svg.utf8))
        }
    }

    /// Reads the header of the image in `bytes`; nothing is decoded.
    package static func header(of bytes: [UInt8], pixelLimit: Int = defaultPixelLimit) -> Result<ImageHeader, ImageProblem> {
        guard !bytes.isEmpty else { return .failure(.empty) }
        var raw = fv_header()
        let status = LibvipsMessages.shared.calling {
            bytes.withUnsafeBytes { fv_read_header($0.baseAddress, $0.count, &raw) }
        }
        guard status == 0 else {
            let detail = takeError()
            return .failure(raw.format == FV_FORMAT_UNKNOWN ? .notAnImage : .unreadable(detail))
        }
        let header = ImageHeader(
            format: ImageFormat(raw.format), storedWidth: Int(raw.width), storedHeight: Int(raw.height),
            orientation: (1...8).contains(raw.orientation) ? Int(raw.orientation) : 1,
            frames: max(1, Int(raw.pages)), bitsPerSample: Int(raw.bits), isCMYK: raw.cmyk != 0)
        guard header.pixelCount <= pixelLimit else {
            return .failure(.tooManyPixels(width: header.storedWidth, height: header.storedHeight, limit: pixelLimit))
        }
        return .success(header)
    }

    /// Makes `operation` from the image in `bytes` (whose header must have passed `header(of:)`).
    package static func make(_ operation: ImageOperation, from bytes: [UInt8]) -> Result<[UInt8], ImageProblem> {
        LibvipsMessages.shared.calling { makeCalling(operation, from: bytes) }
    }

    private static func makeCalling(_ operation: ImageOperation, from bytes: [UInt8]) -> Result<[UInt8], ImageProblem> {
        bytes.withUnsafeBytes { source in
            encode(operation) { shape, image in
                switch shape {
                case let .fit(width, height):
                    fv_thumbnail(source.baseAddress, source.count, Int32(width), Int32(height), FV_CROP_NONE, &image)
                case let .square(side, nil):
                    fv_thumbnail(source.baseAddress, source.count, Int32(side), Int32(side), FV_CROP_ATTENTION, &image)
                case let .square(side, focus?):
                    fv_thumbnail_focus(source.baseAddress, source.count, Int32(side), Int32(side), focus.x, focus.y, &image)
                }
            }
        }
    }

    /// A photo decoded once, upright, in memory: several variants are made from it without
    /// decoding the file again.
    package final class Decoded: @unchecked Sendable {
        fileprivate let image: OpaquePointer
        fileprivate init(_ image: OpaquePointer) { self.image = image }
        deinit { fv_image_free(image) }
    }

    /// The image in `bytes` decoded `width` pixels wide (never wider than it is), with
    /// shrink-on-load.
    package static func decode(_ bytes: [UInt8], width: Int) -> Result<Decoded, ImageProblem> {
        var image: OpaquePointer?
        let status = LibvipsMessages.shared.calling {
            bytes.withUnsafeBytes { fv_decode($0.baseAddress, $0.count, Int32(width), &image) }
        }
        guard status == 0, let image else { return .failure(.unreadable(takeError())) }
        return .success(Decoded(image))
    }

    /// Makes `operation` from a decoded photo: what `make(_:from:)` makes from its file.
    package static func make(_ operation: ImageOperation, from decoded: Decoded) -> Result<[UInt8], ImageProblem> {
        LibvipsMessages.shared.calling { makeCalling(operation, from: decoded) }
    }

    private static func makeCalling(_ operation: ImageOperation, from decoded: Decoded) -> Result<[UInt8], ImageProblem> {
        withExtendedLifetime(decoded) {
            encode(operation) { shape, image in
                switch shape {
                case let .fit(width, height):
                    fv_resize(decoded.image, Int32(width), Int32(height), FV_CROP_NONE, &image)
                case let .square(side, nil):
                    fv_resize(decoded.image, Int32(side), Int32(side), FV_CROP_ATTENTION, &image)
                case let .square(side, focus?):
                    fv_resize_focus(decoded.image, Int32(side), Int32(side), focus.x, focus.y, &image)
                }
            }
        }
    }

    /// The shape of a resize, as `ImageOperation.Shape` without the placeholder, which is a
    /// fit blurred.
    enum Resize { case fit(width: Int, height: Int), square(side: Int, focus: ImageOperation.Focus?) }

    /// `operation` made with `resize` (which makes the image of a shape) and encoded.
    private static func encode(
        _ operation: ImageOperation,
        resize: (Resize, inout OpaquePointer?) -> Int32
    ) -> Result<[UInt8], ImageProblem> {
        guard operation.format.isWritable else { return .failure(.unreadable("cannot write \(operation.format.rawValue)")) }
        var image: OpaquePointer?
        let made: Int32
        switch operation.shape {
        case let .fit(width, height): made = resize(.fit(width: width, height: height), &image)
        case let .square(side, focus): made = resize(.square(side: side, focus: focus), &image)
        case let .placeholder(width, height):
            var small: OpaquePointer?
            made = resize(.fit(width: width, height: height), &small)
            if made == 0 {
                defer { fv_image_free(small) }
                if fv_blur(small, 1.2, &image) != 0 { return .failure(.unreadable(takeError())) }
            }
        }
        guard made == 0, let image else { return .failure(.unreadable(takeError())) }
        defer { fv_image_free(image) }
        var output: UnsafeMutableRawPointer?
        var length = 0
        // A file's bytes are read here: libvips decodes lazily, while saving.
        guard
            fv_save(
                image, operation.format.shim, Int32(operation.quality), operation.keepsMetadata ? 1 : 0,
                &output, &length) == 0, let output
        else {
            return .failure(.unreadable(takeError()))
        }
        defer { fv_free(output) }
        let result = Array(UnsafeRawBufferPointer(start: output, count: length))
        return .success(operation.format == .webp && !operation.keepsMetadata ? WebPMetadata.removed(from: result) : result)
    }

    /// What `unreadable` says when libvips' error buffer was empty.
    static let noReason = "libvips gave no reason; the file may be cut off or damaged"

    /// Empties libvips' error buffer (of words a failure took no one took), before a photo
    /// is made alone (`LibvipsMessages.during(_:retryingAloneIf:)`).
    package static func discardError() {
        _ = takeError()
    }

    /// libvips' last error, on one line.
    private static func takeError() -> String {
        guard let text = fv_take_error() else { return noReason }
        defer { fv_free(text) }
        let lines = String(cString: text).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let detail = lines.filter { !$0.isEmpty }.joined(separator: "; ")
        return detail.isEmpty ? noReason : detail
    }
}
