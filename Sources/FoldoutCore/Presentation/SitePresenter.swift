/// Maps the section model to the values templates read (the "content configuration" of
/// the design notes). Every node carries every key its template reads, with `false`, `""`
/// or `[]` where there is nothing: swift-mustache looks a missing key up in the enclosing
/// context, which would make a recursive outline re-render its parent's children.
///
/// URLs are relative to the page being rendered, so contexts are made per page.
public struct SitePresenter {
    public var site: Site
    /// Deepest outline level rendered, a guard against runaway recursion. The loader already
    /// refuses folders deeper than this, so no group is ever cut here.
    public static let maximumOutlineDepth = ContentLoader.maximumDepth

    public init(site: Site) {
        self.site = site
    }

    // MARK: Shared by all pages

    /// Keys of `base.html` except `content`, `title` and `kind`, for a page at `path`.
    public func layoutContext(pagePath: String, currentCatalog: String?) -> [String: Any] {
        let root = OutputPath.rootPrefix(of: pagePath)
        return [
            "lang": site.language,
            "siteTitle": site.title,
            "description": site.description,
            "hasDescription": !site.description.isEmpty,
            "hasCatalogs": !site.catalogs.isEmpty,
            "root": root,
            "homeURL": OutputPath.relativeURL(from: pagePath, to: "index.html"),
            "stylesheetURL": OutputPath.relativeURL(from: pagePath, to: "assets/style.css"),
            "catalogs": site.catalogs.map { catalog -> [String: Any] in
                [
                    "title": catalog.title,
                    "url": OutputPath.relativeURL(from: pagePath, to: catalog.outputPath),
                    "current": catalog.id == currentCatalog,
                ]
            },
        ]
    }

    // MARK: Home

    public func homeContext() -> [String: Any] {
        let pagePath = "index.html"
        return [
            "site": [
                "title": site.title,
                "description": site.description,
                "introHTML": site.introHTML,
                "hasIntro": !site.introHTML.isEmpty,
            ] as [String: Any],
            "catalogs": site.catalogs.map { catalog -> [String: Any] in
                [
                    "id": catalog.id,
                    "title": catalog.title,
                    "url": OutputPath.relativeURL(from: pagePath, to: catalog.outputPath),
                    "introHTML": catalog.introHTML,
                    "hasIntro": !catalog.introHTML.isEmpty,
                    "summary": catalog.summary,
                    "itemCount": catalog.itemCount,
                    "itemCountLabel": Self.countLabel(catalog.itemCount),
                ]
            },
            "hasCatalogs": !site.catalogs.isEmpty,
            "looseItems": site.looseItems.map { [sectionContext($0, pagePath: pagePath, catalogExpanded: nil)] } ?? [],
        ]
    }

    // MARK: Catalog

    public func catalogContext(_ catalog: Catalog) -> [String: Any] {
        let pagePath = catalog.outputPath
        return [
            "catalog": [
                "id": catalog.id,
                "title": catalog.title,
                "introHTML": catalog.introHTML,
                "hasIntro": !catalog.introHTML.isEmpty,
                "summary": catalog.summary,
                "itemCount": catalog.itemCount,
                "itemCountLabel": Self.countLabel(catalog.itemCount),
            ] as [String: Any],
            "sections": catalog.sections.map { sectionContext($0, pagePath: pagePath, catalogExpanded: catalog.expanded) },
        ]
    }

    func sectionContext(_ section: Group, pagePath: String, catalogExpanded: Bool?) -> [String: Any] {
        [
            "anchor": section.anchor,
            "hasTitle": !section.title.isEmpty,
            "title": section.title,
            "itemCount": section.itemCount,
            "itemCountLabel": Self.countLabel(section.itemCount),
            "introHTML": section.introHTML,
            "hasIntro": !section.introHTML.isEmpty,
            "layout": section.layout ?? "list",
            "entries": entriesContext(section.entries, depth: 2, pagePath: pagePath, catalogExpanded: catalogExpanded),
        ]
    }

    func entriesContext(_ entries: [OutlineEntry], depth: Int, pagePath: String, catalogExpanded: Bool?) -> [[String: Any]] {
        guard depth <= Self.maximumOutlineDepth else { return [] }
        return entries.map { entry in
            switch entry {
            case .group(let group):
                return [
                    "isGroup": true,
                    "isItem": false,
                    "anchor": group.anchor,
                    "title": group.title,
                    "summary": group.summary,
                    "itemCount": group.itemCount,
                    "itemCountLabel": Self.countLabel(group.itemCount),
                    "open": group.expanded ?? catalogExpanded ?? false,
                    "depth": depth,
                    "entries": entriesContext(group.entries, depth: depth + 1, pagePath: pagePath, catalogExpanded: catalogExpanded),
                ]
            case .item(let item):
                var row = rowContext(item, pagePath: pagePath)
                row["depth"] = depth
                return row
            }
        }
    }

    /// A row: what an item shows in an outline.
    public func rowContext(_ item: Item, pagePath: String) -> [String: Any] {
        [
            "isGroup": false,
            "isItem": true,
            "anchor": item.anchor,
            "title": item.title,
            "summary": item.summary,
            "hasSummary": !item.summary.isEmpty,
            "url": OutputPath.relativeURL(from: pagePath, to: item.outputPath),
            "image": imageContext(item.image, pagePath: pagePath),
            "open": false,
            "itemCount": 0,
            "itemCountLabel": "",
            "entries": [] as [Any],
        ]
    }

    // MARK: Item

    public func itemContext(_ item: Item, catalog: Catalog?) -> [String: Any] {
        let pagePath = item.outputPath
        let breadcrumb: [[String: Any]] = item.trail.map { step in
            ["title": step.title, "url": OutputPath.relativeURL(from: pagePath, to: step.path, fragment: step.fragment)]
        }
        let fields: [[String: Any]] = item.fields.compactMap { field in
            let text = field.value.text
            guard !text.isEmpty else { return nil }
            return ["key": field.key, "label": Self.label(for: field.key), "value": text,
                    "isLink": text.hasPrefix("https://") || text.hasPrefix("http://")]
        }
        var context: [String: Any] = [
            "title": item.title,
            "summary": item.summary,
            "bodyHTML": item.bodyHTML,
            "date": item.date ?? "",
            "hasDate": item.date != nil,
            "image": imageContext(item.image, pagePath: pagePath),
            "fields": fields,
            "hasFields": !fields.isEmpty,
            "tags": item.tags.map { ["name": $0] },
            "hasTags": !item.tags.isEmpty,
            "breadcrumb": breadcrumb,
        ]
        if let catalog {
            context["catalogTitle"] = catalog.title
            context["catalogURL"] = OutputPath.relativeURL(from: pagePath, to: catalog.outputPath)
            context["rowURL"] = OutputPath.relativeURL(from: pagePath, to: catalog.outputPath, fragment: item.anchor)
        } else {
            context["catalogTitle"] = site.title
            context["catalogURL"] = OutputPath.relativeURL(from: pagePath, to: "index.html")
            context["rowURL"] = OutputPath.relativeURL(from: pagePath, to: "index.html", fragment: item.anchor)
        }
        return ["item": context]
    }

    func imageContext(_ image: ImageReference?, pagePath: String) -> Any {
        guard let image else { return false }
        let url = image.isExternal ? image.location : OutputPath.relativeURL(from: pagePath, to: image.location)
        return ["url": url, "alt": image.alt] as [String: Any]
    }

    // MARK: Words

    static func countLabel(_ count: Int) -> String {
        count == 1 ? "1 item" : "\(count) items"
    }

    /// `lesson_count` → "Lesson count".
    static func label(for key: String) -> String {
        Slug.readableTitle(fromFileName: key)
    }
}
