/// A 64-bit digest that is the same in every run and on every machine (XXH64), for cache
/// keys and the output manifest. Swift's own `Hasher` is seeded per process, so its values
/// cannot be stored. Not cryptographic: it tells changed content from unchanged content,
/// it does not resist someone crafting collisions.
///
/// Feed values in a fixed order; strings and byte runs carry their length, so `("ab", "c")`
/// and `("a", "bc")` differ.
public struct ContentHash: Sendable {
    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
    private static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5

    private var lane1: UInt64
    private var lane2: UInt64
    private var lane3: UInt64
    private var lane4: UInt64
    private let seed: UInt64
    /// Bytes not yet folded into the lanes (fewer than 32).
    private var pending: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private var pendingCount = 0
    private var totalLength: UInt64 = 0

    public init(seed: UInt64 = 0) {
        self.seed = seed
        lane1 = seed &+ Self.prime1 &+ Self.prime2
        lane2 = seed &+ Self.prime2
        lane3 = seed
        lane4 = seed &- Self.prime1
    }

    /// The digest of `bytes` alone, without a length prefix (plain XXH64).
    public static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hasher = ContentHash()
        hasher.feedRaw(bytes)
        return hasher.finalize()
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
        totalLength &+= UInt64(bytes.count)
        var offset = 0
        let count = bytes.count
        if pendingCount > 0 {
            let take = min(32 - pendingCount, count)
            withUnsafeMutableBytes(of: &pending) { buffer in
                buffer.baseAddress!.advanced(by: pendingCount).copyMemory(from: base, byteCount: take)
            }
            pendingCount += take
            offset = take
            guard pendingCount == 32 else { return }
            let stripe = pending
            consume(UInt64(littleEndian: stripe.0), UInt64(littleEndian: stripe.1),
                    UInt64(littleEndian: stripe.2), UInt64(littleEndian: stripe.3))
            pendingCount = 0
        }
        while count - offset >= 32 {
            let pointer = base.advanced(by: offset)
            consume(UInt64(littleEndian: pointer.loadUnaligned(as: UInt64.self)),
                    UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: 8, as: UInt64.self)),
                    UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: 16, as: UInt64.self)),
                    UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: 24, as: UInt64.self)))
            offset += 32
        }
        if offset < count {
            let rest = count - offset
            withUnsafeMutableBytes(of: &pending) { buffer in
                buffer.baseAddress!.copyMemory(from: base.advanced(by: offset), byteCount: rest)
            }
            pendingCount = rest
        }
    }

    public func finalize() -> UInt64 {
        var hash: UInt64
        if totalLength >= 32 {
            hash = Self.rotate(lane1, 1) &+ Self.rotate(lane2, 7) &+ Self.rotate(lane3, 12) &+ Self.rotate(lane4, 18)
            hash = Self.merge(hash, lane1)
            hash = Self.merge(hash, lane2)
            hash = Self.merge(hash, lane3)
            hash = Self.merge(hash, lane4)
        } else {
            hash = seed &+ Self.prime5
        }
        hash &+= totalLength
        var stripe = pending
        let count = pendingCount
        withUnsafeBytes(of: &stripe) { buffer in
            var offset = 0
            while offset + 8 <= count {
                let word = UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                hash ^= Self.round(0, word)
                hash = Self.rotate(hash, 27) &* Self.prime1 &+ Self.prime4
                offset += 8
            }
            if offset + 4 <= count {
                let word = UInt64(UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
                hash ^= word &* Self.prime1
                hash = Self.rotate(hash, 23) &* Self.prime2 &+ Self.prime3
                offset += 4
            }
            while offset < count {
                hash ^= UInt64(buffer[offset]) &* Self.prime5
                hash = Self.rotate(hash, 11) &* Self.prime1
                offset += 1
            }
        }
        hash ^= hash >> 33
        hash &*= Self.prime2
        hash ^= hash >> 29
        hash &*= Self.prime3
        hash ^= hash >> 32
        return hash
    }

    private mutating func consume(_ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: UInt64) {
        lane1 = Self.round(lane1, a)
        lane2 = Self.round(lane2, b)
        lane3 = Self.round(lane3, c)
        lane4 = Self.round(lane4, d)
    }

    @inline(__always)
    private static func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 {
        (value << count) | (value >> (64 - count))
    }

    @inline(__always)
    private static func round(_ accumulator: UInt64, _ input: UInt64) -> UInt64 {
        rotate(accumulator &+ input &* prime2, 31) &* prime1
    }

    @inline(__always)
    private static func merge(_ accumulator: UInt64, _ lane: UInt64) -> UInt64 {
        (accumulator ^ round(0, lane)) &* prime1 &+ prime4
    }

    /// 16 lower-case hex digits, as the manifest writes digests.
    public static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
