import FoldoutBase
import FoldoutMarkdown
import Foundation

/// A field's value written in Markdown, for its item's page: rendered by cmark with the
/// bodies' safety (raw HTML through the allowlist, only safe URLs), either because the
/// catalog declares the field `type: markdown`, because it holds a link, or because the value
/// is long text that plainly uses Markdown (a link, emphasis, code, a list).
enum FieldMarkdown {
    private static let renderer = MarkdownRenderer(options: .init(allowRawHTML: false, dropTitleHeading: false))

    /// Whether long text uses Markdown a reader would otherwise see raw: `**bold**`, `` `code` ``,
    /// `[text](url)`, a list, a heading or a quote at the start of a line, or an HTML tag.
    static func looksLikeMarkdown(_ text: String) -> Bool {
        if text.contains("**") || text.contains("__") || text.contains("`") || text.contains("](") { return true }
        // A footnote and its note (`[^1]` … `[^1]: The source.`).
        if text.contains("[^"), text.contains("]:") { return true }
        for line in text.split(separator: "\n") {
            let start = line.drop { $0 == " " }
            for marker in ["- ", "* ", "+ ", "# ", "## ", "### ", "> ", "1. "] where start.hasPrefix(marker) { return true }
            if start.hasPrefix("<"), start.dropFirst().first?.isLetter == true { return true }
        }
        return false
    }

    /// Whether text of any length holds a Markdown link, `[text](url)`: Hugo's themes render
    /// `author: '[Ann](https://…)'` as a link, and a reader has no use for the brackets.
    static func holdsLink(_ text: String) -> Bool {
        guard let middle = text.range(of: "](") else { return false }
        return text[..<middle.lowerBound].contains("[") && text[middle.upperBound...].contains(")")
    }

    /// Stands for a local link that leads nowhere: such a link is written as its text alone,
    /// since nothing here can warn about it (no file and line to name).
    private static let nowhere = "#foldout-nowhere"

    /// The HTML of `text`. `link` gives the URL a local destination leads to from the item's
    /// page; nil for one that leads to no page, which becomes its text. Headings lose their
    /// ids: the page's own headings and the layout's elements have theirs, and a value's
    /// heading is no place to link to. Footnotes are the field's own (`fn-origin-1`, under
    /// "Footnotes: Origin"), clear of `takenIDs` (the body's and other fields'), which gains
    /// theirs: several values and the body each number their notes from 1.
    static func html(
        _ text: String, field: (slug: String, label: String), takenIDs: inout Set<String>, link: (String) -> String?
    ) -> String {
        var renderer = renderer
        let hasNotes = text.contains("[^")
        if hasNotes {
            // A slug of digits (`2019`) would give ids of the body's form (`fnref-2019-2`).
            let word = field.slug.first.map { !$0.isNumber } == true ? field.slug : "field-" + field.slug
            renderer.options.footnotes = .init(idPrefix: word + "-", label: "Footnotes: " + field.label)
            renderer.options.reservedIDs = takenIDs
        }
        let result = renderer.render(
            text,
            rewrite: { written in
                guard !written.isImage, OutputPath.isLocal(written.destination) else { return nil }
                return link(written.destination) ?? nowhere
            }
        )
        if hasNotes { takenIDs.formUnion(result.rawHTMLIDs) }
        return withoutLinksToNowhere(withoutHeadingIDs(result.html))
    }

    /// `<a href="#foldout-nowhere">text</a>` → `text` (links do not nest, so the next `</a>`
    /// closes it). A fragment, so that the raw-HTML allowlist keeps it for this to find.
    private static func withoutLinksToNowhere(_ html: String) -> String {
        guard html.contains(nowhere) else { return html }
        var result = ""
        var rest = Substring(html)
        while let open = rest.range(of: "<a href=\"" + nowhere + "\"") {
            result += rest[..<open.lowerBound]
            rest = rest[open.upperBound...]
            guard let tagEnd = rest.firstIndex(of: ">"), let close = rest.range(of: "</a>") else { break }
            result += rest[rest.index(after: tagEnd)..<close.lowerBound]
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    /// `<h2 id="x">` → `<h2>`; cmark writes nothing else there.
    private static func withoutHeadingIDs(_ html: String) -> String {
        guard html.contains("<h") else { return html }
        var result = ""
        var rest = Substring(html)
        while let open = rest.range(of: "<h") {
            result += rest[..<open.upperBound]
            rest = rest[open.upperBound...]
            guard let level = rest.first, ("1"..."6").contains(level), rest.dropFirst().hasPrefix(" id=\""),
                let close = rest.dropFirst(6).firstIndex(of: "\"")
            else { continue }
            result.append(level)
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}
