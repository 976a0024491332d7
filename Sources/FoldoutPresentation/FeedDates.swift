import FoldoutBase
import FoldoutModel

/// When each item counts as new, for feeds: its front matter `date` when that reads as a
/// date (`Timestamp`), else the time of the first build that saw it. Those first sightings
/// are kept beside the output folder between builds (`FeedDatesFile`), so an undated item
/// keeps its place in a feed instead of coming back as new on every build.
package struct FeedDates: Sendable, Equatable {
    /// When each undated item was first seen, by item id, as earlier builds recorded it.
    package var firstSeen: [String: Timestamp]
    /// When this build runs: the first sighting of an undated item it sees for the first time.
    package var now: Timestamp

    package init(firstSeen: [String: Timestamp] = [:], now: Timestamp) {
        self.firstSeen = firstSeen
        self.now = now
    }

    /// The front matter `date`, when written as a date.
    package static func written(_ item: Item) -> Timestamp? {
        item.date.flatMap(Timestamp.init)
    }

    /// The instant `item` is ordered and dated by.
    package func date(of item: Item) -> Timestamp {
        Self.written(item) ?? firstSeen[item.id] ?? now
    }

    /// When the item last changed, as its front matter says (`updated:`, as Zola writes it, or
    /// Hugo's `lastmod:`), when that is later than its date.
    package func updated(of item: Item) -> Timestamp {
        let date = date(of: item)
        for key in ["updated", "lastmod"] {
            if let text = item.field(key)?.stringValue, let written = Timestamp(text) { return max(written, date) }
        }
        return date
    }

    /// What to keep for the next build: the first sighting of every undated item of `site`
    /// (this build's time for those seen now for the first time), and of nothing else, so an
    /// item removed and written again later counts as new then.
    package func recording(_ site: Site) -> [String: Timestamp] {
        var kept: [String: Timestamp] = [:]
        site.forEachItem { item in
            if Self.written(item) == nil { kept[item.id] = firstSeen[item.id] ?? now }
        }
        return kept
    }
}
