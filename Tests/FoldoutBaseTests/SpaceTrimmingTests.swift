import Foundation
import Testing

@testable import FoldoutBase

/// The fast `trimmingSpaces` against Foundation's `trimmingCharacters(in: .whitespaces)`,
/// which it replaces on the per-item paths.
@Suite struct SpaceTrimmingTests {
    /// Spaces of every kind Foundation trims (on Linux the zero-width space too), and near
    /// misses it keeps (line breaks, a byte-order mark, combining marks after a space), in
    /// random strings.
    @Test func agreesWithFoundationOnRandomStrings() {
        let pool: [String] = [
            " ", "\t", "\u{A0}", "\u{1680}", "\u{2003}", "\u{202F}", "\u{3000}", "\n", "\r",
            "\u{200B}", "\u{180E}", "\u{2028}", "\u{301}", "a", "Z", "é", "e\u{301}", "😀", "-", "1", "\u{FEFF}", "\u{85}",
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let length = Int.random(in: 0...8, using: &generator)
            let text = (0..<length).map { _ in pool.randomElement(using: &generator)! }.joined()
            #expect(
                text.trimmingSpaces == text.trimmingCharacters(in: .whitespaces),
                "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    /// With line breaks too, as template tags are read: the pieces of tags among them.
    @Test func withNewlinesAgreesWithFoundationOnRandomStrings() {
        let pool = [
            "", " ", "\t", "\n", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{2028}", "\u{2029}", "\u{3000}",
            "\u{200B}", "\u{301}", "name", "#section", "> partial", "a b", "é", "{", "}", "\u{0}", "\u{1F}", "\u{7F}",
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 0...6, using: &generator)).map { _ in pool.randomElement(using: &generator)! }.joined()
            #expect(
                text.trimmingSpacesAndNewlines == text.trimmingCharacters(in: .whitespacesAndNewlines),
                "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test func plainWordsStayAndOnlySpacesGoEntirely() {
        #expect(String("  Maine Coon\t".dropFirst()).trimmingSpaces == "Maine Coon")
        #expect("Maine Coon".trimmingSpaces == "Maine Coon")
        #expect(" \u{3000}\t".trimmingSpaces == "")
    }
}
