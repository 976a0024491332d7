import FoldoutBase
import FoldoutLoading
import FoldoutMarkdown
import FoldoutModel
import FoldoutRouting

/// What each stage hands on, made from the site's content: for the tests that call one stage
/// at its door with the plain values the stages before it would give, and check the value it
/// gives back. Photos, the cache and raw HTML are left out.
extension MemorySite {
    /// What the loading stage gives: the folder tree with every Markdown file's bytes read,
    /// and the problems walking and reading found.
    package struct Loaded {
        package let loader: ContentLoader
        package var tree: SourceFolder
        package var diagnostics: [Diagnostic]

        /// The Markdown files, in the tree's order, as the parse stage takes them.
        package var markdownFiles: [SourceFile] { tree.allFiles.markdown }
    }

    /// The loading stage's output, its files named `Content/…`.
    package func loaded() throws(BuildFailure) -> Loaded {
        let loader = ContentLoader(fileSystem: fileSystem, displayRoot: "Content")
        var diagnostics: [Diagnostic] = []
        let walked = try loader.walk(root: content, diagnostics: &diagnostics)
        var tree = walked.tree
        loader.read(walked.markdown, into: &tree, diagnostics: &diagnostics)
        return Loaded(loader: loader, tree: tree, diagnostics: diagnostics)
    }
}

extension MemorySite.Loaded {
    /// The parse stage's output for these files.
    package func parsed(includeDrafts: Bool = false) -> ParseStage.Parsed {
        ParseStage(displayPath: loader.displayPath, includeDrafts: includeDrafts).run(markdownFiles)
    }

    /// The route stage's output for these files, with what it warned about.
    package func routed() -> (pages: [String: ParsedPage], routes: Routes, diagnostics: [Diagnostic]) {
        let pages = parsed().pages
        var diagnostics: [Diagnostic] = []
        let routes = ContentRouter(displayPath: loader.displayPath).route(tree, pages: pages, diagnostics: &diagnostics)
        return (pages, routes, diagnostics)
    }

    /// The Markdown stage's output: every routed page's body rendered, links resolved through
    /// the routes, with no photos, no cache and raw HTML off.
    package func bodies() -> (bodies: MarkdownStage.Bodies, routes: Routes) {
        var (pages, routes, _) = routed()
        let renderer = PageBodyRenderer(markdown: MarkdownRenderer(options: .init()))
        let stage = MarkdownStage(
            renderer: renderer, routes: routes, introReservedIDs: [:], imageSizes: [:], loader: loader,
            fileDigests: [:], cache: nil)
        return (stage.renderAll(&pages, paths: markdownFiles.map(\.path), progress: nil), routes)
    }

    /// The model stage's output: the site's catalogs, sections, groups and items, with what
    /// it warned about.
    package func modeled() -> (site: Site, diagnostics: [Diagnostic]) {
        let (bodies, routes) = bodies()
        var diagnostics: [Diagnostic] = []
        let site = SiteModelBuilder(routes: routes, pages: bodies.pages, displayPath: loader.displayPath)
            .build(tree, diagnostics: &diagnostics)
        return (site, diagnostics)
    }
}
