import FoldoutBase

/// A compact byte format for the build cache and the build record: unsigned LEB128 integers
/// and length-prefixed UTF-8 strings. Hand-written because Foundation's Codable encoders
/// (JSON, binary property list) were many times slower on the cache and state and wrote
/// larger files (docs/benchmarks.md, "Fast paths against the libraries they replace").
///
/// The writer owns its buffer rather than appending to an `[UInt8]`: the files hold tens of
/// thousands of short strings and small numbers, and `Array.append` costs a uniqueness and
/// capacity check per byte and more bookkeeping per appended string than copying the bytes
/// themselves. It is not copyable, so no two writers share a buffer.
package struct BinaryWriter: ~Copyable {
    private var start: UnsafeMutableRawPointer
    private var capacity: Int
    /// Bytes written so far.
    private(set) var count = 0
    /// How many bytes the last length written by `writeSized` took: the next is most likely
    /// as long (entries of a file are alike), and a good guess saves moving the bytes after it.
    private var lastLengthWidth = 2

    package init(capacity: Int = 1024) {
        self.capacity = max(capacity, 16)
        start = .allocate(byteCount: self.capacity, alignment: 8)
    }

    deinit { start.deallocate() }

    /// A copy of the bytes written.
    package var bytes: [UInt8] { withUnsafeBytes { Array($0) } }

    package func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: start, count: count))
    }

    /// Forgets what was written and keeps the buffer, for the next piece.
    package mutating func removeAll() { count = 0 }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if capacity - count < extra { grow(to: max(2 * capacity, count + extra)) }
    }

    private mutating func grow(to newCapacity: Int) {
        let larger = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 8)
        larger.copyMemory(from: start, byteCount: count)
        start.deallocate()
        start = larger
        capacity = newCapacity
    }

    @inline(__always)
    package mutating func write(_ value: UInt64) {
        reserve(10)
        // Most numbers written are counts, tags and lengths of a single byte.
        if value < 0x80 {
            start.storeBytes(of: UInt8(value), toByteOffset: count, as: UInt8.self)
            count += 1
        } else {
            count += Self.storeLEB128(value, at: start + count)
        }
    }

    /// Stores `value` as unsigned LEB128 at `at` and returns how many bytes it took (at most 10).
    @inline(__always)
    private static func storeLEB128(_ value: UInt64, at: UnsafeMutableRawPointer) -> Int {
        var rest = value
        var width = 0
        while rest >= 0x80 {
            at.storeBytes(of: UInt8(truncatingIfNeeded: rest) | 0x80, toByteOffset: width, as: UInt8.self)
            rest >>= 7
            width += 1
        }
        at.storeBytes(of: UInt8(rest), toByteOffset: width, as: UInt8.self)
        return width + 1
    }

    private static func widthOfLEB128(_ value: UInt64) -> Int {
        max(1, (64 - value.leadingZeroBitCount + 6) / 7)
    }

    package mutating func write(_ value: Int) { write(UInt64(bitPattern: Int64(value))) }

    package mutating func write(_ value: Bool) {
        reserve(1)
        start.storeBytes(of: value ? 1 : 0, toByteOffset: count, as: UInt8.self)
        count += 1
    }

    package mutating func write(_ value: Double) { write(value.bitPattern) }

    package mutating func write(_ text: String) {
        // Native strings lend their UTF-8 in place; others are made native first.
        let written: Void? = text.utf8.withContiguousStorageIfAvailable { buffer in
            write(UInt64(buffer.count))
            append(UnsafeRawBufferPointer(buffer))
        }
        guard written == nil else { return }
        var copy = text
        copy.withUTF8 { buffer in
            write(UInt64(buffer.count))
            append(UnsafeRawBufferPointer(buffer))
        }
    }

    package mutating func write(_ text: String?) {
        write(text != nil)
        if let text { write(text) }
    }

    package mutating func writeFixed(_ value: UInt64) {
        reserve(8)
        start.storeBytes(of: value.littleEndian, toByteOffset: count, as: UInt64.self)
        count += 8
    }

    package mutating func append(_ other: [UInt8]) { other.withUnsafeBytes { append($0) } }

    @inline(__always)
    package mutating func append(_ raw: UnsafeRawBufferPointer) {
        guard let source = raw.baseAddress, raw.count > 0 else { return }
        reserve(raw.count)
        (start + count).copyMemory(from: source, byteCount: raw.count)
        count += raw.count
    }

    /// Writes what `body` writes, preceded by its length, and returns where those bytes lie:
    /// the same bytes as writing them elsewhere first and then their length and them, without
    /// the second copy. Room for the length is left before `body` runs; when the length needs
    /// more or fewer bytes than that, what `body` wrote is moved.
    @discardableResult
    package mutating func writeSized(_ body: (inout BinaryWriter) throws -> Void) rethrows -> Range<Int> {
        let guess = lastLengthWidth
        reserve(guess)
        let lengthAt = count
        count += guess
        let payloadStart = count
        try body(&self)
        let length = count - payloadStart
        let width = Self.widthOfLEB128(UInt64(length))
        if width != guess {
            reserve(width - guess)
            (start + lengthAt + width).copyMemory(from: start + payloadStart, byteCount: length)
            count += width - guess
            lastLengthWidth = width
        }
        _ = Self.storeLEB128(UInt64(length), at: start + lengthAt)
        return (lengthAt + width)..<count
    }

    /// A record of the cache and state files: what `body` writes, with its length before it
    /// and its checksum (`checksum(of:seed:)`) after it, so a reader can skip it or find it
    /// damaged. `seed` is made of what the record's reader reads before it (its kind, its key):
    /// a changed byte there also fails the checksum.
    package mutating func writeChecked(seed: UInt64 = 0, _ body: (inout BinaryWriter) throws -> Void) rethrows {
        let payload = try writeSized(body)
        writeFixed(withUnsafeBytes { Self.checksum(of: UnsafeRawBufferPointer(rebasing: $0[payload]), seed: seed) })
    }

    /// XXH64 of `bytes` with `seed` (`ContentHash`).
    package static func checksum(of bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
        guard seed != 0 else { return ContentHash.of(bytes) }
        var hash = ContentHash(seed: seed)
        hash.feedRaw(bytes)
        return hash.finalize()
    }
}

/// Reads what `BinaryWriter` writes; hand-written because Foundation's Codable decoders
/// (JSON, binary property list) were many times slower on the same data (docs/benchmarks.md).
package struct BinaryReader {
    package struct Truncated: Error {}

    package let bytes: [UInt8]
    private(set) var offset: Int

    package init(_ bytes: [UInt8], offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    package var isAtEnd: Bool { offset >= bytes.count }

    package mutating func readUInt64() throws(Truncated) -> UInt64 {
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

    package mutating func readInt() throws(Truncated) -> Int { Int(Int64(bitPattern: try readUInt64())) }
    package mutating func readDouble() throws(Truncated) -> Double { Double(bitPattern: try readUInt64()) }

    package mutating func readBool() throws(Truncated) -> Bool {
        guard offset < bytes.count else { throw Truncated() }
        offset += 1
        return bytes[offset - 1] != 0
    }

    package mutating func readString() throws(Truncated) -> String {
        let count = try readUInt64()
        guard count <= UInt64(bytes.count - offset) else { throw Truncated() }
        let start = offset
        offset += Int(count)
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    package mutating func readOptionalString() throws(Truncated) -> String? {
        try readBool() ? try readString() : nil
    }

    /// The fixed-width number at `offset`, where the reader is not; nil past the end.
    package func fixed(at offset: Int) -> UInt64? {
        var reader = BinaryReader(bytes, offset: offset)
        return try? reader.readFixed()
    }

    /// Moves past `count` bytes (read by another reader).
    package mutating func skip(_ count: Int) throws(Truncated) {
        guard count >= 0, count <= bytes.count - offset else { throw Truncated() }
        offset += count
    }

    package mutating func readFixed() throws(Truncated) -> UInt64 {
        guard bytes.count - offset >= 8 else { throw Truncated() }
        var value: UInt64 = 0
        for index in 0..<8 { value |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
        offset += 8
        return value
    }
}
