import FoldoutTestSupport
import Foundation
import Testing

@testable import FoldoutMarkdown

/// Every example of the GFM specification's table section, read from the copy kept in
/// Fixtures/gfm-spec-tables.txt, gives exactly the HTML cmark-gfm gives. None has raw HTML, so
/// the renderer's default (safe) mode is used; alignment takes cmark-gfm's `align` form, and
/// smart punctuation is off as in the specification's runs (example 7 keeps its `---`).
@Suite struct PipeTableSpecTests {
    struct Example: CustomTestStringConvertible {
        var number: Int
        var markdown: String
        var html: String
        var testDescription: String { "example \(number): \(markdown.debugDescription)" }
    }

    /// The table section of the GFM spec (0.29-gfm) has nine examples.
    static let specExampleCount = 9

    static let examples: [Example] = {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/gfm-spec-tables.txt").path
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        let fence = String(repeating: "`", count: 32)
        var examples: [Example] = []
        var markdown: [Substring]?
        var html: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == fence + " example table" {
                markdown = []
            } else if line == fence, let source = markdown, let output = html {
                let tab = { (lines: [Substring]) in lines.map { $0 + "\n" }.joined().replacingOccurrences(of: "→", with: "\t") }
                examples.append(Example(number: examples.count + 1, markdown: tab(source), html: tab(output)))
                markdown = nil
                html = nil
            } else if line == ".", markdown != nil, html == nil {
                html = []
            } else if html != nil {
                html!.append(line)
            } else if markdown != nil {
                markdown!.append(line)
            }
        }
        return examples
    }()

    @Test func theFileHoldsEveryExample() {
        #expect(Self.examples.count == Self.specExampleCount)
    }

    @Test(arguments: examples) func example(_ example: Example) {
        let renderer = MarkdownRenderer(
            options: .init(
                dropTitleHeading: false, tableAlignment: .alignAttribute,
                smartPunctuation: false))
        #expect(renderer.render(example.markdown).html == example.html)
    }
}
