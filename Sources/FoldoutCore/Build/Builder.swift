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

    /// Runs every stage up to the output snapshot, without writing anything.
    public func makeSnapshot() throws(BuildFailure) -> Report {
        var clock = StageClock()
        var diagnostics: [Diagnostic] = []

        // Templates are checked first, but their problems are reported with the content's.
        var templates: TemplateSet?
        do {
            templates = try TemplateSet(files: try loadTemplateFiles(), displayRoot: options.templatesDisplayName)
        } catch {
            diagnostics += error.diagnostics
        }
        clock.lap("templates")

        let loader = ContentLoader(fileSystem: options.fileSystem, displayRoot: options.contentDisplayName)
        let tree: SourceFolder
        do {
            tree = try loader.load(root: options.contentPath, diagnostics: &diagnostics)
        } catch {
            throw BuildFailure(diagnostics + error.diagnostics)
        }
        clock.lap("load")

        // Parse front matter of every Markdown file.
        var files: [SourceFile] = []
        collectFiles(tree, into: &files)
        let parsedResults = try! Parallel.map(files) { file -> (ParsedPage, [Diagnostic]) in
            var found: [Diagnostic] = []
            let page = PageParser.parse(file, displayPath: loader.displayPath(file.path), diagnostics: &found)
            return (page, found)
        }
        var pages: [String: ParsedPage] = [:]
        for (page, found) in parsedResults {
            diagnostics += found
            if !page.draft || options.includeDrafts { pages[page.path] = page }
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
        let assets = assetsByOutputPath(tree, routes: frozenRoutes)
        let fileSystem = options.fileSystem
        let renderedResults = try! Parallel.map(included) { file -> (RenderedPage, [Diagnostic]) in
            let page = pages[file.path]!
            var found: [Diagnostic] = []
            let display = loader.displayPath(file.path)
            let pagePath = frozenRoutes.targets[owner(of: file.path)]!.path
            var bodyRenderer = renderer
            if file.path == "_index.md" || file.path.hasSuffix("/_index.md"),
               let ids = introReservedIDs[file.path.contains("/") ? String(file.path.prefix { $0 != "/" }) : ""] {
                bodyRenderer.markdown.options.reservedIDs.formUnion(ids)
            }
            let body = bodyRenderer.render(page, displayPath: display, resolve: { destination in
                Self.resolve(destination, inSource: file.path, fromPage: pagePath, routes: frozenRoutes)
            }, diagnostics: &found)
            var images: [String: ImageReference] = [:]
            for (key, value) in page.frontMatter.fields where key == "image" || Self.looksLikeImage(value) {
                guard let written = value.stringValue, !written.isEmpty else { continue }
                // `javascript:alert(1)//.png` looks like an image too: only safe URLs become `src`.
                guard SafeURL.isAllowed(written) else {
                    found.append(.warning(display, line: page.line(of: key),
                                          "image `\(written)` was left out: only http(s) URLs and paths to files are allowed",
                                          hint: "give a path relative to this file, or an https:// address"))
                    continue
                }
                let alt = page.frontMatter["image_alt"]?.stringValue
                var reference = ImageReference(location: written, isExternal: true, alt: alt ?? body.title, altIsWritten: alt != nil)
                if OutputPath.isLocal(written) {
                    guard let target = frozenRoutes.target(ofLink: written, inSource: file.path),
                          let asset = assets[target.path] else {
                        if key == "image" {
                            found.append(.warning(display, line: page.line(of: "image"), "image `\(written)` not found",
                                                  hint: "put the image file beside this page or fix the path; it is relative to this file"))
                        }
                        continue
                    }
                    reference.location = target.path
                    reference.isExternal = false
                    reference.size = (try? fileSystem.readFile(asset.absolutePath)).flatMap(ImageSize.init(header:))
                }
                images[key] = reference
            }
            found.sort { ($0.line ?? 0) < ($1.line ?? 0) }  // stable: a file's problems read top to bottom
            return (RenderedPage(parsed: page, html: body.html, title: body.title, summary: body.summary,
                                 headingIDs: body.headingIDs, anchorLinks: body.anchorLinks, image: images["image"], images: images), found)
        }
        var rendered: [String: RenderedPage] = [:]
        for (page, found) in renderedResults {
            diagnostics += found
            rendered[page.parsed.path] = page
        }
        routes = frozenRoutes
        clock.lap("markdown")

        let site = SiteModelBuilder(routes: routes, pages: rendered, displayPath: loader.displayPath).build(tree, diagnostics: &diagnostics)
        checkAnchors(of: included, rendered: rendered, site: site, routes: routes, templateIDs: templates?.literalIDs ?? [],
                     displayPath: loader.displayPath, into: &diagnostics)
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
        let pageCount = try! SiteRenderer(site: site, templates: templates, configurations: presentation).render(into: &snapshot)
        clock.lap("render")

        // Assets: the content's beside their pages, the templates' under assets/.
        addAssets(tree, routes: routes, pages: pages, into: &snapshot)
        for asset in templates.assets { snapshot.add(asset.path, .bytes(asset.bytes)) }

        return Report(snapshot: snapshot, site: site, pageCount: pageCount, warnings: diagnostics, timings: clock.laps)
    }

    /// Builds and writes `Output/`. Nothing is written when any stage reports an error.
    public func build() throws(BuildFailure) -> (report: Report, summary: OutputWriter.Summary) {
        var report = try makeSnapshot()
        var clock = StageClock()
        do {
            let summary = try OutputWriter(root: options.outputPath).write(report.snapshot)
            clock.lap("write")
            report.timings += clock.laps
            return (report, summary)
        } catch {
            throw BuildFailure([.error(options.outputPath, "cannot write output: \(error)", hint: "check that the folder is writable")])
        }
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
                        failures.append(.error(options.templatesDisplayName + "/" + childRelative, "cannot read template: \(error)",
                                               hint: "check its permissions"))
                    }
                default: continue
                }
            }
        }
        walk(path, "", depth: 0)
        if !failures.isEmpty { throw BuildFailure(failures) }
        return files
    }

    /// Links naming an anchor (`care.md#feeding`, `#pricing`, `dogs/_index.md`) must find it
    /// on the page they lead to: a heading id or, on a catalog page, a section, group or row.
    private func checkAnchors(of files: [SourceFile], rendered: [String: RenderedPage], site: Site, routes: Routes,
                              templateIDs: Set<String>, displayPath: (String) -> String, into diagnostics: inout [Diagnostic]) {
        let headings = files.compactMap { file in
            rendered[file.path].flatMap { page in routes.targets[owner(of: file.path)].map { ($0.path, page.headingIDs) } }
        }
        let index = AnchorIndex(site: site, headings: headings, onEveryPage: templateIDs)
        for file in files {
            for link in rendered[file.path]?.anchorLinks ?? [] where index.contains(link.fragment, on: link.page) == false {
                diagnostics.append(.warning(displayPath(file.path), line: link.line,
                                            "link `\(link.written)` leads to `\(link.page)`, which has no heading or row `#\(link.fragment)`",
                                            hint: "headings get ids from their text (`## Care and feeding` is `#care-and-feeding`); "
                                                + "on a catalog page, sections, groups and rows use their slug path (`#dogs/terriers`)"))
            }
        }
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
        return page.unsafeHTML
    }

    /// Content assets by the output path they are copied to, to read image headers.
    private func assetsByOutputPath(_ folder: SourceFolder, routes: Routes) -> [String: SourceAsset] {
        var assets: [String: SourceAsset] = [:]
        func walk(_ folder: SourceFolder) {
            for asset in folder.assets {
                if let target = routes.targets[asset.path] { assets[target.path] = asset }
            }
            folder.folders.forEach(walk)
        }
        walk(folder)
        return assets
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
        if destination.hasPrefix("#") {
            let fragment = OutputPath.percentDecode(String(destination.dropFirst()))
            return fragment.isEmpty ? .external : .sameAnchor(page: page, fragment: fragment)
        }
        guard OutputPath.isLocal(destination), !destination.hasPrefix("/") else { return .external }
        var path = Substring(destination)
        var fragment: String?
        if let hash = path.firstIndex(of: "#") {
            // Written fragments may be percent-encoded already; `relativeURL` encodes once.
            fragment = OutputPath.percentDecode(String(path[path.index(after: hash)...]))
            path = path[..<hash]
        }
        if let question = path.firstIndex(of: "?") { path = path[..<question] }
        if path.isEmpty { return .external }
        guard let target = routes.target(ofLink: String(path), inSource: source) else { return .missing }
        let anchor = fragment.flatMap { $0.isEmpty ? nil : $0 } ?? target.fragment
        return .rewritten(OutputPath.relativeURL(from: page, to: target.path, fragment: anchor), page: target.path, fragment: anchor)
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
