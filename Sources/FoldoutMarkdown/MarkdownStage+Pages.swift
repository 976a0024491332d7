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
        var position = pages.startIndex
        while position != pages.endIndex {
            if !pages.values[position].body.isEmpty { pages.values[position].body = "" }
            position = pages.index(after: position)
        }
        // The output page each is shown on, for the headings below.
        let shownOn = Parallel.map(Array(unrendered.indices)) { routes.page(showing: unrendered[$0]!.path)?.path }
        let counter = progress.map { BuildProgress.Counter(stage: "markdown", total: unrendered.count, reporter: $0) }
        var rendered = Parallel.mapTaking(&unrendered) { page -> RenderedPage in
            defer { counter?.advance() }
            return render(page.path, page: page)
        }
        // Read from the pages in place: a page copied out has each of its strings retained.
        var bodies = Bodies(pages: RenderedPages([]), headings: [], linking: [], diagnostics: [], ownDiagnostics: [:])
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
        }
        bodies.pages = RenderedPages(rendered)
        rendered = []
        return bodies
    }
}
