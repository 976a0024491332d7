/// Renders every page of the site through the templates into the snapshot: the home page,
/// one page per catalog, one per item. Each page template renders the page's content, and
/// `base` wraps it. Pages render in parallel; each builds its own template context.
public struct SiteRenderer: Sendable {
    public var site: Site
    public var templates: TemplateSet
    /// Renders the many pages that share a shape (item pages of a group) without going
    /// through swift-mustache for each.
    let shapes: TemplateShapeCache
    let layouts = LayoutContextCache()

    public init(site: Site, templates: TemplateSet) {
        self.site = site
        self.templates = templates
        shapes = TemplateShapeCache(templates: templates)
    }

    enum Page: Sendable {
        case home
        case catalog(Int)
        case item(Item, catalog: Int?)
    }

    /// Adds every page to `snapshot` and returns how many pages there are.
    public func render(into snapshot: inout OutputSnapshot) throws -> Int {
        // The home and catalog pages (thousands of rows each) first, one page per task: each
        // core starts on one of them and the item pages fill in around.
        var pages: [Page] = [.home] + site.catalogs.indices.map { .catalog($0) }
        for (index, catalog) in site.catalogs.enumerated() {
            pages += catalog.allItems.map { .item($0, catalog: index) }
        }
        pages += (site.looseItems?.allItems ?? []).map { .item($0, catalog: nil) }
        // Pages are rendered straight to bytes, the form they are written in.
        let rendered = try Parallel.map(pages, chunkSize: 1) { page in renderPage(page) }
        for (path, bytes) in rendered { snapshot.add(path, .bytes(bytes)) }
        return rendered.count
    }

    func renderPage(_ page: Page) -> (path: String, html: [UInt8]) {
        let presenter = SitePresenter(site: site)
        let path: String, template: String, title: String, kind: String, catalogID: String?
        let context: [String: Any]
        switch page {
        case .home:
            (path, template, title, kind, catalogID) = ("index.html", "home", site.title, "home", nil)
            context = presenter.homeContext()
        case .catalog(let index):
            let catalog = site.catalogs[index]
            (path, template, title, kind, catalogID) = (catalog.outputPath, "catalog", catalog.title, "catalog", catalog.id)
            context = presenter.catalogContext(catalog)
        case .item(let item, let index):
            let catalog = index.map { site.catalogs[$0] }
            (path, template, title, kind, catalogID) = (item.outputPath, "item", item.title, "item", catalog?.id)
            context = presenter.itemContext(item, catalog: catalog)
        }
        // Item pages come in groups of one shape; the home and catalog pages are one of a kind.
        let content = kind == "item" ? shapes.render(template, context) : templates.render(template, context)
        let layout = layouts.layout(pagePath: path, catalog: catalogID, kind: kind) {
            var layout = presenter.layoutContext(pagePath: path, currentCatalog: catalogID)
            layout["isHome"] = kind == "home"
            layout["kind"] = kind
            return layout
        }
        guard let shape = layout.shape(title: title, content: content) else {
            return (path, shapes.renderBytes("base", layout.context(title: title, content: content)))
        }
        return (path, shapes.renderBytes("base", shape: shape) { layout.context(title: title, content: content) })
    }
}
