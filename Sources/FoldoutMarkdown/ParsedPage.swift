import FoldoutBase
import FoldoutLoading

/// The first parse of a Markdown file: front matter split off and read, reserved keys
/// checked for type. The body stays Markdown until every page's route is known, because
/// links between pages are rewritten when the body is rendered.
public struct ParsedPage: Sendable {
    public var path: String
    public var frontMatter: FrontMatter
    public var body: String
    /// 1-based line of the file where the body starts.
    public var bodyFirstLine: Int
    public var title: String?
    public var slug: String?
    public var weight: Double?
    public var draft: Bool
    public var image: String?
    public var summary: String?
    public var date: String?
    public var expanded: Bool?
    public var layout: String?
    public var tags: [String]
    /// `aliases:`, the addresses a page had before (as Hugo and Zola read them), as written.
    public var aliases: [String] = []
    /// `unsafe_html:` of the site's `Content/_index.md`: keep raw HTML in Markdown.
    public var unsafeHTML: Bool
    /// Digest of the front matter's text, when the page has front matter and the build
    /// recorded it (for the build record: an edit that leaves it alone touches the body only).
    public var frontMatterDigest: UInt64?

    /// File line of a front matter key, for messages (the YAML starts on line 2).
    public func line(of key: String) -> Int? {
        frontMatter.lines[key].map { $0 + 1 }
    }
}
