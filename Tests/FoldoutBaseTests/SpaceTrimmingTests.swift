import Foundation
import XCTest
@testable import FoldoutBase

/// The fast `trimmingSpaces` against Foundation's `trimmingCharacters(in: .whitespaces)`,
/// which it replaces on the per-item paths.
final class SpaceTrimmingTests: XCTestCase {
    /// Spaces of every kind Foundation trims, and near misses it keeps (line breaks, a
    /// byte-order mark, combining marks after a space); the zero-width space it trims on Linux, in random strings.
    func testAgreesWithFoundationOnRandomStrings() {
        let pool: [String] = [" ", "\t", "\u{A0}", "\u{1680}", "\u{2003}", "\u{202F}", "\u{3000}", "\n", "\r",
                              "\u{200B}", "\u{180E}", "\u{2028}", "\u{301}", "a", "Z", "é", "e\u{301}", "😀", "-", "1", "\u{FEFF}", "\u{85}"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let length = Int.random(in: 0...8, using: &generator)
            let text = (0..<length).map { _ in pool.randomElement(using: &generator)! }.joined()
            XCTAssertEqual(text.trimmingSpaces, text.trimmingCharacters(in: .whitespaces),
                           "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    func testPlainWordsAndOnlySpaces() {
        let text = "  Maine Coon\t"
        XCTAssertEqual(String(text.dropFirst()).trimmingSpaces, "Maine Coon")
        XCTAssertEqual("Maine Coon".trimmingSpaces, "Maine Coon")
        XCTAssertEqual(" \u{3000}\t".trimmingSpaces, "")
    }
}
