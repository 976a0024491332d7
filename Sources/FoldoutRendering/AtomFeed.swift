import FoldoutBase
import FoldoutPresentation

/// A feed as Atom 1.0 (RFC 4287): the feed's title, id, links to itself and its page,
/// `updated` and author, then one `<entry>` per item with its title, link, id, dates,
/// categories (its tags), summary and image: a `rel="enclosure"` link to the file, and an
/// `<img>` before the summary in the HTML content readers show. Text is escaped for XML,
/// with the characters XML 1.0 cannot hold dropped, so a stray control character in front
/// matter cannot make the feed unreadable.
public struct AtomFeed: Sendable {
    public var document: FeedDocument

    public init(_ document: FeedDocument) {
        self.document = document
    }

    public var xml: String {
        let feed = document
        var lines = [
            #"<?xml version="1.0" encoding="utf-8"?>"#,
            #"<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="\#(Self.escape(feed.language))">"#,
            "<title>\(Self.escape(feed.title))</title>",
        ]
        if !feed.subtitle.isEmpty { lines.append("<subtitle>\(Self.escape(feed.subtitle))</subtitle>") }
        lines += [
            #"<link rel="self" type="\#(SiteFeeds.mediaType)" href="\#(Self.escape(feed.selfURL))"/>"#,
            #"<link rel="alternate" type="text/html" href="\#(Self.escape(feed.pageURL))"/>"#,
            "<id>\(Self.escape(feed.id))</id>",
            "<updated>\(feed.updated.rfc3339)</updated>",
            "<author><name>\(Self.escape(feed.author))</name></author>",
            "<generator>Foldout</generator>",
        ]
        for entry in feed.entries {
            lines.append("<entry>")
            lines.append("<title>\(Self.escape(entry.title))</title>")
            lines.append(#"<link rel="alternate" type="text/html" href="\#(Self.escape(entry.url))"/>"#)
            if let image = entry.image {
                let type = image.mediaType.map { #" type="\#(Self.escape($0))""# } ?? ""
                lines.append(#"<link rel="enclosure"\#(type) href="\#(Self.escape(image.url))"/>"#)
            }
            lines.append("<id>\(Self.escape(entry.url))</id>")
            if let published = entry.published { lines.append("<published>\(published.rfc3339)</published>") }
            lines.append("<updated>\(entry.updated.rfc3339)</updated>")
            for author in entry.authors { lines.append("<author><name>\(Self.escape(author))</name></author>") }
            for tag in entry.tags { lines.append(#"<category term="\#(Self.escape(tag))"/>"#) }
            if !entry.summary.isEmpty { lines.append("<summary>\(Self.escape(entry.summary))</summary>") }
            if let image = entry.image {
                // The HTML readers show: the picture, then the summary.
                var html = #"<p><img src="\#(HTMLEscaping.escape(image.url))" alt="\#(HTMLEscaping.escape(image.alt))""#
                if let width = image.width, let height = image.height { html += #" width="\#(width)" height="\#(height)""# }
                html += "></p>"
                if !entry.summary.isEmpty { html += "<p>\(HTMLEscaping.escape(entry.summary))</p>" }
                lines.append(#"<content type="html">\#(Self.escape(html))</content>"#)
            }
            lines.append("</entry>")
        }
        lines.append("</feed>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` for XML character data and attribute values: the five special characters
    /// escaped, and characters XML 1.0 does not allow (C0 controls but tab, line feed and
    /// carriage return; U+FFFE and U+FFFF) left out.
    static func escape(_ text: String) -> String {
        let allowed = text.unicodeScalars.allSatisfy(Self.isAllowed)
        let kept = allowed ? text : String(String.UnicodeScalarView(text.unicodeScalars.filter(Self.isAllowed)))
        return HTMLEscaping.escape(kept)
    }

    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD: true
        case 0..<0x20, 0xFFFE, 0xFFFF: false
        default: true
        }
    }
}
