import CXXHash

/// A 64-bit digest that is the same in every run and on every machine (XXH64, from
/// libxxhash), for cache keys and the output manifest. Swift's own `Hasher` is seeded per
/// process, so its values cannot be stored. Not cryptographic: it tells changed content from
/// unchanged content, it does not resist someone crafting collisions.
///
/// Feed values in a fixed order; strings and byte runs carry their length, so `("ab", "c")`
/// and `("a", "bc")` differ.
public struct ContentHash: Sendable {
    /// libxxhash's streaming state, held inline (no allocation per hasher).
    private var state = XXH64_state_t()

    public init(seed: UInt64 = 0) {
        XXH64_reset(&state, seed)
    }

    /// The digest of `bytes` alone, without a length prefix (plain XXH64).
    public static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        XXH64(bytes.baseAddress, bytes.count, 0)
    }

    public static func of(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { of($0) }
    }

    public static func of(_ text: String) -> UInt64 {
        var copy = text
        return copy.withUTF8 { of(UnsafeRawBufferPointer($0)) }
    }

    public mutating func combine(_ text: String) {
        var copy = text
        copy.withUTF8 { buffer in
            combine(UInt64(buffer.count))
            feedRaw(UnsafeRawBufferPointer(buffer))
        }
    }

    public mutating func combine(_ text: String?) {
        if let text {
            combine(true)
            combine(text)
        } else {
            combine(false)
        }
    }

    public mutating func combine(_ bytes: [UInt8]) {
        combine(UInt64(bytes.count))
        bytes.withUnsafeBytes { feedRaw($0) }
    }

    public mutating func combine(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { feedRaw($0) }
    }

    public mutating func combine(_ value: Int) { combine(UInt64(bitPattern: Int64(value))) }
    public mutating func combine(_ value: Bool) { combine(UInt64(value ? 1 : 0)) }
    public mutating func combine(_ value: Double) { combine(value.bitPattern) }

    public mutating func combine(_ value: Double?) {
        combine(value != nil)
        if let value { combine(value) }
    }

    /// Feeds bytes without a length prefix.
    public mutating func feedRaw(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        XXH64_update(&state, base, bytes.count)
    }

    public func finalize() -> UInt64 {
        withUnsafePointer(to: state) { XXH64_digest($0) }
    }

    /// 16 lower-case hex digits, as the manifest writes digests.
    public static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
