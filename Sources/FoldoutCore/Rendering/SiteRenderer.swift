/// Renders every page of the site through the templates into the snapshot: the home page,
/// one page per catalog, one per item. Each page template renders the page's content, and
/// `base` wraps it. Pages render in parallel; each builds its own template context.
public struct SiteRenderer: Sendable {
    public var site: Site
    public var templates: TemplateSet

    public init(site: Site, templates: TemplateSet) {
        self.site = site
        self.templates = templates
    }

    enum Page: Sendable {
        case home
        case catalog(Int)
        case item(Item, catalog: Int?)
    }

    /// Adds every page to `snapshot` and returns how many pages there are. A page for which
    /// `keep(path, renderKey)` answers true is not rendered: the file already in `Output/`
    /// stands (see `PageDigest`). `progress` hears how many pages are done, now and then.
    public func render(into snapshot: inout OutputSnapshot, keep: (String, UInt64) -> Bool = { _, _ in false },
                       progress: BuildProgress.Reporter? = nil) throws -> Int {
        var pages: [Page] = [.home]
        for (index, catalog) in site.catalogs.enumerated() {
            pages.append(.catalog(index))
            pages += catalog.allItems.map { .item($0, catalog: index) }
        }
        pages += (site.looseItems?.allItems ?? []).map { .item($0, catalog: nil) }
        let digest = PageDigest(site: site, templates: templates)
        let catalogContents = try Parallel.map(site.catalogs) { PageDigest.contents(of: $0) }
        let counter = progress.map { BuildProgress.Counter(stage: "render", total: pages.count, reporter: $0) }
        let rendered = try Parallel.map(pages) { page -> (path: String, contents: OutputSnapshot.Contents, key: UInt64) in
            defer { counter?.advance() }
            let path: String, key: UInt64
            switch page {
            case .home:
                (path, key) = ("index.html", digest.home(site, catalogContents: catalogContents))
            case .catalog(let index):
                (path, key) = (site.catalogs[index].outputPath, digest.catalog(contents: catalogContents[index]))
            case .item(let item, let index):
                (path, key) = (item.outputPath, digest.item(item, catalog: index.map { site.catalogs[$0] }))
            }
            if keep(path, key) { return (path, .kept, key) }
            return (path, .bytes(Array(renderPage(page).html.utf8)), key)
        }
        for page in rendered { snapshot.add(page.path, page.contents, renderKey: page.key) }
        return rendered.count
    }

    func renderPage(_ page: Page) -> (path: String, html: String) {
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
        var layout = presenter.layoutContext(pagePath: path, currentCatalog: catalogID)
        layout["content"] = templates.render(template, context)
        layout["title"] = title
        layout["isHome"] = kind == "home"
        layout["kind"] = kind
        return (path, templates.render("base", layout))
    }
}
