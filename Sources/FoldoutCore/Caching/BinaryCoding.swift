/// A compact byte format for the build cache: unsigned LEB128 integers and length-prefixed
/// UTF-8 strings. Codable with JSON costs several times more on tens of thousands of entries,
/// and the cache is read on every build.
struct BinaryWriter {
    private(set) var bytes: [UInt8] = []

    mutating func write(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func write(_ value: Int) { write(UInt64(bitPattern: Int64(value))) }
    mutating func write(_ value: Bool) { bytes.append(value ? 1 : 0) }
    mutating func write(_ value: Double) { write(value.bitPattern) }

    mutating func write(_ text: String) {
        var copy = text
        copy.withUTF8 { buffer in
            write(UInt64(buffer.count))
            bytes.append(contentsOf: buffer)
        }
    }

    mutating func write(_ text: String?) {
        write(text != nil)
        if let text { write(text) }
    }

    mutating func writeFixed(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ other: [UInt8]) { bytes.append(contentsOf: other) }
}

struct BinaryReader {
    struct Truncated: Error {}

    let bytes: [UInt8]
    private(set) var offset: Int

    init(_ bytes: [UInt8], offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    var isAtEnd: Bool { offset >= bytes.count }

    mutating func readUInt64() throws(Truncated) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < bytes.count, shift < 64 else { throw Truncated() }
            let byte = bytes[offset]
            offset += 1
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return result }
            shift += 7
        }
    }

    mutating func readInt() throws(Truncated) -> Int { Int(Int64(bitPattern: try readUInt64())) }
    mutating func readDouble() throws(Truncated) -> Double { Double(bitPattern: try readUInt64()) }

    mutating func readBool() throws(Truncated) -> Bool {
        guard offset < bytes.count else { throw Truncated() }
        offset += 1
        return bytes[offset - 1] != 0
    }

    mutating func readString() throws(Truncated) -> String {
        let count = try readUInt64()
        guard count <= UInt64(bytes.count - offset) else { throw Truncated() }
        let start = offset
        offset += Int(count)
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    mutating func readOptionalString() throws(Truncated) -> String? {
        try readBool() ? try readString() : nil
    }

    /// The fixed-width number at `offset`, where the reader is not; nil past the end.
    func fixed(at offset: Int) -> UInt64? {
        var reader = BinaryReader(bytes, offset: offset)
        return try? reader.readFixed()
    }

    /// Moves past `count` bytes (read by another reader).
    mutating func skip(_ count: Int) throws(Truncated) {
        guard count >= 0, count <= bytes.count - offset else { throw Truncated() }
        offset += count
    }

    mutating func readFixed() throws(Truncated) -> UInt64 {
        guard bytes.count - offset >= 8 else { throw Truncated() }
        var value: UInt64 = 0
        for index in 0..<8 { value |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
        offset += 8
        return value
    }
}
