import Foundation
import XCTest
@testable import FoldoutBase
@testable import FoldoutModel

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
        XCTAssertEqual(Slug.make("हिन्दी भाषा"), "हिन्दी-भाषा")
    }

    /// Slugs are built on bytes; they must be what building a `String` scalar by scalar gives,
    /// composed first, with only letters and digits of each lower-cased scalar kept, and
    /// combining marks after them.
    func testByteSlugsEqualScalarByScalarSlugsOnGeneratedText() {
        func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isAlphabetic || scalar.properties.numericType != nil }
        func reference(_ text: String) -> String {
            var result = ""
            var pendingDash = false
            for scalar in text.precomposedStringWithCanonicalMapping.unicodeScalars {
                let kept = scalar.isASCII ? ("0"..."9").contains(scalar) || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                    : isLetterOrDigit(scalar)
                if kept {
                    if pendingDash, !result.isEmpty { result += "-" }
                    pendingDash = false
                    for lower in String(scalar).lowercased().unicodeScalars where isLetterOrDigit(lower) { result.unicodeScalars.append(lower) }
                } else if [.nonspacingMark, .spacingMark, .enclosingMark].contains(scalar.properties.generalCategory) {
                    // A combining mark stays with the letter before it.
                    if !pendingDash, !result.isEmpty { result.unicodeScalars.append(scalar) }
                } else {
                    pendingDash = true
                }
            }
            return result
        }
        var random = SplitMix64(seed: 21)
        let pieces = ["A", "z", "9", " ", "_", ".", "-", "é", "e\u{301}", "İ", "ß", "Σ", "Ⅻ", "日本", "\u{301}", "👍🏽", "ǅ", "ﬀ", "²", "٣", "\u{200D}", "'"]
        for _ in 0..<3000 {
            let text = (0..<random.next(10)).map { _ in random.pick(pieces) }.joined()
            XCTAssertEqual(Slug.make(text), reference(text), text.debugDescription)
        }
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
