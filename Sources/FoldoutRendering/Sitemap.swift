import FoldoutBase

/// `sitemap.xml` (sitemaps.org protocol 0.9) for a site with a `base_url`: one `<url>` per
/// page, in path order, with `<lastmod>` from an item's `date`.
package struct Sitemap: Sendable {
    package var baseURL: String
    package var paths: [String]
    /// Dates (`2026-05-01`) by output path.
    package var dates: [String: String]

    package var xml: String {
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">"#,
        ]
        for path in paths.sorted() {
            // File names, as every link of the site: the URL works on any server.
            let url = OutputPath.absoluteURL(base: baseURL, to: path)
            lines.append(
                "<url><loc>\(MarkupEscaping.xml(url))</loc>"
                    + (dates[path].map { "<lastmod>\($0)</lastmod>" } ?? "") + "</url>")
        }
        lines.append("</urlset>")
        return lines.joined(separator: "\n") + "\n"
    }
}
