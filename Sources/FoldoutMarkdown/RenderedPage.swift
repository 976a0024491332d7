import FoldoutBase

/// A page after its body went through libcmark: everything the model needs from it.
public struct RenderedPage: Sendable {
    public var parsed: ParsedPage
    public var html: String
    /// The title: front matter, else the first heading, else the file name made readable.
    public var title: String
    /// `summary:`, else the first paragraph shortened.
    public var summary: String
    public var headingIDs: [String]
    /// Links in the body that name an anchor, checked once all pages are rendered.
    public var anchorLinks: [PageBodyRenderer.AnchorLink]
    /// Output path of the page's own image, if it names one that exists.
    public var image: ImageReference?
    /// Image files named by any front matter field, by key (`image` included).
    public var images: [String: ImageReference] = [:]
    /// Content images the body names: shown through their variants (`asPicture`), or linked
    /// to, which needs the original published.
    public var imageFiles: [(path: String, asPicture: Bool)] = []
    /// What rendering the body and finding the images noticed, top to bottom.
    public var problems: [Diagnostic] = []
}
