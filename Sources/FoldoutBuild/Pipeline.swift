import FoldoutBase
import FoldoutLoading
import FoldoutMarkdown
import FoldoutRouting
import FoldoutModel
import FoldoutPresentation
import FoldoutRendering
import FoldoutIncremental

/// The build, stage by stage: what was read from disk in, the snapshot of `Output/` out.
/// Each stage is a function of the values before it; start reading here
/// (docs/architecture.md shows the stages and the values between them).
///
/// The incremental build (`Builder`) wraps this: it decides whether to run it at all, gives
/// it the cache of earlier builds' Markdown and the output folder as the pages' sink, and
/// records what the next build needs from the values it returns.
package struct Pipeline {
    package var options: BuildOptions
    /// Front matter and bodies made by earlier builds; nil makes every one anew.
    package var cache: (any MarkdownCache)?
    /// Where pages go as they are rendered (the output folder); nil keeps them in the snapshot.
    package var sink: (any OutputSink)?

    package init(options: BuildOptions, cache: (any MarkdownCache)? = nil, sink: (any OutputSink)? = nil) {
        self.options = options
        self.cache = cache
        self.sink = sink
    }

    /// Every stage, from `inputs` (whose Markdown it takes) to the snapshot.
    package func run(_ inputs: inout BuildInputs) throws(BuildFailure) -> Built {
        render(try model(&inputs))
    }

    /// Parse, route, render Markdown, model and present: everything up to the pages, which
    /// the build renders only once this found no error.
    package func model(_ inputs: inout BuildInputs) throws(BuildFailure) -> Modeled {
        var clock = StageClock()
        var diagnostics = inputs.readProblems
        let templates = inputs.compiledTemplates(reportingTo: &diagnostics)
        let markdownFiles = inputs.tree.allFiles.markdown
        let markdownPaths = markdownFiles.map(\.path)
        let tree = inputs.tree.droppingFileContents()
        inputs.tree = tree
        let displayPath = inputs.loader.displayPath
        clock.lap("compile")

        var parsed = ParseStage(displayPath: displayPath, includeDrafts: options.includeDrafts, cache: cache,
                                progress: options.progress).run(consume markdownFiles)
        diagnostics += parsed.diagnostics
        clock.lap("parse")

        let routes = ContentRouter(displayPath: displayPath).route(tree, pages: parsed.pages, diagnostics: &diagnostics)
        clock.lap("route")

        let markdown = markdownStage(tree: tree, pages: parsed.pages, routes: routes, templates: templates, inputs: inputs)
        let bodies = markdown.renderAll(&parsed.pages, paths: markdownPaths, progress: options.progress)
        diagnostics += bodies.diagnostics
        clock.lap("markdown")

        let site = SiteModelBuilder(routes: routes, pages: bodies.pages, displayPath: displayPath).build(tree, diagnostics: &diagnostics)
        let (anchors, anchorWarnings) = checkAnchors(site: site, bodies: bodies, templates: templates, displayPath: displayPath)
        diagnostics += anchorWarnings.joined()
        clock.lap("model")

        let presentation = CatalogPresentation.read(site, displayPath: displayPath, lines: { parsed.pages[$0]?.line(of: $1) },
                                                    diagnostics: &diagnostics)
        if options.strict { diagnostics = diagnostics.map(\.asError) }
        // File by file, top to bottom, whichever stage found them (the sort is stable).
        diagnostics.sort { ($0.path, $0.line ?? 0) < ($1.path, $1.line ?? 0) }
        guard let templates, !diagnostics.contains(where: { $0.severity == .error }) else { throw BuildFailure(diagnostics) }

        // The tags, the pager and each page's render key, which the pages draw on.
        let renderer = SiteRenderer(site: site, templates: templates, configurations: presentation)
        let shared = renderer.makeShared()
        let digest = renderer.makeDigest(shared)

        var ownDiagnostics = parsed.ownDiagnostics.merging(bodies.ownDiagnostics, uniquingKeysWith: +)
        for ((source, _), found) in zip(bodies.linking, anchorWarnings) where !found.isEmpty { ownDiagnostics[source, default: []] += found }
        return Modeled(tree: tree, pages: parsed.pages, routes: routes, markdown: markdown, bodies: bodies, site: site,
                       anchors: anchors, presentation: presentation, templates: templates, shared: shared, digest: digest,
                       warnings: diagnostics, ownDiagnostics: ownDiagnostics, fileDigests: inputs.fileDigests, timings: clock.laps)
    }

    /// Renders the pages and adds the assets: the content's beside their pages, the
    /// templates' under `assets/`.
    package func render(_ modeled: Modeled) -> Built {
        var clock = StageClock()
        var snapshot = OutputSnapshot()
        snapshot.sink = sink
        let renderer = SiteRenderer(site: modeled.site, templates: modeled.templates, configurations: modeled.presentation)
        let pageCount = try! renderer.render(into: &snapshot, shared: modeled.shared, digest: modeled.digest, progress: options.progress)
        for (path, asset) in modeled.routes.assets(in: modeled.tree, pages: modeled.pages) {
            snapshot.add(path, .copy(from: asset.absolutePath), contentDigest: modeled.fileDigests[asset.path])
        }
        for asset in modeled.templates.assets { snapshot.add(asset.path, .bytes(asset.bytes)) }
        clock.lap("render")
        return Built(modeled: modeled, snapshot: snapshot, pageCount: pageCount, timings: modeled.timings + clock.laps)
    }

    /// The Markdown stage for this site: raw HTML as `Content/_index.md` allows, ids the
    /// templates and the catalog outlines already use kept free, links resolved through `routes`.
    private func markdownStage(tree: SourceFolder, pages: [String: ParsedPage], routes: Routes, templates: TemplateSet?,
                               inputs: BuildInputs) -> MarkdownStage {
        let allowsRawHTML = tree.index.flatMap { pages[$0.path] }?.unsafeHTML ?? false
        let markdownOptions = MarkdownRenderer.Options(allowRawHTML: allowsRawHTML, reservedIDs: templates?.literalIDs ?? [])
        return MarkdownStage(renderer: PageBodyRenderer(markdown: MarkdownRenderer(options: markdownOptions)), routes: routes,
                             introReservedIDs: ContentRouter.outlineIDs(of: tree, pages: pages),
                             imageSizes: routes.imageSizes(in: tree, fileSystem: options.fileSystem), loader: inputs.loader,
                             fileDigests: inputs.fileDigests, cache: cache)
    }

    /// Links naming an anchor, checked once every page's ids are known: the index of the
    /// pages they name, and each linking file's warnings (in `bodies.linking`'s order).
    private func checkAnchors(site: Site, bodies: MarkdownStage.Bodies, templates: TemplateSet?,
                              displayPath: (String) -> String) -> (AnchorIndex, [[Diagnostic]]) {
        let named = Set(bodies.linking.lazy.flatMap { $0.links.map(\.page) })
        let anchors = AnchorIndex(site: site, headings: bodies.headings.map { ($0.page, $0.ids) },
                                  onEveryPage: templates?.literalIDs ?? [], only: named)
        return (anchors, bodies.linking.map { anchors.warnings(for: $0.links, of: displayPath($0.source)) })
    }
}
