import FoldoutBase
import FoldoutTestSupport
import Mustache
import Testing

@testable import FoldoutPresentation
@testable import FoldoutRendering

/// Every template escapes `{{value}}` with Foldout's one escaper (`MarkupEscaping`, tested
/// in FoldoutBaseTests), switched on by a pragma put before each template.
@Suite struct HTMLEscapingTests {
    @Test func valuesGoThroughFoldoutsEscaper() throws {
        func file(_ path: String, _ text: String) -> TemplateSet.File { .init(path: path, bytes: Array(text.utf8)) }
        let text = "<a title=\"{{title}}\">{{title}}</a>\n"
        let templates = try TemplateSet(
            files: [
                file("base.html", text), file("home.html", ""), file("catalog.html", ""),
                file("item.html", ""), file("partials/row.html", ""),
            ],
            displayRoot: "Templates")
        let title = "x\"\u{301} onmouseover=alert(1) <b>&\u{0}"
        #expect(
            templates.render("base", [.title: .text(title)])
                == "<a title=\"\(MarkupEscaping.html(title))\">\(MarkupEscaping.html(title))</a>\n")
    }

    /// The escaping pragma put before every template leaves no trace in the output.
    @Test func templatesRenderAsWrittenWhenNothingNeedsEscaping() throws {
        func file(_ path: String, _ text: String) -> TemplateSet.File { .init(path: path, bytes: Array(text.utf8)) }
        let text = "{{#items}}\n<li title=\"{{title}}\">{{{html}}}</li>\n{{/items}}\n{{> row}}\n"
        let templates = try TemplateSet(
            files: [
                file("base.html", text), file("home.html", ""), file("catalog.html", ""),
                file("item.html", ""), file("partials/row.html", "{{title}}\n"),
            ],
            displayRoot: "Templates")
        let context: TemplateContext = [.title: "A and B", TemplateKey("items"): [[.title: "x", TemplateKey("html"): "<b>"]]]
        var library = MustacheLibrary()
        library.register(try MustacheTemplate(string: text), named: "base")
        library.register(try MustacheTemplate(string: "{{title}}\n"), named: "row")
        #expect(templates.render("base", context) == library.render(context.dictionary, withTemplate: "base"))
    }
}
