import FoldoutBase
import FoldoutLoading

/// The first parse of a Markdown file: front matter split off and read, reserved keys
/// checked for type. The body stays Markdown until every page's route is known, because
/// links between pages are rewritten when the body is rendered.
package struct ParsedPage: Sendable {
    package var path: String
    package var frontMatter: FrontMatter
    package var body: String
    /// 1-based line of the file where the body starts.
    package var bodyFirstLine: Int
    package var title: String?
    package var slug: String?
    package var weight: Double?
    package var draft: Bool
    package var image: String?
    package var summary: String?
    package var date: String?
    package var expanded: Bool?
    package var layout: String?
    package var tags: [String]
    /// `aliases:`, the addresses a page had before (as Hugo and Zola read them), as written.
    package var aliases: [String] = []
    /// `unsafe_html:` of the site's `Content/_index.md`: keep raw HTML in Markdown.
    package var unsafeHTML: Bool
    /// `smart_punctuation: false`: quotes, dashes and ellipses stay as written (a license's
    /// text, say). Nil when the page does not say.
    package var smartPunctuation: Bool?
    /// Digest of the front matter's text, when the page has front matter and the build
    /// recorded it (for the build record: an edit that leaves it alone touches the body only).
    package var frontMatterDigest: UInt64?

    /// File line of a front matter key, for messages (the YAML starts on line 2).
    package func line(of key: String) -> Int? {
        frontMatter.lines[key].map { $0 + 1 }
    }
}
