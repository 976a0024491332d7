import Foundation

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
    }

    /// What `update(cache:)` did.
    public struct Outcome: Sendable {
        public var pageCount: Int
        public var summary: OutputWriter.Summary
        public var warnings: [Diagnostic]
        public var timings: [(stage: String, seconds: Double)]
        /// Nothing changed since the last build, so nothing was parsed, rendered or written.
        public var wasUpToDate: Bool
    }

    /// Runs every stage up to the output snapshot, without writing anything.
    public func makeSnapshot() throws(BuildFailure) -> Report {
        var clock = StageClock()
        let inputs = try readInputs(clock: &clock)
        return try makeSnapshot(inputs, cache: nil, keep: { _, _ in false }, clock: &clock)
    }

    /// Builds and writes `Output/`, applying the result as a difference against what the
    /// previous build wrote (see `OutputWriter`). Nothing is written when any stage reports an
    /// error. Pages whose inputs did not change are not rendered again.
    public func build() throws(BuildFailure) -> (report: Report, summary: OutputWriter.Summary) {
        let run = try run(cache: nil, allowUpToDate: false)
        return (run.report!, run.outcome.summary)
    }

    /// Brings `Output/` up to date, doing only the work that changed input needs: when no
    /// input changed since the last build (the manifest's fingerprint) and its files are
    /// untouched, nothing is parsed, rendered or written. `cache` remembers parsed front
    /// matter and rendered Markdown across builds.
    public func update(cache: BuildCache?) throws(BuildFailure) -> Outcome {
        try run(cache: cache, allowUpToDate: true).outcome
    }

    private func run(cache: BuildCache?, allowUpToDate: Bool) throws(BuildFailure) -> (report: Report?, outcome: Outcome) {
        var clock = StageClock()
        let root = options.outputPath
        let lock = BuildLock(output: root)
        defer { withExtendedLifetime(lock) {} }
        // What the previous build wrote is read while the content loads.
        let previousBuild = Pending { () -> (OutputManifest, Set<String>) in
            let manifest = OutputManifest.read(root: root)
            let intact = manifest.intactPaths(root: root)
            return (manifest, intact)
        }
        let inputs = try readInputs(clock: &clock)
        let (previous, intact) = previousBuild.wait()
        clock.lap("check")
        if allowUpToDate, let fingerprint = inputs.fingerprint, previous.fingerprint == fingerprint,
           !previous.files.isEmpty, intact.count == previous.files.count {
            var summary = OutputWriter.Summary()
            summary.unchanged = previous.files.count
            return (nil, Outcome(pageCount: previous.pageCount, summary: summary, warnings: previous.warnings,
                                 timings: clock.laps, wasUpToDate: true))
        }
        var report: Report
        do {
            report = try makeSnapshot(inputs, cache: cache, keep: { path, key in
                previous.files[path]?.renderKey == key && intact.contains(path)
            }, clock: &clock)
        } catch {
            cache?.finishBuild(prune: false)
            throw error
        }
        var base = OutputManifest()
        base.fingerprint = inputs.fingerprint
        base.pageCount = report.pageCount
        base.warnings = report.warnings
        let summary: OutputWriter.Summary
        do {
            summary = try OutputWriter(root: root, force: options.force)
                .apply(report.snapshot, previous: previous, intact: intact, base: base).summary
        } catch let collision as OutputWriter.Collision {
            cache?.finishBuild(prune: false)
            throw BuildFailure(report.warnings + collision.diagnostics)
        } catch {
            cache?.finishBuild(prune: false)
            throw BuildFailure(report.warnings + [.error(root, "cannot write output: \(error)", hint: "check that the folder is writable")])
        }
        clock.lap("write")
        cache?.finishBuild(prune: true)
        report.timings = clock.laps
        return (report, Outcome(pageCount: report.pageCount, summary: summary, warnings: report.warnings + summary.notices,
                                timings: clock.laps, wasUpToDate: false))
    }

    /// The templates' files and the content tree as read from disk, with a digest of each
    /// content file and of everything together.
    struct Inputs {
        var templateFiles: [TemplateSet.File]?
        var templateProblems: [Diagnostic]
        var loader: ContentLoader
        var tree: SourceFolder
        /// Digest of each Markdown file's and asset's bytes, by path relative to the content folder.
        var fileDigests: [String: UInt64]
        /// Digest of every input together; nil when the templates could not be read.
        var fingerprint: UInt64?
    }

    private func readInputs(clock: inout StageClock) throws(BuildFailure) -> Inputs {
        var templateFiles: [TemplateSet.File]?
        var templateProblems: [Diagnostic] = []
        do {
            templateFiles = try loadTemplateFiles()
        } catch {
            templateProblems = error.diagnostics
        }
        clock.lap("templates")
        let loader = ContentLoader(fileSystem: options.fileSystem, displayRoot: options.contentDisplayName)
        let tree: SourceFolder
        do {
            tree = try loader.load(root: options.contentPath)
        } catch {
            throw BuildFailure(templateProblems + error.diagnostics)
        }
        clock.lap("load")
        let digests = fileDigests(tree)
        let combined = templateFiles.map { self.fingerprint(tree, digests: digests, templateFiles: $0) }
        clock.lap("digest")
        return Inputs(templateFiles: templateFiles, templateProblems: templateProblems, loader: loader, tree: tree,
                      fileDigests: digests, fingerprint: combined)
    }

    /// Runs every stage up to the output snapshot. Pages for which `keep` answers true are
    /// not rendered but marked `.kept` (see `SiteRenderer.render`).
    private func makeSnapshot(_ inputs: Inputs, cache: BuildCache?, keep: (String, UInt64) -> Bool,
                              clock: inout StageClock) throws(BuildFailure) -> Report {
        var diagnostics = inputs.templateProblems
        let loader = inputs.loader
        let tree = inputs.tree

        // Templates are checked first, but their problems are reported with the content's.
        var templates: TemplateSet?
        if let files = inputs.templateFiles {
            do {
                templates = try TemplateSet(files: files, displayRoot: options.templatesDisplayName)
            } catch {
                diagnostics += error.diagnostics
            }
        }
        clock.lap("compile")
        if let cache {
            cache.load()
            clock.lap("cache")
        }

        // Parse front matter of every Markdown file.
        var files: [SourceFile] = []
        collectFiles(tree, into: &files)
        let parseYAML: (String) throws(FrontMatter.ParseError) -> FrontMatter = { yaml throws(FrontMatter.ParseError) in
            guard let cache else { return try FrontMatter.parse(yaml: yaml) }
            let key = ContentHash.of(yaml)
            if let known = cache.frontMatter(key) { return known }
            let parsed = try FrontMatter.parse(yaml: yaml)
            cache.store(parsed, for: key)
            return parsed
        }
        let parseCounter = options.progress.map { BuildProgress.Counter(stage: "parse", total: files.count, reporter: $0) }
        let parsedResults = try! Parallel.map(files) { file -> (ParsedPage?, [Diagnostic]) in
            defer { parseCounter?.advance() }
            var found: [Diagnostic] = []
            let page = PageParser.parse(file, displayPath: loader.displayPath(file.path), diagnostics: &found, parseYAML: parseYAML)
            return (page, found)
        }
        var pages: [String: ParsedPage] = [:]
        for (page, found) in parsedResults {
            diagnostics += found
            if let page, !page.draft || options.includeDrafts { pages[page.path] = page }
        }
        clock.lap("parse")

        var routes = ContentRouter(displayPath: loader.displayPath).route(tree, pages: pages, diagnostics: &diagnostics)
        _ = routes
        clock.lap("route")

        // Render every body now that every link target is known.
        let renderer = PageBodyRenderer(markdown: MarkdownRenderer(options: .init(
            allowRawHTML: siteAllowsRawHTML(tree, pages: pages), reservedIDs: templates?.literalIDs ?? [])))
        let included = files.filter { pages[$0.path] != nil && routes.targets[owner(of: $0.path)] != nil }
        let frozenRoutes = routes
        // Intros of `_index.md` files show on their catalog's page (the site's on the home
        // page), beside sections and rows whose ids are slugs too.
        var pageOutlineIDs = ["": outlineIDs(of: tree, pages: pages)]
        for catalog in tree.folders { pageOutlineIDs[catalog.path] = outlineIDs(of: catalog, pages: pages) }
        let introReservedIDs = pageOutlineIDs
        let imageSizes = imageSizesByOutputPath(tree, routes: frozenRoutes)
        let baseOptionsDigest = Self.digest(of: renderer.markdown.options)
        let markdownCounter = options.progress.map { BuildProgress.Counter(stage: "markdown", total: included.count, reporter: $0) }
        let renderedResults = try! Parallel.map(included) { file -> (RenderedPage, [Diagnostic]) in
            defer { markdownCounter?.advance() }
            let page = pages[file.path]!
            var found: [Diagnostic] = []
            let display = loader.displayPath(file.path)
            let pagePath = frozenRoutes.targets[owner(of: file.path)]!.path
            var bodyRenderer = renderer
            var optionsDigest = baseOptionsDigest
            if file.path == "_index.md" || file.path.hasSuffix("/_index.md"),
               let ids = introReservedIDs[file.path.contains("/") ? String(file.path.prefix { $0 != "/" }) : ""] {
                bodyRenderer.markdown.options.reservedIDs.formUnion(ids)
                optionsDigest = Self.digest(of: bodyRenderer.markdown.options)
            }
            let body = renderBody(page, displayPath: display, fileDigest: inputs.fileDigests[file.path] ?? 0,
                                  renderer: bodyRenderer, optionsDigest: optionsDigest, cache: cache, resolve: { destination in
                Self.resolve(destination, inSource: file.path, fromPage: pagePath, routes: frozenRoutes)
            })
            found += body.diagnostics
            var images: [String: ImageReference] = [:]
            for (key, value) in page.frontMatter.fields where key == "image" || Self.looksLikeImage(value) {
                guard let written = value.stringValue, !written.isEmpty else { continue }
                let alt = page.frontMatter["image_alt"]?.stringValue
                var reference = ImageReference(location: written, isExternal: true, alt: alt ?? body.title, altIsWritten: alt != nil)
                if OutputPath.isLocal(written) {
                    guard let target = frozenRoutes.target(ofLink: written, inSource: file.path),
                          let size = imageSizes[target.path] else {
                        if key == "image" {
                            found.append(.warning(display, line: page.line(of: "image"), "image `\(written)` not found",
                                                  hint: "put the image file beside this page or fix the path; it is relative to this file"))
                        }
                        continue
                    }
                    reference.location = target.path
                    reference.isExternal = false
                    reference.size = size
                }
                images[key] = reference
            }
            return (RenderedPage(parsed: page, html: body.html, title: body.title, summary: body.summary,
                                 headingIDs: body.headingIDs, image: images["image"], images: images), found)
        }
        var rendered: [String: RenderedPage] = [:]
        for (page, found) in renderedResults {
            diagnostics += found
            rendered[page.parsed.path] = page
        }
        routes = frozenRoutes
        clock.lap("markdown")

        let site = SiteModelBuilder(routes: routes, pages: rendered, displayPath: loader.displayPath).build(tree, diagnostics: &diagnostics)
        clock.lap("model")
        let presentation = CatalogPresentation.read(site, displayPath: loader.displayPath, lines: { pages[$0]?.line(of: $1) },
                                                    diagnostics: &diagnostics)

        guard let templates, !diagnostics.contains(where: { $0.severity == .error }) else {
            throw BuildFailure(diagnostics)
        }

        var snapshot = OutputSnapshot()
        let pageCount = try! SiteRenderer(site: site, templates: templates, configurations: presentation)
            .render(into: &snapshot, keep: keep, progress: options.progress)
        clock.lap("render")

        // Assets: the content's beside their pages, the templates' under assets/.
        addAssets(tree, routes: routes, pages: pages, into: &snapshot)
        for asset in templates.assets { snapshot.add(asset.path, .bytes(asset.bytes)) }

        return Report(snapshot: snapshot, site: site, pageCount: pageCount, warnings: diagnostics, timings: clock.laps)
    }

    /// A page's body through libcmark, or the cached result when the file, its path and the
    /// options are the same and every link it holds still resolves the same way.
    private func renderBody(_ page: ParsedPage, displayPath: String, fileDigest: UInt64,
                            renderer: PageBodyRenderer, optionsDigest: UInt64,
                            cache: BuildCache?, resolve: (String) -> PageBodyRenderer.Resolution) -> BuildCache.Body {
        var hasher = ContentHash()
        hasher.combine(fileDigest)
        hasher.combine(page.path)
        hasher.combine(displayPath)
        hasher.combine(optionsDigest)
        let key = hasher.finalize()
        if let cached = cache?.body(key), cached.links.allSatisfy({ resolve($0.destination) == $0.resolution }) {
            return cached
        }
        var links: [(destination: String, resolution: PageBodyRenderer.Resolution)] = []
        var diagnostics: [Diagnostic] = []
        let result = renderer.render(page, displayPath: displayPath, resolve: { destination in
            let resolution = resolve(destination)
            links.append((destination, resolution))
            return resolution
        }, diagnostics: &diagnostics)
        let body = BuildCache.Body(html: result.html, title: result.title, summary: result.summary,
                                   headingIDs: result.headingIDs, diagnostics: diagnostics, links: links)
        cache?.store(body, for: key)
        return body
    }

    /// A digest of the Markdown options, part of each cached body's key.
    static func digest(of options: MarkdownRenderer.Options) -> UInt64 {
        var hasher = ContentHash()
        hasher.combine(options.allowRawHTML)
        hasher.combine(options.dropTitleHeading)
        hasher.combine(options.reservedIDs.count)
        for id in options.reservedIDs.sorted() { hasher.combine(id) }
        return hasher.finalize()
    }

    /// The digest of every Markdown file's and asset's bytes, read in parallel.
    private func fileDigests(_ tree: SourceFolder) -> [String: UInt64] {
        var files: [SourceFile] = []
        var assets: [SourceAsset] = []
        func collect(_ folder: SourceFolder) {
            if let index = folder.index { files.append(index) }
            files += folder.pages
            assets += folder.assets
            folder.folders.forEach(collect)
        }
        collect(tree)
        let fileSystem = options.fileSystem
        var digests: [String: UInt64] = [:]
        let fileDigests = try! Parallel.map(files) { ContentHash.of($0.bytes) }
        for (file, digest) in zip(files, fileDigests) { digests[file.path] = digest }
        // An asset that cannot be read gets a digest no file has, so the build reads it again (and reports it).
        let assetDigests = try! Parallel.map(assets) { asset in
            (try? fileSystem.readFile(asset.absolutePath)).map(ContentHash.of) ?? UInt64.random(in: 0...UInt64.max)
        }
        for (asset, digest) in zip(assets, assetDigests) { digests[asset.path] = digest }
        return digests
    }

    /// A digest of everything a build reads: the program, the options, every template and
    /// every content file with its path. Equal fingerprints give byte-identical output.
    private func fingerprint(_ tree: SourceFolder, digests: [String: UInt64], templateFiles: [TemplateSet.File]) -> UInt64 {
        var hasher = ContentHash()
        hasher.combine(ToolIdentity.digest)
        hasher.combine(options.includeDrafts)
        hasher.combine(options.contentDisplayName)
        hasher.combine(options.templatesDisplayName)
        hasher.combine(options.templatesPath != nil)
        if options.templatesPath != nil {
            hasher.combine(templateFiles.count)
            for file in templateFiles.sorted(by: { $0.path < $1.path }) {
                hasher.combine(file.path)
                hasher.combine(ContentHash.of(file.bytes))
            }
        }
        func feed(_ folder: SourceFolder) {
            hasher.combine("folder")
            hasher.combine(folder.path)
            if let index = folder.index {
                hasher.combine(index.path)
                hasher.combine(digests[index.path] ?? 0)
            }
            for file in folder.pages {
                hasher.combine(file.path)
                hasher.combine(digests[file.path] ?? 0)
            }
            for asset in folder.assets {
                hasher.combine(asset.path)
                hasher.combine(asset.absolutePath)
                hasher.combine(digests[asset.path] ?? 0)
            }
            hasher.combine(folder.folders.count)
            folder.folders.forEach(feed)
        }
        feed(tree)
        return hasher.finalize()
    }

    // MARK: Stages' helpers

    private func loadTemplateFiles() throws(BuildFailure) -> [TemplateSet.File] {
        guard let path = options.templatesPath else { return DefaultTemplates.files }
        let fileSystem = options.fileSystem
        guard fileSystem.kindOfItem(path) == .directory else {
            throw BuildFailure([.error(options.templatesDisplayName, "templates folder not found",
                                       hint: "pass --templates DIR, or leave it out to use the built-in templates")])
        }
        var files: [TemplateSet.File] = []
        var failures: [Diagnostic] = []
        func walk(_ absolute: String, _ relative: String, depth: Int) {
            guard depth < 8, let entries = try? fileSystem.listDirectory(absolute) else { return }
            for entry in entries where !entry.name.hasPrefix(".") {
                let childAbsolute = absolute + "/" + entry.name
                let childRelative = relative.isEmpty ? entry.name : relative + "/" + entry.name
                switch entry.kind == .symbolicLink ? fileSystem.kindOfItem(childAbsolute) : entry.kind {
                case .directory?: walk(childAbsolute, childRelative, depth: depth + 1)
                case .file?:
                    do {
                        files.append(.init(path: childRelative, bytes: try fileSystem.readFile(childAbsolute)))
                    } catch {
                        failures.append(.error(options.templatesDisplayName + "/" + childRelative, "cannot read template: \(error)"))
                    }
                default: continue
                }
            }
        }
        walk(path, "", depth: 0)
        if !failures.isEmpty { throw BuildFailure(failures) }
        return files
    }

    private func collectFiles(_ folder: SourceFolder, into files: inout [SourceFile]) {
        if let index = folder.index { files.append(index) }
        files += folder.pages
        for child in folder.folders { collectFiles(child, into: &files) }
    }

    /// The route key whose page shows a file: an `_index.md` shows on its folder's page.
    private func owner(of path: String) -> String {
        guard path == "_index.md" || path.hasSuffix("/_index.md") else { return path }
        return path == "_index.md" ? "" : String(path.dropLast("/_index.md".count))
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
        return page.frontMatter["unsafe_html"] == .bool(true)
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

    /// A field value that names an image file (`photo: rex.png`); read for row thumbnails.
    static func looksLikeImage(_ value: FieldValue) -> Bool {
        guard case .string(let text) = value else { return false }
        let lower = text.lowercased()
        return [".png", ".jpg", ".jpeg", ".gif", ".webp", ".avif", ".svg"].contains { lower.hasSuffix($0) }
    }

    private func addAssets(_ folder: SourceFolder, routes: Routes, pages: [String: ParsedPage], into snapshot: inout OutputSnapshot) {
        guard ContentRouter.isIncluded(folder, pages: pages) else { return }
        for asset in folder.assets {
            guard let target = routes.targets[asset.path] else { continue }
            snapshot.add(target.path, .copy(from: asset.absolutePath))
        }
        for child in folder.folders { addAssets(child, routes: routes, pages: pages, into: &snapshot) }
    }

    /// Resolves a link written in a Markdown body to a relative URL from the page it shows on.
    static func resolve(_ destination: String, inSource source: String, fromPage page: String, routes: Routes) -> PageBodyRenderer.Resolution {
        guard OutputPath.isLocal(destination), !destination.hasPrefix("/") else { return .external }
        var path = Substring(destination)
        var fragment: String?
        if let hash = path.firstIndex(of: "#") {
            fragment = String(path[path.index(after: hash)...])
            path = path[..<hash]
        }
        if let question = path.firstIndex(of: "?") { path = path[..<question] }
        if path.isEmpty { return .external }
        guard let target = routes.target(ofLink: String(path), inSource: source) else { return .missing }
        return .rewritten(OutputPath.relativeURL(from: page, to: target.path, fragment: fragment ?? target.fragment))
    }
}

/// Wall-clock time per named stage, for the timing line (`foldout build --timings`).
struct StageClock {
    private var last = DispatchTime.now().uptimeNanoseconds
    private(set) var laps: [(stage: String, seconds: Double)] = []

    mutating func lap(_ stage: String) {
        let now = DispatchTime.now().uptimeNanoseconds
        laps.append((stage, Double(now - last) / 1e9))
        last = now
    }
}
