import FoldoutModel
import FoldoutRendering
import FoldoutTestSupport
import Testing

/// An item page shows each field as what it is: long text as paragraphs, records and long
/// lists as lists, maps as small tables; other tools' settings only when `fields:` names them.
@Suite struct FieldShapeTests {
    static let story = String(repeating: "Rex came to the shelter in spring and likes long walks. ", count: 4)
    static let files: [String: String] = [
        "pets/_index.md": page("title: Shelter"),
        "pets/rex.md": page(
            """
            title: Rex
            story: "\(story)\\n\\nHe is calm with kids."
            photos_list:
              - path: /img/rex-1.jpg
                caption: Rex asleep
              - path: /img/rex-2.jpg
            vet: {name: Dr Ada, phone: 555-0100}
            toys: [ball, rope, squeaky duck, a very long name of a chewing toy, and one more toy]
            colours: [brown, white]
            "cSpell:ignore": [Rexy]
            _build: {render: never}
            cascade: {type: docs}
            body_class: td-home
            disableToc: true
            """),
    ]

    @Test func valuesAreShownByTheirShape() throws {
        let html = try MemorySite(Self.files).report().html("pets/rex.html")
        let paragraphs = html.components(separatedBy: #"<div class="field field-story field-wide">"#).dropFirst().first ?? ""
        #expect(paragraphs.hasPrefix("\n<dt>Story</dt>\n<dd><p>Rex came"), "\(paragraphs.prefix(200))")
        #expect(paragraphs.contains("</p><p>He is calm with kids.</p></dd>"))
        // Records in a list: one small table each, never `path: /img/…, path: …`.
        #expect(html.contains(#"<ul class="field-list"><li><table class="field-map"><tr><th scope="row">Path</th><td>/img/rex-1.jpg</td></tr>"#))
        #expect(!html.contains("path: /img"))
        #expect(html.contains(#"<table class="field-map"><tr><th scope="row">Name</th><td>Dr Ada</td></tr><tr><th scope="row">Phone</th><td>555-0100</td></tr></table>"#))
        #expect(html.contains(#"<ul class="field-list"><li>ball</li><li>rope</li>"#))
        // A few words stay on one line.
        #expect(html.contains("<dd>brown, white</dd>"))
    }

    @Test func otherToolsSettingsAreHiddenUnlessDeclared() throws {
        let html = try MemorySite(Self.files).report().html("pets/rex.html")
        let labels = html.components(separatedBy: "<dt>").dropFirst().map { String($0.prefix { $0 != "<" }) }
        #expect(labels == ["Story", "Photos list", "Vet", "Toys", "Colours"])
        var files = Self.files
        files["pets/_index.md"] = page("title: Shelter\nfields: [vet, cascade]")
        let declared = try MemorySite(files).report().html("pets/rex.html")
        #expect(declared.components(separatedBy: "<dt>").dropFirst().map { String($0.prefix { $0 != "<" }) } == ["Vet", "Cascade"])
    }

    /// hugo-theme-learn's `chapter: true` and `pre: "<b>2. </b>"` are its settings; a
    /// book's `chapter: 3` and a plain `pre:` are the item's fields.
    @Test func learnsSettingsAreHiddenByTheirShape() throws {
        let files: [String: String] = [
            "docs/_index.md": page("title: Docs"),
            "docs/basics.md": page("title: Basics\nchapter: true\npre: \"<b>1. </b>\"\npost: \"<i class='fa fa-star'></i>\"\nmenuTitle: Start\nlevel: easy"),
            "docs/book.md": page("title: Book\nchapter: 3\npre: 2 < 3 and more\npost: Sent by mail"),
        ]
        let report = try MemorySite(files).report()
        func labels(_ path: String) -> [String] {
            report.html(path).components(separatedBy: "<dt>").dropFirst().map { String($0.prefix { $0 != "<" }) }
        }
        #expect(labels("docs/basics.html") == ["Level"])
        #expect(labels("docs/book.html") == ["Chapter", "Pre", "Post"])
        var declared = files
        declared["docs/_index.md"] = page("title: Docs\nfields: [chapter, pre]")
        #expect(try MemorySite(declared).report().html("docs/basics.html").components(separatedBy: "<dt>").count == 3)
    }

    /// Long text that uses Markdown, and a field declared `type: markdown`, are rendered by
    /// cmark with the bodies' safety; plain long text stays paragraphs of text.
    @Test func markdownInAValueIsRendered() throws {
        let files: [String: String] = [
            "pets/_index.md": page(
                """
                title: Shelter
                fields:
                  notes: {type: markdown, show: [page]}
                  history: {type: text, show: [page]}
                  care: {type: text, show: [page]}
                """),
            "pets/tom.md": page("title: Tom"),
            "pets/rex.md": page(
                #"""
                title: Rex
                notes: "*Calm*, see [Tom](tom.md#top), [Tom's page](tom), [gone](./gone) and <script>alert(1)</script><kbd>sit</kbd> [x](javascript:alert(1))"
                history: "\#(Self.story)\n\n- walks\n- **naps**"
                care: "\#(Self.story)"
                """#),
        ]
        let html = try MemorySite(files).report().html("pets/rex.html")
        // The value's own markup: up to the end of its field (the page goes on with its scripts).
        let notes =
            (html.components(separatedBy: #"<div class="field field-notes field-wide">"#).dropFirst().first ?? "")
            .components(separatedBy: "</div>").first ?? ""
        #expect(notes.contains("<em>Calm</em>"), "\(notes.prefix(300))")
        // A link to a page of the site leads to it, as in a body.
        #expect(notes.contains(#"<a href="tom.html#top">Tom</a>"#))
        #expect(notes.contains(#"<a href="tom.html">Tom’s page</a>"#))
        // A link to no page is its text: nothing here could warn about it.
        #expect(notes.contains(", gone and") && !notes.contains("./gone"))
        // The raw-HTML allowlist: the script goes, `kbd` stays, the unsafe URL is dropped.
        #expect(!notes.contains("<script") && !notes.contains("alert(1)</script>"))
        #expect(notes.contains("<kbd>sit</kbd>"))
        #expect(!notes.contains("javascript:"))
        let history = html.components(separatedBy: #"<div class="field field-history field-wide">"#).dropFirst().first ?? ""
        #expect(history.contains("<li>walks</li>") && history.contains("<strong>naps</strong>"), "\(history.prefix(400))")
        let care = html.components(separatedBy: #"<div class="field field-care field-wide">"#).dropFirst().first ?? ""
        #expect(care.hasPrefix("\n<dt>Care</dt>\n<dd><p>Rex came"), "\(care.prefix(200))")
    }

    /// Docsy's posts give `author: '[Ann](https://…)'`: a value holding a link is rendered at
    /// any length; short text with other marks (`__init__`) stays as written.
    @Test func aShortValueHoldingALinkIsRendered() throws {
        let files: [String: String] = [
            "pets/_index.md": page("title: Shelter"),
            "pets/rex.md": page("title: Rex\nauthor: '[Patrice Chalin](https://github.com/chalin)'\nmethod: __init__"),
        ]
        let html = try MemorySite(files).report().html("pets/rex.html")
        #expect(html.contains(#"<a href="https://github.com/chalin">Patrice Chalin</a>"#), "\(html)")
        #expect(!html.contains("[Patrice Chalin]"))
        #expect(html.contains("<dd>__init__</dd>"))
    }

    @Test func aHeadingInAValueTakesNoIdFromThePage() throws {
        let files: [String: String] = [
            "pets/_index.md": page("title: Shelter\nfields:\n  notes: {type: markdown, show: [page]}"),
            "pets/rex.md": page("title: Rex\nnotes: \"## Care\\n\\nDaily walks.\"", "## Care\n\nHe naps.\n"),
        ]
        let html = try MemorySite(files).report().html("pets/rex.html")
        #expect(html.components(separatedBy: #"id="care""#).count == 2, "one element has the id")
        #expect(html.contains("<h2>Care</h2>"))
    }
}
