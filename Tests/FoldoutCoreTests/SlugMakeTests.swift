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

    func testReadableTitlesFromFileNamesAndKeys() {
        XCTAssertEqual(Slug.readableTitle(fromFileName: "how_this_course_works.md"), "How this course works")
        XCTAssertEqual(Slug.readableTitle(fromFileName: "lesson_count"), "Lesson count")
        XCTAssertEqual(Slug.readableTitle(fromFileName: "notes.markdown"), "Notes")
        XCTAssertEqual(Slug.readableTitle(fromFileName: "a-b  c"), "A b c")
        XCTAssertEqual(Slug.readableTitle(fromFileName: "1st_place"), "1st place")
        XCTAssertEqual(Slug.readableTitle(fromFileName: "__"), "__")
        XCTAssertEqual(Slug.readableTitle(fromFileName: ""), "")
        XCTAssertEqual(Slug.readableTitle(fromFileName: "éclair_au_café.md"), "Éclair au café")
        XCTAssertEqual(Slug.readableTitle(fromFileName: "straße"), "Straße")
    }
}
