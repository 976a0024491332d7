import FoldoutTestSupport
import Testing

@testable import FoldoutPresentation

/// The search index's byte-by-byte path against the general one it stands in for.
@Suite struct SearchWordsTests {
    @Test func theFastPathGivesTheUnicodeWords() {
        var random = SplitMix64(seed: 17)
        let pieces = [
            "Swift", "UIKit", "x86_64", "e-mail", "C++", "3.14", "it's", "  ", "\t", "\n", "a/b", "HTTP2",
            "Zebra", "zz", "Q&A", "[link](x)", "`code`", "#tag", "MIXED case", "100%", "~tilde", "_under_", "Crème", "brûlée…", "a·b", "e\u{301}te", "Ærø", "ΣΟΦΟΣ", "日本語", "naïve",
            "…", "ǅ", "x\u{2028}y",
            "—", "“quoted”", "‘it’s’", "ΟΣ…", "a\u{2070}b", "\u{2064}", "\u{206F}x", "\u{2080}", "e\u{2026}\u{301}",
        ]
        for _ in 0..<2000 {
            let text = (0..<random.next(8)).map { _ in random.pick(pieces) }.joined(separator: random.pick([" ", "", "-", ", "]))
            #expect(SearchIndex.words(in: text) == SearchIndex.unicodeWords(in: text), "\(text)")
        }
        // Every scalar from U+1FF0 to U+2100, in a word.
        for value in UInt32(0x1FF0)...0x2100 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "Ab" + String(Character(scalar)) + "cé"
            #expect(SearchIndex.words(in: text) == SearchIndex.unicodeWords(in: text), "U+\(String(value, radix: 16))")
        }
        // Every ASCII byte, one at a time and in a word.
        for byte in UInt8(0)..<0x80 {
            let text = "ab" + String(decoding: [byte], as: UTF8.self) + "Cd"
            #expect(SearchIndex.words(in: text) == SearchIndex.unicodeWords(in: text), "byte \(byte)")
        }
    }

    @Test func accentsAndCaseFold() {
        #expect(SearchIndex.words(in: "Crème BRÛLÉE… x86_64") == ["creme", "brulee", "x86", "64"])
    }
}
