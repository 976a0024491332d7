import FoldoutBase
import FoldoutImages
import FoldoutLoading
import FoldoutMarkdown
import FoldoutModel
import Foundation

/// A catalog page: its panel of facets, its sections and groups, and their rows.
extension SitePresenter {
    package func catalogContext(_ catalog: Catalog) -> TemplateContext {
        let pagePath = catalog.outputPath
        var card = catalogCardContext(catalog, pagePath: pagePath)
        let configuration = configurations[catalog.id] ?? .standard
        // Says what it searches, unlike the site's search box in the header: these items only.
        let filterLabel = "Filter these \(configuration.itemNoun.plural)"
        card[.filterLabel] = .text(filterLabel)
        let facets = CatalogFacets(
            catalog: catalog, declarations: configuration.facets, sortChoices: configuration.sortChoices,
            listed: configuration.listed, noun: configuration.itemNoun)
        card[.panel] = .context(panelContext(facets, filterLabel: filterLabel, noun: configuration.itemNoun))
        card[.dataJSON] = .text(facets.json)
        let feedLinks = (self.feeds ?? SiteFeeds(site: site)).feeds(ofCatalog: catalog.id).map { feedContext($0, links: links(from: pagePath)) }
        card[.feeds] = .list(feedLinks)
        card[.hasFeeds] = .flag(!feedLinks.isEmpty)
        return [
            .catalog: .context(card),
            .sections: .list(catalog.sections.map { sectionContext($0, in: catalog, pagePath: pagePath) }),
        ]
    }

    /// The catalog page's panel: the filter box, the facets with their counts over every
    /// item, and the sort choices. The page's script updates the counts as filters apply.
    package func panelContext(_ facets: CatalogFacets, filterLabel: String, noun: ItemNoun) -> TemplateContext {
        let facetContexts: [TemplateContext] = facets.facets.map { facet in
            let key = facet.declaration.key
            let isList = facet.kind == .values || facet.kind == .boolean
            return [
                .key: .text(key),
                .label: .text(facet.declaration.label),
                .kind: .text(facet.kind.rawValue),
                .isList: .flag(isList),
                .isRange: .flag(!isList),
                .inputType: .text(facet.kind == .date ? "date" : "number"),
                .low: .text(facet.bounds?.low ?? ""),
                .high: .text(facet.bounds?.high ?? ""),
                .hasBounds: .flag(facet.bounds != nil),
                .values: .list(
                    facet.values.map { value in
                        [.facetKey: .text(key), .label: .text(value.label), .slug: .text(value.slug), .count: .number(value.count)]
                    }),
            ]
        }
        return [
            .filterLabel: .text(filterLabel),
            // The control that includes unlisted items sits with the facets.
            .hasFacets: .flag(!facetContexts.isEmpty || !facets.unlisted.isEmpty),
            .facets: .list(facetContexts),
            .hasSorts: .flag(!facets.sorts.isEmpty),
            .sorts: .list(facets.sorts.map { [.key: .text($0.choice.key), .label: .text($0.choice.label)] }),
            .statusText: .text(noun.count(facets.entryCount)),
            .itemName: .text(noun.singular),
            .itemNamePlural: .text(noun.plural),
            .hasUnlisted: .flag(!facets.unlisted.isEmpty),
            .unlistedLabel: .text(facets.unlistedName.prefix(1).uppercased() + facets.unlistedName.dropFirst()),
            .unlistedCount: .number(facets.unlisted.count),
        ]
    }

    /// A section: its header, outline and footer. `rowIDPrefix` keeps row ids unique on
    /// pages that show an item twice (query sections) or items of several catalogs (tags).
    package func sectionContext(
        _ section: Group, in catalog: Catalog?, pagePath: String, headingLevel: Int = 2,
        anchor: String? = nil, rowIDPrefix: String? = nil, layout: String? = nil
    ) -> TemplateContext {
        let options = section.options
        let defaults = catalog?.options ?? SectionOptions()
        let layout = layout ?? Self.layout(of: section, in: catalog)
        let appearance = options.appearance ?? defaults.appearance
        let columns = options.columns ?? defaults.columns
        let exclusive = options.exclusive ?? defaults.exclusive ?? false
        let introText = section.query != nil ? section.summary : ""
        let prefix = rowIDPrefix ?? (section.query != nil ? section.anchor : nil)
        let noun = noun(of: catalog)
        let row = rowConfiguration(of: catalog)
        let outline = OutlineContext(
            presenter: self, catalog: catalog, row: row, noun: noun,
            pageNoun: pageNoun(of: catalog), links: links(from: pagePath), rowIDPrefix: prefix,
            sectionExpanded: section.expanded ?? catalog?.expanded
                ?? catalog.flatMap { configurations[$0.id] }?.opensGroups,
            card: Self.cardImageSize(
                layout: layout, columns: columns, catalog: catalog,
                configurations: configurations),
            showsPlaceholders: Self.showsPlaceholders(section, row: row))
        let itemCount = section.entryCount
        return [
            .anchor: .text(anchor ?? section.anchor),
            .hasTitle: .flag(!section.title.isEmpty),
            .title: .text(section.title),
            .headingLevel: .number(headingLevel),
            .itemCount: .number(itemCount),
            .itemCountLabel: .text(noun.count(itemCount)),
            .introHTML: .text(section.introHTML),
            .introText: .text(introText),
            .hasIntroText: .flag(!introText.isEmpty),
            .hasIntro: .flag(!section.introHTML.isEmpty || !introText.isEmpty),
            .hasIntroPage: .flag(section.pagePath != nil),
            .introPageURL: .text(section.pagePath.map { links(from: pagePath).url(to: $0) } ?? ""),
            .summary: .text(section.summary),
            .layout: .text(layout),
            .appearance: .text(appearance ?? ""),
            .hasAppearance: .flag(appearance != nil && layout == "list"),
            .columns: .number(columns ?? 0),
            .hasColumns: .flag(columns != nil && layout == "grid"),
            .footer: .text(options.footer),
            .hasFooter: .flag(!options.footer.isEmpty),
            .isQuery: .flag(section.query != nil),
            .isLong: .flag(itemCount >= Self.longSectionItems),
            .hasOutlineControls: .flag(!exclusive && section.entries.contains { if case .group = $0 { true } else { false } }),
            .entries: .list(outline.entries(section.entries, depth: 2, accordion: exclusive ? Self.accordionName(section.anchor) : nil)),
        ]
    }

    /// Items from which a section is long: printed, it starts on a new page. About what a
    /// printed page holds as rows with their group headings, so a section that fills a page
    /// anyway begins at the top of one, and short ones share pages.
    package static let longSectionItems = 12

    /// A section's `layout`, else its catalog's, else a list.
    package static func layout(of section: Group, in catalog: Catalog?) -> String {
        section.options.layout ?? catalog?.options.layout ?? "list"
    }

    /// How wide a card's photo is drawn in a section of `layout` (nil for a list).
    package static func cardImageSize(
        layout: String, columns: Int?, catalog: Catalog?,
        configurations: [String: CatalogPresentation]
    ) -> CardImageSize? {
        CardImageSize(
            layout: layout, columns: columns,
            hasFacets: !(catalog.flatMap { configurations[$0.id] }?.facets.isEmpty ?? true))
    }

    /// Whether the rows of `section` without a photo show a placeholder box: when the
    /// catalog's `row.placeholder` asks for one and some row of the section has a photo.
    package static func showsPlaceholders(_ section: Group, row: RowConfiguration) -> Bool {
        guard row.placeholder != .none, let field = row.imageField else { return false }
        var found = false
        section.forEachItem { item in if !found, item.images[field] != nil { found = true } }
        return found
    }

    package static func accordionName(_ anchor: String) -> String {
        anchor.isEmpty ? "outline" : anchor
    }

    /// What the outline of one section needs to render its groups and rows.
    package struct OutlineContext {
        package var presenter: SitePresenter
        package var catalog: Catalog?
        /// The catalog's row settings, looked up once per section rather than once per row.
        package var row: RowConfiguration
        /// What the catalog calls its items, in the groups' counts.
        package var noun: ItemNoun
        /// What sub-pages are counted as, in an item's disclosure of them.
        package var pageNoun: ItemNoun
        /// Links from the page, whose path is read once for all its rows.
        package var links: Links
        package var rowIDPrefix: String?
        /// The section's `expanded`, else the catalog's: the default for its groups.
        package var sectionExpanded: Bool?
        /// How wide the photos of a grid's or carousel's cards are drawn; nil in a list.
        package var card: CardImageSize? = nil
        /// Whether rows without a photo show a placeholder box (`showsPlaceholders`).
        package var showsPlaceholders = false

        /// `accordion` is the `name` shared by exclusive sibling groups; only the first
        /// of them that would be open is.
        package func entries(_ entries: [OutlineEntry], depth: Int, accordion: String?) -> [TemplateContext] {
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
                    if let lead = group.lead {
                        // A row that is also a group: the lead's row, disclosing its sub-pages.
                        var row = presenter.rowContext(
                            lead, configuration: row, links: links, idPrefix: rowIDPrefix, depth: depth,
                            card: card, showsPlaceholder: showsPlaceholders)
                        row[.hasChildren] = true
                        row[.open] = .flag(open)
                        row[.itemCount] = .number(group.pageCount)
                        row[.itemCountLabel] = .text(pageNoun.count(group.pageCount))
                        row[.entries] = .list(self.entries(group.entries, depth: depth + 1, accordion: nil))
                        return row
                    }
                    let exclusive = group.options.exclusive ?? catalog?.options.exclusive ?? false
                    let itemCount = group.entryCount
                    return [
                        .isGroup: true,
                        .isItem: false,
                        .anchor: .text(group.anchor),
                        .title: .text(group.title),
                        .summary: .text(group.summary),
                        // A sub-folder's `_index.md` body, inside its group: the anchor
                        // check counts its headings as on this page, so they must be here.
                        .introHTML: .text(group.introHTML),
                        .hasIntro: .flag(!group.introHTML.isEmpty),
                        .hasIntroPage: .flag(group.pagePath != nil),
                        .introPageURL: .text(group.pagePath.map { links.url(to: $0) } ?? ""),
                        .itemCount: .number(itemCount),
                        .itemCountLabel: .text(noun.count(itemCount)),
                        .open: .flag(open),
                        .hasChildren: false,
                        .hasAccordion: .flag(accordion != nil),
                        .accordion: .text(accordion ?? ""),
                        .depth: .number(depth),
                        .entries: .list(
                            self.entries(
                                group.entries, depth: depth + 1,
                                accordion: exclusive ? SitePresenter.accordionName(group.anchor) : nil)),
                    ]
                case .item(let item):
                    return presenter.rowContext(
                        item, configuration: row, links: links, idPrefix: rowIDPrefix, depth: depth,
                        card: card, showsPlaceholder: showsPlaceholders)
                }
            }
        }
    }

    /// A row: what an item shows in an outline, following the catalog's `row:` settings.
    /// `depth` is the outline level it is shown at (see `OutlineContext`).
    package func rowContext(_ item: Item, catalog: Catalog?, pagePath: String, idPrefix: String? = nil, depth: Int = 2) -> TemplateContext {
        rowContext(item, configuration: rowConfiguration(of: catalog), links: links(from: pagePath), idPrefix: idPrefix, depth: depth)
    }

    package func rowConfiguration(of catalog: Catalog?) -> RowConfiguration {
        catalog.flatMap { configurations[$0.id] }?.row ?? .standard
    }

    package func noun(of catalog: Catalog?) -> ItemNoun {
        catalog.flatMap { configurations[$0.id] }?.itemNoun ?? .item
    }

    package func pageNoun(of catalog: Catalog?) -> ItemNoun {
        catalog.flatMap { configurations[$0.id] }?.pageNoun ?? .page
    }

    /// `card`: the row is a grid's or carousel's card, whose photo is drawn that wide;
    /// `showsPlaceholder`: without a photo it shows the catalog's placeholder box.
    package func rowContext(
        _ item: Item, configuration: RowConfiguration, links: Links, idPrefix: String?, depth: Int,
        card: CardImageSize? = nil, showsPlaceholder: Bool = false
    ) -> TemplateContext {
        let (title, secondary) = rowText(item, configuration: configuration)
        let label = rowLabel(item, configuration: configuration)
        let badges = badgesContext(item, fields: configuration.badges)
        let thumbnail = rowThumbnail(item, configuration: configuration, links: links, card: card)
        let placeholder: TemplateValue =
            thumbnail == nil && showsPlaceholder
            ? .context([.initial: .text(configuration.placeholder == .initial ? Self.initial(of: title) : "")]) : false
        let anchor = idPrefix.map { $0.isEmpty ? item.anchor : $0 + "/" + item.anchor } ?? item.anchor
        // In the order the default outline and row templates look keys up: a look-up scans
        // the keys from the first, and rows are most of a catalog or tag page.
        return [
            .isGroup: false,
            .isItem: true,
            .states: .list(badges),
            .anchor: .text(anchor),
            .hasTags: .flag(!item.tags.isEmpty),
            .tagList: .text(item.tags.joined(separator: ", ")),
            .url: .text(links.url(to: item.outputPath)),
            .thumbnail: TemplateValue(thumbnail),
            .hasRowLabel: .flag(!label.isEmpty),
            .rowLabel: .text(label),
            .photoPlaceholder: placeholder,
            .title: .text(title),
            .hasBadges: .flag(!badges.isEmpty),
            .badges: .list(badges),
            .hasSecondary: .flag(!secondary.isEmpty),
            .secondary: .text(secondary),
            .summary: .text(item.summary),
            .hasSummary: .flag(!secondary.isEmpty),
            .image: TemplateValue(thumbnail),
            .hasChildren: false,
            .open: false,
            .hasAccordion: false,
            .accordion: "",
            .itemCount: 0,
            .itemCountLabel: "",
            .entries: [],
            .depth: .number(depth),
        ]
    }

    /// A row's title and secondary line, as the catalog's `row:` makes them: its outline
    /// row shows them, and so does a search result.
    package func rowText(_ item: Item, configuration: RowConfiguration) -> (title: String, secondary: String) {
        // A local function, not a closure kept in a constant: that would copy the item into a box on every row.
        func value(_ key: String) -> String? { item.value(for: key).map(Self.displayText) }
        let title = configuration.title?.render(value) ?? ""
        let secondary: String
        if !configuration.showsSecondary {
            secondary = ""
        } else if let template = configuration.secondary {
            secondary = template.render(value)
        } else if let fields = configuration.fallbackSecondary?.render(value), !fields.isEmpty {
            secondary = fields
        } else {
            secondary = item.summary
        }
        return (title.isEmpty ? item.title : title, secondary)
    }

    /// The short text `row.label` shows beside the title (a course's code); "" without one.
    package func rowLabel(_ item: Item, configuration: RowConfiguration) -> String {
        guard let template = configuration.label else { return "" }
        func value(_ key: String) -> String? { item.value(for: key).map(Self.displayText) }
        return template.render(value)
    }

    /// A row's thumbnail, when its catalog's `row:` shows one and the item has the photo.
    /// In a grid or carousel (`card`), the card's photo.
    package func rowThumbnail(_ item: Item, configuration: RowConfiguration, links: Links, card: CardImageSize? = nil) -> TemplateContext? {
        guard let field = configuration.imageField, let image = item.images[field] else { return nil }
        func value(_ key: String) -> String? { item.value(for: key).map(Self.displayText) }
        let alt = configuration.alt?.render(value) ?? (image.altIsWritten ? image.alt : "")
        return imageContext(
            image, use: card.map(ImageUse.card) ?? .thumbnail(side: configuration.thumbnailSize), alt: alt,
            links: links, focus: { Self.focus(of: item) })
    }

    /// The first letter of a title, as a placeholder box shows it: `Bramble` → `B`.
    package static func initial(of title: String) -> String {
        title.first { $0.isLetter || $0.isNumber }.map { String($0).uppercased() } ?? ""
    }

    /// One badge per value of each badge field, with its state class (`adopted` → `is-adopted`).
    package func badgesContext(_ item: Item, fields: [String]) -> [TemplateContext] {
        var badges: [TemplateContext] = []
        var seen: Set<String> = []
        for key in fields {
            guard let value = item.value(for: key) else { continue }
            for element in value.listValue ?? [value] {
                let label = Self.displayText(element).trimmingSpaces
                let slug = Slug.make(label)
                guard !label.isEmpty, !slug.isEmpty, seen.insert(slug).inserted else { continue }
                badges.append([.label: .text(label), .key: .text(Slug.make(key)), .stateClass: .text("is-" + slug)])
            }
        }
        return badges
    }
}
