import Foundation

/// Texts numbered in order of first use, found by a table of their own: a shard looks up a
/// word for every word of every item (a catalog of 5,000 items, some 200,000 times), and a
/// secondary line and a trail for every item. `Dictionary` hashed each with SipHash, and
/// a text with `…` or an accent only after normalizing it (Unicode canonical equivalence);
/// here texts are compared and hashed (FNV-1a) by their bytes, as a shard writes them.
struct TextNumbers {
    /// The texts by number.
    private(set) var texts: [String] = []
    /// Open addressing, linear probing: a text's number plus one, 0 for an empty slot.
    private var slots: [Int32]
    private var mask: Int

    init(capacity: Int) {
        var size = 64
        while size < 2 * capacity { size *= 2 }
        slots = Array(repeating: 0, count: size)
        mask = size - 1
    }

    /// The text's number, and whether it was given now.
    mutating func number(of text: String) -> (number: Int, isNew: Bool) {
        var bytesOf = text
        let (slot, found) = bytesOf.withUTF8 { bytes -> (Int, Int?) in
            var slot = Self.hash(bytes) & mask
            while slots[slot] != 0 {
                let number = Int(slots[slot]) - 1
                if Self.equal(texts[number], bytes) { return (slot, number) }
                slot = (slot + 1) & mask
            }
            return (slot, nil)
        }
        if let found { return (found, false) }
        texts.append(text)
        slots[slot] = Int32(texts.count)
        if 2 * texts.count > slots.count { grow() }
        return (texts.count - 1, true)
    }

    private mutating func grow() {
        slots = Array(repeating: 0, count: slots.count * 2)
        mask = slots.count - 1
        for number in texts.indices {
            var text = texts[number]
            var slot = text.withUTF8(Self.hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(number + 1)
        }
    }

    private static func equal(_ text: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var text = text
        return text.withUTF8 { $0.count == bytes.count && ($0.count == 0 || memcmp($0.baseAddress!, bytes.baseAddress!, $0.count) == 0) }
    }

    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }
}
