import FoldoutImages
import FoldoutTestSupport
import Testing

@testable import FoldoutBase
@testable import FoldoutBuild
@testable import FoldoutMarkdown
@testable import FoldoutModel
@testable import FoldoutPresentation
@testable import FoldoutRendering

/// Every page the renderer makes (through `CompiledTemplates` and the per-folder layouts) must
/// be byte for byte what swift-mustache makes from the presenter's contexts directly.
@Suite struct SiteRendererCachingTests {
    /// The example site: catalogs with row settings, badges, query sections, grids, tags.
    @Test func exampleSitePagesAreWhatSwiftMustacheMakesDirectly() throws {
        let root = Fixture.packageRoot().path
        let options = BuildOptions(
            contentPath: root + "/Content", templatesPath: nil, outputPath: root + "/Output-unused",
            contentDisplayName: "Content")
        try checkEveryPage(of: try Builder(options: options).makeSnapshot(), expectedCount: nil)
    }

    /// Escaping in every kind of value, loose items, a base URL (the 404 page's links are absolute).
    @Test func generatedSitePagesAreWhatSwiftMustacheMakesDirectly() throws {
        var files: [String: String] = ["_index.md": "---\ntitle: Shelter & Co\ndescription: Pets \"and\" courses\nbase_url: https://example.org/x/\n---\nHello <there>.\n"]
        func add(_ path: String, _ text: String) { files[path] = text }
        add("pets/_index.md", "---\ntitle: Pets\nrow:\n  secondary: \"{{age}} years\"\n  badges: [status]\n---\nOur pets.\n")
        add("pets/dogs/_index.md", "---\ntitle: Dogs\nexpanded: true\n---\n")
        add("pets/dogs/terriers/_index.md", "---\ntitle: Terriers\n---\n")
        add("pets/cats/_index.md", "---\ntitle: Cats & kittens\n---\n")
        add("courses/_index.md", "---\ntitle: Courses\n---\n")
        add("courses/swift/_index.md", "---\ntitle: Swift\n---\n")
        for index in 0..<9 {
            let folder = ["pets/dogs/terriers", "pets/dogs", "pets/cats", "courses/swift"][index % 4]
            let extra = index % 3 == 0 ? "date: 2026-05-0\(index + 1)\nimage: https://example.org/\(index).png\n" : "status: adopted\n"
            add(
                "\(folder)/item-\(index).md",
                "---\ntitle: \"Item \(index) <\(index % 2)>\"\nage: \(index)\n\(extra)tags: [a\(index % 2), \"b & c\"]\n---\n# Heading\n\nText 'quoted' & more.\n")
        }
        add("loose.md", "---\ntitle: Loose\n---\nA page at the top.\n")
        // Home, 2 catalogs, 10 items, the tag index, 3 tag pages, 404.
        try checkEveryPage(of: try MemorySite(files).report(), expectedCount: 18)
    }

    private func checkEveryPage(of report: Builder.Report, expectedCount: Int?) throws {
        let site = report.site
        let templates = try TemplateSet(files: DefaultTemplates.files, displayRoot: "t")
        var problems: [Diagnostic] = []
        let configurations = CatalogPresentation.read(site, displayPath: { $0 }, lines: { _, _ in nil }, diagnostics: &problems)
        let tagIndex = TagIndex(site: site)
        var presenter = SitePresenter(site: site, configurations: configurations, tagIndex: tagIndex)
        presenter.pager = ItemPager(site: site)
        presenter.images = report.built?.modeled.images ?? SiteImages()

        func direct(
            path: String, template: String, context: TemplateContext, title: String, kind: String, catalog: String?,
            hasScript: Bool = false, presenter: SitePresenter = presenter, preview: LinkPreview,
            structuredData: [UInt8] = []
        ) -> String {
            // Every page of these sites is run by `CompiledTemplates`, none handed back.
            #expect(templates.compiled.render(template, context) != nil, "\(path)")
            var layout = presenter.layoutContext(pagePath: path, currentCatalog: catalog, hasScript: hasScript)
            layout[.content] = .text(templates.renderThroughSwiftMustache(template, context))
            layout[.title] = .text(title)
            layout[.isHome] = .flag(kind == "home")
            layout[.kind] = .text(kind)
            layout[.linkPreviewHTML] = .html(LinkPreviewMarkup.html(preview))
            layout[.structuredDataHTML] = .html(structuredData)
            #expect(templates.compiled.render("base", layout) != nil, "\(path)")
            return templates.renderThroughSwiftMustache("base", layout)
        }
        var expected: [String: String] = [:]
        expected["index.html"] = direct(
            path: "index.html", template: "home", context: presenter.homeContext(),
            title: site.title, kind: "home", catalog: nil,
            preview: presenter.linkPreview(title: site.title, pagePath: "index.html"),
            structuredData: presenter.homeStructuredData())
        for catalog in site.catalogs {
            expected[catalog.outputPath] = direct(
                path: catalog.outputPath, template: "catalog", context: presenter.catalogContext(catalog),
                title: catalog.title, kind: "catalog", catalog: catalog.id, hasScript: true,
                preview: presenter.linkPreview(ofCatalog: catalog),
                structuredData: presenter.structuredData(ofCatalog: catalog))
            for item in catalog.allItems {
                expected[item.outputPath] = direct(
                    path: item.outputPath, template: "item", context: presenter.itemContext(item, catalog: catalog),
                    title: item.title, kind: "item", catalog: catalog.id,
                    preview: presenter.linkPreview(ofItem: item, catalog: catalog),
                    structuredData: presenter.structuredData(ofItem: item, catalog: catalog))
            }
        }
        for item in site.looseItems?.allItems ?? [] {
            expected[item.outputPath] = direct(
                path: item.outputPath, template: "item", context: presenter.itemContext(item, catalog: nil),
                title: item.title, kind: "item", catalog: nil,
                preview: presenter.linkPreview(ofItem: item, catalog: nil),
                structuredData: presenter.structuredData(ofItem: item, catalog: nil))
        }
        if !tagIndex.tags.isEmpty {
            expected[TagIndex.indexPath] = direct(
                path: TagIndex.indexPath, template: "tags", context: presenter.tagIndexContext(tagIndex),
                title: "Tags", kind: "tags", catalog: nil,
                preview: presenter.linkPreview(title: "Tags", pagePath: TagIndex.indexPath))
            for tag in tagIndex.tags {
                expected[tag.outputPath] = direct(
                    path: tag.outputPath, template: "tag", context: presenter.tagContext(tag),
                    title: "Tagged “\(tag.name)”", kind: "tag", catalog: nil,
                    preview: presenter.linkPreview(title: "Tagged “\(tag.name)”", pagePath: tag.outputPath))
            }
        }
        var notFound = presenter
        notFound.absoluteBase = site.baseURL.flatMap { $0.isEmpty ? nil : $0 }
        expected["404.html"] = direct(
            path: "404.html", template: "404", context: notFound.notFoundContext(),
            title: "Page not found", kind: "not-found", catalog: nil, presenter: notFound,
            preview: presenter.linkPreview(title: "Page not found", pagePath: nil))

        if let expectedCount { #expect(expected.count == expectedCount) }
        #expect(expected.count > 10)
        for (path, html) in expected {
            #expect(report.snapshot.text(at: path) == html, "\(path)")
        }
        let pages = report.snapshot.paths.filter { $0.hasSuffix(".html") }
        #expect(Set(pages) == Set(expected.keys))
        try checkReferences(of: report)
    }

    /// The renderer's reference gives every page the build made: swift-mustache on the same
    /// contexts and layouts.
    private func checkReferences(of report: Builder.Report) throws {
        let modeled = try #require(report.built?.modeled)
        var renderer = SiteRenderer(site: modeled.site, templates: modeled.templates, configurations: modeled.presentation)
        renderer.images = modeled.images
        var mustache = renderer
        mustache.templateRunner = .swiftMustache
        let shared = renderer.makeShared()
        for page in renderer.pages(shared) {
            let input = renderer.input(of: page, shared: shared)
            let html = renderer.html(of: input)
            if input.path.hasSuffix(".html") { #expect(report.snapshot.text(at: input.path) == String(decoding: html, as: UTF8.self), "\(input.path)") }
            #expect(mustache.html(of: input) == html, "\(input.path)")
        }
    }
}
