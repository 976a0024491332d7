import FoldoutTestSupport
import Mustache
import Testing

@testable import FoldoutBase
@testable import FoldoutModel
@testable import FoldoutPresentation
@testable import FoldoutRendering

/// Foldout's own run of the templates must give byte for byte what swift-mustache gives, and
/// must hand back (nil) whatever it does not cover.
@Suite struct CompiledTemplatesTests {
    private func templates(_ pages: [String: String], partials: [String: String] = [:]) throws -> TemplateSet {
        var files = ["base", "home", "catalog", "item"].map { TemplateSet.File(path: $0 + ".html", bytes: Array((pages[$0] ?? "").utf8)) }
        files += pages.filter { !["base", "home", "catalog", "item"].contains($0.key) }
            .map { TemplateSet.File(path: $0.key + ".html", bytes: Array($0.value.utf8)) }
        files += partials.map { TemplateSet.File(path: "partials/" + $0.key + ".html", bytes: Array($0.value.utf8)) }
        return try TemplateSet(files: files, displayRoot: "Templates")
    }

    private func compiled(_ set: TemplateSet, _ name: String, _ context: TemplateContext) -> String? {
        set.compiled.render(name, context).map { String(decoding: $0, as: UTF8.self) }
    }

    /// A template using every kind of tag covered, standalone lines and inline ones, against
    /// generated contexts that mix every kind of value, present and missing keys, keys found
    /// further out in the stack, and text that needs escaping. swift-mustache renders each
    /// context's `dictionary`, as it does for the templates `CompiledTemplates` hands back.
    @Test func matchesSwiftMustacheOnGeneratedContexts() throws {
        let page = """
            <h1 title="{{title}}">{{title}}</h1>{{{html}}}{{& html}}
              {{#flag}}on {{count}}{{/flag}}{{^flag}}off{{/flag}} {{flag}} {{ratio}} {{ missing }}
            {{#rows}}
            <li id="{{id}}">{{name}} in {{title}}{{#image}}<img src="{{url}}" alt="{{alt}}">{{/image}}{{^image}}-{{/image}}</li>
            {{#children}}{{> child}}{{/children}}
            {{^children}}no children of {{name}}{{/children}}
              {{#tags}}[{{.name}}|{{name}}]{{/tags}}
            {{/rows}}
            {{^rows}}nothing{{/rows}}{{meta.owner}} {{meta.owner.name}} {{#meta}}{{owner}}/{{title}}{{/meta}} {{missing.key}}
            {{#title}}[{{title}}]{{/title}}{{^title}}never{{/title}}{{#count}}#{{count}}{{/count}}
            {{! a comment }}
            {{=<% %>=}}
            <% title %> <%={{ }}=%>
            {{> child}}
            {{% CONTENT_TYPE: TEXT}}
            raw {{title}}
            """
        let set = try templates(["item": page], partials: ["child": "<i>{{name}}{{count}}</i>\n"])
        var random = SplitMix64(seed: 9)
        let texts = ["", "a", "Tom & Jerry", "<b>bold</b>", "\"q\" 'a'", "é<\u{301}", "\"\u{301}", "日本", "\n", "{{title}}"]
        func text() -> String { random.pick(texts) + random.pick(texts) }
        func key(_ name: String) -> TemplateKey { TemplateKey(name) }
        for _ in 0..<600 {
            let rows: [TemplateContext] = (0..<random.next(3)).map { _ in
                var row: TemplateContext = [
                    key("id"): .text(text()), key("name"): .text(text()),
                    key("image"): random.next(2) == 0 ? false : .context([key("url"): .text(text()), key("alt"): .text(text())]),
                    key("children"): .list((0..<random.next(2)).map { _ in [key("name"): .text(text())] }),
                ]
                if random.next(2) == 0 { row[key("count")] = .number(random.next(1000) - 500) }
                if random.next(2) == 0 { row[key("tags")] = [[key("name"): .text(text())], [:]] }
                return row
            }
            var context: TemplateContext = [
                key("html"): random.next(2) == 0 ? .text(text()) : .html(Array(text().utf8)), key("flag"): .flag(random.next(2) == 0),
                key("count"): .number(random.next(100)), key("ratio"): .number(-random.next(8)), key("rows"): .list(rows),
                key("meta"): .context([key("owner"): .text(text())]),
            ]
            if random.next(4) > 0 { context[key("title")] = .text(text()) }
            let expected = set.renderThroughSwiftMustache("item", context)
            #expect(compiled(set, "item", context) == expected)
            #expect(set.render("item", context) == expected)
        }
    }

    /// A template prepared with its root's `title` and `html` left open, then filled in, gives
    /// what running it with those values gives: the slots printed escaped and raw, in
    /// sections, inverted sections, with a leading dot, and shadowed inside rows.
    @Test func preparedTemplatesFilledInRenderAsTheTemplate() throws {
        let page = """
            <title>{{title}}</title>{{{html}}}{{&title}}
            {{#title}}[{{title}}|{{.title}}]{{/title}}{{^title}}never{{/title}}{{#html}}<{{html}}>{{/html}}
            {{#rows}}<li>{{title}} {{.title}} {{html}}</li>{{/rows}}
            {{> child}}{{.html}}
            """
        let set = try templates(["base": page], partials: ["child": "<i>{{title}}</i>\n"])
        var random = SplitMix64(seed: 4)
        let texts = ["", "a", "Tom & Jerry", "<b>bold</b>", "\"q\" 'a'", "日本"]
        let title = TemplateKey("title"), html = TemplateKey("html"), rows = TemplateKey("rows")
        var open: TemplateContext = [title: "", html: "", rows: [[title: "row"], [:]]]
        let prepared = try #require(set.compiled.prepare("base", open, slots: [title, html]))
        for _ in 0..<100 {
            let values: [TemplateValue] = [.text(random.pick(texts)), .html(Array(random.pick(texts).utf8))]
            open[title] = values[0]
            open[html] = values[1]
            var output = PageBytes(capacity: 0)
            let filled = set.compiled.fill(prepared, into: &output) { slot, escaper, output in
                set.compiled.write(values[slot], escaper, to: &output)
            }
            let bytes = output.array()
            #expect(filled)
            #expect(bytes == set.compiled.render("base", open))
        }
    }

    /// What is not covered is handed to swift-mustache: the answer is nil, and
    /// `TemplateSet.render` still gives swift-mustache's text.
    @Test func handsBackWhatItDoesNotCover() throws {
        let name = TemplateKey("name"), list = TemplateKey("list"), title = TemplateKey("title")
        let cases: [(template: String, context: TemplateContext)] = [
            ("{{uppercased(title)}}", [title: "a"]),
            ("{{#list}}{{.}}{{/list}}", [list: [[name: "a"], [name: "b"]]]),
            ("{{#list}}{{first()}}{{/list}}", [list: [[name: "a"], [name: "b"]]]),
            ("<p>\n  {{> child}}\n</p>", [name: "x"]),
            ("{{>*dynamic}}", [TemplateKey("dynamic"): "child"]),
            ("{{<child}}{{$block}}x{{/block}}{{/child}}", [name: "x"]),
            ("{{title}}", [title: .context([TemplateKey("a"): "b"])]),
            ("{{rows}}", [TemplateKey("rows"): [[TemplateKey("a"): 1]]]),
        ]
        for (template, context) in cases {
            let set = try templates(["item": template], partials: ["child": "<i>{{name}}</i>\n"])
            #expect(set.compiled.render("item", context) == nil, "\(template)")
            #expect(set.render("item", context) == set.renderThroughSwiftMustache("item", context), "\(template)")
        }
        // A partial with swift-mustache's own escaping (not switched by `TemplateSet`'s pragma).
        var library = MustacheLibrary()
        library.register(try MustacheTemplate(string: "{{% CONTENT_TYPE: TEXT}}\n{{> child}}"), named: "page")
        library.register(try MustacheTemplate(string: "{{name}}"), named: "child")
        let compiled = CompiledTemplates(library: library, names: ["page", "child"])
        #expect(compiled.render("page", [name: "<b>"]) == nil)
        #expect(compiled.render("page", [TemplateKey("other"): "<b>"]).map { String(decoding: $0, as: UTF8.self) } == "")
    }

    /// A quote followed by a combining mark is escaped, like every quote (see `MarkupEscaping`).
    @Test func escapesLikeFoldoutsEscaping() throws {
        let set = try templates(["item": "<a title=\"{{title}}\">{{title}}</a>"])
        let title = "x\"\u{301} onmouseover=alert(1) <b>&"
        #expect(
            compiled(set, "item", [.title: .text(title)])
                == "<a title=\"\(MarkupEscaping.html(title))\">\(MarkupEscaping.html(title))</a>")
        #expect(compiled(set, "item", [.title: .text(title)]) == set.renderThroughSwiftMustache("item", [.title: .text(title)]))
    }

    /// The default templates with the presenter's contexts for a small site: every template
    /// runs without handing anything back.
    @Test func defaultTemplatesAreCoveredAndRenderTheSiteAsSwiftMustacheDoes() throws {
        var files: [String: String] = ["_index.md": "---\ntitle: Shelter & Co\n---\n"]
        files["pets/_index.md"] = "---\ntitle: Pets\nrow:\n  secondary: \"{{age}} years\"\n  badges: [status]\n---\nOur <pets>.\n"
        files["pets/dogs/_index.md"] = "---\ntitle: Dogs\n---\n"
        for index in 0..<12 {
            let extra = index % 3 == 0 ? "date: 2026-05-0\(index % 9 + 1)\nstatus: adopted\n" : "link: https://example.org/\(index)\n"
            files["pets/dogs/dog-\(index).md"] = "---\ntitle: \"Dog \(index) & <friends>\"\nage: \(index)\n\(extra)tags: [a, b\(index % 2)]\n---\nA 'good' dog.\n"
        }
        let site = try MemorySite(files).report().site
        let set = try TemplateSet(files: DefaultTemplates.files, displayRoot: "t")
        var problems: [Diagnostic] = []
        let presenter = SitePresenter(
            site: site,
            configurations: CatalogPresentation.read(
                site, displayPath: { $0 }, lines: { _, _ in nil },
                diagnostics: &problems),
            tagIndex: TagIndex(site: site))
        let catalog = try #require(site.catalogs.first)
        #expect(catalog.allItems.count == 12)
        var contexts: [(String, TemplateContext)] = [("home", presenter.homeContext()), ("catalog", presenter.catalogContext(catalog))]
        for item in catalog.allItems {
            contexts.append(("item", presenter.itemContext(item, catalog: catalog)))
            var layout = presenter.layoutContext(pagePath: item.outputPath, currentCatalog: catalog.id)
            layout[.content] = .html(Array("<p>\(item.title)</p>".utf8))
            layout[.title] = .text(item.title)
            layout[.isHome] = false
            layout[.kind] = "item"
            contexts.append(("base", layout))
        }
        for (name, context) in contexts {
            #expect(compiled(set, name, context) == set.renderThroughSwiftMustache(name, context), "\(name)")
        }
    }
}
