import Mustache
import XCTest
@testable import FoldoutCore

/// Foldout's escaping must give byte for byte what swift-mustache's own HTML escaping gives.
final class HTMLEscapingTests: XCTestCase {
    private let reference = try! MustacheTemplate(string: "{{x}}")

    func testEscapesTheFiveCharacters() {
        XCTAssertEqual(HTMLEscaping.escape(#"<a href="x">Tom & Jerry's</a>"#),
                       "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;")
        XCTAssertEqual(HTMLEscaping.escape("plain"), "plain")
        XCTAssertEqual(HTMLEscaping.escape(""), "")
    }

    /// Random strings mixing the special characters with combining marks, prepended marks,
    /// emoji sequences, line breaks and plain text.
    func testMatchesSwiftMustacheOnGeneratedText() {
        var random = SplitMix64(seed: 3)
        let pieces = ["<", ">", "&", "\"", "'", "a", " ", "é", "e\u{301}", "\u{301}", "\u{338}", "\u{600}", "\u{200D}", "👍🏽",
                      "👨‍👩‍👧", "\r\n", "\n", "\r", "日本", "\u{FEFF}", "≮", "x<\u{338}y", "\u{E000}"]
        for _ in 0..<5000 {
            let text = (0..<random.next(12)).map { _ in random.pick(pieces) }.joined()
            XCTAssertEqual(HTMLEscaping.escape(text), reference.render(["x": text]), text.debugDescription)
        }
    }

    func testTemplatesEscapeLikeSwiftMustacheAndKeepTheirLines() throws {
        func file(_ path: String, _ text: String) -> TemplateSet.File { .init(path: path, bytes: Array(text.utf8)) }
        let text = "{{#items}}\n<li title=\"{{title}}\">{{{html}}}</li>\n{{/items}}\n{{> row}}\n"
        let templates = try TemplateSet(files: [file("base.html", text), file("home.html", ""), file("catalog.html", ""),
                                                file("item.html", ""), file("partials/row.html", "{{title}}\n")],
                                        displayRoot: "Templates")
        let context: [String: Any] = ["title": "A & B <c>", "items": [["title": "\"x\"", "html": "<b>"]]]
        var library = MustacheLibrary()
        library.register(try MustacheTemplate(string: text), named: "base")
        library.register(try MustacheTemplate(string: "{{title}}\n"), named: "row")
        XCTAssertEqual(templates.render("base", context), library.render(context, withTemplate: "base"))

        // A syntax error names the line swift-mustache names for the template as written.
        let broken = "ok\n{{#open}}\nnever closed\n"
        var expectedLine: Int?
        do { _ = try MustacheTemplate(string: broken) } catch let error as MustacheTemplate.ParserError { expectedLine = error.context.lineNumber }
        XCTAssertNotNil(expectedLine)
        XCTAssertThrowsError(try TemplateSet(files: [file("base.html", broken), file("home.html", ""),
                                                     file("catalog.html", ""), file("item.html", "")], displayRoot: "Templates")) { error in
            let diagnostic = (error as? BuildFailure)?.diagnostics.first
            XCTAssertEqual(diagnostic?.path, "Templates/base.html")
            XCTAssertEqual(diagnostic?.line, expectedLine)
        }
    }
}
