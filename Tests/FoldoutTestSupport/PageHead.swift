import Foundation

/// What a page's `<head>` says about it to other programs: its link preview `<meta>` tags and
/// its JSON-LD, read back from the HTML.
package struct PageHead {
    /// `og:…`, `article:…` and `twitter:…` tags in order, by their `property` or `name`,
    /// their `content` with entities decoded.
    package var meta: [(key: String, content: String)] = []
    /// The text of each `<script type="application/ld+json">`, as written.
    package var structuredDataText: [String] = []
    /// The content of each `<meta name="description">`, and the address of each
    /// `<link rel="canonical">`, entities decoded.
    package var descriptions: [String] = []
    package var canonicalLinks: [String] = []

    package init(_ html: String) {
        for tag in HTMLTags.scan(html) where !tag.isEnd {
            if tag.name == "link", tag.attributes["rel"] == "canonical" { canonicalLinks.append(tag.attributes["href"] ?? "") }
            guard tag.name == "meta" else { continue }
            if tag.attributes["name"] == "description" { descriptions.append(tag.attributes["content"] ?? "") }
            guard let key = tag.attributes["property"] ?? tag.attributes["name"],
                ["og:", "article:", "twitter:"].contains(where: key.hasPrefix)
            else { continue }
            meta.append((key, tag.attributes["content"] ?? ""))
        }
        let open = #"<script type="application/ld+json">"#
        for part in html.components(separatedBy: open).dropFirst() {
            if let end = part.range(of: "</script>") { structuredDataText.append(String(part[..<end.lowerBound])) }
        }
    }

    /// The content of the first tag `key`; nil when there is none.
    package subscript(key: String) -> String? {
        meta.first { $0.key == key }?.content
    }

    /// Every content of tag `key` (`article:tag` repeats).
    package func all(_ key: String) -> [String] {
        meta.filter { $0.key == key }.map(\.content)
    }

    /// The JSON-LD documents, decoded.
    package func structuredData() throws -> [Any] {
        try structuredDataText.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) }
    }

    /// The nodes of the JSON-LD documents (each `@graph`'s, or the document itself).
    package func nodes() throws -> [[String: Any]] {
        try structuredData().flatMap { document -> [[String: Any]] in
            let object = document as? [String: Any] ?? [:]
            return (object["@graph"] as? [[String: Any]]) ?? [object]
        }
    }

    /// The first node of type `type`.
    package func node(_ type: String) throws -> [String: Any]? {
        try nodes().first { $0["@type"] as? String == type }
    }
}
