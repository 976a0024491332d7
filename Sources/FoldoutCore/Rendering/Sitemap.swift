/// `sitemap.xml` (sitemaps.org protocol 0.9) for a site with a `base_url`: one `<url>` per
/// page, in path order, with `<lastmod>` from an item's `date`.
public struct Sitemap: Sendable {
    public var baseURL: String
    public var paths: [String]
    /// Dates (`2026-05-01`) by output path.
    public var dates: [String: String]

    public var xml: String {
        let base = baseURL.hasSuffix("/") ? baseURL : baseURL + "/"
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">"#,
        ]
        for path in paths.sorted() {
            // File names, as every link of the site: the URL works on any server.
            let encoded = path.split(separator: "/")
                .map { OutputPath.encodeSegment(String($0)) }.joined(separator: "/")
            lines.append("<url><loc>\(Self.escape(base + encoded))</loc>"
                         + (dates[path].map { "<lastmod>\($0)</lastmod>" } ?? "") + "</url>")
        }
        lines.append("</urlset>")
        return lines.joined(separator: "\n") + "\n"
    }

    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.append(character)
            }
        }
        return result
    }
}
