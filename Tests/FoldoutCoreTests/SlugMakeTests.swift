import XCTest
@testable import FoldoutCore

final class SlugMakeTests: XCTestCase {
    func testSlugsKeepLettersAndDigitsLowerCasedWithDashesBetweenWords() {
        XCTAssertEqual(Slug.make("Hello, World!"), "hello-world")
        XCTAssertEqual(Slug.make("how_this_course_works.md"), "how-this-course-works-md")
        XCTAssertEqual(Slug.make("  --Dogs & Cats--  "), "dogs-cats")
        XCTAssertEqual(Slug.make("Item 10"), "item-10")
        XCTAssertEqual(Slug.make(""), "")
        XCTAssertEqual(Slug.make("!?"), "")
    }

    func testSlugsKeepLettersOfEveryScript() {
        XCTAssertEqual(Slug.make("Café Olé"), "café-olé")
        XCTAssertEqual(Slug.make("ÀÉÎ"), "àéî")
        XCTAssertEqual(Slug.make("日本 語"), "日本-語")
        XCTAssertEqual(Slug.make("Ⅻ Σ"), "ⅻ-σ")
        XCTAssertEqual(Slug.make("a—b"), "a-b")
    }
}
