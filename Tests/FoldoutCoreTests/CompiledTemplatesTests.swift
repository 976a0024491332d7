import XCTest
@testable import FoldoutCore

/// The shape cache must give byte for byte what swift-mustache gives, whatever the context.
final class TemplateShapeCacheTests: XCTestCase {
    private func templates(_ pages: [String: String], partials: [String: String] = [:]) throws -> TemplateSet {
        var files = ["base", "home", "catalog", "item"].map { TemplateSet.File(path: $0 + ".html", bytes: Array((pages[$0] ?? "").utf8)) }
        files += pages.filter { !["base", "home", "catalog", "item"].contains($0.key) }
            .map { TemplateSet.File(path: $0.key + ".html", bytes: Array($0.value.utf8)) }
        files += partials.map { TemplateSet.File(path: "partials/" + $0.key + ".html", bytes: Array($0.value.utf8)) }
        return try TemplateSet(files: files, displayRoot: "Templates")
    }

    func testTurnsAwayTemplatesThatLookAtTheTextOfValues() {
        for source in ["{{uppercased(title)}}", "{{.}}", "{{#tags}}{{.}}{{/tags}}", "  {{> row}}\n", "a\n\t{{>row}}", "{{>*name}}",
                       "{{=<% %>=}}", "{{<parent}}{{/parent}}", "{{$block}}x{{/block}}", "\u{E000}", "{{#empty(list)}}x{{/empty(list)}}"] {
            XCTAssertFalse(TemplateShapeCache.canTrace(source), source)
        }
        for source in ["{{title}}", "{{{html}}}", "{{& html}}", "{{#list}}{{name}}{{/list}}{{^list}}none{{/list}}", "x {{> row}}",
                       "{{> row}}\n", "{{! a comment }}", "{{item.title}}", "{{% CONTENT_TYPE: TEXT}}\n{{title}}"] {
            XCTAssertTrue(TemplateShapeCache.canTrace(source), source)
        }
    }

    func testDefaultTemplatesAreTraced() throws {
        XCTAssertTrue(TemplateShapeCache(templates: try TemplateSet(files: DefaultTemplates.files, displayRoot: "t")).isEnabled)
    }

    /// A template using every kind of tag the cache allows, against generated contexts that
    /// share shapes (so most renders come from traced programs) and differ in text.
    func testMatchesSwiftMustacheOnGeneratedContexts() throws {
        let page = """
            <h1 title="{{title}}">{{title}}</h1>{{{html}}}{{& html}}
            {{#flag}}on {{count}}{{/flag}}{{^flag}}off{{/flag}} {{flag}} {{ratio}}
            {{#rows}}
            <li id="{{id}}">{{name}} in {{title}}{{#image}}<img src="{{url}}" alt="{{alt}}">{{/image}}{{^image}}-{{/image}}</li>
            {{#children}}{{> child}}{{/children}}
            {{/rows}}
            {{^rows}}nothing{{/rows}}{{meta.owner}} {{#meta}}{{owner}}/{{title}}{{/meta}} {{missing}}
            {{#title}}[{{title}}]{{/title}}{{^title}}never{{/title}}
            {{% CONTENT_TYPE: TEXT}}
            raw {{title}}
            """
        let set = try templates(["item": page], partials: ["child": "<i>{{name}}{{count}}</i>\n"])
        let cache = TemplateShapeCache(templates: set)
        XCTAssertTrue(cache.isEnabled)
        var random = SplitMix64(seed: 9)
        let texts = ["", "a", "Tom & Jerry", "<b>bold</b>", "\"q\" 'a'", "é<\u{301}", "x\u{E000}1&\u{E001}y", "日本", "\n", "{{title}}"]
        func text() -> String { random.pick(texts) + random.pick(texts) }
        for _ in 0..<600 {
            // Few choices for the structure, so shapes repeat and traces are reused.
            let rows: [[String: Any]] = (0..<random.next(3)).map { _ in
                var row: [String: Any] = ["id": text(), "name": text(),
                                          "image": random.next(2) == 0 ? false : ["url": text(), "alt": text()] as [String: Any],
                                          "children": (0..<random.next(2)).map { _ in ["name": text()] }]
                if random.next(2) == 0 { row["count"] = random.next(1000) - 500 }
                return row
            }
            let context: [String: Any] = [
                "title": text(), "html": text(), "flag": random.next(2) == 0, "count": random.next(100),
                "ratio": Double(random.next(8)) / 4, "rows": rows, "meta": ["owner": text()] as [String: Any],
            ]
            XCTAssertEqual(cache.render("item", context), set.render("item", context))
        }
    }

    /// The default templates with the presenter's real contexts for a small site, items of
    /// one group rendered through traced programs.
    func testDefaultTemplatesRenderTheSiteAsSwiftMustacheDoes() throws {
        var files: [String: String] = ["/site/Content/_index.md": "---\ntitle: Shelter & Co\n---\n"]
        files["/site/Content/pets/_index.md"] = "---\ntitle: Pets\n---\nOur <pets>.\n"
        files["/site/Content/pets/dogs/_index.md"] = "---\ntitle: Dogs\n---\n"
        for index in 0..<12 {
            let extra = index % 3 == 0 ? "date: 2026-05-0\(index % 9 + 1)\n" : "link: https://example.org/\(index)\n"
            files["/site/Content/pets/dogs/dog-\(index).md"] = "---\ntitle: \"Dog \(index) & <friends>\"\nage: \(index)\n\(extra)tags: [a, b\(index % 2)]\n---\nA 'good' dog.\n"
        }
        let options = BuildOptions(contentPath: "/site/Content", templatesPath: nil, outputPath: "/site/Output",
                                   contentDisplayName: "Content", fileSystem: .memory(files))
        let site = try Builder(options: options).makeSnapshot().site
        let set = try TemplateSet(files: DefaultTemplates.files, displayRoot: "t")
        let cache = TemplateShapeCache(templates: set)
        let presenter = SitePresenter(site: site)
        let catalog = try XCTUnwrap(site.catalogs.first)
        XCTAssertEqual(catalog.allItems.count, 12)
        for item in catalog.allItems {
            let context = presenter.itemContext(item, catalog: catalog)
            XCTAssertEqual(cache.render("item", context), set.render("item", context))
            var layout = presenter.layoutContext(pagePath: item.outputPath, currentCatalog: catalog.id)
            layout["content"] = "<p>\(item.title)</p>"
            layout["title"] = item.title
            layout["isHome"] = false
            layout["kind"] = "item"
            XCTAssertEqual(cache.render("base", layout), set.render("base", layout))
        }
    }
}
