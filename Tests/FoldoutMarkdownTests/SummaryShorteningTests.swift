import FoldoutTestSupport
import Testing

@testable import FoldoutMarkdown

@Suite struct SummaryShorteningTests {
    @Test func shortTextStaysAsItIs() {
        #expect(PageBodyRenderer.shorten("A calm dog.", to: 20) == "A calm dog.")
        #expect(PageBodyRenderer.shorten("exactly ten", to: 11) == "exactly ten")
        #expect(PageBodyRenderer.shorten("", to: 5) == "")
    }

    @Test func longTextIsCutAtAWordWithAnEllipsis() {
        #expect(PageBodyRenderer.shorten("A calm dog, who loves long walks.", to: 12) == "A calm dog…")
        #expect(PageBodyRenderer.shorten("Unbreakablewordthatgoeson", to: 10) == "Unbreakabl…")
    }

    @Test func limitCountsCharactersNotBytes() {
        // Ten characters, many more bytes: within a limit of 10.
        #expect(PageBodyRenderer.shorten("👨‍👩‍👧 café été", to: 10) == "👨‍👩‍👧 café été")
        #expect(PageBodyRenderer.shorten("👨‍👩‍👧 café été", to: 9) == "👨‍👩‍👧 café…")
    }

    @Test func aCombiningMarkOrALineBreakAtTheLimitStaysWithItsCharacter() {
        #expect(PageBodyRenderer.shorten("abcde\u{301}fgh", to: 5) == "abcde\u{301}…")
        #expect(PageBodyRenderer.shorten("ab\r\ncd", to: 3) == "ab\r\n…")
    }

    /// Plain ASCII text is cut on bytes; it must be cut where cutting characters would.
    @Test func cuttingBytesAgreesWithCuttingCharacters() {
        func reference(_ text: String, _ limit: Int) -> String {
            guard text.count > limit else { return text }
            var cut = String(text.prefix(limit))
            if let space = cut.lastIndex(of: " ") { cut = String(cut[..<space]) }
            while let last = cut.last, [",", ";", ":", " ", "."].contains(last) { cut.removeLast() }
            return cut + "…"
        }
        var random = SplitMix64(seed: 17)
        let pieces = ["a", "Dog", " ", "  ", ",", ".", ";", ":", "..", ", ", "é", "\r\n", "\n", "e\u{301}", "👍🏽"]
        for _ in 0..<3000 {
            let text = (0..<random.next(30)).map { _ in random.pick(pieces) }.joined()
            let limit = random.next(25)
            #expect(PageBodyRenderer.shorten(text, to: limit) == reference(text, limit), "\(text.debugDescription) to \(limit)")
        }
    }
}
