/// A folder below a catalog: a section (depth 1, shown as a header) or a group inside a
/// section (depth 2 and below, shown as an expandable `<details>`). Groups nest to any depth.
public struct Group: Sendable {
    /// Slug path within the catalog, used as the anchor: `dogs/terriers`. Empty for the
    /// untitled section that holds items placed directly in a catalog folder.
    public var anchor: String
    public var title: String
    public var weight: Double?
    /// 1 for a section, 2 for a group in it, and so on.
    public var depth: Int
    /// `expanded:` from `_index.md`; nil when not given.
    public var expanded: Bool?
    public var introHTML: String
    public var summary: String
    /// Front matter keys other than the reserved ones.
    public var fields: [(key: String, value: FieldValue)]
    public var entries: [OutlineEntry]
    public var sourcePath: String
    /// `layout`, `appearance`, `columns`, `footer`, `exclusive` and `sort` (see `SectionOptions`).
    public var options = SectionOptions()
    /// For a query section, the filter that collected its items; nil for a folder.
    public var query: ItemQuery? = nil

    /// Items in this group and all groups below it.
    public var itemCount: Int {
        entries.reduce(0) { total, entry in
            switch entry {
            case .item: return total + 1
            case .group(let group): return total + group.itemCount
            }
        }
    }

    /// Every item below, in outline order.
    public var allItems: [Item] {
        var items: [Item] = []
        appendItems(to: &items)
        return items
    }

    /// Appends every item below to one array: a `flatMap` made an array per item and copied
    /// each item again at every level, and the renderer asks for all items several times.
    func appendItems(to items: inout [Item]) {
        for entry in entries {
            switch entry {
            case .item(let item): items.append(item)
            case .group(let group): group.appendItems(to: &items)
            }
        }
    }

    public func field(_ key: String) -> FieldValue? {
        fields.first { $0.key == key }?.value
    }
}

/// A child in an outline: a nested group or an item, mixed and ordered by weight then title.
public enum OutlineEntry: Sendable {
    case group(Group)
    case item(Item)
}
