import FoldoutBase
import FoldoutMarkdown
import FoldoutModel

/// The Atom feeds a site has: one of the whole site (`atom.xml`), one per catalog
/// (`pets/atom.xml`) and one per query section (`pets/adopted-pets.atom.xml`), each of
/// its newest items (see `FeedDates`), at most `feed_limit` of them. Atom names entries and
/// links by absolute IRIs, so a site has feeds only with a `base_url`; a feed of no item
/// is not made. `feed_limit` (default 20) is read from `Content/_index.md`, and a catalog's
/// `_index.md` sets its own for its feed and its query sections' feeds; 0 makes none.
///
/// The one place that decides which feeds exist: the pages link to them (`layoutContext`,
/// `catalogContext`), the renderer writes them (`FeedDocument`, `AtomFeed`).
package struct SiteFeeds: Sendable {
    package static let defaultLimit = 20
    /// The site's feed, and each catalog's, in its folder.
    package static let fileName = "atom.xml"
    package static let mediaType = "application/atom+xml"

    /// One feed: its file, what it is called, and the page it follows.
    package struct Feed: Sendable, Equatable {
        package enum Scope: Sendable, Equatable {
            case site
            case catalog(Int)
            /// A query section: its catalog's index and its own in `catalog.sections`.
            case query(catalog: Int, section: Int)
        }

        package var scope: Scope
        /// The id of its catalog; nil for the site's feed.
        package var catalog: String?
        /// The feed's file in `Output/`.
        package var path: String
        /// The feed's title: the site's, or the catalog's (and section's) followed by the site's.
        package var title: String
        /// What a page's list of feeds calls it: the catalog's or the section's title.
        package var label: String
        package var subtitle: String
        /// The page the feed follows, and the section's anchor on it.
        package var page: String
        package var fragment: String?
        package var limit: Int
    }

    package var feeds: [Feed] = []

    package init(site: Site) {
        guard site.baseURL?.isEmpty == false else { return }
        var ignored: [String] = []
        let siteLimit = Self.limit(site.field(Self.limitKey), problems: &ignored) ?? Self.defaultLimit
        if siteLimit > 0, site.allItemCount > 0 {
            feeds.append(
                Feed(
                    scope: .site, catalog: nil, path: Self.fileName, title: site.title, label: site.title, subtitle: site.description,
                    page: "index.html", fragment: nil, limit: siteLimit))
        }
        for (index, catalog) in site.catalogs.enumerated() {
            let limit = Self.limit(catalog.field(Self.limitKey), problems: &ignored) ?? siteLimit
            guard limit > 0, catalog.itemCount > 0 else { continue }
            // The catalog's folder: its page is `pets/index.html`.
            let prefix = String(catalog.outputPath.dropLast("index.html".count))
            feeds.append(
                Feed(
                    scope: .catalog(index), catalog: catalog.id, path: prefix + Self.fileName, title: catalog.title + " · " + site.title,
                    label: catalog.title, subtitle: catalog.summary, page: catalog.outputPath, fragment: nil, limit: limit))
            for (position, section) in catalog.sections.enumerated() where section.query != nil && section.itemCount > 0 {
                feeds.append(
                    Feed(
                        scope: .query(catalog: index, section: position), catalog: catalog.id, path: prefix + section.anchor + ".atom.xml",
                        title: section.title + " · " + catalog.title + " · " + site.title, label: section.title,
                        subtitle: section.summary, page: catalog.outputPath, fragment: section.anchor, limit: limit))
            }
        }
    }

    package var siteFeed: Feed? { feeds.first { $0.scope == .site } }

    /// The catalog's own feed, then its query sections', in page order.
    package func feeds(ofCatalog id: String) -> [Feed] {
        feeds.filter { $0.catalog == id }
    }

    /// What the pages' `<head>` and feed lists show of the feeds, for render keys: which
    /// there are, where, and what they are called.
    package var renderKeyText: String {
        feeds.map { "\($0.path)\t\($0.title)\t\($0.label)" }.joined(separator: "\n")
    }

    // MARK: Settings

    package static let limitKey = "feed_limit"

    /// `feed_limit`: a whole number of entries, 0 for no feed; nil when not written.
    package static func limit(_ value: FieldValue?, problems: inout [String]) -> Int? {
        switch value {
        case nil, .null?: return nil
        case .integer(let count)? where count >= 0: return count
        case let other?:
            problems.append("`\(limitKey)` must be a whole number of entries (0 for no feed), found `\(other.text)`")
            return nil
        }
    }

    /// Reports a `feed_limit` that is not a whole number, in `Content/_index.md` or a catalog's
    /// `_index.md`, as an error at its line.
    package static func checkSettings(
        of site: Site, displayPath: (String) -> String, lines: (String, String) -> Int?,
        diagnostics: inout [Diagnostic]
    ) {
        let hint = "write it like `\(limitKey): 50`: a feed lists that many of the newest items (default \(defaultLimit))"
        let files =
            [("_index.md", site.field(limitKey))]
            + site.catalogs.map { ($0.sourcePath + "/_index.md", $0.field(limitKey)) }
        for (path, value) in files {
            var problems: [String] = []
            _ = limit(value, problems: &problems)
            for problem in problems {
                diagnostics.append(.error(displayPath(path), line: lines(path, limitKey), problem, hint: hint))
            }
        }
    }
}
