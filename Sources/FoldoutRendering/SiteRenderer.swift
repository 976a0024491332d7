import FoldoutBase
import FoldoutImages
import FoldoutMarkdown
import FoldoutModel
import FoldoutPresentation
import Foundation

/// Renders every page of the site through the templates into the snapshot: the home page,
/// one page per catalog, one per item, the tag pages (`tags/index.html`, `tags/<tag>.html`),
/// `404.html`, `sitemap.xml` and the Atom feeds (`SiteFeeds`) when the site has a `base_url`, and the search shards. Each page template renders
/// the page's content, and `base` wraps it. Pages render in parallel; each builds its own
/// template context. Tag pages and the 404 page are made only when their template exists,
/// so an older templates folder keeps working.
package struct SiteRenderer: Sendable {
    package var site: Site
    package var templates: TemplateSet
    package var configurations: [String: CatalogPresentation]
    /// The content's images and their variants, which rows and item pages show.
    package var images = SiteImages()
    /// When each item counts as new, which orders the feeds.
    package var feedDates = FeedDates(now: Timestamp(seconds: 0))
    /// Once cancelled, pages not started are left unrendered (the build is stopping and
    /// will publish none of them).
    package var cancellation: BuildCancellation?
    package let layouts = LayoutContextCache()
    /// In a site of several languages, each page's versions in all of them, by its path
    /// (`SiteTranslations`): linked from its `<head>` and its switcher.
    package var alternates: [String: [SiteTranslations.Alternate]] = [:]

    /// The fast path of page rendering and the reference it is measured and tested against
    /// (bench/fastpaths, `SiteRendererCachingTests`): the build leaves it as it is.
    package var templateRunner = TemplateRunner.compiled

    /// What runs the templates: `CompiledTemplates`, or swift-mustache itself on each page's
    /// context (`TemplateSet.renderThroughSwiftMustache`), the reference.
    package enum TemplateRunner: Sendable { case compiled, swiftMustache }

    package init(site: Site, templates: TemplateSet, configurations: [String: CatalogPresentation] = [:]) {
        self.site = site
        self.templates = templates
        self.configurations = configurations
    }

    package enum Page: Sendable {
        case home
        case catalog(Int)
        case item(Item, catalog: Int?)
        /// A section's or group's page of its own (`Group.pagePath`), in the catalog at the index.
        case group(Group, catalog: Int)
        case tagIndex
        case tag(Int)
        case notFound
    }

    /// Adds every page to `snapshot` and returns how many pages there are. A page the
    /// snapshot's sink `keeps` is not rendered: the file already in `Output/` stands (see
    /// `PageDigest`). `progress` hears how many pages are done, now and then.
    package func render(into snapshot: inout OutputSnapshot, progress: BuildProgress.Reporter? = nil) -> Int {
        let shared = makeShared()
        return render(into: &snapshot, shared: shared, digest: makeDigest(shared), progress: progress)
    }

    /// What every page draws on besides the site: the tags, the item pager and the field
    /// names, made once.
    package struct Shared: Sendable {
        package var tagIndex: TagIndex?
        package var pager: ItemPager

        package init(tagIndex: TagIndex?, pager: ItemPager) {
            self.tagIndex = tagIndex
            self.pager = pager
        }
        package var fieldNames = FieldNames()
        /// The feeds pages link to (made per page when nil).
        package var feeds: SiteFeeds?
        /// Which items field values name (made per page when nil).
        package var itemNames: ItemNames?
    }

    /// `itemNames`: the build's table when made already (`CatalogPresentation.read` needs it too).
    package func makeShared(itemNames: ItemNames? = nil) -> Shared {
        // Each walks every item, and neither needs the other: they run side by side.
        let (tagIndex, pager) = Parallel.both({ makesTagPages ? TagIndex(site: site) : nil }, { ItemPager(site: site) })
        var shared = Shared(tagIndex: tagIndex, pager: pager)
        shared.feeds = SiteFeeds(site: site)
        shared.itemNames = itemNames ?? ItemNames(site: site)
        return shared
    }

    /// The render keys of the pages; `rows` are the items' row digests when known already
    /// (see `PageDigest` for `itemPagesOnly`).
    package func makeDigest(_ shared: Shared, rows: [String: UInt64]? = nil, itemPagesOnly: Bool = false) -> PageDigest {
        // Which images have variants, and their sizes, go into every page's key: coarse, but
        // photos change far less often than text.
        var tool = ContentHash()
        tool.combine(ToolIdentity.digest)
        if !images.sources.isEmpty { tool.combine(images.digest) }
        return PageDigest(
            site: site, templates: templates, tagIndex: shared.tagIndex, pager: shared.pager,
            itemNames: shared.itemNames, rows: rows, itemPagesOnly: itemPagesOnly, tool: images.sources.isEmpty ? ToolIdentity.digest : tool.finalize())
    }

    /// Every page of the site (but the items' own when not `withItems`). The home, catalog
    /// and tag pages (thousands of rows each) come first, rendered one page per task: the
    /// cores share them out, and the item pages fill in around. (Left to the end, the last
    /// large page kept one core busy while the other had nothing left to do.)
    package func pages(_ shared: Shared, withItems: Bool = true) -> [Page] {
        var pages: [Page] = [.home] + site.catalogs.indices.map { .catalog($0) }
        for (index, catalog) in site.catalogs.enumerated() {
            pages += catalog.groupsWithPages.map { .group($0, catalog: index) }
        }
        if let tagIndex = shared.tagIndex, !tagIndex.tags.isEmpty {
            pages += tagIndex.tags.indices.map(Page.tag)
            pages.append(.tagIndex)
        }
        if withItems {
            for (index, catalog) in site.catalogs.enumerated() {
                pages += catalog.allItems.map { .item($0, catalog: index) }
            }
            pages += (site.looseItems?.allItems ?? []).map { .item($0, catalog: nil) }
        }
        // A page of the site's own named 404.html wins over the built-in one.
        let ownNotFound = site.looseItems?.allItems.contains { $0.outputPath == "404.html" } ?? false
        if templates.has("404"), !ownNotFound { pages.append(.notFound) }
        return pages
    }

    package func render(
        into snapshot: inout OutputSnapshot, shared: Shared, digest: PageDigest,
        progress: BuildProgress.Reporter?
    ) -> Int {
        let pages = pages(shared)
        let counter = progress.map { BuildProgress.Counter(stage: "render", total: pages.count, reporter: $0) }
        // Each page goes to the snapshot's sink (the output folder) as soon as it is made, so
        // the pages are not all held in memory until the end.
        let sink = snapshot.sink
        sink?.expect(pages: pages.count)
        // The search shards, each as costly as the largest pages, are made among the pages and
        // first: made after them, the larger one kept a core busy while the other had nothing to do.
        let shards = SearchIndex(presenter: presenter())
        let order = Self.workOrder(of: pages, lanes: ProcessInfo.processInfo.activeProcessorCount)
        let tasks = searchShardWork().map(RenderTask.shard) + order.map(RenderTask.page)
        let made = Parallel.map(tasks, chunkSize: 1) { task -> (path: String, contents: OutputSnapshot.Contents, key: UInt64?)? in
            switch task {
            case .shard(let catalog):
                if cancellation?.isCancelled == true { return nil }
                return searchShard(of: catalog, index: shards).map { ($0.path, .bytes($0.bytes), nil) }
            case .page(let index):
                defer { counter?.advance() }
                if cancellation?.isCancelled == true { return nil }
                let page = pages[index]
                var (path, key) = digest.key(of: page)
                if !alternates.isEmpty, let versions = alternates[path] {
                    var hasher = ContentHash()
                    hasher.combine(key)
                    hasher.combine(LanguageLinksMarkup.digest(versions))
                    key = hasher.finalize()
                }
                if sink?.keeps(path, renderKey: key) == true { return (path, .kept, key) }
                // Pages are rendered straight to bytes, the form they are written in.
                let html = renderPage(page, shared: shared).html
                return (path, sink?.take(path, html, renderKey: key) ?? .bytes(html), key)
            }
        }
        snapshot.reserveCapacity(forMorePages: made.count + 1)
        var pagePaths: [String] = []
        pagePaths.reserveCapacity(pages.count)
        for (task, file) in zip(tasks, made) {
            guard let file else { continue }
            snapshot.add(file.path, file.contents, renderKey: file.key)
            if case .page = task { pagePaths.append(file.path) }
        }
        if let base = site.baseURL, !base.isEmpty {
            let paths = pagePaths.filter { $0 != "404.html" }
            snapshot.add("sitemap.xml", text: Sitemap(baseURL: base, paths: paths, dates: itemDates()).xml)
        }
        for feed in feedFiles(feeds: shared.feeds) { snapshot.add(feed.path, .bytes(feed.bytes)) }
        return pagePaths.count
    }

    /// One piece of `render(into:)`'s work: a search shard (a catalog's, or the loose items'
    /// for nil) or a page (its place in `pages`).
    private enum RenderTask {
        case shard(Int?)
        case page(Int)
    }

    /// The Atom feeds (`SiteFeeds`): the site's, and those of `catalogs` (every catalog's
    /// when nil). Written on every build, like `sitemap.xml`, and only when their bytes change.
    package func feedFiles(ofCatalogs catalogs: Set<Int>? = nil, feeds: SiteFeeds? = nil) -> [(path: String, bytes: [UInt8])] {
        let chosen = (feeds ?? SiteFeeds(site: site)).feeds.filter { feed in
            switch feed.scope {
            case .site: true
            case .catalog(let index), .query(let index, _): catalogs?.contains(index) ?? true
            }
        }
        guard !chosen.isEmpty else { return [] }
        let presenter = presenter()
        return chosen.map { feed in
            (feed.path, Array(AtomFeed(FeedDocument(feed, site: site, presenter: presenter, dates: feedDates)).xml.utf8))
        }
    }

    /// The search box's shards (`SearchShard`): every catalog's, and the loose items'. Written
    /// on every build, like `sitemap.xml`, and only when their bytes change.
    package func searchShards(ofCatalogs catalogs: Set<Int>? = nil, loose: Bool = true) -> [(path: String, bytes: [UInt8])] {
        let index = SearchIndex(presenter: presenter())
        let made = Parallel.map(searchShardWork(ofCatalogs: catalogs, loose: loose), chunkSize: 1) { searchShard(of: $0, index: index) }
        return made.compactMap { $0 }
    }

    /// The shards `searchShards` makes: the catalogs' by index, the loose items' as nil.
    private func searchShardWork(ofCatalogs catalogs: Set<Int>? = nil, loose: Bool = true) -> [Int?] {
        var work: [Int?] = site.catalogs.indices.filter { catalogs?.contains($0) ?? true }
        if loose { work.append(nil) }
        return work
    }

    /// The shard of the catalog at `catalog` (the loose items' for nil), if it has items.
    private func searchShard(of catalog: Int?, index: SearchIndex) -> (path: String, bytes: [UInt8])? {
        guard let shard = catalog.map(index.shard(ofCatalog:)) ?? index.looseShard() else { return nil }
        return (shard.path, SearchShard(shard).bytes)
    }

    private func presenter() -> SitePresenter {
        var presenter = SitePresenter(site: site, configurations: configurations)
        presenter.images = images
        return presenter
    }

    /// The order the cores take the pages in: the pages of many rows first, as `pages` lists
    /// them, then the item pages of `lanes` distant stretches of the list by turns. The item
    /// pages of a folder follow each other in `pages`, and cores that create files in one
    /// folder at the same time wait on each other (a folder's entries change under one lock),
    /// while files in different folders are made side by side.
    package static func workOrder(of pages: [Page], lanes: Int) -> [Int] {
        var order: [Int] = []
        var items: [Int] = []
        order.reserveCapacity(pages.count)
        items.reserveCapacity(pages.count)
        for (index, page) in pages.enumerated() {
            if case .item = page { items.append(index) } else { order.append(index) }
        }
        let lanes = max(1, min(lanes, items.count))
        let laneLength = (items.count + lanes - 1) / lanes
        for step in 0..<laneLength {
            for lane in 0..<lanes where lane * laneLength + step < items.count {
                order.append(items[lane * laneLength + step])
            }
        }
        return order
    }

    /// The values of `base` a page fills in (see `CompiledTemplates.Prepared`).
    private static let layoutSlots: [TemplateKey] = [.title, .content, .linkPreviewHTML, .structuredDataHTML, .languagesHTML]

    /// Room to reserve for the bytes of a page's own template: unused room is never touched,
    /// so erring large costs nothing, and a buffer grown by doubling to the size of a page
    /// of thousands of rows touched twice that in fresh memory.
    private func expectedContentSize(of page: Page, tagIndex: TagIndex?) -> Int {
        let perRow = 1 << 10
        switch page {
        case .home: return 4 << 10 + perRow * (site.catalogs.count + (site.looseItems?.itemCount ?? 0))
        case .catalog(let index): return 4 << 10 + perRow * site.catalogs[index].itemCount
        case .item(let item, _): return 4 << 10 + item.bodyHTML.utf8.count
        case .group(let group, _): return 4 << 10 + group.introHTML.utf8.count + 256 * group.entries.count
        case .tag(let index): return 4 << 10 + perRow * (tagIndex?.tags[index].itemCount ?? 0)
        case .tagIndex, .notFound: return 4 << 10
        }
    }

    /// The page, as `render` would make it.
    package func render(_ page: Page, shared: Shared) -> [UInt8] {
        renderPage(page, shared: shared).html
    }

    package var makesTagPages: Bool { templates.has("tag") && templates.has("tags") }

    private func itemDates() -> [String: String] {
        var dates: [String: String] = [:]
        for item in site.allItems {
            if let date = item.date, SitePresenter.isMachineReadableDate(date) { dates[item.outputPath] = date }
        }
        return dates
    }

    package func renderPage(_ page: Page, shared: Shared) -> (path: String, html: [UInt8]) {
        let input = input(of: page, shared: shared)
        return (input.path, html(of: input))
    }

    /// A page before any of its templates runs: its template, title and context, its
    /// folder's layout, and the room to reserve for its own template's bytes.
    package struct PageInput: Sendable {
        package var path: String
        package var template: String
        package var title: String
        package var context: TemplateContext
        package var layout: LayoutContextCache.Layout
        package var expectedSize: Int
        /// The `<meta>` tags of its link preview and its JSON-LD, for `base`'s `<head>`.
        package var linkPreviewHTML: [UInt8] = []
        package var structuredDataHTML: [UInt8] = []
        /// The language switcher, for a page with versions in other languages.
        package var languagesHTML: [UInt8] = []
    }

    /// The page's context and layout, as the presenter makes them.
    package func input(of page: Page, shared: Shared) -> PageInput {
        let tagIndex = shared.tagIndex
        var presenter = SitePresenter(site: site, configurations: configurations, tagIndex: tagIndex)
        presenter.pager = shared.pager
        presenter.fieldNames = shared.fieldNames
        presenter.feeds = shared.feeds
        presenter.itemNames = shared.itemNames
        presenter.images = images
        let path: String, template: String, title: String, kind: String, catalogID: String?
        let context: TemplateContext
        let preview: LinkPreview
        var structuredData: [UInt8] = []
        var hasScript = false
        switch page {
        case .home:
            (path, template, title, kind, catalogID) = ("index.html", "home", site.title, "home", nil)
            context = presenter.homeContext()
            preview = presenter.linkPreview(title: title, pagePath: path)
            structuredData = presenter.homeStructuredData()
        case .catalog(let index):
            let catalog = site.catalogs[index]
            (path, template, title, kind, catalogID) = (catalog.outputPath, "catalog", catalog.title, "catalog", catalog.id)
            context = presenter.catalogContext(catalog)
            preview = presenter.linkPreview(ofCatalog: catalog)
            structuredData = presenter.structuredData(ofCatalog: catalog)
            hasScript = true
        case .item(let item, let index):
            let catalog = index.map { site.catalogs[$0] }
            (path, template, title, kind, catalogID) = (item.outputPath, "item", item.title, "item", catalog?.id)
            context = presenter.itemContext(item, catalog: catalog)
            preview = presenter.linkPreview(ofItem: item, catalog: catalog)
            structuredData = presenter.structuredData(ofItem: item, catalog: catalog, preview: preview)
        case .group(let group, let index):
            // The item page's template: an intro and a list of pages is what an item page with
            // sub-pages shows, and a templates folder of its own keeps working.
            let catalog = site.catalogs[index]
            (path, template, title, kind, catalogID) = (group.pagePath ?? catalog.outputPath, "item", group.title, "group", catalog.id)
            context = presenter.groupPageContext(group, catalog: catalog)
            var groupPreview = presenter.linkPreview(title: group.title, pagePath: path)
            if !group.summary.isEmpty { groupPreview.description = group.summary }
            preview = groupPreview
        case .tagIndex:
            (path, template, title, kind, catalogID) = (TagIndex.indexPath, "tags", "Tags", "tags", nil)
            context = presenter.tagIndexContext(tagIndex!)
            preview = presenter.linkPreview(title: title, pagePath: path)
        case .tag(let index):
            let tag = tagIndex!.tags[index]
            (path, template, title, kind, catalogID) = (tag.outputPath, "tag", "Tagged “\(tag.name)”", "tag", nil)
            context = presenter.tagContext(tag)
            preview = presenter.linkPreview(title: title, pagePath: path)
        case .notFound:
            (path, template, title, kind, catalogID) = ("404.html", "404", "Page not found", "not-found", nil)
            presenter.absoluteBase = site.baseURL.flatMap { $0.isEmpty ? nil : $0 }
            context = presenter.notFoundContext()
            // Shown at any address the server did not find: it has none of its own.
            preview = presenter.linkPreview(title: title, pagePath: nil)
        }
        // The layout depends on the page's folder, catalog and kind only (the 404 page, whose
        // links are absolute, is the only page of its kind).
        let layout = layouts.layout(pagePath: path, catalog: catalogID, kind: kind) {
            var context = presenter.layoutContext(pagePath: path, currentCatalog: catalogID, hasScript: hasScript)
            context[.isHome] = .flag(kind == "home")
            context[.kind] = .text(kind)
            var open = context
            for slot in Self.layoutSlots { open[slot] = "" }
            return .init(context: context, prepared: templates.compiled.prepare("base", open, slots: Self.layoutSlots))
        }
        var input = PageInput(
            path: path, template: template, title: title, context: context, layout: layout,
            expectedSize: expectedContentSize(of: page, tagIndex: tagIndex),
            linkPreviewHTML: LinkPreviewMarkup.html(preview), structuredDataHTML: structuredData)
        if !alternates.isEmpty, let versions = alternates[path] {
            input.linkPreviewHTML = LanguageLinksMarkup.head(versions, after: input.linkPreviewHTML)
            input.languagesHTML = LanguageLinksMarkup.switcher(versions)
        }
        return input
    }

    /// The page's HTML: its own template run, then `base` around it.
    package func html(of input: PageInput) -> [UInt8] {
        switch templateRunner {
        case .compiled: return compiledHTML(of: input)
        case .swiftMustache:
            var base = input.layout.context
            base[.content] = .html(Array(templates.renderThroughSwiftMustache(input.template, input.context).utf8))
            base[.title] = .text(input.title)
            base[.linkPreviewHTML] = .html(input.linkPreviewHTML)
            base[.structuredDataHTML] = .html(input.structuredDataHTML)
            base[.languagesHTML] = .html(input.languagesHTML)
            return Array(templates.renderThroughSwiftMustache("base", base).utf8)
        }
    }

    private func compiledHTML(of input: PageInput) -> [UInt8] {
        // The page's own template runs straight into the page's buffer, where `base` prints
        // `{{{content}}}`: a catalog page of thousands of rows is made once, in a buffer of
        // about its size, instead of grown by doubling, copied out, and copied into `base`
        // (memory fresh from the kernel costs its zeroing).
        let compiled = templates.compiled
        if let prepared = input.layout.prepared {
            var output = PageBytes(
                capacity: prepared.byteCount + 2 * input.title.utf8.count + input.expectedSize
                    + input.linkPreviewHTML.count + input.structuredDataHTML.count)
            let filled = compiled.fill(prepared, into: &output) { slot, escaper, output in
                let key = Self.layoutSlots[slot]
                if key == .title { return compiled.write(.text(input.title), escaper, to: &output) }
                if key == .linkPreviewHTML { return compiled.write(.html(input.linkPreviewHTML), escaper, to: &output) }
                if key == .structuredDataHTML { return compiled.write(.html(input.structuredDataHTML), escaper, to: &output) }
                if key == .languagesHTML { return compiled.write(.html(input.languagesHTML), escaper, to: &output) }
                return escaper == nil && compiled.render(input.template, input.context, appendingTo: &output)
            }
            if filled { return output.array() }
        }
        // The page's own template's bytes go into `base` as they are (no `String` made of them).
        let content = templates.renderBytes(input.template, input.context, reserving: input.expectedSize)
        var base = input.layout.context
        base[.content] = .html(content)
        base[.title] = .text(input.title)
        base[.linkPreviewHTML] = .html(input.linkPreviewHTML)
        base[.structuredDataHTML] = .html(input.structuredDataHTML)
        base[.languagesHTML] = .html(input.languagesHTML)
        return templates.renderBytes("base", base, reserving: content.count + 4 << 10)
    }
}
