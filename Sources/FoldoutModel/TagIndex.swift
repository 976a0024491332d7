import FoldoutBase
import FoldoutRouting

/// Every tag of the site with the items that carry it, grouped by catalog and by the
/// folder section each item sits in, in the site's own order. Tags that differ only in
/// case or punctuation share a slug and are one tag, named as first written.
package struct TagIndex: Sendable {
    package struct Tag: Sendable {
        package var name: String
        /// File name stem under `tags/`, e.g. `outdoor` for `tags/outdoor.html`.
        package var slug: String
        package var groups: [CatalogGroup]
        package var itemCount: Int { groups.reduce(0) { $0 + $1.sections.reduce(0) { $0 + $1.items.count } } }
        /// Output path of the tag's page.
        package var outputPath: String { TagIndex.folder + "/" + slug + ".html" }
    }

    /// A catalog's items with the tag; `catalog` is nil for items placed directly in `Content/`.
    package struct CatalogGroup: Sendable {
        package var catalog: Catalog?
        package var sections: [SectionGroup]
    }

    package struct SectionGroup: Sendable {
        package var section: Group
        package var items: [Item]
    }

    package static let folder = "tags"
    package static let indexPath = folder + "/index.html"

    /// Tags ordered by name, in natural order.
    package var tags: [Tag]
    /// The slug of each tag as written on an item.
    private var slugs: [String: String] = [:]

    package init(site: Site) {
        self.init(site: site, onlyTags: nil)
    }

    /// The tags whose slugs are in `slugs` only (all of them when nil), each whole: with
    /// every item that carries it, named as first written. For a rebuild that renders the
    /// pages of a few items and tags only.
    package init(site: Site, onlyTags slugs: Set<String>?) {
        var order: [String] = []
        var names: [String: String] = [:]
        var groups: [String: [CatalogGroup]] = [:]
        // Most items share a few tags: each is made a slug once.
        var made: [String: String] = [:]
        func slugOf(_ tag: String) -> String {
            if let known = made[tag] { return known }
            let slug = Self.slug(for: tag)
            made[tag] = slug
            return slug
        }
        func collect(_ sections: [Group], catalog: Catalog?) {
            var perTag: [String: [SectionGroup]] = [:]
            for section in sections where section.query == nil {
                var itemsPerTag: [String: [Item]] = [:]
                section.forEachItem { item in
                    for (position, tag) in item.tags.enumerated() {
                        let slug = slugOf(tag)
                        guard slugs?.contains(slug) ?? true else { continue }
                        // An item is listed once under a tag it carries twice (`Kids`, `kids`).
                        guard !item.tags[..<position].contains(where: { made[$0] == slug }) else { continue }
                        if names[slug] == nil {
                            names[slug] = tag
                            order.append(slug)
                        }
                        itemsPerTag[slug, default: []].append(item)
                    }
                }
                for (slug, items) in itemsPerTag { perTag[slug, default: []].append(SectionGroup(section: section, items: items)) }
            }
            for (slug, sectionGroups) in perTag { groups[slug, default: []].append(CatalogGroup(catalog: catalog, sections: sectionGroups)) }
        }
        for catalog in site.catalogs { collect(catalog.sections, catalog: catalog) }
        if let loose = site.looseItems { collect([loose], catalog: nil) }
        self.slugs = made
        tags = order.map { slug in
            Tag(name: names[slug]!, slug: slug, groups: groups[slug] ?? [])
        }.sorted { lhs, rhs in
            let byName = Ordering.naturalCompare(lhs.name, rhs.name)
            return byName != 0 ? byName < 0 : lhs.slug < rhs.slug
        }
    }

    /// Output path of the page of the tag written `name` on an item.
    package func outputPath(ofTag name: String) -> String {
        Self.outputPath(ofSlug: slugs[name] ?? Self.slug(for: name))
    }

    package static func outputPath(ofSlug slug: String) -> String {
        folder + "/" + slug + ".html"
    }

    /// The tag's slug; never `index`, which names the tag list, and never longer than a
    /// file name may be (shortened as every output name is, see `OutputNameLength`).
    package static func slug(for tag: String) -> String {
        let slug = Slug.make(tag)
        if slug.isEmpty { return "tag" }
        if slug == "index" { return "index-tag" }
        return String(OutputNameLength.fitted(slug, suffix: ".html").dropLast(".html".count))
    }
}
