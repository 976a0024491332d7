import Foundation
import FoldoutBase
import FoldoutLoading
import FoldoutMarkdown
import FoldoutRouting
import FoldoutModel
import FoldoutPresentation
import FoldoutRendering
import FoldoutOutput
import FoldoutIncremental

/// The pipeline, one stage after another, each a plain function of the previous stage's value:
/// load -> parse -> route -> render Markdown -> model -> present and render -> write.
public struct Builder: Sendable {
    public var options: BuildOptions

    public init(options: BuildOptions) {
        self.options = options
    }

    /// What a successful build produced and noticed.
    public struct Report: Sendable {
        public var snapshot: OutputSnapshot
        public var site: Site
        public var pageCount: Int
        public var warnings: [Diagnostic]
        /// Seconds spent in each named stage, in order.
        public var timings: [(stage: String, seconds: Double)]
        /// What a later build needs to redo only edited items (see `QuickRebuild`), made (and
        /// written to the state file) while the pages are rendered and written.
        package var state: Pending<BuildState>?
        /// What the next build in this process may reuse besides the state.
        package var remembered: (templates: TemplateSet, configurations: [String: CatalogPresentation], shared: SiteRenderer.Shared,
                         stage: MarkdownStage)?
        /// The stages' large intermediate values, kept so they are freed with the report.
        package var leftovers = Leftovers()
    }

    /// Values only held to be freed later (they are never read).
    package struct Leftovers: @unchecked Sendable {
        package var values: [Any] = []
    }

    /// What `update(cache:)` did.
    public struct Outcome: Sendable {
        public var pageCount: Int
        public var summary: OutputWriter.Summary
        public var warnings: [Diagnostic]
        public var timings: [(stage: String, seconds: Double)]
        /// Nothing changed since the last build, so nothing was parsed, rendered or written.
        public var wasUpToDate: Bool
        /// Only edited items' bodies were rendered again, with the pages showing them (see `QuickRebuild`).
        public var rebuiltOnlyEditedItems = false
    }

    /// Runs every stage up to the output snapshot, without writing anything.
    public func makeSnapshot() throws(BuildFailure) -> Report {
        var clock = StageClock()
        var inputs = try InputReader(options: options).read(clock: &clock, known: { nil })
        return try makeSnapshot(&inputs, cache: nil, keep: { _, _ in false }, clock: &clock)
    }

    /// Builds and writes `Output/`, applying the result as a difference against what the
    /// previous build wrote (see `OutputWriter`). Nothing is written when any stage reports an
    /// error. Pages whose inputs did not change are not rendered again.
    public func build() throws(BuildFailure) -> (report: Report, summary: OutputWriter.Summary) {
        let run = try run(cache: nil, allowUpToDate: false, keepsReport: true)
        return (run.report!, run.outcome.summary)
    }

    /// Brings `Output/` up to date, doing only the work that changed input needs: when no
    /// input changed since the last build (the manifest's fingerprint) and its files are
    /// untouched, nothing is parsed, rendered or written. `cache` remembers parsed front
    /// matter and rendered Markdown across builds; `memory` keeps what this build learns for
    /// `preview(_:memory:cache:)`; `preWritten` are the files `preview` wrote since.
    public func update(cache: BuildCache?, memory: BuildMemory? = nil,
                       preWritten: [String: OutputManifest.Record] = [:]) throws(BuildFailure) -> Outcome {
        try run(cache: cache, memory: memory, preWritten: preWritten, allowUpToDate: true).outcome
    }

    /// What a finished build no longer needs, handed to another thread to free.
    private final class Garbage: @unchecked Sendable {
        package let report: Report
        package let inputs: BuildInputs
        package let previous: OutputManifest
        package let state: Pending<BuildState>?
        package init(report: consuming Report, inputs: consuming BuildInputs, previous: consuming OutputManifest, state: consuming Pending<BuildState>?) {
            self.report = report
            self.inputs = inputs
            self.previous = previous
            self.state = state
        }
    }

    private func run(cache: BuildCache?, memory: BuildMemory? = nil, preWritten: [String: OutputManifest.Record] = [:],
                     allowUpToDate: Bool, keepsReport: Bool = false) throws(BuildFailure) -> (report: Report?, outcome: Outcome) {
        var clock = StageClock()
        let root = options.outputPath
        let lock = BuildLock(output: root, fileSystem: options.fileSystem)
        defer { withExtendedLifetime(lock) {} }
        // The build state is kept beside the cache file, by builds that keep one.
        let statePath = allowUpToDate && cache?.path != nil ? BuildStateFile.defaultPath(forOutput: root) : nil
        // What the previous build wrote, and what it left in the state file, are read while the content loads.
        let previousBuild = Pending { () -> (OutputManifest, Set<String>) in
            let manifest = OutputManifest.read(root: root, fileSystem: options.fileSystem)
            let intact = manifest.intactPaths(root: root, fileSystem: options.fileSystem)
            return (manifest, intact)
        }
        let remembered = memory?.current
        let stateFile = remembered == nil ? statePath.map { path in Pending { BuildStateFile.read(path, fileSystem: options.fileSystem) } } : nil
        var inputs: BuildInputs
        do {
            // Stamps and digests are facts about the files, whichever build recorded them.
            inputs = try InputReader(options: options).read(clock: &clock) {
                if let remembered { return InputReader.KnownFiles(structure: remembered.build.structure, files: remembered.build.files) }
                return stateFile?.wait().map { InputReader.KnownFiles(structure: $0.structure, files: $0.files) }
            }
        } catch {
            cache?.finishBuild(prune: false)
            throw error
        }
        // When only items' files changed, the state's model is read from its file while the
        // output folder is checked (see `quickRebuild`).
        let contents = remembered == nil && allowUpToDate ? stateFile?.wait() : nil
        var loadedState: Pending<LoadedState?>?
        if let contents, QuickRebuild.editedFiles(inputs, settings: contents.settings, structure: contents.structure, files: contents.files) != nil,
           case .success(let templates)? = inputs.templates?.wait() {
            loadedState = Pending {
                guard let state = contents.state() else { return nil }
                return LoadedState(state: state, templates: templates, deltasInFile: contents.deltas)
            }
        }
        var (previous, intact) = previousBuild.wait()
        for (path, record) in preWritten {
            previous.files[path] = record
            intact.insert(path)
        }
        clock.lap("check")
        // A session's first build runs in full, so its memory is filled.
        let fullBuildRequired = memory != nil && memory?.current == nil
        let outputIsIntact = !previous.files.isEmpty && intact.count == previous.files.count
        if allowUpToDate, preWritten.isEmpty, !fullBuildRequired, outputIsIntact,
           let fingerprint = inputs.fingerprint, previous.fingerprint == fingerprint {
            if !inputs.restamped.isEmpty {
                let delta = BuildState.Delta(fingerprint: fingerprint, files: inputs.restamped, items: [], sources: [])
                if var kept = remembered, kept.build.fingerprint == fingerprint {
                    kept.build.apply(delta)
                    memory?.current = kept
                } else if let statePath, let contents, contents.fingerprint == fingerprint, contents.deltas < BuildStateFile.deltaLimit {
                    try? BuildStateFile.append(delta, base: fingerprint, to: statePath, fileSystem: options.fileSystem)
                }
            }
            var summary = OutputWriter.Summary()
            summary.unchanged = previous.files.count
            return (nil, Outcome(pageCount: previous.pageCount, summary: summary, warnings: previous.warnings,
                                 timings: clock.laps, wasUpToDate: true))
        }
        if allowUpToDate, !fullBuildRequired, outputIsIntact,
           let outcome = try quickRebuild(inputs, previous: previous, memory: memory,
                                          loaded: contents?.fingerprint == previous.fingerprint ? loadedState?.wait() : nil,
                                          statePath: statePath, clock: &clock) {
            cache?.finishBuild(prune: false)
            return (nil, outcome)
        }
        inputs.readUnread()
        let report: Report
        let output = OutputWriter(root: root, force: options.force, fileSystem: options.fileSystem)
            .transaction(previous: previous, intact: intact, progress: options.progress)
        var cacheFinished: Pending<Void>?
        // A build into a new output folder (a first build, a clean build on a server) does not
        // start the cache file. The file is as large as the site's Markdown and rendered
        // bodies together, a third of all such a build writes (at 10,000 items, 35 MB and a
        // tenth of its CPU time), and only a later full build of the same folder reads it; so
        // that build starts it.
        let startsCacheFile = !previous.files.isEmpty
        let usedCache = cache.flatMap { $0.isWorthUsing(startsFile: startsCacheFile) ? $0 : nil }
        do {
            report = try makeSnapshot(&inputs, cache: usedCache, keep: { path, key in
                previous.files[path]?.renderKey == key && intact.contains(path)
            }, remember: memory != nil, statePath: statePath, clock: &clock, bodiesRendered: {
                // The cache file is written while the model is made and the pages rendered
                // (tens of megabytes at ten thousand items): every file was parsed and every
                // body rendered, and all of them are in it now, so the entries this build
                // used are the ones any build of the same input uses, and keeping only those
                // is right whether or not the rest of the build succeeds.
                cacheFinished = cache.map { cache in Pending { cache.finishBuild(prune: true, startsFile: startsCacheFile) } }
            }, beforeRendering: {
                // No stage found an error: pages are written as they are rendered.
                output.open()
                return output
            })
        } catch {
            output.cancel()
            cacheFinished?.wait()
            if cacheFinished == nil { cache?.finishBuild(prune: false, startsFile: startsCacheFile) }
            throw error
        }
        var base = OutputManifest()
        base.fingerprint = inputs.fingerprint
        base.pageCount = report.pageCount
        base.warnings = report.warnings
        // The state file names the inputs it was made from: it counts only once a manifest
        // says that its build wrote the output.
        let stateWritten = report.state
        let summary: OutputWriter.Summary
        do {
            summary = try output.finish(report.snapshot, base: base).summary
        } catch let collision as OutputWriter.Collision {
            cacheFinished?.wait()
            _ = stateWritten?.wait()
            throw BuildFailure(report.warnings + collision.diagnostics)
        } catch {
            cacheFinished?.wait()
            _ = stateWritten?.wait()
            throw BuildFailure(report.warnings + [.error(root, "cannot write output: \(error)", hint: "check that the folder is writable")])
        }
        cacheFinished?.wait()
        _ = stateWritten?.wait()
        clock.lap("write")
        if let memory, let parts = report.remembered, let state = stateWritten?.wait() {
            memory.current = BuildMemory.State(build: state, templates: parts.templates, configurations: parts.configurations,
                                               shared: parts.shared, stage: parts.stage, items: BuildMemory.itemsBySource(state.site))
        }
        let outcome = Outcome(pageCount: report.pageCount, summary: summary, warnings: report.warnings + summary.notices,
                              timings: clock.laps, wasUpToDate: false)
        if keepsReport {
            var kept = report
            kept.timings = clock.laps
            return (kept, outcome)
        }
        // Tens of thousands of pages and items are freed on another thread; a command line
        // build prints its summary and exits without waiting for that.
        // Each is moved in, not copied: with a copy left here, this thread would free what the
        // copy holds when the other thread had let go first (20 ms at 10,000 items).
        let garbage = Garbage(report: consume report, inputs: consume inputs, previous: consume previous,
                              state: consume stateWritten)
        DispatchQueue.global(qos: .utility).async { withExtendedLifetime(garbage) {} }
        return (nil, outcome)
    }

    /// A build state read from its file, with the templates compiled.
    private struct LoadedState {
        package var state: BuildState
        package var templates: TemplateSet
        package var deltasInFile: Int
    }

    /// Redoes only what edited items change, when that gives what a full build would (see
    /// `QuickRebuild`), starting from the state this process remembers or, failing that,
    /// the one `loaded` from the state file. Nil when the full build must run.
    private func quickRebuild(_ inputs: BuildInputs, previous: OutputManifest, memory: BuildMemory?, loaded: LoadedState?,
                              statePath: String?, clock: inout StageClock) throws(BuildFailure) -> Outcome? {
        let remembered = memory?.current.flatMap { $0.build.fingerprint == previous.fingerprint ? $0 : nil }
        var state: BuildState
        var deltasInFile: Int
        var templates: TemplateSet
        if let remembered {
            state = remembered.build
            deltasInFile = remembered.deltasInStateFile
            templates = remembered.templates
        } else {
            guard let loaded, loaded.state.fingerprint == previous.fingerprint else { return nil }
            state = loaded.state
            deltasInFile = loaded.deltasInFile
            templates = loaded.templates
        }
        clock.lap("state")
        let quick = QuickRebuild(options: options, state: state, templates: templates,
                                 remembered: remembered.map { ($0.configurations, $0.shared) })
        guard let result = quick.run(inputs, previous: previous) else { return nil }
        clock.lap("quick")
        let root = options.outputPath
        var base = OutputManifest()
        base.fingerprint = result.delta.fingerprint
        base.pageCount = previous.pageCount
        base.warnings = result.state.warnings
        let summary: OutputWriter.Summary
        do {
            summary = try OutputWriter(root: root, force: options.force, fileSystem: options.fileSystem).replace(result.pages, previous: previous, base: base).summary
        } catch {
            memory?.forget()
            throw BuildFailure(result.state.warnings + [.error(root, "cannot write output: \(error)", hint: "check that the folder is writable")])
        }
        // The state file follows the manifest: until it does, the file's state is an older
        // one, which no longer counts.
        if let statePath {
            if deltasInFile < BuildStateFile.deltaLimit,
               (try? BuildStateFile.append(result.delta, base: state.fingerprint, to: statePath, fileSystem: options.fileSystem)) != nil {
                deltasInFile += 1
            } else {
                try? BuildStateFile.write(result.state, to: statePath, fileSystem: options.fileSystem)
                deltasInFile = 0
            }
        }
        clock.lap("write")
        if let memory, var kept = remembered {
            kept.build = result.state
            kept.deltasInStateFile = deltasInFile
            kept.shared = result.shared
            for (index, record) in result.delta.files { kept.stage.fileDigests[inputs.files[index].path] = record.digest }
            kept.items = BuildMemory.itemsBySource(result.state.site)
            memory.current = kept
        } else {
            // What this process remembered is older than the output: the next build fills it anew.
            memory?.forget()
        }
        let outcome = Outcome(pageCount: previous.pageCount, summary: summary, warnings: result.state.warnings,
                              timings: clock.laps, wasUpToDate: false, rebuiltOnlyEditedItems: true)
        // The model of ten thousand items is freed on another thread, as after a full build.
        let garbage = Leftovers(values: [state, result])
        DispatchQueue.global(qos: .utility).async { withExtendedLifetime(garbage) {} }
        return outcome
    }

    /// Runs every stage up to the output snapshot. Pages for which `keep` answers true are
    /// not rendered but marked `.kept` (see `SiteRenderer.render`). The Markdown files'
    /// bytes in `inputs.tree` are dropped once parsed.
    /// `bodiesRendered` is called once every body is rendered, when no file had an error.
    /// `beforeRendering` is called once the build is known to have no errors, right before
    /// the pages are rendered; it returns where they go as they are made (nil: into the snapshot).
    private func makeSnapshot(_ inputs: inout BuildInputs, cache: BuildCache?, keep: (String, UInt64) -> Bool, remember: Bool = false,
                              statePath: String? = nil, clock: inout StageClock,
                              bodiesRendered: () -> Void = {},
                              beforeRendering: () -> (any OutputSink)? = { nil }) throws(BuildFailure) -> Report {
        let recordsState = statePath != nil || remember
        var diagnostics = inputs.readProblems
        let loader = inputs.loader
        var tree = inputs.tree

        // Templates are checked first, but their problems are reported with the content's.
        var templates: TemplateSet?
        switch inputs.templates?.wait() {
        case .success(let compiled)?: templates = compiled
        case .failure(let error)?: diagnostics += error.diagnostics
        case nil: break
        }
        clock.lap("compile")
        if let cache {
            cache.load(forFiles: inputs.files.count)
            clock.lap("cache")
        }

        // Parse front matter of every Markdown file. Each file's bytes are freed as soon as
        // it is parsed (the tree keeps none): the site's text is not held twice.
        var files = tree.allFiles.markdown
        tree = tree.droppingFileContents()
        inputs.tree = tree
        let parseYAML: (String, UInt64) throws(FrontMatter.ParseError) -> FrontMatter = { yaml, key throws(FrontMatter.ParseError) in
            guard let cache else { return try FrontMatter.parse(yaml: yaml) }
            if let known = cache.frontMatter(key) { return known }
            let parsed = try FrontMatter.parse(yaml: yaml)
            cache.store(parsed, for: key)
            return parsed
        }
        let parseCounter = options.progress.map { BuildProgress.Counter(stage: "parse", total: files.count, reporter: $0) }
        var unparsed = files.map(Optional.some)
        files = files.map { SourceFile(path: $0.path, bytes: []) }
        var parsedResults = try! Parallel.mapTaking(&unparsed) { file -> (page: ParsedPage, found: [Diagnostic]) in
            defer { parseCounter?.advance() }
            var found: [Diagnostic] = []
            var frontMatter: UInt64?
            var page = PageParser.parse(file, displayPath: loader.displayPath(file.path), diagnostics: &found) { yaml throws(FrontMatter.ParseError) in
                let key = ContentHash.of(yaml)
                frontMatter = key
                return try parseYAML(yaml, key)
            }
            page.frontMatterDigest = frontMatter
            return (page, found)
        }
        // Tables of every page are sized once: growing one re-hashes all its paths each time.
        var pages: [String: ParsedPage] = [:]
        pages.reserveCapacity(parsedResults.count)
        // Each file's own problems, for the build state.
        var ownDiagnostics: [String: [Diagnostic]] = [:]
        // Each page is moved from the results into the table, popped off the end: the order
        // does not matter (diagnostics are sorted by file below).
        while let (page, found) = parsedResults.popLast() {
            diagnostics += found
            if recordsState, !found.isEmpty { ownDiagnostics[page.path] = found }
            if !page.draft || options.includeDrafts {
                let path = page.path
                pages[path] = consume page
            }
        }
        // From here on, text is dropped as soon as it has been used: at ten thousand items
        // each copy of the site's Markdown is 40 MB.
        clock.lap("parse")

        var routes = ContentRouter(displayPath: loader.displayPath).route(tree, pages: pages, diagnostics: &diagnostics)
        _ = routes
        clock.lap("route")

        // Render every body now that every link target is known.
        let renderer = PageBodyRenderer(markdown: MarkdownRenderer(options: .init(
            allowRawHTML: siteAllowsRawHTML(tree, pages: pages), reservedIDs: templates?.literalIDs ?? [])))
        let frozenRoutes = routes
        // Intros of `_index.md` files show on their catalog's page (the site's on the home
        // page), beside sections and rows whose ids are slugs too.
        var pageOutlineIDs = ["": outlineIDs(of: tree, pages: pages)]
        for catalog in tree.folders { pageOutlineIDs[catalog.path] = outlineIDs(of: catalog, pages: pages) }
        let stage = MarkdownStage(renderer: renderer, routes: frozenRoutes, introReservedIDs: pageOutlineIDs,
                                  imageSizes: imageSizesByOutputPath(tree, routes: frozenRoutes), loader: loader,
                                  fileDigests: inputs.fileDigests, cache: cache)
        // Each page's Markdown is handed to its task and freed once rendered (the table lets go
        // of every body once the pages are copied out), so the HTML can take the place of the
        // Markdown in memory. Pages without a route (in a folder left out) are not rendered.
        // The pages are copied out on every core: a copy retains each of a page's dozen parts,
        // most of them cold in the cache (10 ms on one core at 10,000 items).
        var unrendered = try! Parallel.map(files) { file -> ParsedPage? in
            guard frozenRoutes.targets[frozenRoutes.owner(of: file.path)] != nil else { return nil }
            return pages[file.path]
        }
        unrendered.removeAll { $0 == nil }
        var position = pages.startIndex
        while position != pages.endIndex {
            if !pages.values[position].body.isEmpty { pages.values[position].body = "" }
            position = pages.index(after: position)
        }
        let markdownCounter = options.progress.map { BuildProgress.Counter(stage: "markdown", total: unrendered.count, reporter: $0) }
        var renderedPages = try! Parallel.mapTaking(&unrendered) { page -> RenderedPage in
            defer { markdownCounter?.advance() }
            return stage.render(page.path, page: page)
        }
        // Each file's heading ids, with the page they show on, and its links naming an anchor,
        // read from the pages in place (a page copied out later has each of its strings retained).
        var headings: [(source: String, page: String, ids: [String])] = []
        var linking: [(source: String, links: [PageBodyRenderer.AnchorLink])] = []
        headings.reserveCapacity(renderedPages.count)
        for index in renderedPages.indices {
            let path = renderedPages[index].parsed.path
            let found = renderedPages[index].problems
            diagnostics += found
            if let target = frozenRoutes.targets[frozenRoutes.owner(of: path)] {
                headings.append((path, target.path, renderedPages[index].headingIDs))
            }
            if !renderedPages[index].anchorLinks.isEmpty { linking.append((path, renderedPages[index].anchorLinks)) }
            if recordsState, !found.isEmpty { ownDiagnostics[path, default: []] += found }
        }
        let rendered = RenderedPages(renderedPages)
        renderedPages = []
        routes = frozenRoutes
        clock.lap("markdown")
        if !diagnostics.contains(where: { $0.severity == .error }) { bodiesRendered() }

        let site = SiteModelBuilder(routes: routes, pages: rendered, displayPath: loader.displayPath).build(tree, diagnostics: &diagnostics)
        // Links naming an anchor are checked once every page's ids are known.
        let anchors = AnchorIndex(site: site, headings: headings.map { ($0.page, $0.ids) }, onEveryPage: templates?.literalIDs ?? [],
                                  only: Set(linking.lazy.flatMap { $0.links.map(\.page) }))
        for (path, links) in linking {
            let found = anchors.warnings(for: links, of: loader.displayPath(path))
            diagnostics += found
            if recordsState, !found.isEmpty { ownDiagnostics[path, default: []] += found }
        }
        clock.lap("model")
        let presentation = CatalogPresentation.read(site, displayPath: loader.displayPath, lines: { pages[$0]?.line(of: $1) },
                                                    diagnostics: &diagnostics)

        if options.strict { diagnostics = diagnostics.map(\.asError) }
        // File by file, top to bottom, whichever stage found them (the sort is stable).
        diagnostics.sort { ($0.path, $0.line ?? 0) < ($1.path, $1.line ?? 0) }

        guard let templates, !diagnostics.contains(where: { $0.severity == .error }) else {
            throw BuildFailure(diagnostics)
        }

        var snapshot = OutputSnapshot()
        snapshot.sink = beforeRendering()
        let siteRenderer = SiteRenderer(site: site, templates: templates, configurations: presentation)
        let shared = siteRenderer.makeShared()
        let digest = siteRenderer.makeDigest(shared)
        // The state is made and written while the pages are rendered: it needs nothing they do.
        var state: Pending<BuildState>?
        if recordsState, let fingerprint = inputs.fingerprint {
            let inputs = inputs, rows = digest.rows, imageSizes = stage.imageSizes, warnings = diagnostics, routes = routes
            let allowsRawHTML = renderer.markdown.options.allowRawHTML
            let (ownDiagnostics, pages, headings, linking) = (ownDiagnostics, pages, headings, linking)
            state = Pending {
                var items: [BuildState.ItemFacts] = []
                items.reserveCapacity(site.allItemCount)
                site.forEachItem { item in
                    // Read in place: a page copied out of the table retains each of its parts.
                    let position = pages.index(forKey: item.sourcePath)
                    items.append(.init(id: item.id, sourcePath: item.sourcePath, frontMatter: position.flatMap { pages.values[$0].frontMatterDigest },
                                       bodyFirstLine: position.map { pages.values[$0].bodyFirstLine } ?? 0, row: rows[item.id] ?? 0))
                }
                let itemSources = Set(items.map(\.sourcePath))
                let anchorLinks = Dictionary(uniqueKeysWithValues: linking.map { ($0.source, $0.links) })
                let state = BuildState(
                    fingerprint: fingerprint, settings: inputs.settings ?? 0,
                    files: zip(inputs.files, inputs.stamps).map { .init(digest: inputs.fileDigests[$0.path] ?? 0, stamp: $1) },
                    structure: inputs.structure, routes: routes, site: site,
                    items: items,
                    otherHeadings: headings.filter { !itemSources.contains($0.source) }.map { ($0.page, $0.ids) },
                    anchorLinks: anchorLinks, ownDiagnostics: ownDiagnostics.mapValues { $0.sorted { ($0.line ?? 0) < ($1.line ?? 0) } },
                    warnings: warnings, readProblems: inputs.readProblems, imageSizes: imageSizes, allowsRawHTML: allowsRawHTML)
                if let statePath { try? BuildStateFile.write(state, to: statePath, fileSystem: options.fileSystem) }
                return state
            }
        }
        let pageCount = try! siteRenderer.render(into: &snapshot, shared: shared, digest: digest, keep: keep, progress: options.progress)
        clock.lap("render")

        // Assets: the content's beside their pages, the templates' under assets/.
        addAssets(tree, routes: routes, pages: pages, digests: inputs.fileDigests, into: &snapshot)
        for asset in templates.assets { snapshot.add(asset.path, .bytes(asset.bytes)) }

        return Report(snapshot: snapshot, site: site, pageCount: pageCount, warnings: diagnostics, timings: clock.laps,
                      state: state, remembered: remember ? (templates, presentation, shared, stage) : nil,
                      leftovers: Leftovers(values: [pages, rendered, files, shared, digest, routes, anchors, stage]))
    }

    /// Writes the pages of the edited items among `changedPaths` (paths in the content
    /// folder) straight away, from what the last build in `memory` knew, and returns what was
    /// written (for `update`'s `preWritten`). Items that moved, were renamed, became drafts
    /// or fail to parse are left to the full rebuild, which always follows.
    public func preview(_ changedPaths: [String], memory: BuildMemory, cache: BuildCache?) -> [String: OutputManifest.Record] {
        guard let state = memory.current else { return [:] }
        let lock = BuildLock(output: options.outputPath, fileSystem: options.fileSystem)
        defer { withExtendedLifetime(lock) {} }
        var written: [String: OutputManifest.Record] = [:]
        let renderer = SiteRenderer(site: state.site, templates: state.templates, configurations: state.configurations)
        for path in Set(changedPaths) {
            guard let (catalog, item) = state.items[path],
                  let bytes = try? options.fileSystem.readFile(options.contentPath + "/" + path) else { continue }
            let digest = ContentHash.of(bytes)
            guard digest != state.stage.fileDigests[path] else { continue }
            var problems: [Diagnostic] = []
            let parseYAML: (String) throws(FrontMatter.ParseError) -> FrontMatter = { yaml throws(FrontMatter.ParseError) in
                let key = ContentHash.of(yaml)
                if let known = cache?.frontMatter(key) { return known }
                return try FrontMatter.parse(yaml: yaml)
            }
            let page = PageParser.parse(SourceFile(path: path, bytes: bytes), displayPath: state.stage.loader.displayPath(path),
                                        diagnostics: &problems, parseYAML: parseYAML)
            guard !problems.contains(where: { $0.severity == .error }), !page.draft || options.includeDrafts,
                  ContentRouter.pageSlug(page) + ".html" == item.outputPath.split(separator: "/").last.map(String.init) else { continue }
            let rendered = state.stage.render(path, page: page, fileDigest: digest)
            let edited = SiteModelBuilder.item(rendered, outputPath: item.outputPath, anchor: item.anchor, trail: item.trail)
            let html = renderer.render(.item(edited, catalog: catalog), shared: state.shared)
            let destination = options.outputPath + "/" + item.outputPath
            if (try? options.fileSystem.readFile(destination)) == html { continue }
            guard let status = try? AtomicFile.write(html, to: destination, in: options.fileSystem) else { continue }
            written[item.outputPath] = .init(hash: ContentHash.of(html), size: status.size, modified: status.modified, renderKey: nil)
        }
        return written
    }

    /// Ids the page of a catalog folder (or the home page, for the content folder) gives its
    /// sections and loose rows: the slugs of the folder's sub-folders and pages.
    private func outlineIDs(of folder: SourceFolder, pages: [String: ParsedPage]) -> Set<String> {
        var ids = Set(folder.folders.map { ContentRouter.folderSlug($0, pages: pages) })
        for file in folder.pages {
            if let page = pages[file.path] { ids.insert(ContentRouter.pageSlug(page)) }
        }
        return ids
    }

    private func siteAllowsRawHTML(_ tree: SourceFolder, pages: [String: ParsedPage]) -> Bool {
        guard let index = tree.index, let page = pages[index.path] else { return false }
        return page.unsafeHTML
    }

    /// The pixel size of every content image, by the output path it is copied to, read
    /// once per build (many items name the same picture).
    private func imageSizesByOutputPath(_ folder: SourceFolder, routes: Routes) -> [String: ImageSize?] {
        var assets: [(path: String, asset: SourceAsset)] = []
        func walk(_ folder: SourceFolder) {
            for asset in folder.assets {
                if let target = routes.targets[asset.path] { assets.append((target.path, asset)) }
            }
            folder.folders.forEach(walk)
        }
        walk(folder)
        let fileSystem = options.fileSystem
        let sizes = try! Parallel.map(assets) { entry -> ImageSize? in
            return (try? fileSystem.readFile(entry.asset.absolutePath)).flatMap(ImageSize.init(header:))
        }
        var result: [String: ImageSize?] = [:]
        for (entry, size) in zip(assets, sizes) { result[entry.path] = size }
        return result
    }

    private func addAssets(_ folder: SourceFolder, routes: Routes, pages: [String: ParsedPage], digests: [String: UInt64],
                           into snapshot: inout OutputSnapshot) {
        guard ContentRouter.isIncluded(folder, pages: pages) else { return }
        for asset in folder.assets {
            guard let target = routes.targets[asset.path] else { continue }
            snapshot.add(target.path, .copy(from: asset.absolutePath), contentDigest: digests[asset.path])
        }
        for child in folder.folders { addAssets(child, routes: routes, pages: pages, digests: digests, into: &snapshot) }
    }
}
