import Foundation

/// Maps the section model to the values templates read (the "content configuration" of
/// the design notes). Every node carries every key its template reads, with `false`, `""`
/// or `[]` where there is nothing: swift-mustache looks a missing key up in the enclosing
/// context, which would make a recursive outline re-render its parent's children.
///
/// URLs are relative to the page being rendered, so contexts are made per page.
/// docs/templates.md lists every key.
public struct SitePresenter {
    public var site: Site
    /// Row and detail settings per catalog id; catalogs not listed use the defaults.
    public var configurations: [String: CatalogPresentation]
    /// The tags of the site, when tag pages are made (nil: tags are shown as plain words).
    public var tagIndex: TagIndex?
    /// When set, links are absolute URLs under it instead of relative paths: for the 404
    /// page, which a server shows at any depth.
    public var absoluteBase: String?
    /// The item pages' pager, made once per site by the renderer (made on the spot when nil).
    public var pager: ItemPager?
    /// Deepest outline level rendered, a guard against runaway recursion. The loader already
    /// refuses folders deeper than this, so no group is ever cut here.
    public static let maximumOutlineDepth = ContentLoader.maximumDepth

    public init(site: Site, configurations: [String: CatalogPresentation] = [:], tagIndex: TagIndex? = nil,
                absoluteBase: String? = nil) {
        self.site = site
        self.configurations = configurations
        self.tagIndex = tagIndex
        self.absoluteBase = absoluteBase
    }

    /// The URL of the output file `target` (plus `#fragment`) as written on the page at `page`.
    func link(from page: String, to target: String, fragment: String? = nil) -> String {
        guard let base = absoluteBase else { return OutputPath.relativeURL(from: page, to: target, fragment: fragment) }
        return OutputPath.absoluteURL(base: base, to: target, fragment: fragment)
    }

    // MARK: Shared by all pages

    /// Keys of `base.html` except `content`, `title` and `kind`, for a page at `path`.
    public func layoutContext(pagePath: String, currentCatalog: String?, hasScript: Bool = false) -> [String: Any] {
        let root = OutputPath.rootPrefix(of: pagePath)
        return [
            "lang": site.language,
            "siteTitle": site.title,
            "description": site.description,
            "hasDescription": !site.description.isEmpty,
            "hasCatalogs": !site.catalogs.isEmpty,
            "root": root,
            "homeURL": link(from: pagePath, to: "index.html"),
            "stylesheetURL": link(from: pagePath, to: "assets/style.css"),
            "hasScript": hasScript,
            "scriptURL": link(from: pagePath, to: "assets/catalog.js"),
            "hasTagPages": !(tagIndex?.tags.isEmpty ?? true),
            "tagsURL": link(from: pagePath, to: TagIndex.indexPath),
            "tagsCurrent": pagePath.hasPrefix(TagIndex.folder + "/"),
            "catalogs": site.catalogs.map { catalog -> [String: Any] in
                [
                    "title": catalog.title,
                    "url": link(from: pagePath, to: catalog.outputPath),
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
            "catalogs": site.catalogs.map { catalogCardContext($0, pagePath: pagePath) },
            "hasCatalogs": !site.catalogs.isEmpty,
            "looseItems": site.looseItems.map { [sectionContext($0, in: nil, pagePath: pagePath)] } ?? [],
        ]
    }

    func catalogCardContext(_ catalog: Catalog, pagePath: String) -> [String: Any] {
        [
            "id": catalog.id,
            "title": catalog.title,
            "url": link(from: pagePath, to: catalog.outputPath),
            "introHTML": catalog.introHTML,
            "hasIntro": !catalog.introHTML.isEmpty,
            "summary": catalog.summary,
            "itemCount": catalog.itemCount,
            "itemCountLabel": Self.countLabel(catalog.itemCount),
        ]
    }

    // MARK: Catalog

    public func catalogContext(_ catalog: Catalog) -> [String: Any] {
        let pagePath = catalog.outputPath
        var card = catalogCardContext(catalog, pagePath: pagePath)
        card["filterLabel"] = "Filter \(catalog.title)"
        return [
            "catalog": card,
            "sections": catalog.sections.map { sectionContext($0, in: catalog, pagePath: pagePath) },
        ]
    }

    /// A section: its header, outline and footer. `rowIDPrefix` keeps row ids unique on
    /// pages that show an item twice (query sections) or items of several catalogs (tags).
    func sectionContext(_ section: Group, in catalog: Catalog?, pagePath: String, headingLevel: Int = 2,
                        anchor: String? = nil, rowIDPrefix: String? = nil) -> [String: Any] {
        let options = section.options
        let defaults = catalog?.options ?? SectionOptions()
        let layout = options.layout ?? defaults.layout ?? "list"
        let appearance = options.appearance ?? defaults.appearance
        let columns = options.columns ?? defaults.columns
        let exclusive = options.exclusive ?? defaults.exclusive ?? false
        let introText = section.query != nil ? section.summary : ""
        let prefix = rowIDPrefix ?? (section.query != nil ? section.anchor : nil)
        let outline = OutlineContext(presenter: self, catalog: catalog, pagePath: pagePath, rowIDPrefix: prefix,
                                     sectionExpanded: section.expanded ?? catalog?.expanded)
        return [
            "anchor": anchor ?? section.anchor,
            "hasTitle": !section.title.isEmpty,
            "title": section.title,
            "headingLevel": headingLevel,
            "itemCount": section.itemCount,
            "itemCountLabel": Self.countLabel(section.itemCount),
            "introHTML": section.introHTML,
            "introText": introText,
            "hasIntroText": !introText.isEmpty,
            "hasIntro": !section.introHTML.isEmpty || !introText.isEmpty,
            "layout": layout,
            "appearance": appearance ?? "",
            "hasAppearance": appearance != nil && layout == "list",
            "columns": columns ?? 0,
            "hasColumns": columns != nil && layout == "grid",
            "footer": options.footer,
            "hasFooter": !options.footer.isEmpty,
            "isQuery": section.query != nil,
            "entries": outline.entries(section.entries, depth: 2, accordion: exclusive ? Self.accordionName(section.anchor) : nil),
        ]
    }

    static func accordionName(_ anchor: String) -> String {
        anchor.isEmpty ? "outline" : anchor
    }

    /// What the outline of one section needs to render its groups and rows.
    struct OutlineContext {
        var presenter: SitePresenter
        var catalog: Catalog?
        var pagePath: String
        var rowIDPrefix: String?
        /// The section's `expanded`, else the catalog's: the default for its groups.
        var sectionExpanded: Bool?

        /// `accordion` is the `name` shared by exclusive sibling groups; only the first
        /// of them that would be open is.
        func entries(_ entries: [OutlineEntry], depth: Int, accordion: String?) -> [[String: Any]] {
            guard depth <= SitePresenter.maximumOutlineDepth else { return [] }
            var accordionOpened = false
            return entries.map { entry in
                switch entry {
                case .group(let group):
                    var open = group.expanded ?? sectionExpanded ?? false
                    if accordion != nil {
                        if accordionOpened { open = false }
                        if open { accordionOpened = true }
                    }
                    let exclusive = group.options.exclusive ?? catalog?.options.exclusive ?? false
                    return [
                        "isGroup": true,
                        "isItem": false,
                        "anchor": group.anchor,
                        "title": group.title,
                        "summary": group.summary,
                        "itemCount": group.itemCount,
                        "itemCountLabel": SitePresenter.countLabel(group.itemCount),
                        "open": open,
                        "hasAccordion": accordion != nil,
                        "accordion": accordion ?? "",
                        "depth": depth,
                        "entries": self.entries(group.entries, depth: depth + 1,
                                                accordion: exclusive ? SitePresenter.accordionName(group.anchor) : nil),
                    ]
                case .item(let item):
                    var row = presenter.rowContext(item, catalog: catalog, pagePath: pagePath, idPrefix: rowIDPrefix)
                    row["depth"] = depth
                    return row
                }
            }
        }
    }

    /// A row: what an item shows in an outline, following the catalog's `row:` settings.
    public func rowContext(_ item: Item, catalog: Catalog?, pagePath: String, idPrefix: String? = nil) -> [String: Any] {
        let configuration = catalog.flatMap { configurations[$0.id] }?.row ?? .standard
        let value = { (key: String) in item.value(for: key).map(Self.displayText) }
        let title = configuration.title?.render(value) ?? ""
        let secondary: String
        if !configuration.showsSecondary {
            secondary = ""
        } else if let template = configuration.secondary {
            secondary = template.render(value)
        } else {
            secondary = item.summary
        }
        let badges = badgesContext(item, fields: configuration.badges)
        var thumbnail: Any = false
        if let field = configuration.imageField, let image = item.images[field] {
            let alt = configuration.alt?.render(value) ?? (image.altIsWritten ? image.alt : "")
            let size = (image.size ?? ImageSize(width: configuration.thumbnailSize, height: configuration.thumbnailSize))
                .fitted(in: configuration.thumbnailSize)
            thumbnail = [
                "src": imageURL(image, pagePath: pagePath), "alt": alt, "width": size.width, "height": size.height,
            ] as [String: Any]
        }
        let anchor = idPrefix.map { $0.isEmpty ? item.anchor : $0 + "/" + item.anchor } ?? item.anchor
        return [
            "isGroup": false,
            "isItem": true,
            "anchor": anchor,
            "title": title.isEmpty ? item.title : title,
            "summary": item.summary,
            "secondary": secondary,
            "hasSecondary": !secondary.isEmpty,
            "hasSummary": !secondary.isEmpty,
            "url": link(from: pagePath, to: item.outputPath),
            "thumbnail": thumbnail,
            "image": thumbnail,
            "badges": badges,
            "hasBadges": !badges.isEmpty,
            "states": badges,
            "tagList": item.tags.joined(separator: ", "),
            "hasTags": !item.tags.isEmpty,
            "open": false,
            "hasAccordion": false,
            "accordion": "",
            "itemCount": 0,
            "itemCountLabel": "",
            "entries": [] as [Any],
        ]
    }

    /// One badge per value of each badge field, with its state class (`adopted` → `is-adopted`).
    func badgesContext(_ item: Item, fields: [String]) -> [[String: Any]] {
        var badges: [[String: Any]] = []
        var seen: Set<String> = []
        for key in fields {
            guard let value = item.value(for: key) else { continue }
            for element in value.listValue ?? [value] {
                let label = Self.displayText(element).trimmingCharacters(in: .whitespaces)
                let slug = Slug.make(label)
                guard !label.isEmpty, !slug.isEmpty, seen.insert(slug).inserted else { continue }
                badges.append(["label": label, "key": Slug.make(key), "stateClass": "is-" + slug])
            }
        }
        return badges
    }

    // MARK: Item

    public func itemContext(_ item: Item, catalog: Catalog?) -> [String: Any] {
        let pagePath = item.outputPath
        let configuration = catalog.flatMap { configurations[$0.id] } ?? .standard
        let breadcrumb: [[String: Any]] = item.trail.map { step in
            ["title": step.title, "url": link(from: pagePath, to: step.path, fragment: step.fragment)]
        }
        let fields = fieldsContext(item, list: configuration.fields)
        let badges = badgesContext(item, fields: configuration.row.badges)
        var image: Any = false
        if let reference = item.image {
            image = [
                "src": imageURL(reference, pagePath: pagePath), "url": imageURL(reference, pagePath: pagePath),
                "alt": reference.alt, "hasSize": reference.size != nil,
                "width": reference.size?.width ?? 0, "height": reference.size?.height ?? 0,
            ] as [String: Any]
        }
        let tags: [[String: Any]] = item.tags.map { name in
            let hasPage = tagIndex != nil
            return ["name": name, "hasURL": hasPage,
                    "url": hasPage ? link(from: pagePath, to: TagIndex.folder + "/" + TagIndex.slug(for: name) + ".html") : ""]
        }
        let date = item.date ?? ""
        var context: [String: Any] = [
            "title": item.title,
            "summary": item.summary,
            "bodyHTML": item.bodyHTML,
            "date": date,
            "hasDate": !date.isEmpty,
            "hasMachineDate": Self.isMachineReadableDate(date),
            "image": image,
            "fields": fields,
            "hasFields": !fields.isEmpty,
            "tags": tags,
            "hasTags": !tags.isEmpty,
            "badges": badges,
            "hasBadges": !badges.isEmpty,
            "states": badges,
            "breadcrumb": breadcrumb,
            "previous": false,
            "next": false,
            "hasPager": false,
            "sectionTitle": "",
        ]
        if let neighbours = (pager ?? ItemPager(site: site))[item.id] {
            func neighbour(_ other: ItemPager.Neighbour) -> [String: Any] {
                ["title": other.title, "url": link(from: pagePath, to: other.outputPath)]
            }
            let previous = neighbours.previous.map(neighbour)
            let next = neighbours.next.map(neighbour)
            context["previous"] = previous ?? false
            context["next"] = next ?? false
            context["hasPager"] = previous != nil || next != nil
            context["sectionTitle"] = neighbours.sectionTitle
        }
        let home = catalog?.outputPath ?? "index.html"
        context["catalogTitle"] = catalog?.title ?? site.title
        context["catalogURL"] = link(from: pagePath, to: home)
        context["rowURL"] = link(from: pagePath, to: home, fragment: item.anchor)
        return ["item": context]
    }

    /// The item's fields for its page, as `fields:` lists them (or all of them).
    func fieldsContext(_ item: Item, list: DetailFieldList) -> [[String: Any]] {
        let entries = list.entries ?? item.fields
            .filter { !DetailFieldList.hiddenByDefault.contains($0.key) && item.images[$0.key] == nil }
            .map { DetailFieldList.Entry(key: $0.key, label: DetailFieldList.label(for: $0.key)) }
        return entries.compactMap { entry in
            guard let value = item.value(for: entry.key) else { return nil }
            let text = Self.displayText(value)
            guard !text.isEmpty else { return nil }
            return ["key": Slug.make(entry.key), "label": entry.label, "value": text,
                    "isLink": text.hasPrefix("https://") || text.hasPrefix("http://")]
        }
    }

    func imageURL(_ image: ImageReference, pagePath: String) -> String {
        image.isExternal ? image.location : link(from: pagePath, to: image.location)
    }

    // MARK: Tags

    public func tagIndexContext(_ index: TagIndex) -> [String: Any] {
        let pagePath = TagIndex.indexPath
        return [
            "tags": index.tags.map { tag -> [String: Any] in
                ["name": tag.name, "url": link(from: pagePath, to: tag.outputPath),
                 "itemCount": tag.itemCount, "itemCountLabel": Self.countLabel(tag.itemCount)]
            },
            "hasTags": !index.tags.isEmpty,
            "tagCountLabel": index.tags.count == 1 ? "1 tag" : "\(index.tags.count) tags",
        ]
    }

    public func tagContext(_ tag: TagIndex.Tag) -> [String: Any] {
        let pagePath = tag.outputPath
        let groups: [[String: Any]] = tag.groups.map { group in
            let catalog = group.catalog
            let id = catalog?.id ?? "home"
            let sections: [[String: Any]] = group.sections.map { sectionGroup in
                var section = sectionGroup.section
                section.entries = sectionGroup.items.map(OutlineEntry.item)
                section.introHTML = ""
                section.options = SectionOptions()
                var context = sectionContext(section, in: catalog, pagePath: pagePath, headingLevel: 3,
                                             anchor: id + "/" + section.anchor, rowIDPrefix: id)
                context["layout"] = "list"
                return context
            }
            return [
                "anchor": id,
                "title": catalog?.title ?? site.title,
                "url": link(from: pagePath, to: catalog?.outputPath ?? "index.html"),
                "sections": sections,
            ]
        }
        return [
            "tag": ["name": tag.name, "itemCount": tag.itemCount, "itemCountLabel": Self.countLabel(tag.itemCount)] as [String: Any],
            "catalogs": groups,
            "tagIndexURL": link(from: pagePath, to: TagIndex.indexPath),
        ]
    }

    // MARK: Not found

    public func notFoundContext() -> [String: Any] {
        ["catalogs": site.catalogs.map { catalogCardContext($0, pagePath: "404.html") },
         "hasCatalogs": !site.catalogs.isEmpty,
         "homeURL": link(from: "404.html", to: "index.html")]
    }

    // MARK: Words

    static func countLabel(_ count: Int) -> String {
        count == 1 ? "1 item" : "\(count) items"
    }

    /// A value as a reader sees it: lists joined with commas, true/false as Yes/No.
    static func displayText(_ value: FieldValue) -> String {
        switch value {
        case .bool(let flag): return flag ? "Yes" : "No"
        case .list(let values): return values.map(displayText).joined(separator: ", ")
        default: return value.text
        }
    }

    /// Whether `date` can go in `<time datetime>` as written: `2026-05-01`.
    static func isMachineReadableDate(_ date: String) -> Bool {
        let scalars = Array(date.unicodeScalars)
        guard scalars.count >= 10 else { return false }
        let digits = [0, 1, 2, 3, 5, 6, 8, 9]
        guard digits.allSatisfy({ scalars[$0].properties.numericType != nil && scalars[$0].isASCII }),
              scalars[4] == "-", scalars[7] == "-" else { return false }
        return scalars.count == 10
    }
}
