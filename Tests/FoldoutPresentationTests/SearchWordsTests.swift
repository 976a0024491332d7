import Testing
@testable import FoldoutPresentation
import FoldoutTestSupport

/// The search index's ASCII fast path against the general one it stands in for.
@Suite struct SearchWordsTests {
    @Test func asciiWordsAreTheUnicodeWords() {
        var random = SplitMix64(seed: 17)
        let pieces = ["Swift", "UIKit", "x86_64", "e-mail", "C++", "3.14", "it's", "  ", "\t", "\n", "a/b", "HTTP2",
                      "Zebra", "zz", "Q&A", "[link](x)", "`code`", "#tag", "MIXED case", "100%", "~tilde", "_under_"]
        for _ in 0..<2000 {
            let text = (0..<random.next(8)).map { _ in random.pick(pieces) }.joined(separator: random.pick([" ", "", "-", ", "]))
            #expect(SearchIndex.asciiWords(in: text) == SearchIndex.unicodeWords(in: text), "\(text)")
        }
        // Every ASCII byte, one at a time and in a word.
        for byte in UInt8(0)..<0x80 {
            let text = "ab" + String(decoding: [byte], as: UTF8.self) + "Cd"
            #expect(SearchIndex.asciiWords(in: text) == SearchIndex.unicodeWords(in: text), "byte \(byte)")
        }
    }

    @Test func textBeyondASCIITakesTheGeneralPath() {
        #expect(SearchIndex.asciiWords(in: "Crème brûlée") == nil)
        #expect(SearchIndex.words(in: "Crème brûlée") == ["creme", "brulee"])
    }
}
