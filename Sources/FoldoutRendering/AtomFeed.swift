import FoldoutBase
import FoldoutPresentation

/// A feed as Atom 1.0 (RFC 4287): the feed's title, id, links to itself and its page,
/// `updated` and author, then one `<entry>` per item with its title, link, id, dates,
/// categories (its tags), summary and image: a `rel="enclosure"` link to the file, and an
/// `<img>` before the summary in the HTML content readers show. Text is escaped for XML,
/// with the characters XML 1.0 cannot hold dropped, so a stray control character in front
/// matter cannot make the feed unreadable.
package struct AtomFeed: Sendable {
    package var document: FeedDocument

    package init(_ document: FeedDocument) {
        self.document = document
    }

    package var xml: String {
        let feed = document
        var lines = [
            #"<?xml version="1.0" encoding="utf-8"?>"#,
            #"<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="\#(MarkupEscaping.xml(feed.language))">"#,
            "<title>\(MarkupEscaping.xml(feed.title))</title>",
        ]
        if !feed.subtitle.isEmpty { lines.append("<subtitle>\(MarkupEscaping.xml(feed.subtitle))</subtitle>") }
        lines += [
            #"<link rel="self" type="\#(SiteFeeds.mediaType)" href="\#(MarkupEscaping.xml(feed.selfURL))"/>"#,
            #"<link rel="alternate" type="text/html" href="\#(MarkupEscaping.xml(feed.pageURL))"/>"#,
            "<id>\(MarkupEscaping.xml(feed.id))</id>",
            "<updated>\(feed.updated.rfc3339)</updated>",
            "<author><name>\(MarkupEscaping.xml(feed.author))</name></author>",
            "<generator>Foldout</generator>",
        ]
        for entry in feed.entries {
            lines.append("<entry>")
            lines.append("<title>\(MarkupEscaping.xml(entry.title))</title>")
            lines.append(#"<link rel="alternate" type="text/html" href="\#(MarkupEscaping.xml(entry.url))"/>"#)
            if let image = entry.image {
                let type = image.mediaType.map { #" type="\#(MarkupEscaping.xml($0))""# } ?? ""
                lines.append(#"<link rel="enclosure"\#(type) href="\#(MarkupEscaping.xml(image.url))"/>"#)
            }
            lines.append("<id>\(MarkupEscaping.xml(entry.url))</id>")
            if let published = entry.published { lines.append("<published>\(published.rfc3339)</published>") }
            lines.append("<updated>\(entry.updated.rfc3339)</updated>")
            for author in entry.authors { lines.append("<author><name>\(MarkupEscaping.xml(author))</name></author>") }
            for tag in entry.tags { lines.append(#"<category term="\#(MarkupEscaping.xml(tag))"/>"#) }
            if !entry.summary.isEmpty { lines.append("<summary>\(MarkupEscaping.xml(entry.summary))</summary>") }
            if let image = entry.image {
                // The HTML readers show: the picture, then the summary.
                var html = #"<p><img src="\#(MarkupEscaping.html(image.url))" alt="\#(MarkupEscaping.html(image.alt))""#
                if let width = image.width, let height = image.height { html += #" width="\#(width)" height="\#(height)""# }
                html += "></p>"
                if !entry.summary.isEmpty { html += "<p>\(MarkupEscaping.html(entry.summary))</p>" }
                lines.append(#"<content type="html">\#(MarkupEscaping.xml(html))</content>"#)
            }
            lines.append("</entry>")
        }
        lines.append("</feed>")
        return lines.joined(separator: "\n") + "\n"
    }
}
