import FoldoutBase
import FoldoutModel

/// A page's links to its versions in the site's other languages (`SiteTranslations`): a
/// `<link rel="alternate" hreflang>` each in `<head>`, and the switcher `base` shows in the
/// header (`{{{languagesHTML}}}`), the page's own language marked current.
package enum LanguageLinksMarkup {
    /// One tag a line, after `head` (the link preview's tags, which `base` ends with a line break).
    package static func head(_ alternates: [SiteTranslations.Alternate], after head: [UInt8]) -> [UInt8] {
        var output = head
        for alternate in alternates {
            if !output.isEmpty { output.append(0x0A) }
            output += Array(#"<link rel="alternate" hreflang="\#(MarkupEscaping.html(alternate.code))" href="\#(MarkupEscaping.html(alternate.url))">"#.utf8)
        }
        return output
    }

    package static func switcher(_ alternates: [SiteTranslations.Alternate]) -> [UInt8] {
        var html = #"<nav class="site-languages" aria-label="Languages">"#
        for (index, alternate) in alternates.enumerated() {
            let code = MarkupEscaping.html(alternate.code)
            if index > 0 { html += " · " }
            html += #"<a href="\#(MarkupEscaping.html(alternate.url))" hreflang="\#(code)" lang="\#(code)""#
            html += alternate.isCurrent ? #" aria-current="page">"# : ">"
            html += MarkupEscaping.html(alternate.name) + "</a>"
        }
        return Array((html + "</nav>").utf8)
    }

    /// What the page's render key adds for its versions: a page is made again when they change.
    package static func digest(_ alternates: [SiteTranslations.Alternate]) -> UInt64 {
        var hasher = ContentHash()
        for alternate in alternates {
            hasher.combine(alternate.code)
            hasher.combine(alternate.name)
            hasher.combine(alternate.url)
            hasher.combine(alternate.isCurrent)
        }
        return hasher.finalize()
    }
}
