import FoldoutBase

/// A body as libcmark rendered it, with every link it resolved and how: what
/// `MarkdownCache` keeps, reused while each link still resolves the same way.
package struct RenderedBody: Sendable {
    package var html: String
    package var title: String
    package var summary: String
    package var headingIDs: [String]
    package var anchorLinks: [PageBodyRenderer.AnchorLink]
    package var diagnostics: [Diagnostic]
    package var links: [Link]

    /// A destination as written, whether an image shows it, and where it led.
    package typealias Link = (destination: String, isImage: Bool, resolution: PageBodyRenderer.Resolution)

    package init(
        html: String, title: String, summary: String, headingIDs: [String], anchorLinks: [PageBodyRenderer.AnchorLink],
        diagnostics: [Diagnostic], links: [Link]
    ) {
        self.html = html
        self.title = title
        self.summary = summary
        self.headingIDs = headingIDs
        self.anchorLinks = anchorLinks
        self.diagnostics = diagnostics
        self.links = links
    }
}
