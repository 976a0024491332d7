/// libvips 8.14's WebP writer ignores `strip` and writes an EXIF chunk it makes itself
/// (resolution and colour space, nothing private once the source's fields are removed). This
/// drops the EXIF and XMP chunks of a WebP file and their flags, so a variant or an inlined
/// placeholder carries no metadata at all.
enum WebPMetadata {
    static func removed(from bytes: [UInt8]) -> [UInt8] {
        // RIFF, size, WEBP, then chunks: a four-letter tag, a little-endian size, the data
        // padded to an even length.
        guard bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8) else {
            return bytes
        }
        var output = Array(bytes[0..<12])
        var flagsAt: Int?
        var removedAny = false
        var position = 12
        while position + 8 <= bytes.count {
            let tag = String(decoding: bytes[position..<position + 4], as: UTF8.self)
            let size = Int(bytes[position + 4]) | Int(bytes[position + 5]) << 8 | Int(bytes[position + 6]) << 16 | Int(bytes[position + 7]) << 24
            let end = min(bytes.count, position + 8 + size + (size & 1))
            if tag == "EXIF" || tag == "XMP " {
                removedAny = true
            } else {
                if tag == "VP8X" { flagsAt = output.count + 8 }
                output += bytes[position..<end]
            }
            position = end
        }
        guard removedAny else { return bytes }
        // VP8X flags: bit 3 says there is EXIF, bit 2 XMP.
        if let flagsAt, flagsAt < output.count { output[flagsAt] &= ~UInt8(0b0000_1100) }
        let riffSize = UInt32(output.count - 8)
        for index in 0..<4 { output[4 + index] = UInt8(truncatingIfNeeded: riffSize >> (8 * UInt32(index))) }
        return output
    }
}
