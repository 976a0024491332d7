import Foundation
import Testing
@testable import FoldoutRendering

/// `TemplateSet.trimmed` stands in for Foundation's `trimmingCharacters(in:
/// .whitespacesAndNewlines)` when reading tags: it must give the same text for any input.
@Suite struct TemplateTagTrimTests {
    @Test func trimsAsFoundationDoes() {
        let pieces = ["", " ", "\t", "\n", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{2028}", "\u{3000}", "\u{301}",
                      "name", "#section", "> partial", "a b", "é", "{", "}", "\u{0}", "\u{1F}", "\u{7F}"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            let text = (0..<Int.random(in: 0...5, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            #expect(TemplateSet.trimmed(text) == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(Array(text.unicodeScalars))")
        }
    }

    @Test func tagsOfTheDefaultTemplatesAreUnchanged() {
        for file in DefaultTemplates.files where file.path.hasSuffix(".html") {
            let text = String(decoding: file.bytes, as: UTF8.self)
            for tag in TemplateSet.tags(in: text) {
                #expect(tag.name == tag.name.trimmingCharacters(in: .whitespacesAndNewlines))
            }
        }
    }
}
