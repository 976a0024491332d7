extension FieldValue {
    /// A field value that names an image file (`photo: rex.png`); read for row thumbnails.
    package var looksLikeImage: Bool {
        guard case .string(let text) = self else { return false }
        // Runs for every field of every item: the last five bytes, lower-cased, are packed
        // into an integer (the last byte lowest) and compared with the packed suffixes.
        var tail: UInt64 = 0, count = 0
        for byte in text.utf8.reversed() {
            tail |= UInt64(byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte) << (8 * UInt64(count))
            count += 1
            if count == 5 { break }
        }
        return Self.imageSuffixes.contains { count >= $0.length && tail & $0.mask == $0.packed }
    }

    private static let imageSuffixes = [".png", ".jpg", ".jpeg", ".gif", ".webp", ".avif", ".svg"].map { suffix in
        let bytes = Array(suffix.utf8)
        precondition(bytes.count <= 5)
        let packed = bytes.reversed().enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
        return (length: bytes.count, mask: (UInt64(1) << (8 * UInt64(bytes.count))) - 1, packed: packed)
    }
}
