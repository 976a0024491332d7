import FoldoutBase

/// A page after its body went through libcmark: everything the model needs from it.
package struct RenderedPage: Sendable {
    package var parsed: ParsedPage
    package var html: String
    /// The title: front matter, else the first heading, else the file name made readable.
    package var title: String
    /// `summary:`, else the first paragraph shortened.
    package var summary: String
    package var headingIDs: [String]
    /// Links in the body that name an anchor, checked once all pages are rendered.
    package var anchorLinks: [PageBodyRenderer.AnchorLink]
    /// Output path of the page's own image, if it names one that exists.
    package var image: ImageReference?
    /// Image files named by any front matter field, by key (`image` included).
    package var images: [String: ImageReference] = [:]
    /// Content images the body names: shown through their variants (`asPicture`), or linked
    /// to, which needs the original published.
    package var imageFiles: [(path: String, asPicture: Bool)] = []
    /// Output paths of the files the body links to or shows (pages and assets alike), which
    /// decide the assets published where only used ones are (`publish: referenced`).
    package var linkedFiles: [String] = []
    /// What rendering the body and finding the images noticed, top to bottom.
    package var problems: [Diagnostic] = []
}
