import FoldoutBase
import FoldoutIncremental
import FoldoutLoading
import FoldoutMarkdown
import FoldoutModel
import FoldoutOutput
import FoldoutRendering
import FoldoutRouting

/// An edited item's page, written a few milliseconds after the save from what the session's
/// last build remembers (`SessionMemory`), before the rebuild that brings catalog rows, pagers
/// and tags up to date. The rebuild always follows and has the last word.
package struct ItemPreview: Sendable {
    package var options: BuildOptions

    package init(options: BuildOptions) {
        self.options = options
    }

    /// Writes the pages of the edited items among `changedPaths` (paths in the content
    /// folder) straight away, from what the last build in `memory` knew, and returns what was
    /// written (for `Builder.update`'s `preWritten`). Items that moved, were renamed, became drafts
    /// or fail to parse are left to the full rebuild, which always follows.
    package func write(_ changedPaths: [String], memory: SessionMemory, cache: MarkdownCacheFile?) -> [String: OutputManifest.Record] {
        guard let state = memory.current else { return [:] }
        let lock = BuildLock(output: options.outputPath, fileSystem: options.fileSystem)
        defer { withExtendedLifetime(lock) {} }
        var written: [String: OutputManifest.Record] = [:]
        var renderer = SiteRenderer(site: state.site, templates: state.templates, configurations: state.configurations)
        // The photos as the last build made them; a photo new to the page shows once the rebuild makes it.
        renderer.images = state.stage.images
        for path in Set(changedPaths) {
            guard let (catalog, item) = state.items[path],
                let bytes = try? options.fileSystem.readFile(options.contentPath + "/" + path)
            else { continue }
            let digest = ContentHash.of(bytes)
            guard digest != state.stage.fileDigests[path] else { continue }
            var problems: [Diagnostic] = []
            let parseFrontMatter: (FrontMatter.Source) throws(FrontMatter.ParseError) -> FrontMatter = {
                source throws(FrontMatter.ParseError) in
                if let known = cache?.frontMatter(source.digest) { return known }
                return try FrontMatter.parse(source)
            }
            let page = PageParser.parse(
                SourceFile(path: path, bytes: bytes), displayPath: state.stage.loader.displayPath(path),
                diagnostics: &problems, parseFrontMatter: parseFrontMatter)
            guard !problems.contains(where: { $0.severity == .error }), !page.draft || options.includeDrafts,
                ContentRouter.pageSlug(page) + ".html" == item.outputPath.split(separator: "/").last.map(String.init)
            else { continue }
            let rendered = state.stage.render(path, page: page, fileDigest: digest)
            let edited = SiteModelBuilder.item(rendered, replacing: item, in: catalog.map { state.site.catalogs[$0] })
            let html = renderer.render(.item(edited, catalog: catalog), shared: state.shared)
            let destination = options.outputPath + "/" + item.outputPath
            if (try? options.fileSystem.readFile(destination)) == html { continue }
            // Written beside the output folder, in `.foldout-cache`, and renamed into place: no
            // temporary ever sits where the server publishes. Where the rename cannot be made
            // (the output folder is a mount point of its own) the page waits for the rebuild.
            let temporary = SidecarFile.temporaryPath(for: SidecarFile.path(forOutput: options.outputPath, suffix: ".preview"))
            guard let status = try? AtomicFile.write(html, to: destination, via: temporary, in: options.fileSystem) else { continue }
            written[item.outputPath] = .init(hash: ContentHash.of(html), size: status.size, modified: status.modified, renderKey: nil)
        }
        return written
    }
}
