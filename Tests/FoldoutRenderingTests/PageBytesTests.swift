import Testing
@testable import FoldoutRendering
import FoldoutTestSupport

/// `PageBytes` must hold exactly what appending the same pieces to a plain `[UInt8]`
/// (`ArrayPageBytes`, its reference) holds.
@Suite struct PageBytesTests {
    @Test func holdsWhatAPlainArrayHolds() {
        var random = SplitMix64(seed: 15)
        let texts = ["", "a", "<li>", "Tom & Jerry", "日本語", String(repeating: "x", count: 300), "é\u{301}"]
        for _ in 0..<300 {
            let capacity = random.pick([0, 1, 64, 100, 4096])
            var fast = PageBytes(capacity: capacity)
            var reference = ArrayPageBytes(capacity: capacity)
            var marks: [Int] = []
            for _ in 0..<random.next(60) {
                switch random.next(4) {
                case 0:
                    let byte = UInt8(truncatingIfNeeded: random.next())
                    fast.append(byte)
                    reference.append(byte)
                case 1:
                    let bytes = (0..<random.next(2000)).map { UInt8(truncatingIfNeeded: $0 &* 7) }
                    fast.append(bytes)
                    reference.append(bytes)
                case 2:
                    let text = random.pick(texts)
                    fast.append(text)
                    reference.append(text)
                default:
                    let text = random.pick(texts)
                    HTMLEscaping.append(text, to: &fast)
                    HTMLEscaping.append(text, to: &reference)
                }
                #expect(fast.count == reference.count)
                if random.next(5) == 0 { marks.append(fast.count) }
            }
            for mark in marks { #expect(fast.bytes(from: mark) == reference.bytes(from: mark)) }
            #expect(fast.array() == reference.array())
        }
    }
}
