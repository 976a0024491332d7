import FoldoutTestSupport
import Foundation
import Testing

@testable import FoldoutBase
@testable import FoldoutModel

@Suite struct SlugMakeTests {
    @Test func slugsKeepLettersAndDigitsLowerCasedWithDashesBetweenWords() {
        #expect(Slug.make("Hello, World!") == "hello-world")
        #expect(Slug.make("how_this_course_works.md") == "how-this-course-works-md")
        #expect(Slug.make("  --Dogs & Cats--  ") == "dogs-cats")
        #expect(Slug.make("Item 10") == "item-10")
        #expect(Slug.make("") == "")
        #expect(Slug.make("!?") == "")
    }

    @Test func slugsKeepLettersOfEveryScript() {
        #expect(Slug.make("Café Olé") == "café-olé")
        #expect(Slug.make("ÀÉÎ") == "àéî")
        #expect(Slug.make("日本 語") == "日本-語")
        #expect(Slug.make("Ⅻ Σ") == "ⅻ-σ")
        #expect(Slug.make("a—b") == "a-b")
        #expect(Slug.make("हिन्दी भाषा") == "हिन्दी-भाषा")
    }

    /// Slugs are built on bytes; they must be what building a `String` scalar by scalar gives,
    /// composed first, with only letters and digits of each lower-cased scalar kept, and
    /// combining marks after them.
    @Test func byteSlugsEqualScalarByScalarSlugsOnGeneratedText() {
        func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isAlphabetic || scalar.properties.numericType != nil }
        func reference(_ text: String) -> String {
            var result = ""
            var pendingDash = false
            for scalar in text.precomposedStringWithCanonicalMapping.unicodeScalars {
                let kept =
                    scalar.isASCII
                    ? ("0"..."9").contains(scalar) || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
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
            #expect(Slug.make(text) == reference(text), "\(text.debugDescription)")
        }
    }

    @Test func readableTitlesFromFileNamesAndKeys() {
        #expect(Slug.readableTitle(fromFileName: "how_this_course_works.md") == "How this course works")
        #expect(Slug.readableTitle(fromFileName: "lesson_count") == "Lesson count")
        #expect(Slug.readableTitle(fromFileName: "notes.markdown") == "Notes")
        #expect(Slug.readableTitle(fromFileName: "a-b  c") == "A b c")
        #expect(Slug.readableTitle(fromFileName: "1st_place") == "1st place")
        #expect(Slug.readableTitle(fromFileName: "__") == "__")
        #expect(Slug.readableTitle(fromFileName: "") == "")
        #expect(Slug.readableTitle(fromFileName: "éclair_au_café.md") == "Éclair au café")
        #expect(Slug.readableTitle(fromFileName: "straße") == "Straße")
    }
}
