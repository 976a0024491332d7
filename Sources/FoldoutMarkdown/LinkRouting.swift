/// What the Markdown stage asks of the routes: which page shows a file and where a link
/// leads. `Routes` (FoldoutRouting) answers; the stage comes first in the package, so it
/// knows routes only through this.
package protocol LinkRouting: Sendable {
    /// The output page that shows `source`, and whether that page is another file's (an
    /// `_index.md` intro shows on its folder's page). Nil for a file with no route.
    func page(showing source: String) -> (path: String, isOwnPage: Bool)?
    /// A link written in `source`, as it is written on the page at output path `page`.
    func resolve(_ destination: String, inSource source: String, fromPage page: String) -> PageBodyRenderer.Resolution
    /// The output path of the file that `link`, relative to `source`, names.
    func outputPath(ofLink link: String, inSource source: String) -> String?
    /// The image `link` most likely means when it names no file: one its name matches
    /// without case or extension (`pickles.jpeg` for `Pickles.jpg`), written as `link` is.
    func imageWithoutCase(ofLink link: String, inSource source: String) -> String?
    /// The index file (`_index.md`) whose body shows where `link`, written in `source`,
    /// leads, when it names one or its folder: an intro among others on its folder's page.
    func indexFile(ofLink link: String, inSource source: String) -> String?
}

extension LinkRouting {
    package func imageWithoutCase(ofLink link: String, inSource source: String) -> String? { nil }
    package func indexFile(ofLink link: String, inSource source: String) -> String? { nil }
}
