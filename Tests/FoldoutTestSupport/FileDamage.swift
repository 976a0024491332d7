/// The ways a kept file is found damaged after a crash, a full disk or a bad sector: cut
/// short at several lengths, zeroed, and one bit changed at several places. For tests that
/// a damaged cache or state file is ignored and made again, never believed.
package enum FileDamage: CaseIterable, Sendable {
    case empty, oneByte, half, oneByteShort, zeroed, firstBit, thirdBit, middleBit, lastBit

    package func apply(_ bytes: [UInt8]) -> [UInt8] {
        var damaged = bytes
        switch self {
        case .empty: return []
        case .oneByte: return Array(bytes.prefix(1))
        case .half: return Array(bytes.prefix(bytes.count / 2))
        case .oneByteShort: return Array(bytes.dropLast())
        case .zeroed: return [UInt8](repeating: 0, count: bytes.count)
        case .firstBit: if !damaged.isEmpty { damaged[0] ^= 0x01 }
        case .thirdBit: if !damaged.isEmpty { damaged[damaged.count / 3] ^= 0x04 }
        case .middleBit: if !damaged.isEmpty { damaged[damaged.count / 2] ^= 0x10 }
        case .lastBit: if !damaged.isEmpty { damaged[damaged.count - 1] ^= 0x80 }
        }
        return damaged
    }
}
