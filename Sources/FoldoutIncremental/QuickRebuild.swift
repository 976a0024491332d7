import FoldoutBase
import FoldoutLoading
import FoldoutMarkdown
import FoldoutModel
import FoldoutOutput
import FoldoutPresentation
import FoldoutRendering

/// A rebuild that redoes only what edited items change, starting from the `BuildRecord` the
/// last build left: each edited item's body is rendered again, and only its page and the
/// pages that show its row (its catalog page, tag pages, the home page's loose items) are
/// rendered again, where their render keys (`PageDigest`) changed.
///
/// It is taken only where it gives what a full build would, byte for byte, else `run`
/// answers nil and the full build runs. Its conditions:
/// - the state is the one of the manifest's build, and every other input is unchanged: the
///   program, the options, the templates, the folders, the file names, every other file's
///   digest, and the problems reading them;
/// - each edited file is an item's Markdown file (not an `_index.md`, not an asset) whose
///   front matter is the same text, which parses without error;
/// - its title is the same (a title can come from the body's first heading, and titles
///   order outlines and show in pagers), and so is everything else the item takes from its
///   front matter;
/// - when its summary changed, no query section of its catalog takes it in or lets it go, and
///   no outline of its catalog is sorted by `summary`;
/// - when its heading ids changed, no other file links to an anchor on its page (those
///   links were checked against the old ids);
/// - it links to no heading (`#…`) on a page that shows several intros (a catalog's and
///   its groups'), whose headings the full build numbers apart and whose links it checks
///   against each intro's own ids (`MarkdownStage.renderIntros`);
/// - with `--strict`, it has no problem to report;
/// - no page shows an image through its variants (`SiteImages`), which it does not plan;
/// - every content file is published whether used or not (no `publish: referenced`, no
///   hidden folder's files), since an edited page may start or stop using one;
/// - the site does not search the items' bodies (`search_body`): the state keeps no bodies
///   to make the search shards of.
///
/// Where an edited item's row changed, its catalog's search shard is made again too, and so
/// are the feeds that can show it (its catalog's and the site's), from the first sightings
/// `FeedDatesFile` keeps: when those lack an item, the full build runs, and records it.
///
/// The edited files' own problems (parsing, body, anchor links) are found again and take the
/// place of their old ones among the build's warnings; every other file's stay as they were.
package struct QuickRebuild {
    package var options: BuildOptions
    package var state: BuildRecord
    package var templates: TemplateSet
    /// What this process remembers of the state's build (`foldout serve`), to reuse.
    package var remembered: (configurations: [String: CatalogPresentation], shared: SiteRenderer.Shared)?
    /// When builds first saw each undated item (`FeedDatesFile`).
    package var firstSeen: [String: Timestamp]

    package init(
        options: BuildOptions, state: BuildRecord, templates: TemplateSet,
        remembered: (configurations: [String: CatalogPresentation], shared: SiteRenderer.Shared)?,
        firstSeen: [String: Timestamp] = [:]
    ) {
        self.options = options
        self.state = state
        self.templates = templates
        self.remembered = remembered
        self.firstSeen = firstSeen
    }

    /// More edited files than this are left to the full build, which does many at once better.
    package static let fileLimit = 32

    package struct Result {
        /// Pages rendered again: their render key changed.
        package var pages: [OutputWriter.Replacement]
        package var delta: BuildRecord.Delta
        /// The state after the rebuild.
        package var state: BuildRecord
        package var configurations: [String: CatalogPresentation]
        /// The tags and pager of the site after the rebuild.
        package var shared: SiteRenderer.Shared
    }

    /// An edited item, as rendered again.
    private struct Edit {
        /// Its place in `site.allItems`.
        package var number: Int
        package var item: Item
        package var facts: BuildRecord.ItemFacts
        package var path: String
        package var displayPath: String
        package var anchorLinks: [PageBodyRenderer.AnchorLink]
        /// What parsing the file and rendering its body reported.
        package var problems: [Diagnostic]
    }

    /// The files that changed since the build that recorded `files` (their places in
    /// `SourceFolder.files`), when everything else is as it was: the program, the options
    /// and the templates (`settings`), the folders and file names (`structure`), and every
    /// other file's digest, which is all a fingerprint is made from. Nil when something else
    /// changed, nothing did, or a changed file cannot be an item's (an `_index.md` or an
    /// asset). Cheap: asked before the state's model is read.
    package static func editedFiles(_ inputs: BuildInputs, settings: UInt64, structure: UInt64, files: [BuildRecord.FileRecord]) -> [Int]? {
        guard inputs.settings == settings, inputs.structure == structure else { return nil }
        let entries = inputs.files
        guard entries.count == files.count else { return nil }
        var changed: [Int] = []
        for (index, entry) in entries.enumerated() where inputs.fileDigests[entry.path] != files[index].digest {
            guard entry.isMarkdown, entry.path != "_index.md", !entry.path.hasSuffix("/_index.md"), changed.count < fileLimit
            else { return nil }
            changed.append(index)
        }
        return changed.isEmpty ? nil : changed
    }

    /// Nil when the rebuild cannot be done this way (see the type's conditions).
    package func run(_ inputs: BuildInputs, previous: OutputManifest) -> Result? {
        guard let fingerprint = inputs.fingerprint, state.fingerprint == previous.fingerprint, inputs.readProblems == state.readProblems,
            !state.showsImageVariants, !state.leavesOutUnusedFiles,
            // The state's model holds no bodies, which the search shards would need.
            !SearchIndex.Settings(site: state.site).includesBody,
            let changed = Self.editedFiles(inputs, settings: state.settings, structure: state.structure, files: state.files)
        else { return nil }
        let files = inputs.files

        var delta = BuildRecord.Delta(fingerprint: fingerprint, files: [], items: [], sources: [])
        var edits: [Edit] = []
        let stage = MarkdownStage(
            renderer: PageBodyRenderer(
                markdown: MarkdownRenderer(
                    options: .init(
                        allowRawHTML: state.allowsRawHTML,
                        reservedIDs: templates.literalIDs, smartPunctuation: state.smartPunctuation))),
            routes: state.routes, introReservedIDs: [:], imageSizes: state.imageSizes, loader: inputs.loader,
            fileDigests: inputs.fileDigests, cache: nil)
        for index in changed {
            let path = files[index].path
            guard let digest = inputs.fileDigests[path],
                let edit = render(path, digest: digest, stage: stage, tree: inputs.tree)
            else { return nil }
            delta.files.append((index, .init(digest: digest, stamp: inputs.stamps[index])))
            delta.items.append((edit.number, edit.item, edit.facts))
            edits.append(edit)
        }
        // Unchanged files read only because their stamps were not known are recorded too.
        delta.files += inputs.restamped.filter { entry in !changed.contains(entry.index) }
        var next = state
        next.apply(delta)

        // The edited files' own problems take the place of their old ones. Anchor links are
        // checked against the ids of the site as it is now.
        let anchors =
            edits.contains { !$0.anchorLinks.isEmpty }
            ? AnchorIndex(site: next.site, headings: next.headings, onEveryPage: templates.literalIDs) : nil
        for edit in edits {
            var own = edit.problems
            if let anchors { own += anchors.warnings(for: edit.anchorLinks, of: edit.displayPath) }
            own.sort { ($0.line ?? 0) < ($1.line ?? 0) }  // stable, as the build's sort
            // The build's warnings for this file must have been its own problems alone.
            let before = (state.ownDiagnostics[edit.path] ?? []).map { options.strict ? $0.asError : $0 }
            guard state.warnings.filter({ $0.path == edit.displayPath }) == before, !options.strict || own.isEmpty else { return nil }
            delta.sources.append(
                .init(
                    path: edit.path, displayPath: edit.displayPath, anchorLinks: edit.anchorLinks,
                    ownDiagnostics: own, reported: own))
        }
        next.apply(BuildRecord.Delta(fingerprint: fingerprint, files: [], items: [], sources: delta.sources))

        guard let (pages, configurations, shared) = renderPages(of: edits, in: next, previous: previous) else { return nil }
        return Result(pages: pages, delta: delta, state: next, configurations: configurations, shared: shared)
    }

    /// The pages that show more than one `_index.md` body, whose heading ids the full build
    /// keeps apart (an intro's `## Care` may be `#care-1` there).
    private var pagesWithSeveralIntros: Set<String> {
        var intros: [String: Int] = [:]
        for index in state.routes.indexFiles.keys {
            guard let shown = state.routes.page(showing: index), !shown.isOwnPage else { continue }
            intros[shown.path, default: 0] += 1
        }
        return Set(intros.filter { $0.value > 1 }.keys)
    }

    /// The edited item's file at `path` parsed and rendered again; nil when it is not an
    /// item, or when more than its body, heading ids and summary changed.
    private func render(_ path: String, digest: UInt64, stage: MarkdownStage, tree: SourceFolder) -> Edit? {
        guard let number = state.items.firstIndex(where: { $0.sourcePath == path }), let old = state.site.item(atSource: path),
            let bytes = tree.markdownFile(at: path)?.bytes
        else { return nil }
        let display = stage.loader.displayPath(path)
        var problems: [Diagnostic] = []
        var frontMatter: UInt64?
        let page = PageParser.parse(SourceFile(path: path, bytes: bytes), displayPath: display, diagnostics: &problems) {
            source throws(FrontMatter.ParseError) in
            frontMatter = source.digest
            return try FrontMatter.parse(source)
        }
        var facts = state.items[number]
        guard frontMatter == facts.frontMatter, page.bodyFirstLine == facts.bodyFirstLine,
            !problems.contains(where: { $0.severity == .error })
        else { return nil }
        let rendered = stage.render(path, page: page, fileDigest: digest)
        guard !rendered.anchorLinks.contains(where: { $0.written.contains("#") && pagesWithSeveralIntros.contains($0.page) }) else { return nil }
        let item = SiteModelBuilder.item(rendered, replacing: old, in: catalogIndex(ofItem: number).map { state.site.catalogs[$0] })
        guard Self.sameExceptBodyAndSummary(item, old) else { return nil }
        if item.summary != old.summary, !summaryMayChange(ofItemAt: number, from: old, to: item) { return nil }
        // Other files' links to anchors on the page were checked against its old ids.
        if item.headingIDs != old.headingIDs,
            state.anchorLinks.contains(where: { source, links in source != path && links.contains { $0.page == item.outputPath } })
        {
            return nil
        }
        facts.row = PageDigest.rowDigest(of: item)
        return Edit(
            number: number, item: item, facts: facts, path: path, displayPath: display, anchorLinks: rendered.anchorLinks,
            problems: problems + rendered.problems)
    }

    /// The pages whose render keys the edits changed, rendered. Only pages that show an
    /// edited item can have changed: its own page; its neighbours' pagers show its title
    /// only, which is the same. Where its row changed: its catalog's page (the home page for
    /// the site's loose items), the pages of its tags, and the home and 404 pages, whose keys
    /// digest every catalog's contents (see `PageDigest`). The tag list shows names and
    /// counts, which are the same.
    private func renderPages(of edits: [Edit], in next: BuildRecord, previous: OutputManifest)
        -> (pages: [OutputWriter.Replacement], configurations: [String: CatalogPresentation], shared: SiteRenderer.Shared)?
    {
        let rowsChanged = edits.contains { $0.facts.row != state.items[$0.number].row }
        var problems: [Diagnostic] = []
        // Made once for the settings, the render keys and the pages (each would make its own).
        let itemNames = remembered?.shared.itemNames ?? ItemNames(site: next.site)
        let configurations =
            remembered?.configurations
            ?? CatalogPresentation.read(
                next.site, displayPath: { $0 }, lines: { _, _ in nil }, itemNames: itemNames,
                checksItems: false, diagnostics: &problems)
        var renderer = SiteRenderer(site: next.site, templates: templates, configurations: configurations)
        renderer.feedDates = FeedDates(firstSeen: firstSeen, now: options.clock())
        let tags = Set(edits.flatMap { $0.item.tags.map(TagIndex.slug) })
        // Titles did not change, so neither did the pager, and made anew it need only know the
        // edited items. Tags did not change, nor, unless a row did, what tag pages show; made
        // anew, the tags need only be the edited items' (other pages only ask whether there
        // are tags), if they have any.
        var shared: SiteRenderer.Shared
        if let remembered = remembered?.shared {
            shared = remembered
            if rowsChanged { shared.tagIndex = renderer.makeShared().tagIndex }
        } else {
            let tagIndex = renderer.makesTagPages ? tags.isEmpty ? TagIndex(site: next.site) : TagIndex(site: next.site, onlyTags: tags) : nil
            shared = SiteRenderer.Shared(tagIndex: tagIndex, pager: ItemPager(site: next.site, onlySectionsHolding: edits.map(\.path)))
            shared.itemNames = itemNames
        }
        let catalogs = Set(edits.compactMap { catalogIndex(ofItem: $0.number) })
        var candidates = edits.map { SiteRenderer.Page.item($0.item, catalog: catalogIndex(ofItem: $0.number)) }
        if rowsChanged {
            candidates += renderer.pages(shared, withItems: false).filter { page in
                switch page {
                case .home, .notFound: return true
                case .catalog(let index), .group(_, let index): return catalogs.contains(index)
                case .tag(let index): return tags.contains(shared.tagIndex!.tags[index].slug)
                case .tagIndex, .item: return false
                }
            }
        }
        let digest = renderer.makeDigest(
            shared, rows: rowsChanged ? next.rows : Dictionary(uniqueKeysWithValues: edits.map { ($0.item.id, $0.facts.row) }),
            itemPagesOnly: !rowsChanged)
        var stale: [(page: SiteRenderer.Page, path: String, key: UInt64)] = []
        for page in candidates {
            let (path, key) = digest.key(of: page)
            guard let record = previous.files[path] else { return nil }
            if record.renderKey != key { stale.append((page, path, key)) }
        }
        var pages = Parallel.map(stale, chunkSize: 1) { entry in
            OutputWriter.Replacement(path: entry.path, bytes: renderer.render(entry.page, shared: shared), renderKey: entry.key)
        }
        // The search shards hold what rows show and every property but the body (which
        // `run` checked the site does not search): a changed row changes its catalog's shard.
        if rowsChanged {
            let loose = edits.contains { catalogIndex(ofItem: $0.number) == nil }
            for shard in renderer.searchShards(ofCatalogs: catalogs, loose: loose) {
                guard previous.files[shard.path] != nil else { return nil }
                pages.append(OutputWriter.Replacement(path: shard.path, bytes: shard.bytes, renderKey: nil))
            }
            // The feeds show summaries, and date undated items by what the full build recorded.
            let feeds = shared.feeds ?? SiteFeeds(site: next.site)
            if !feeds.feeds.isEmpty {
                guard renderer.feedDates.recording(next.site) == firstSeen else { return nil }
                for feed in renderer.feedFiles(ofCatalogs: catalogs, feeds: feeds) {
                    guard previous.files[feed.path] != nil else { return nil }
                    pages.append(OutputWriter.Replacement(path: feed.path, bytes: feed.bytes, renderKey: nil))
                }
            }
        }
        return (pages, configurations, shared)
    }

    /// Whether `new` is `old` but for the body, the heading ids and the summary (they have
    /// the same front matter, so this only guards against a property this type forgot).
    private static func sameExceptBodyAndSummary(_ new: Item, _ old: Item) -> Bool {
        new.id == old.id && new.anchor == old.anchor && new.title == old.title && new.weight == old.weight && new.date == old.date
            && new.image == old.image && new.tags == old.tags && FieldValue.map(new.fields) == FieldValue.map(old.fields)
            && new.outputPath == old.outputPath && new.sourcePath == old.sourcePath && new.trail == old.trail
            && new.images == old.images
    }

    /// Whether a new summary leaves the item at `number` (in `site.allItems` order) where it
    /// was in every outline: no query section of its catalog matches it differently, and no
    /// outline there is sorted by summary. The site's loose items have neither.
    private func summaryMayChange(ofItemAt number: Int, from old: Item, to new: Item) -> Bool {
        guard let index = catalogIndex(ofItem: number) else { return true }
        let catalog = state.site.catalogs[index]
        if catalog.options.sort?.key == .field("summary") { return false }
        for section in catalog.sections {
            if let query = section.query {
                let wasIn = section.entries.contains { if case .item(let item) = $0 { item.id == old.id } else { false } }
                if query.matches(new) != wasIn || section.options.sort?.key == .field("summary") { return false }
            } else if Self.sortsBySummary(section) {
                return false
            }
        }
        return true
    }

    private static func sortsBySummary(_ group: Group) -> Bool {
        if group.options.sort?.key == .field("summary") { return true }
        return group.entries.contains { if case .group(let child) = $0 { sortsBySummary(child) } else { false } }
    }

    /// The index of the catalog of the item at `number` in `site.allItems` order.
    private func catalogIndex(ofItem number: Int) -> Int? {
        var end = 0
        for (index, catalog) in state.site.catalogs.enumerated() {
            end += catalog.itemCount
            if number < end { return index }
        }
        return nil
    }
}
