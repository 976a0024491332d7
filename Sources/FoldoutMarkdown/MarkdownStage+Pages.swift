import FoldoutBase

extension MarkdownStage {
    /// Every routed page's body rendered, with what the build checks once all are.
    package struct Bodies {
        package var pages: RenderedPages
        /// Each file's heading ids, with the output page they show on.
        package var headings: [(source: String, page: String, ids: [String])]
        /// Each file's links that name an anchor (files without any are left out).
        package var linking: [(source: String, links: [PageBodyRenderer.AnchorLink])]
        /// What rendering found, file by file in `paths` order, and the same by source path.
        package var diagnostics: [Diagnostic]
        package var ownDiagnostics: [String: [Diagnostic]]
        /// Content images the bodies show through their variants, and those they link to.
        package var picturedImages: Set<String> = []
        package var linkedImages: Set<String> = []
        /// Output paths of every file a page links to or shows (see `RenderedPage.linkedFiles`).
        package var linkedFiles: Set<String> = []
        /// The heading ids intros gave up on a page they share (`MarkdownStage.renamedIntroIDs`):
        /// a page rendered again after this (`serve`'s preview) leads its links where these did.
        package var renamedIntroIDs: [String: [String: String]] = [:]
    }

    /// Renders the bodies of `pages` in the order of `paths` (the tree's), on all cores.
    /// Pages without a route (in a folder left out) are not rendered. Every body is dropped
    /// from `pages` as it is handed to its task, so the HTML takes the place of the Markdown
    /// in memory.
    package func renderAll(_ pages: inout [String: ParsedPage], paths: [String], progress: BuildProgress.Reporter?) -> Bodies {
        let routes = routes
        // The pages are copied out on every core: a copy retains each of a page's dozen
        // parts, most of them cold in the processor's cache.
        var unrendered = Parallel.map(paths) { path -> ParsedPage? in
            guard routes.page(showing: path) != nil else { return nil }
            return pages[path]
        }
        unrendered.removeAll { $0 == nil }
        // Intros (`_index.md` bodies shown on a catalog's page, a few per site) are kept whole:
        // one whose heading ids meet another's on the same page is rendered again below.
        var intros: [String: ParsedPage] = [:]
        for case let page? in unrendered where routes.page(showing: page.path)?.isOwnPage == false { intros[page.path] = page }
        var position = pages.startIndex
        while position != pages.endIndex {
            if !pages.values[position].body.isEmpty { pages.values[position].body = "" }
            position = pages.index(after: position)
        }
        // The output page each is shown on, for the headings below.
        let shownOn = Parallel.map(Array(unrendered.indices)) { routes.page(showing: unrendered[$0]!.path)?.path }
        var bodies = Bodies(pages: RenderedPages([]), headings: [], linking: [], diagnostics: [], ownDiagnostics: [:])
        let counter = progress.map { BuildProgress.Counter(stage: "markdown", total: unrendered.count, reporter: $0) }
        // Intros sharing a page first, their ids settled, so that links from other files to
        // an intro's renumbered heading lead to it.
        let introOrder = intros.count > 1 ? unrendered.compactMap { $0.flatMap { intros[$0.path] != nil ? $0.path : nil } } : []
        let (introPages, stage) = renderIntros(introOrder, intros)
        var rendered = Parallel.mapTaking(&unrendered) { page -> RenderedPage in
            defer { counter?.advance() }
            return introPages[page.path] ?? stage.render(page.path, page: page)
        }
        if intros.count > 1 { stage.warnAboutLinksToOtherIntros(&rendered, shownOn: shownOn) }
        // Read from the pages in place: a page copied out has each of its strings retained.
        bodies.headings.reserveCapacity(rendered.count)
        for index in rendered.indices {
            let path = rendered[index].parsed.path
            let found = rendered[index].problems
            bodies.diagnostics += found
            if !found.isEmpty { bodies.ownDiagnostics[path] = found }
            if let page = shownOn[index] {
                bodies.headings.append((path, page, rendered[index].headingIDs))
            }
            if !rendered[index].anchorLinks.isEmpty { bodies.linking.append((path, rendered[index].anchorLinks)) }
            for (file, asPicture) in rendered[index].imageFiles {
                if asPicture { bodies.picturedImages.insert(file) } else { bodies.linkedImages.insert(file) }
            }
            bodies.linkedFiles.formUnion(rendered[index].linkedFiles)
        }
        bodies.renamedIntroIDs = stage.renamedIntroIDs
        bodies.pages = RenderedPages(rendered)
        rendered = []
        return bodies
    }

    /// The intros shown on one page (a catalog's own and its groups') get heading ids unique
    /// among them, as one document's headings do: in the tree's order, an intro whose ids meet
    /// those before it is rendered again with theirs reserved (`## Care` becomes `care-1`, and
    /// its own `#care` links follow it). Returns the intros rendered, by path, and this stage
    /// knowing the ids each gave up (`renamedIntroIDs`), for the other pages' links; an
    /// intro that links to another's renamed heading is rendered once more with it.
    func renderIntros(_ paths: [String], _ intros: [String: ParsedPage]) -> ([String: RenderedPage], MarkdownStage) {
        guard paths.count > 1 else { return ([:], self) }
        let shownOn = paths.map { routes.page(showing: $0)?.path }
        var rendered = Parallel.map(paths) { render($0, page: intros[$0]!) }
        let settled = Self.separateIntroIDs(&rendered, shownOn: shownOn, intros: intros) { path, page, reserved in
            render(path, page: page, alsoReserved: reserved)
        }
        var stage = self
        stage.renamedIntroIDs = settled.compactMapValues { $0.renamed.isEmpty ? nil : $0.renamed }
        guard !stage.renamedIntroIDs.isEmpty else { return (Dictionary(uniqueKeysWithValues: zip(paths, rendered)), self) }
        let pagesWithRenames = Set(stage.renamedIntroIDs.keys.compactMap { routes.page(showing: $0)?.path })
        for index in rendered.indices
        where rendered[index].anchorLinks.contains(where: { !$0.written.hasPrefix("#") && pagesWithRenames.contains($0.page) }) {
            rendered[index] = stage.render(paths[index], page: intros[paths[index]]!, alsoReserved: settled[paths[index]]?.reserved ?? [])
        }
        return (Dictionary(uniqueKeysWithValues: zip(paths, rendered)), stage)
    }

    /// Renders again, in order, each intro whose ids meet those of the intros before it on
    /// its page, with theirs reserved. Returns, for each intro rendered again, the ids it
    /// avoided and each id it gave up with the one it took instead (the headings keep their
    /// order, so the two renderings' ids pair up).
    static func separateIntroIDs(
        _ rendered: inout [RenderedPage], shownOn: [String?], intros: [String: ParsedPage],
        render: (String, ParsedPage, Set<String>) -> RenderedPage
    ) -> [String: (reserved: Set<String>, renamed: [String: String])] {
        guard intros.count > 1 else { return [:] }
        var used: [String: Set<String>] = [:]
        var settled: [String: (reserved: Set<String>, renamed: [String: String])] = [:]
        for index in rendered.indices {
            let path = rendered[index].parsed.path
            guard let intro = intros[path], let page = shownOn[index] else { continue }
            let before = used[page, default: []]
            if !before.isDisjoint(with: rendered[index].headingIDs) {
                let first = rendered[index].headingIDs
                rendered[index] = render(path, intro, before)
                var renamed: [String: String] = [:]
                if first.count == rendered[index].headingIDs.count {
                    for (old, new) in zip(first, rendered[index].headingIDs) where old != new && renamed[old] == nil { renamed[old] = new }
                }
                settled[path] = (before, renamed)
            }
            used[page, default: []].formUnion(rendered[index].headingIDs)
        }
        return settled
    }

    /// Warnings for links to an intro's heading that is another intro's on the same page
    /// (`cats/_index.md#feeding` where only the dogs' intro has `## Feeding`): the page has
    /// the id, so the anchor check passes, but the reader lands in the wrong intro.
    func warnAboutLinksToOtherIntros(_ rendered: inout [RenderedPage], shownOn: [String?]) {
        var introIDs: [String: Set<String>] = [:]
        var introsOnPage: [String: [String]] = [:]
        for (index, page) in rendered.enumerated() where routes.page(showing: page.parsed.path)?.isOwnPage == false {
            guard let shown = shownOn[index] else { continue }
            introIDs[page.parsed.path] = Set(page.headingIDs)
            introsOnPage[shown, default: []].append(page.parsed.path)
        }
        guard introsOnPage.values.contains(where: { $0.count > 1 }) else { return }
        for index in rendered.indices {
            let page = rendered[index]
            for link in page.anchorLinks where !link.written.hasPrefix("#") && (introsOnPage[link.page]?.count ?? 0) > 1 {
                guard let intro = routes.indexFile(ofLink: link.written, inSource: page.parsed.path), let own = introIDs[intro],
                    !own.contains(link.fragment),
                    let other = introsOnPage[link.page]?.first(where: { introIDs[$0]?.contains(link.fragment) == true })
                else { continue }
                rendered[index].problems.append(
                    .warning(
                        loader.displayPath(page.parsed.path), line: link.line,
                        "link `\(link.written)` names a heading of `\(loader.displayPath(other))`, not of `\(loader.displayPath(intro))`: it leads to the other one on their shared page",
                        hint: "link to a heading of `\(loader.displayPath(intro))`, or to `\(loader.displayPath(other))` itself"))
            }
        }
    }
}
