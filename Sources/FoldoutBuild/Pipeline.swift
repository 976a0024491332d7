import FoldoutBase
import FoldoutImages
import FoldoutLoading
import FoldoutMarkdown
import FoldoutModel
import FoldoutPresentation
import FoldoutRendering
import FoldoutRouting

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
    /// When earlier builds first saw each undated item (`FeedDates`), for the feeds.
    package var firstSeen: [String: Timestamp] = [:]

    package init(options: BuildOptions, cache: (any MarkdownCache)? = nil, sink: (any OutputSink)? = nil) {
        self.options = options
        self.cache = cache
        self.sink = sink
    }

    /// Every stage, from the loading stage's `content` (whose Markdown it takes) and the
    /// templates to the snapshot.
    package func run(_ content: inout LoadedContent, templates: TemplateInput) throws(BuildFailure) -> Built {
        render(try model(&content, templates: templates))
    }

    /// Parse, route, render Markdown, model and present: everything up to the pages, which
    /// the build renders only once this found no error.
    /// A site of several languages (`SiteLanguages`) is modeled once per language.
    package func model(_ content: inout LoadedContent, templates templateInput: TemplateInput) throws(BuildFailure) -> Modeled {
        var found: [Diagnostic] = []
        let languages = SiteLanguages.find(in: content.tree, displayPath: content.loader.displayPath, diagnostics: &found)
        content.problems += found
        guard let languages else { return try modelSite(&content, templates: templateInput) }
        return try model(&content, templates: templateInput, languages: languages)
    }

    /// `model` of one site: the whole content, or one language's (`language`, whose site
    /// takes `baseURL`, the default language's address, unless its own root gives one).
    func modelSite(
        _ content: inout LoadedContent, templates templateInput: TemplateInput,
        language: (all: SiteLanguages, one: SiteLanguages.Language)? = nil, baseURL: String? = nil,
        reportsTemplateProblems: Bool = true
    ) throws(BuildFailure) -> Modeled {
        var clock = StageClock()
        var diagnostics = (reportsTemplateProblems ? templateInput.problems : []) + content.problems
        let templates = templateInput.compiledTemplates(reportingTo: &diagnostics)
        let markdownFiles = content.tree.allFiles.markdown
        let markdownPaths = markdownFiles.map(\.path)
        var tree = content.tree.droppingFileContents()
        content.tree = tree
        let displayPath = content.loader.displayPath
        clock.lap("compile")

        var parsed = ParseStage(
            displayPath: displayPath, includeDrafts: options.includeDrafts, cache: cache,
            progress: options.progress
        ).run(consume markdownFiles)
        diagnostics += parsed.diagnostics
        clock.lap("parse")
        try options.cancellation?.check()

        // Which folders are one item each is read from the `_index.md` files' front matter.
        tree = ItemFolders.lift(tree, pages: parsed.pages, displayPath: displayPath, diagnostics: &diagnostics)
        let router = ContentRouter(displayPath: displayPath)
        var routes = router.route(tree, pages: parsed.pages, diagnostics: &diagnostics)
        if let language { routes.languageFolders = Set(language.all.languages.map(\.code)) }
        let redirects = router.redirects(pages: parsed.pages, routes: routes, diagnostics: &diagnostics)
        routes.addAliases(redirects)
        routes.addDrafts(parsed.drafts)
        let publishing = AssetPublishing(tree: tree, pages: parsed.pages, displayPath: displayPath, diagnostics: &diagnostics)
        clock.lap("route")

        let images = imageStage(tree: tree, pages: parsed.pages, routes: routes, content: content, diagnostics: &diagnostics)
        clock.lap("images")
        try options.cancellation?.check()

        var markdown = markdownStage(tree: tree, pages: parsed.pages, routes: routes, templates: templates, images: images, content: content)
        let bodies = markdown.renderAll(&parsed.pages, paths: markdownPaths, progress: options.progress)
        // `serve` renders edited items again with this stage: their links to an intro's renamed heading must follow it.
        markdown.renamedIntroIDs = bodies.renamedIntroIDs
        diagnostics += bodies.diagnostics
        clock.lap("markdown")
        try options.cancellation?.check()

        diagnostics += images.warnings(forUsed: Self.imagesShown(bodies))
        var site = SiteModelBuilder(routes: routes, pages: bodies.pages, displayPath: displayPath).build(tree, diagnostics: &diagnostics)
        if let language {
            language.all.adjust(&site, for: language.one, baseURL: baseURL)
            language.all.markStandIns(in: &site, for: language.one, tree: tree, originalPath: content.loader.originalPath)
        }
        let (anchors, anchorWarnings) = checkAnchors(site: site, bodies: bodies, templates: templates, displayPath: displayPath)
        diagnostics += anchorWarnings.joined()
        clock.lap("model")

        // Messages about fields name the column, and nested keys' lines: their files are read again, only for those.
        let contentPath = options.contentPath, fileSystem = options.fileSystem
        let loader = content.loader
        let positions = FrontMatterPositions.Reader { try? fileSystem.readFile(contentPath + "/" + loader.originalPath($0)) }
        // Which items field values name: the checks, the inference and the pages all ask.
        let itemNames = ItemNames(site: site)
        var presented: [Diagnostic] = []
        let presentation = CatalogPresentation.read(
            site, displayPath: displayPath, lines: { parsed.pages[$0]?.line(of: $1) },
            positions: positions,
            frontMatterEnd: { parsed.pages[$0].map { max(1, $0.bodyFirstLine - 1) } },
            fileWithoutCase: { routes.imageWithoutCase(ofLink: $1, inSource: $0) },
            itemNames: itemNames, diagnostics: &presented)
        // A file whose front matter could not be read has no fields to check: its error says what to fix.
        let unreadable = Set(parsed.diagnostics.lazy.filter { $0.severity == .error }.map(\.path))
        diagnostics += presented.filter { $0.severity == .error || !unreadable.contains($0.path) }
        let imageVariants = ImageVariants(site: site, configurations: presentation, images: images, pictured: bodies.picturedImages)
        // Once per build, not once per page whose preview misses an image.
        if let note = SitePresenter.missingBaseURLNote(site: site, images: images, displayPath: displayPath) { diagnostics.append(note) }
        SiteFeeds.checkSettings(of: site, displayPath: displayPath, lines: { parsed.pages[$0]?.line(of: $1) }, diagnostics: &diagnostics)
        diagnostics += Self.feedCollisions(SiteFeeds(site: site), routes: routes, displayPath: displayPath)
        let feedDates = FeedDates(firstSeen: firstSeen, now: options.clock())
        if options.strict { diagnostics = diagnostics.map(\.asError) }
        // File by file, top to bottom, whichever stage found them (the sort is stable).
        diagnostics.sort { ($0.path, $0.line ?? 0) < ($1.path, $1.line ?? 0) }
        guard let templates, !diagnostics.contains(where: { $0.severity == .error }) else { throw BuildFailure(diagnostics) }

        // The tags, the pager and each page's render key, which the pages draw on.
        var renderer = SiteRenderer(site: site, templates: templates, configurations: presentation)
        renderer.images = images
        let shared = renderer.makeShared(itemNames: itemNames)
        let digest = renderer.makeDigest(shared)

        var ownDiagnostics = parsed.ownDiagnostics.merging(bodies.ownDiagnostics, uniquingKeysWith: +)
        for ((source, _), found) in zip(bodies.linking, anchorWarnings) where !found.isEmpty { ownDiagnostics[source, default: []] += found }
        return Modeled(
            tree: tree, pages: parsed.pages, routes: routes, redirects: redirects, publishing: publishing, images: images, imageVariants: imageVariants, markdown: markdown,
            bodies: bodies, site: site,
            anchors: anchors, presentation: presentation, feedDates: feedDates, templates: templates, shared: shared, digest: digest,
            warnings: diagnostics, ownDiagnostics: ownDiagnostics, fileDigests: content.fileDigests, timings: clock.laps)
    }

    /// Makes the images the pages name (from the cache where it has them), renders the
    /// pages, and adds the assets: the content's beside their pages, the templates' under
    /// `assets/`.
    package func render(_ modeled: Modeled) -> Built {
        guard modeled.translations.isEmpty else { return renderLanguages(modeled) }
        return renderSite(modeled, sink: sink)
    }

    /// `render` of one site (one language's, with its pages' versions in the others).
    func renderSite(_ modeled: Modeled, sink: (any OutputSink)?, alternates: [String: [SiteTranslations.Alternate]] = [:]) -> Built {
        var clock = StageClock()
        var imageWarnings: [Diagnostic] = []
        // A draft build leaves photos for a later build to make.
        var imagesMayDifferNextTime = !modeled.images.problemsAreTheImages || !modeled.images.pending.isEmpty
        var snapshot = OutputSnapshot()
        snapshot.sink = sink
        let images = modeled.images
        let variants = modeled.imageVariants
        if !images.sources.isEmpty {
            let made = images.make(
                variants.files, cache: ImageCache.beside(output: options.outputPath, fileSystem: options.fileSystem),
                cancellation: options.cancellation, strayDisplayPath: options.contentDisplayName, decoding: options.decodingPhotos)
            for file in made.files { snapshot.add(file.path, .copy(from: file.cachePath), contentDigest: file.digest) }
            imageWarnings = made.warnings
            if made.mayDifferNextTime { imagesMayDifferNextTime = true }
            clock.lap("images")
        }
        // The cache forgets what it heard of photos no output folder's site has any more.
        ImageCache.beside(output: options.outputPath, fileSystem: options.fileSystem).recordPhotos(images.photoDigests)

        let renderer = {
            var renderer = SiteRenderer(site: modeled.site, templates: modeled.templates, configurations: modeled.presentation)
            renderer.images = images
            renderer.feedDates = modeled.feedDates
            renderer.cancellation = options.cancellation
            renderer.alternates = alternates
            return renderer
        }()
        let pageCount = renderer.render(into: &snapshot, shared: modeled.shared, digest: modeled.digest, progress: options.progress)
        let assets = modeled.routes.assets(in: modeled.tree, pages: modeled.pages)
        // A file a used stylesheet names (`url(img/bg.png)`) is used too.
        let fileSystem = options.fileSystem
        let used = modeled.publishing.used(
            linked: modeled.bodies.linkedFiles, assets: assets, routes: modeled.routes,
            leavesOutUnused: modeled.publishing.leavesOutUnused(in: modeled.tree), read: { try? fileSystem.readFile($0.absolutePath) })
        for (path, asset) in assets {
            // A photo's variants stand in for it; its original (with the EXIF a phone wrote)
            // is published only when the site asks, a page shows it as it is, or a link leads to it.
            if images.sources[path] != nil, !images.publishesOriginal(path), !modeled.bodies.linkedImages.contains(path) { continue }
            // `publish: referenced`, and a hidden folder's files: only what a page uses.
            guard modeled.publishing.publishes(asset, at: path, used: used) else { continue }
            snapshot.add(path, .copy(from: asset.absolutePath), contentDigest: modeled.fileDigests[asset.path])
        }
        for asset in modeled.templates.assets { snapshot.add(asset.path, .bytes(asset.bytes)) }
        for redirect in modeled.redirects {
            // The W3C checker wants a title on every page.
            let title = [modeled.bodies.pages[redirect.source]?.title ?? "", modeled.site.title].first { !$0.isEmpty } ?? redirect.target.path
            let page = RedirectPage(
                path: redirect.path, target: redirect.target.path, fragment: redirect.target.fragment, title: title,
                language: modeled.site.language, baseURL: modeled.site.baseURL)
            snapshot.add(redirect.path, text: page.html)
        }
        clock.lap("render")
        return Built(
            modeled: modeled, snapshot: snapshot, pageCount: pageCount, imageWarnings: imageWarnings,
            isRepeatable: !imagesMayDifferNextTime, timings: modeled.timings + clock.laps)
    }

    /// An error for each content file published where a feed goes: the feed would replace it.
    private static func feedCollisions(_ feeds: SiteFeeds, routes: Routes, displayPath: (String) -> String) -> [Diagnostic] {
        feeds.feeds.compactMap { feed in
            guard let source = routes.producers[feed.path.lowercased()] else { return nil }
            return .error(
                displayPath(source), "is published as `\(feed.path)`, where Foldout writes the Atom feed “\(feed.title)”",
                hint: "rename the file (with a `base_url`, feeds are `atom.xml`, `CATALOG/atom.xml` and `CATALOG/SECTION.atom.xml`), or set `feed_limit: 0`")
        }
    }

    /// Every content image a page shows or links to: named in front matter or in a body.
    private static func imagesShown(_ bodies: MarkdownStage.Bodies) -> Set<String> {
        var shown = bodies.picturedImages.union(bodies.linkedImages)
        for page in bodies.pages.pages {
            for image in page.images.values where !image.isExternal { shown.insert(image.location) }
        }
        return shown
    }

    /// Reads the content's images (see `ImageStage`) with the site's image settings.
    private func imageStage(
        tree: SourceFolder, pages: [String: ParsedPage], routes: Routes, content: LoadedContent,
        diagnostics: inout [Diagnostic]
    ) -> SiteImages {
        let loader = content.loader
        var settings = ImageOptions()
        if let index = tree.index, let page = pages[index.path] {
            settings = page.imageOptions(displayPath: loader.displayPath(index.path), diagnostics: &diagnostics)
        }
        let found = routes.assets(in: tree, pages: pages).filter { SourceImage.isImage($0.path) }.map { path, asset in
            ImageStage.Input(path: path, sourcePath: asset.path, absolutePath: asset.absolutePath, digest: content.fileDigests[asset.path] ?? 0)
        }
        guard !found.isEmpty else { return SiteImages(options: settings) }
        var stage = ImageStage(
            options: settings, cache: ImageCache.beside(output: options.outputPath, fileSystem: options.fileSystem),
            displayPath: { loader.displayPath($0) })
        stage.cancellation = options.cancellation
        stage.draft = options.draftImages
        var images = SiteImages(options: settings)
        options.decodingPhotos { images = stage.run(found) }
        return images
    }

    /// The Markdown stage for this site: raw HTML and smart punctuation as `Content/_index.md`
    /// says, ids the templates and the catalog outlines already use kept free, links resolved
    /// through `routes`.
    private func markdownStage(
        tree: SourceFolder, pages: [String: ParsedPage], routes: Routes, templates: TemplateSet?,
        images: SiteImages, content: LoadedContent
    ) -> MarkdownStage {
        let site = tree.index.flatMap { pages[$0.path] }
        // The site's `smart_punctuation:` is every page's default; a page's own wins.
        let markdownOptions = MarkdownRenderer.Options(
            allowRawHTML: site?.unsafeHTML ?? false, reservedIDs: templates?.literalIDs ?? [],
            smartPunctuation: site?.smartPunctuation ?? true)
        // The image stage read the photos' headers already: their files are not read again.
        let photoSizes = images.sources.mapValues { ImageSize(width: $0.header.width, height: $0.header.height) }
        return MarkdownStage(
            renderer: PageBodyRenderer(markdown: MarkdownRenderer(options: markdownOptions)), routes: routes,
            introReservedIDs: ContentRouter.outlineIDs(of: tree, pages: pages),
            imageSizes: ImageSize.sizes(
                of: routes.allAssets(in: tree).map { ($0.path, $0.asset.absolutePath) }, fileSystem: options.fileSystem, known: photoSizes),
            images: images, loader: content.loader, fileDigests: content.fileDigests, cache: cache)
    }

    /// Links naming an anchor, checked once every page's ids are known: the index of the
    /// pages they name, and each linking file's warnings (in `bodies.linking`'s order).
    private func checkAnchors(
        site: Site, bodies: MarkdownStage.Bodies, templates: TemplateSet?,
        displayPath: (String) -> String
    ) -> (AnchorIndex, [[Diagnostic]]) {
        let named = Set(bodies.linking.lazy.flatMap { $0.links.map(\.page) })
        let anchors = AnchorIndex(
            site: site, headings: bodies.headings.map { ($0.page, $0.ids) },
            onEveryPage: templates?.literalIDs ?? [], only: named)
        return (anchors, bodies.linking.map { anchors.warnings(for: $0.links, of: displayPath($0.source)) })
    }
}
