import FoldoutTestSupport
import Testing

@testable import FoldoutMarkdown

/// Which front matter values name image files, so the Markdown stage looks them up.
@Suite struct FieldValueImageTests {
    /// Field values naming image files (`photo: rex.PNG`) are found by their last bytes.
    @Test func fieldValuesNamingImagesAreRecognised() {
        let suffixes = [".png", ".jpg", ".jpeg", ".gif", ".webp", ".avif", ".svg"]
        var random = SplitMix64(seed: 4)
        let pieces = ["rex", ".", "png", "PnG", "jpeg", "JPG", "gif", "webp", "avif", "svg", "s", "é", "/", ".pn", "g"]
        for _ in 0..<5000 {
            let text = (0..<random.next(5)).map { _ in random.pick(pieces) }.joined()
            let expected = suffixes.contains { text.lowercased().hasSuffix($0) }
            #expect(FieldValue.string(text).looksLikeImage == expected, "\(text)")
        }
        #expect(!FieldValue.integer(3).looksLikeImage)
    }
}
