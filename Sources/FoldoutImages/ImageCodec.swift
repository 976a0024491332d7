import CVipsShim

/// libvips, through CVipsShim: headers read without decoding, images made with
/// shrink-on-load (a 12-megapixel JPEG is decoded at an eighth of its size for a thumbnail),
/// upright, in sRGB, and written without metadata unless asked.
public enum ImageCodec {
    /// Images declaring more pixels than this are refused before decoding. A 48-megapixel
    /// phone photo passes; a 30,000 × 30,000 decompression bomb does not.
    public static let defaultPixelLimit = 100_000_000

    /// Part of every cache key: results made by another libvips or another shim are made anew.
    static let version: String = "libvips 8.14 shim 1"

    /// Reads the header of the image in `bytes`; nothing is decoded.
    public static func header(of bytes: [UInt8], pixelLimit: Int = defaultPixelLimit) -> Result<ImageHeader, ImageProblem> {
        guard !bytes.isEmpty else { return .failure(.empty) }
        var raw = fv_header()
        let status = bytes.withUnsafeBytes { fv_read_header($0.baseAddress, $0.count, &raw) }
        guard status == 0 else {
            let detail = takeError()
            return .failure(raw.format == FV_FORMAT_UNKNOWN ? .notAnImage : .unreadable(detail))
        }
        let header = ImageHeader(format: ImageFormat(raw.format), storedWidth: Int(raw.width), storedHeight: Int(raw.height),
                                 orientation: (1...8).contains(raw.orientation) ? Int(raw.orientation) : 1,
                                 frames: max(1, Int(raw.pages)), bitsPerSample: Int(raw.bits), isCMYK: raw.cmyk != 0)
        guard header.pixelCount <= pixelLimit else {
            return .failure(.tooManyPixels(width: header.storedWidth, height: header.storedHeight, limit: pixelLimit))
        }
        return .success(header)
    }

    /// Makes `operation` from the image in `bytes` (whose header must have passed `header(of:)`).
    public static func make(_ operation: ImageOperation, from bytes: [UInt8]) -> Result<[UInt8], ImageProblem> {
        guard operation.format.isWritable else { return .failure(.unreadable("cannot write \(operation.format.rawValue)")) }
        return bytes.withUnsafeBytes { source -> Result<[UInt8], ImageProblem> in
            var image: OpaquePointer?
            let made: Int32
            switch operation.shape {
            case let .fit(width, height):
                made = fv_thumbnail(source.baseAddress, source.count, Int32(width), Int32(height), FV_CROP_NONE, &image)
            case let .square(side, nil):
                made = fv_thumbnail(source.baseAddress, source.count, Int32(side), Int32(side), FV_CROP_ATTENTION, &image)
            case let .square(side, focus?):
                made = fv_thumbnail_focus(source.baseAddress, source.count, Int32(side), Int32(side), focus.x, focus.y, &image)
            case let .placeholder(width, height):
                var small: OpaquePointer?
                made = fv_thumbnail(source.baseAddress, source.count, Int32(width), Int32(height), FV_CROP_NONE, &small)
                if made == 0 {
                    defer { fv_image_free(small) }
                    if fv_blur(small, 1.2, &image) != 0 { return .failure(.unreadable(takeError())) }
                }
            }
            guard made == 0, let image else { return .failure(.unreadable(takeError())) }
            defer { fv_image_free(image) }
            var output: UnsafeMutableRawPointer?
            var length = 0
            // The source's bytes are read here: libvips decodes lazily, while saving.
            guard fv_save(image, operation.format.shim, Int32(operation.quality), operation.keepsMetadata ? 1 : 0,
                          &output, &length) == 0, let output else {
                return .failure(.unreadable(takeError()))
            }
            defer { fv_free(output) }
            let result = Array(UnsafeRawBufferPointer(start: output, count: length))
            return .success(operation.format == .webp && !operation.keepsMetadata ? WebPMetadata.removed(from: result) : result)
        }
    }

    /// libvips' last error, on one line.
    private static func takeError() -> String {
        guard let text = fv_take_error() else { return "libvips gave no reason; the file may be cut off or damaged" }
        defer { fv_free(text) }
        let lines = String(cString: text).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let detail = lines.filter { !$0.isEmpty }.joined(separator: "; ")
        return detail.isEmpty ? "libvips gave no reason; the file may be cut off or damaged" : detail
    }
}
