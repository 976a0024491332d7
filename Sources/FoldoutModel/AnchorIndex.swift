import FoldoutBase
import FoldoutMarkdown

/// Every id a link can jump to, per output page, to check links that name an anchor: on an
/// item's page the ids of its headings; on a catalog page the anchors of its sections, groups
/// and rows (`dogs/terriers`, `dogs/terriers/diego`) and the heading ids of the `_index.md`
/// files shown there; on the home page its intro's headings and the rows of loose items.
package struct AnchorIndex: Sendable {
    package private(set) var anchors: [String: Set<String>] = [:]

    /// Ids the templates write on every page they render (`<main id="main">`).
    package var onEveryPage: Set<String>

    /// `headings` holds, for each rendered Markdown file, the output page it shows on and
    /// the ids its headings got. When `pages` is given, only those pages are indexed (the
    /// pages links name with an anchor, few on most sites): the others are left out, as
    /// pages that are not the site's are.
    package init(
        site: Site, headings: [(page: String, ids: [String])], onEveryPage: Set<String> = [],
        only pages: Set<String>? = nil
    ) {
        self.onEveryPage = onEveryPage
        let wanted = { (page: String) in pages?.contains(page) ?? true }
        anchors.reserveCapacity(pages.map { $0.count + 1 } ?? 2 * (headings.count + 1))
        if wanted("index.html") { anchors["index.html"] = [] }
        for (page, ids) in headings where wanted(page) { anchors[page, default: []].formUnion(ids) }
        for catalog in site.catalogs where wanted(catalog.outputPath) {
            for section in catalog.sections { add(section, on: catalog.outputPath) }
        }
        if let loose = site.looseItems, wanted("index.html") { add(loose, on: "index.html") }
        site.forEachItem { item in
            if anchors[item.outputPath] == nil, wanted(item.outputPath) { anchors[item.outputPath] = [] }
        }
    }

    /// Whether `page` has the anchor; nil when `page` is not a page of the site (an image,
    /// a PDF), where anchors mean something else.
    package func contains(_ fragment: String, on page: String) -> Bool? {
        anchors[page].map { $0.contains(fragment) || onEveryPage.contains(fragment) }
    }

    private mutating func add(_ group: Group, on page: String) {
        if !group.anchor.isEmpty { anchors[page, default: []].insert(group.anchor) }
        for entry in group.entries {
            switch entry {
            case .item(let item): anchors[page, default: []].insert(item.anchor)
            case .group(let nested): add(nested, on: page)
            }
        }
    }

    /// Links naming an anchor (`care.md#feeding`, `#pricing`, `dogs/_index.md`) must find it
    /// on the page they lead to: a heading id or, on a catalog page, a section, group or row.
    /// The warnings for `links`, written in the file shown as `displayPath`.
    package func warnings(for links: [PageBodyRenderer.AnchorLink], of displayPath: String) -> [Diagnostic] {
        links.filter { contains($0.fragment, on: $0.page) == false }.map { link in
            .warning(
                displayPath, line: link.line,
                "link `\(link.written)` leads to `\(link.page)`, which has no heading or row `#\(link.fragment)`",
                hint: "headings get ids from their text (`## Care and feeding` is `#care-and-feeding`); "
                    + "on a catalog page, sections, groups and rows use their slug path (`#dogs/terriers`)")
        }
    }
}
