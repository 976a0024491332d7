import XCTest
@testable import FoldoutCore

/// Every page the renderer makes (through the shape cache and the per-folder layouts) must
/// be byte for byte what swift-mustache makes from the presenter's contexts directly.
final class SiteRendererCachingTests: XCTestCase {
    func testEveryPageIsWhatSwiftMustacheMakesDirectly() throws {
        var files: [String: String] = ["/s/Content/_index.md": "---\ntitle: Shelter & Co\ndescription: Pets \"and\" courses\n---\nHello <there>.\n"]
        func add(_ path: String, _ text: String) { files["/s/Content/" + path] = text }
        add("pets/_index.md", "---\ntitle: Pets\n---\nOur pets.\n")
        add("pets/dogs/_index.md", "---\ntitle: Dogs\nexpanded: true\n---\n")
        add("pets/dogs/terriers/_index.md", "---\ntitle: Terriers\n---\n")
        add("pets/cats/_index.md", "---\ntitle: Cats & kittens\n---\n")
        add("courses/_index.md", "---\ntitle: Courses\n---\n")
        add("courses/swift/_index.md", "---\ntitle: Swift\n---\n")
        for index in 0..<9 {
            let folder = ["pets/dogs/terriers", "pets/dogs", "pets/cats", "courses/swift"][index % 4]
            let extra = index % 3 == 0 ? "date: 2026-05-0\(index + 1)\nimage: https://example.org/\(index).png\n" : "status: adopted\n"
            add("\(folder)/item-\(index).md", "---\ntitle: \"Item \(index) <\(index % 2)>\"\nage: \(index)\n\(extra)tags: [a\(index % 2)]\n---\n# Heading\n\nText 'quoted' & more.\n")
        }
        add("loose.md", "---\ntitle: Loose\n---\nA page at the top.\n")
        let options = BuildOptions(contentPath: "/s/Content", templatesPath: nil, outputPath: "/s/Output",
                                   contentDisplayName: "Content", fileSystem: .memory(files))
        let report = try Builder(options: options).makeSnapshot()
        let site = report.site
        let templates = try TemplateSet(files: DefaultTemplates.files, displayRoot: "t")
        let presenter = SitePresenter(site: site)

        func direct(path: String, template: String, context: [String: Any], title: String, kind: String, catalog: String?) -> String {
            var layout = presenter.layoutContext(pagePath: path, currentCatalog: catalog)
            layout["content"] = templates.render(template, context)
            layout["title"] = title
            layout["isHome"] = kind == "home"
            layout["kind"] = kind
            return templates.render("base", layout)
        }
        var expected: [String: String] = [:]
        expected["index.html"] = direct(path: "index.html", template: "home", context: presenter.homeContext(),
                                        title: site.title, kind: "home", catalog: nil)
        for catalog in site.catalogs {
            expected[catalog.outputPath] = direct(path: catalog.outputPath, template: "catalog", context: presenter.catalogContext(catalog),
                                                  title: catalog.title, kind: "catalog", catalog: catalog.id)
            for item in catalog.allItems {
                expected[item.outputPath] = direct(path: item.outputPath, template: "item", context: presenter.itemContext(item, catalog: catalog),
                                                   title: item.title, kind: "item", catalog: catalog.id)
            }
        }
        for item in site.looseItems?.allItems ?? [] {
            expected[item.outputPath] = direct(path: item.outputPath, template: "item", context: presenter.itemContext(item, catalog: nil),
                                               title: item.title, kind: "item", catalog: nil)
        }
        XCTAssertEqual(expected.count, 13)
        for (path, html) in expected {
            XCTAssertEqual(report.snapshot.text(at: path), html, path)
        }
    }
}
