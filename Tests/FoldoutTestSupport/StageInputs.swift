import FoldoutBase
import FoldoutLoading
import FoldoutMarkdown
import FoldoutRouting

/// What the loading stage hands on, made in memory from content files (paths relative to
/// the content folder, shown as `Content/…`): for tests that call one stage at its door with
/// the plain values the stages before it would give, and check the value it gives back.
package struct StageInputs {
    package let loader: ContentLoader
    /// The folder tree with every Markdown file's bytes read.
    package var tree: SourceFolder
    /// The problems walking and reading found.
    package var diagnostics: [Diagnostic] = []

    package init(_ content: [String: String]) throws(BuildFailure) {
        var files: [String: String] = [:]
        for (path, text) in content { files["/site/Content/" + path] = text }
        loader = ContentLoader(fileSystem: .memory(files), displayRoot: "Content")
        let (walked, markdown) = try loader.walk(root: "/site/Content", diagnostics: &diagnostics)
        tree = walked
        loader.read(markdown, into: &tree, diagnostics: &diagnostics)
    }

    /// The Markdown files, in the tree's order, as the parse stage takes them.
    package var markdownFiles: [SourceFile] { tree.allFiles.markdown }

    /// The parse stage's output for these files.
    package func parsed(includeDrafts: Bool = false) -> ParseStage.Parsed {
        ParseStage(displayPath: loader.displayPath, includeDrafts: includeDrafts).run(markdownFiles)
    }
}

extension StageInputs {
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
        let stage = MarkdownStage(renderer: renderer, routes: routes, introReservedIDs: [:], imageSizes: [:], loader: loader,
                                  fileDigests: [:], cache: nil)
        return (stage.renderAll(&pages, paths: markdownFiles.map(\.path), progress: nil), routes)
    }
}
