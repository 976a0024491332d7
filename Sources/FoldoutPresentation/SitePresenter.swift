import Foundation
import FoldoutBase
import FoldoutLoading
import FoldoutImages
import FoldoutMarkdown
import FoldoutModel

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
    /// Field slugs and labels, shared by the pages of a build (made on the spot when nil).
    package var fieldNames: FieldNames?
    /// Which items field values name, by catalog (made on the spot when nil).
    public var itemNames: ItemNames?
    /// The site's Atom feeds, which pages link to (made on the spot when nil).
    public var feeds: SiteFeeds?
    /// The content's images and their variants: which files an `<img>` names.
    public var images = SiteImages()
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
    package func link(from page: String, to target: String, fragment: String? = nil) -> String {
        links(from: page).url(to: target, fragment: fragment)
    }

    /// The URLs written on the page at `page`.
    package func links(from page: String) -> Links {
        Links(relative: OutputPath.Linker(from: page), absoluteBase: absoluteBase)
    }

    /// The URLs written on one page: relative to it, or absolute under `absoluteBase`.
    package struct Links {
        package var relative: OutputPath.Linker
        package var absoluteBase: String?

        package func url(to target: String, fragment: String? = nil) -> String {
            guard let base = absoluteBase else { return relative.url(to: target, fragment: fragment) }
            return OutputPath.absoluteURL(base: base, to: target, fragment: fragment)
        }

        package func url(of image: ImageReference) -> String {
            image.isExternal ? image.location : url(to: image.location)
        }
    }

    // MARK: Shared by all pages

    /// Keys of `base.html` except `content`, `title` and `kind`, for a page at `path`.
    public func layoutContext(pagePath: String, currentCatalog: String?, hasScript: Bool = false) -> TemplateContext {
        let root = OutputPath.rootPrefix(of: pagePath)
        let links = links(from: pagePath)
        let searchShards = SearchIndex.shardPaths(of: site).joined(separator: " ")
        // Feed readers find the site's feed on every page, a catalog's feeds on its pages.
        let feeds = self.feeds ?? SiteFeeds(site: site)
        let linked = (feeds.siteFeed.map { [$0] } ?? []) + (currentCatalog.map(feeds.feeds(ofCatalog:)) ?? [])
        return [
            .lang: .text(site.language),
            .siteTitle: .text(site.title),
            .description: .text(site.description),
            .hasDescription: .flag(!site.description.isEmpty),
            .hasCatalogs: .flag(!site.catalogs.isEmpty),
            .root: .text(root),
            .homeURL: .text(links.url(to: "index.html")),
            .stylesheetURL: .text(links.url(to: "assets/style.css")),
            .hasScript: .flag(hasScript),
            .scriptURL: .text(links.url(to: "assets/catalog.js")),
            .catalogPageScriptURL: .text(links.url(to: "assets/catalog-page.js")),
            // An item page's way back to its catalog keeps the reader's place there.
            .inCatalog: .flag(currentCatalog != nil),
            .placeScriptURL: .text(links.url(to: "assets/catalog-place.js")),
            .hasTagPages: .flag(!(tagIndex?.tags.isEmpty ?? true)),
            .tagsURL: .text(links.url(to: TagIndex.indexPath)),
            .tagsCurrent: .flag(pagePath.hasPrefix(TagIndex.folder + "/")),
            .catalogs: .list(site.catalogs.map(navigationEntry)),
            .headerCatalogs: .list(Self.headerCatalogs(of: site.catalogs, current: currentCatalog).map(navigationEntry)),
            .moreCatalogs: .flag(site.catalogs.count > Self.headerCatalogLimit),
            .allCatalogsURL: .text(links.url(to: "index.html", fragment: "catalogs")),
            .catalogCount: .text(String(site.catalogs.count)),
            .hasSearch: .flag(!searchShards.isEmpty),
            .searchScriptURL: .text(links.url(to: "assets/search.js")),
            .searchShards: .text(searchShards),
            .feeds: .list(linked.map { feedContext($0, links: links) }),
        ]
        func navigationEntry(_ catalog: Catalog) -> TemplateContext {
            [
                .title: .text(catalog.title),
                .url: .text(links.url(to: catalog.outputPath)),
                .current: .flag(catalog.id == currentCatalog),
            ]
        }
    }

    /// A link to a feed: `title` for `<link rel="alternate">`, `label` for a list of feeds.
    package func feedContext(_ feed: SiteFeeds.Feed, links: Links) -> TemplateContext {
        [.title: .text(feed.title), .label: .text(feed.label), .url: .text(links.url(to: feed.path))]
    }

    /// How many catalogs the header names before it links to the home page's list of all:
    /// a header of dozens of catalogs wraps into rows and weighs on every page.
    package static let headerCatalogLimit = 6

    /// The catalogs the header names: the first few in site order, and the current one when
    /// it is not among them.
    package static func headerCatalogs(of catalogs: [Catalog], current: String?) -> [Catalog] {
        guard catalogs.count > headerCatalogLimit else { return catalogs }
        var shown = Array(catalogs.prefix(headerCatalogLimit))
        if let current, !shown.contains(where: { $0.id == current }), let catalog = catalogs.first(where: { $0.id == current }) {
            shown.append(catalog)
        }
        return shown
    }

    // MARK: Home

    public func homeContext() -> TemplateContext {
        let pagePath = "index.html"
        return [
            .site: .context([
                .title: .text(site.title),
                .description: .text(site.description),
                .introHTML: .text(site.introHTML),
                .hasIntro: .flag(!site.introHTML.isEmpty),
            ]),
            .catalogs: .list(site.catalogs.map { catalogCardContext($0, pagePath: pagePath) }),
            .hasCatalogs: .flag(!site.catalogs.isEmpty),
            .looseItems: .list(site.looseItems.map { [sectionContext($0, in: nil, pagePath: pagePath)] } ?? []),
        ]
    }

    package func catalogCardContext(_ catalog: Catalog, pagePath: String) -> TemplateContext {
        // Sub-pages are not more of the catalog's items ("21 courses", not 23 with two lessons).
        let itemCount = catalog.entryCount
        return [
            .id: .text(catalog.id),
            .title: .text(catalog.title),
            .url: .text(link(from: pagePath, to: catalog.outputPath)),
            .introHTML: .text(catalog.introHTML),
            .hasIntro: .flag(!catalog.introHTML.isEmpty),
            // A card shows the summary, not the intro: an intro's links and heading ids are
            // made for the catalog's own page, and a README's intro can be pages long.
            .summary: .text(catalog.summary),
            .hasSummary: .flag(!catalog.summary.isEmpty),
            .itemCount: .number(itemCount),
            .itemCountLabel: .text(noun(of: catalog).count(itemCount)),
        ]
    }

    // MARK: Catalog

    public func catalogContext(_ catalog: Catalog) -> TemplateContext {
        let pagePath = catalog.outputPath
        var card = catalogCardContext(catalog, pagePath: pagePath)
        let configuration = configurations[catalog.id] ?? .standard
        // Says what it searches, unlike the site's search box in the header: these items only.
        let filterLabel = "Filter these \(configuration.itemNoun.plural)"
        card[.filterLabel] = .text(filterLabel)
        let facets = CatalogFacets(catalog: catalog, declarations: configuration.facets, sortChoices: configuration.sortChoices,
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
                .values: .list(facet.values.map { value in
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
    package func sectionContext(_ section: Group, in catalog: Catalog?, pagePath: String, headingLevel: Int = 2,
                        anchor: String? = nil, rowIDPrefix: String? = nil, layout: String? = nil) -> TemplateContext {
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
        let outline = OutlineContext(presenter: self, catalog: catalog, row: row, noun: noun,
                                     pageNoun: pageNoun(of: catalog), links: links(from: pagePath), rowIDPrefix: prefix,
                                     sectionExpanded: section.expanded ?? catalog?.expanded
                                         ?? catalog.flatMap { configurations[$0.id] }?.opensGroups,
                                     card: Self.cardImageSize(layout: layout, columns: columns, catalog: catalog,
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
    package static func cardImageSize(layout: String, columns: Int?, catalog: Catalog?,
                                      configurations: [String: CatalogPresentation]) -> CardImageSize? {
        CardImageSize(layout: layout, columns: columns,
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
                        var row = presenter.rowContext(lead, configuration: row, links: links, idPrefix: rowIDPrefix, depth: depth,
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
                        .itemCount: .number(itemCount),
                        .itemCountLabel: .text(noun.count(itemCount)),
                        .open: .flag(open),
                        .hasChildren: false,
                        .hasAccordion: .flag(accordion != nil),
                        .accordion: .text(accordion ?? ""),
                        .depth: .number(depth),
                        .entries: .list(self.entries(group.entries, depth: depth + 1,
                                                     accordion: exclusive ? SitePresenter.accordionName(group.anchor) : nil)),
                    ]
                case .item(let item):
                    return presenter.rowContext(item, configuration: row, links: links, idPrefix: rowIDPrefix, depth: depth,
                                                card: card, showsPlaceholder: showsPlaceholders)
                }
            }
        }
    }

    /// A row: what an item shows in an outline, following the catalog's `row:` settings.
    /// `depth` is the outline level it is shown at (see `OutlineContext`).
    public func rowContext(_ item: Item, catalog: Catalog?, pagePath: String, idPrefix: String? = nil, depth: Int = 2) -> TemplateContext {
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
    package func rowContext(_ item: Item, configuration: RowConfiguration, links: Links, idPrefix: String?, depth: Int,
                            card: CardImageSize? = nil, showsPlaceholder: Bool = false) -> TemplateContext {
        let (title, secondary) = rowText(item, configuration: configuration)
        let label = rowLabel(item, configuration: configuration)
        let badges = badgesContext(item, fields: configuration.badges)
        let thumbnail = rowThumbnail(item, configuration: configuration, links: links, card: card)
        let placeholder: TemplateValue = thumbnail == nil && showsPlaceholder
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
        return imageContext(image, use: card.map(ImageUse.card) ?? .thumbnail(side: configuration.thumbnailSize), alt: alt,
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

    // MARK: Item

    public func itemContext(_ item: Item, catalog: Catalog?) -> TemplateContext {
        let links = links(from: item.outputPath)
        let configuration = catalog.flatMap { configurations[$0.id] } ?? .standard
        let breadcrumb: [TemplateContext] = item.trail.map { step in
            [.title: .text(step.title), .url: .text(links.url(to: step.path, fragment: step.fragment))]
        }
        let fields = fieldsContext(item, list: configuration.fields, catalog: catalog)
        let badges = badgesContext(item, fields: configuration.row.badges)
        let label = rowLabel(item, configuration: configuration.row)
        let image = item.image.map { imageContext($0, use: .itemPhoto, alt: $0.alt, links: links) }
        // A gallery when there is more than one photo to show; its slides open their largest file.
        let photos = Self.photos(of: item)
        let slides: [TemplateContext] = photos.count < 2 ? [] : photos.enumerated().map { index, photo in
            imageContext(photo, use: .gallerySlide(index: index),
                         alt: photo.altIsWritten ? "\(photo.alt), photo \(index + 1) of \(photos.count)"
                                                 : "Photo \(index + 1) of \(photos.count) of \(item.title)", links: links)
        }
        let tags: [TemplateContext] = item.tags.map { name in
            [.name: .text(name), .hasURL: .flag(tagIndex != nil),
             .url: .text(tagIndex.map { links.url(to: $0.outputPath(ofTag: name)) } ?? "")]
        }
        let date = item.date ?? ""
        let neighbours = (pager ?? ItemPager(site: site))[item.id]
        func neighbour(_ other: ItemPager.Neighbour?) -> TemplateContext? {
            other.map { [.title: .text($0.title), .url: .text(links.url(to: $0.outputPath))] }
        }
        let previous = neighbour(neighbours?.previous), next = neighbour(neighbours?.next)
        let home = catalog?.outputPath ?? "index.html"
        let context: TemplateContext = [
            .title: .text(item.title),
            .hasRowLabel: .flag(!label.isEmpty),
            .rowLabel: .text(label),
            .summary: .text(item.summary),
            .bodyHTML: .text(item.bodyHTML),
            .date: .text(date),
            .hasDate: .flag(!date.isEmpty),
            .hasMachineDate: .flag(Self.isMachineReadableDate(date)),
            .image: TemplateValue(image),
            .hasGallery: .flag(!slides.isEmpty),
            .photos: .list(slides),
            .galleryScriptURL: .text(slides.isEmpty ? "" : links.url(to: "assets/gallery.js")),
            .fields: .list(fields),
            .hasFields: .flag(!fields.isEmpty),
            .tags: .list(tags),
            .hasTags: .flag(!tags.isEmpty),
            .badges: .list(badges),
            .hasBadges: .flag(!badges.isEmpty),
            .states: .list(badges),
            .breadcrumb: .list(breadcrumb),
            .previous: TemplateValue(previous),
            .next: TemplateValue(next),
            .hasPager: .flag(previous != nil || next != nil),
            .sectionTitle: .text(neighbours?.sectionTitle ?? ""),
            .catalogTitle: .text(catalog?.title ?? site.title),
            .catalogURL: .text(links.url(to: home)),
            .rowURL: .text(links.url(to: home, fragment: item.anchor)),
        ]
        return [.item: .context(context)]
    }

    /// The item's fields for its page, as `fields:` lists them (or all of them). A value that
    /// names another item of the catalog (`ItemNames`) links to it, through `parts`.
    package func fieldsContext(_ item: Item, list: DetailFieldList, catalog: Catalog? = nil) -> [TemplateContext] {
        var contexts: [TemplateContext] = []
        let fieldNames = fieldNames ?? FieldNames()
        let links = links(from: item.outputPath)
        let itemNames = catalog.map { _ in self.itemNames ?? ItemNames(site: site) }
        func add(_ key: String, _ value: FieldValue?, label: String?, unit: String? = nil) {
            guard let value else { return }
            var text = Self.displayText(value)
            if let unit, let number = FieldDeclaration.Field.number(value) {
                text += " " + FieldDeclaration.Field.unitWord(unit, for: number)
            }
            guard !text.isEmpty else { return }
            let names = fieldNames[key]
            let parts = itemNames?.parts(of: value, in: catalog?.id, from: item) ?? []
            let hasItemLinks = parts.contains { $0.path != nil }
            let partContexts: [TemplateContext] = !hasItemLinks ? [] : parts.enumerated().map { index, part in
                [.text: .text(part.text), .hasURL: .flag(part.path != nil),
                 .url: .text(part.path.map { links.url(to: $0) } ?? ""), .separator: .text(index == 0 ? "" : ", ")]
            }
            contexts.append([.key: .text(names.slug), .label: .text(label ?? names.label), .value: .text(text),
                             .isLink: .flag(text.hasPrefix("https://") || text.hasPrefix("http://")),
                             .hasItemLinks: .flag(hasItemLinks), .parts: .list(partContexts)])
        }
        if let entries = list.entries {
            for entry in entries where !DetailFieldList.neverListed.contains(entry.key) {
                add(entry.key, item.value(for: entry.key), label: entry.label, unit: entry.unit)
            }
        } else {
            let images = item.images
            for field in item.fields where !DetailFieldList.neverListed.contains(field.key) && (images.isEmpty || images[field.key] == nil) {
                add(field.key, field.value, label: nil)
            }
        }
        return contexts
    }

    // MARK: Tags

    public func tagIndexContext(_ index: TagIndex) -> TemplateContext {
        let pagePath = TagIndex.indexPath
        return [
            .tags: .list(index.tags.map { tag in
                let itemCount = tag.itemCount
                return [.name: .text(tag.name), .url: .text(link(from: pagePath, to: tag.outputPath)),
                        .itemCount: .number(itemCount), .itemCountLabel: .text(Self.countLabel(itemCount))]
            }),
            .hasTags: .flag(!index.tags.isEmpty),
            .tagCountLabel: .text(index.tags.count == 1 ? "1 tag" : "\(index.tags.count) tags"),
        ]
    }

    public func tagContext(_ tag: TagIndex.Tag) -> TemplateContext {
        let pagePath = tag.outputPath
        let groups: [TemplateContext] = tag.groups.map { group in
            let catalog = group.catalog
            let id = catalog?.id ?? "home"
            let sections: [TemplateContext] = group.sections.map { sectionGroup in
                var section = sectionGroup.section
                section.entries = sectionGroup.items.map(OutlineEntry.item)
                section.introHTML = ""
                section.options = SectionOptions()
                return sectionContext(section, in: catalog, pagePath: pagePath, headingLevel: 3,
                                      anchor: id + "/" + section.anchor, rowIDPrefix: id, layout: "list")
            }
            return [
                .anchor: .text(id),
                .title: .text(catalog?.title ?? site.title),
                .url: .text(link(from: pagePath, to: catalog?.outputPath ?? "index.html")),
                .sections: .list(sections),
            ]
        }
        let itemCount = tag.itemCount
        return [
            .tag: .context([.name: .text(tag.name), .itemCount: .number(itemCount), .itemCountLabel: .text(Self.countLabel(itemCount))]),
            .catalogs: .list(groups),
            .tagIndexURL: .text(link(from: pagePath, to: TagIndex.indexPath)),
        ]
    }

    // MARK: Not found

    public func notFoundContext() -> TemplateContext {
        [.catalogs: .list(site.catalogs.map { catalogCardContext($0, pagePath: "404.html") }),
         .hasCatalogs: .flag(!site.catalogs.isEmpty),
         .homeURL: .text(link(from: "404.html", to: "index.html"))]
    }

    // MARK: Words

    /// A count of items of several catalogs (a tag's).
    package static func countLabel(_ count: Int) -> String {
        ItemNoun.item.count(count)
    }

    /// A value as a reader sees it: lists joined with commas, true/false as Yes/No.
    package static func displayText(_ value: FieldValue) -> String {
        switch value {
        case .bool(let flag): return flag ? "Yes" : "No"
        case .list(let values): return values.map(displayText).joined(separator: ", ")
        default: return value.text
        }
    }

    /// Whether `date` can go in `<time datetime>` as written: `2026-05-01`.
    package static func isMachineReadableDate(_ date: String) -> Bool {
        let scalars = Array(date.unicodeScalars)
        guard scalars.count >= 10 else { return false }
        let digits = [0, 1, 2, 3, 5, 6, 8, 9]
        guard digits.allSatisfy({ scalars[$0].properties.numericType != nil && scalars[$0].isASCII }),
              scalars[4] == "-", scalars[7] == "-" else { return false }
        return scalars.count == 10
    }
}
