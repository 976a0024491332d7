import FoldoutBase
import FoldoutImages
import FoldoutLoading
import FoldoutMarkdown
import FoldoutModel
import Foundation

/// Maps the section model to the values templates read (the "content configuration" of
/// the design notes). Every node carries every key its template reads, with `false`, `""`
/// or `[]` where there is nothing: swift-mustache looks a missing key up in the enclosing
/// context, which would make a recursive outline re-render its parent's children.
///
/// URLs are relative to the page being rendered, so contexts are made per page.
/// docs/templates.md lists every key.
package struct SitePresenter {
    package var site: Site
    /// Row and detail settings per catalog id; catalogs not listed use the defaults.
    package var configurations: [String: CatalogPresentation]
    /// The tags of the site, when tag pages are made (nil: tags are shown as plain words).
    package var tagIndex: TagIndex?
    /// When set, links are absolute URLs under it instead of relative paths: for the 404
    /// page, which a server shows at any depth.
    package var absoluteBase: String?
    /// The item pages' pager, made once per site by the renderer (made on the spot when nil).
    package var pager: ItemPager?
    /// Field slugs and labels, shared by the pages of a build (made on the spot when nil).
    package var fieldNames: FieldNames?
    /// Which items field values name, by catalog (made on the spot when nil).
    package var itemNames: ItemNames?
    /// The site's Atom feeds, which pages link to (made on the spot when nil).
    package var feeds: SiteFeeds?
    /// The content's images and their variants: which files an `<img>` names.
    package var images = SiteImages()
    /// Deepest outline level rendered, a guard against runaway recursion. The loader already
    /// refuses folders deeper than this, so no group is ever cut here.
    package static let maximumOutlineDepth = ContentLoader.maximumDepth

    package init(
        site: Site, configurations: [String: CatalogPresentation] = [:], tagIndex: TagIndex? = nil,
        absoluteBase: String? = nil
    ) {
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
    package func layoutContext(pagePath: String, currentCatalog: String?, hasScript: Bool = false) -> TemplateContext {
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

    package func homeContext() -> TemplateContext {
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

    // MARK: Tags

    package func tagIndexContext(_ index: TagIndex) -> TemplateContext {
        let pagePath = TagIndex.indexPath
        return [
            .tags: .list(
                index.tags.map { tag in
                    let itemCount = tag.itemCount
                    return [
                        .name: .text(tag.name), .url: .text(link(from: pagePath, to: tag.outputPath)),
                        .itemCount: .number(itemCount), .itemCountLabel: .text(Self.countLabel(itemCount)),
                    ]
                }),
            .hasTags: .flag(!index.tags.isEmpty),
            .tagCountLabel: .text(index.tags.count == 1 ? "1 tag" : "\(index.tags.count) tags"),
        ]
    }

    package func tagContext(_ tag: TagIndex.Tag) -> TemplateContext {
        let pagePath = tag.outputPath
        let groups: [TemplateContext] = tag.groups.map { group in
            let catalog = group.catalog
            let id = catalog?.id ?? "home"
            let sections: [TemplateContext] = group.sections.map { sectionGroup in
                var section = sectionGroup.section
                section.entries = sectionGroup.items.map(OutlineEntry.item)
                section.introHTML = ""
                section.options = SectionOptions()
                return sectionContext(
                    section, in: catalog, pagePath: pagePath, headingLevel: 3,
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

    package func notFoundContext() -> TemplateContext {
        [
            .catalogs: .list(site.catalogs.map { catalogCardContext($0, pagePath: "404.html") }),
            .hasCatalogs: .flag(!site.catalogs.isEmpty),
            .homeURL: .text(link(from: "404.html", to: "index.html")),
        ]
    }

    // MARK: Words

    /// A count of items of several catalogs (a tag's).
    package static func countLabel(_ count: Int) -> String {
        ItemNoun.item.count(count)
    }

    /// Text longer than this, or of more than one line, is shown as paragraphs on an item page.
    static let longFieldText = 120
    /// A list longer than this, joined with commas, is shown as a list.
    static let shortListText = 60

    /// How a field's value is shown on its item's page: a list as a list, a map as a small
    /// table (nested values one level down shown as text, not flattened into the line), text
    /// in Markdown (declared so, holding a link, or long and plainly using it) rendered (`FieldMarkdown`), other
    /// long text as paragraphs, anything else as it reads (`isShortText`). `markdownHTML`
    /// renders a Markdown value (its links and notes are the item page's to settle).
    static func addShape(
        of value: FieldValue, unit: String?, isMarkdown declared: Bool = false, to context: inout TemplateContext,
        markdownHTML: (String) -> String
    ) {
        func rows(_ pairs: [(key: String, value: FieldValue)]) -> [TemplateContext] {
            pairs.filter { $0.value != .null }.map { [.label: .text(DetailFieldList.label(for: $0.key)), .value: .text(displayText($0.value))] }
        }
        var isList = false, isMap = false, isLong = false, isMarkdown = false
        switch value {
        // A few words (`kids, calm`) read well on one line; records and long lists do not.
        case .list(let values)
        where values.contains(where: { if case .map = $0 { true } else if case .list = $0 { true } else { false } })
            || (values.count > 1 && displayText(value).count > shortListText):
            isList = true
            context[.listItems] = .list(
                values.map { element in
                    if case .map(let pairs) = element { return [.isMap: .flag(true), .mapRows: .list(rows(pairs)), .text: .text("")] }
                    return [.isMap: .flag(false), .mapRows: .list([]), .text: .text(displayText(element))]
                })
        case .map(let pairs):
            isMap = true
            context[.mapRows] = .list(rows(pairs))
        case .string(let text)
        where unit == nil
            && (declared || FieldMarkdown.holdsLink(text)
                || ((text.utf8.contains(UInt8(ascii: "\n")) || (text.utf8.count > longFieldText && text.count > longFieldText))
                    && FieldMarkdown.looksLikeMarkdown(text))):
            isMarkdown = true
            context[.valueHTML] = .text(markdownHTML(text))
        case .string(let text) where unit == nil && (text.utf8.contains(UInt8(ascii: "\n")) || (text.utf8.count > longFieldText && text.count > longFieldText)):
            isLong = true
            let paragraphs: [String] = text.split(separator: "\n\n").map { String($0).trimmingSpacesAndNewlines }.filter { !$0.isEmpty }
            context[.paragraphs] = .list(paragraphs.map { paragraph -> TemplateContext in [.text: .text(paragraph)] })
        default:
            break
        }
        context[.isList] = .flag(isList)
        context[.isMap] = .flag(isMap)
        context[.isLong] = .flag(isLong)
        context[.isMarkdown] = .flag(isMarkdown)
        context[.isShortText] = .flag(!isList && !isMap && !isLong && !isMarkdown)
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
            scalars[4] == "-", scalars[7] == "-"
        else { return false }
        return scalars.count == 10
    }
}
