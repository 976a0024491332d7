import XCTest
@testable import FoldoutCore

final class SummaryShorteningTests: XCTestCase {
    func testShortTextStaysAsItIs() {
        XCTAssertEqual(PageBodyRenderer.shorten("A calm dog.", to: 20), "A calm dog.")
        XCTAssertEqual(PageBodyRenderer.shorten("exactly ten", to: 11), "exactly ten")
        XCTAssertEqual(PageBodyRenderer.shorten("", to: 5), "")
    }

    func testLongTextIsCutAtAWordWithAnEllipsis() {
        XCTAssertEqual(PageBodyRenderer.shorten("A calm dog, who loves long walks.", to: 12), "A calm dog…")
        XCTAssertEqual(PageBodyRenderer.shorten("Unbreakablewordthatgoeson", to: 10), "Unbreakabl…")
    }

    func testLimitCountsCharactersNotBytes() {
        // Ten characters, many more bytes: within a limit of 10.
        XCTAssertEqual(PageBodyRenderer.shorten("👨‍👩‍👧 café été", to: 10), "👨‍👩‍👧 café été")
        XCTAssertEqual(PageBodyRenderer.shorten("👨‍👩‍👧 café été", to: 9), "👨‍👩‍👧 café…")
    }

    func testACombiningMarkOrALineBreakAtTheLimitStaysWithItsCharacter() {
        XCTAssertEqual(PageBodyRenderer.shorten("abcde\u{301}fgh", to: 5), "abcde\u{301}…")
        XCTAssertEqual(PageBodyRenderer.shorten("ab\r\ncd", to: 3), "ab\r\n…")
    }
}
