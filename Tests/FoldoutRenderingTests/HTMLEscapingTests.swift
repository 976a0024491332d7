import Mustache
import Testing
@testable import FoldoutPresentation
@testable import FoldoutRendering
import FoldoutTestSupport

/// Foldout's escaping replaces the five special characters wherever their bytes stand, even
/// where Unicode joins them with a following mark into one character (which swift-mustache's
/// own escaping let through), and returns other text unchanged.
@Suite struct HTMLEscapingTests {
    @Test func escapesTheFiveCharacters() {
        #expect(HTMLEscaping.escape(#"<a href="x">Tom & Jerry's</a>"#)
            == "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;")
        #expect(HTMLEscaping.escape("plain") == "plain")
        #expect(HTMLEscaping.escape("") == "")
        #expect(HTMLEscaping.escape("x\"\u{301} y") == "x&quot;\u{301} y")
    }

    /// Random strings mixing the special characters with combining marks, prepended marks,
    /// emoji sequences, line breaks and plain text, against a replacement scalar by scalar.
    @Test func replacesEverySpecialScalarOnGeneratedText() {
        let entities: [Unicode.Scalar: String] = ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;"]
        var random = SplitMix64(seed: 3)
        let pieces = ["<", ">", "&", "\"", "'", "a", " ", "é", "e\u{301}", "\u{301}", "\u{338}", "\u{600}", "\u{200D}", "👍🏽",
                      "👨‍👩‍👧", "\r\n", "\n", "\r", "日本", "\u{FEFF}", "≮", "x<\u{338}y", "\u{E000}"]
        for _ in 0..<5000 {
            let text = (0..<random.next(12)).map { _ in random.pick(pieces) }.joined()
            let escaped = HTMLEscaping.escape(text)
            #expect(escaped == text.unicodeScalars.map { entities[$0] ?? String($0) }.joined(), "\(text.debugDescription)")
            #expect(!escaped.utf8.contains { "<>\"'".utf8.contains($0) }, "\(text.debugDescription)")
        }
    }

    /// The escaping pragma put before every template leaves no trace in the output.
    @Test func templatesRenderAsWrittenWhenNothingNeedsEscaping() throws {
        func file(_ path: String, _ text: String) -> TemplateSet.File { .init(path: path, bytes: Array(text.utf8)) }
        let text = "{{#items}}\n<li title=\"{{title}}\">{{{html}}}</li>\n{{/items}}\n{{> row}}\n"
        let templates = try TemplateSet(files: [file("base.html", text), file("home.html", ""), file("catalog.html", ""),
                                                file("item.html", ""), file("partials/row.html", "{{title}}\n")],
                                        displayRoot: "Templates")
        let context: TemplateContext = [.title: "A and B", TemplateKey("items"): [[.title: "x", TemplateKey("html"): "<b>"]]]
        var library = MustacheLibrary()
        library.register(try MustacheTemplate(string: text), named: "base")
        library.register(try MustacheTemplate(string: "{{title}}\n"), named: "row")
        #expect(templates.render("base", context) == library.render(context.dictionary, withTemplate: "base"))
    }
}
