import FoldoutBase
import FoldoutImages
import FoldoutMarkdown
import FoldoutModel

/// What one Atom feed says (`AtomFeed` in FoldoutRendering writes it): the feed's own
/// elements and its newest entries, newest first, every link an absolute URL under the
/// site's `base_url`. An entry's id is its page's URL, the feed's id the feed's URL: both
/// stay the same from build to build, which is what readers tell entries apart by.
package struct FeedDocument: Sendable, Equatable {
    package var path: String
    package var language: String
    package var title: String
    package var subtitle: String
    package var id: String
    package var selfURL: String
    /// The page the feed follows.
    package var pageURL: String
    /// The latest `updated` of its entries.
    package var updated: Timestamp
    /// The feed's author: the site's `author`, else the site's title.
    package var author: String
    package var entries: [Entry]

    package struct Entry: Sendable, Equatable {
        package var title: String
        /// The item's page, which is also its id.
        package var url: String
        /// The front matter `date`, when written as a date.
        package var published: Timestamp?
        package var updated: Timestamp
        package var summary: String
        /// The item's own `author` or `authors`, when it names any (else the feed's applies).
        package var authors: [String]
        package var tags: [String]
        package var image: Image?
    }

    /// The item's `image`, as the file a feed reader can show.
    package struct Image: Sendable, Equatable {
        package var url: String
        /// The file's media type, when known (`image/jpeg`).
        package var mediaType: String?
        package var width: Int?
        package var height: Int?
        package var alt: String
    }

    /// The document of `feed`: its newest items by `dates`. `presenter` names the images'
    /// files (their variants, which pages show too).
    package init(_ feed: SiteFeeds.Feed, site: Site, presenter: SitePresenter, dates: FeedDates) {
        let base = site.baseURL ?? ""
        var items: [Item] = []
        switch feed.scope {
        case .site: site.forEachItem { items.append($0) }
        case .catalog(let index): site.catalogs[index].forEachItem { items.append($0) }
        case .query(let catalog, let section): site.catalogs[catalog].sections[section].forEachItem { items.append($0) }
        }
        // Newest first; items of one date keep their outline order.
        let dated = items.map(dates.date(of:))
        let newest = items.indices.sorted { dated[$0] != dated[$1] ? dated[$0] > dated[$1] : $0 < $1 }.prefix(feed.limit)
        var links = presenter.links(from: feed.path)
        links.absoluteBase = base
        entries = newest.map { index in
            let item = items[index]
            return Entry(
                title: item.title, url: links.url(to: item.outputPath),
                published: FeedDates.written(item), updated: dates.updated(of: item), summary: item.summary,
                authors: Self.names(item.field("authors") ?? item.field("author")), tags: item.tags,
                image: item.image.map { presenter.feedImage($0, links: links) })
        }
        path = feed.path
        language = site.language
        title = feed.title
        subtitle = feed.subtitle
        selfURL = links.url(to: feed.path)
        id = selfURL
        pageURL = links.url(to: feed.page, fragment: feed.fragment)
        updated = entries.map(\.updated).max() ?? dates.now
        author = Self.names(site.field("author")).first ?? site.title
    }

    /// A name, or a list of them, as written.
    private static func names(_ value: FieldValue?) -> [String] {
        let values = value.map { $0.listValue ?? [$0] } ?? []
        return values.map { SitePresenter.displayText($0).trimmingSpaces }.filter { !$0.isEmpty }
    }
}

extension SitePresenter {
    /// The file of `reference` a feed shows: the variant an item's page shows in its `<img>`
    /// (its own format, which every reader takes), or the image as it is published.
    package func feedImage(_ reference: ImageReference, links: Links) -> FeedDocument.Image {
        if !reference.isExternal, let plan = images.responsive(reference.location) {
            let shown = plan.fallback.variants[plan.fallback.variants.count / 2]
            return .init(
                url: links.url(to: shown.path), mediaType: plan.fallback.format.mimeType, width: shown.width,
                height: shown.height, alt: reference.alt)
        }
        var mediaType = images.sources[reference.location]?.header.format.mimeType
        if mediaType == nil || mediaType == ImageFormat.other.mimeType {
            let name = reference.location.split(separator: "?").first.map(String.init) ?? reference.location
            let suffix = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
            mediaType =
                [
                    "jpg": "image/jpeg", "jpeg": "image/jpeg", "png": "image/png", "gif": "image/gif", "webp": "image/webp",
                    "svg": "image/svg+xml", "avif": "image/avif",
                ][suffix]
        }
        return .init(
            url: links.url(of: reference), mediaType: mediaType, width: reference.size?.width, height: reference.size?.height,
            alt: reference.alt)
    }
}
