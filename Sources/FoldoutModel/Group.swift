import FoldoutMarkdown

/// A folder below a catalog: a section (depth 1, shown as a header) or a group inside a
/// section (depth 2 and below, shown as an expandable `<details>`). Groups nest to any depth.
/// A group with a `lead` is the folder an item owns (`lesson.md` and `lesson/`): a row that
/// is also a group, whose title links to the lead's page and whose disclosure opens its
/// sub-pages.
package struct Group: Sendable {
    /// Slug path within the catalog, used as the anchor: `dogs/terriers`. Empty for the
    /// untitled section that holds items placed directly in a catalog folder.
    package var anchor: String
    package var title: String
    package var weight: Double?
    /// 1 for a section, 2 for a group in it, and so on.
    package var depth: Int
    /// `expanded:` from `_index.md`; nil when not given.
    package var expanded: Bool?
    package var introHTML: String
    package var summary: String
    /// Front matter keys other than the reserved ones.
    package var fields: [(key: String, value: FieldValue)]
    package var entries: [OutlineEntry]
    package var sourcePath: String
    /// `layout`, `appearance`, `columns`, `footer`, `exclusive` and `sort` (see `SectionOptions`).
    package var options = SectionOptions()
    /// For a query section, the filter that collected its items; nil for a folder.
    package var query: ItemQuery? = nil
    /// The item that owns the folder, shown as the group's row; its anchor is the group's.
    package var lead: Item? = nil
    /// The output path of the section's or group's page of its own, made when its intro is
    /// long (`IntroPages`): the intro whole, then its items. Nil for others.
    package var pagePath: String? = nil

    package init(
        anchor: String, title: String, weight: Double?, depth: Int, expanded: Bool?, introHTML: String,
        summary: String, fields: [(key: String, value: FieldValue)], entries: [OutlineEntry],
        sourcePath: String, options: SectionOptions = SectionOptions(), query: ItemQuery? = nil,
        lead: Item? = nil
    ) {
        self.anchor = anchor
        self.title = title
        self.weight = weight
        self.depth = depth
        self.expanded = expanded
        self.introHTML = introHTML
        self.summary = summary
        self.fields = fields
        self.entries = entries
        self.sourcePath = sourcePath
        self.options = options
        self.query = query
        self.lead = lead
    }

    /// Items in this group and all groups below it.
    package var itemCount: Int {
        entries.reduce(lead == nil ? 0 : 1) { total, entry in
            switch entry {
            case .item: return total + 1
            case .group(let group): return total + group.itemCount
            }
        }
    }

    /// Items as the catalog counts them ("12 pets"): an item with sub-pages is one, and its
    /// pages are counted as pages (`pageCount`), not as more of the catalog's items.
    package var entryCount: Int {
        if lead != nil { return 1 }
        return entries.reduce(0) { total, entry in
            switch entry {
            case .item: return total + 1
            case .group(let group): return total + group.entryCount
            }
        }
    }

    /// For the folder an item owns: its sub-pages, at any depth; 0 for other groups.
    package var pageCount: Int { lead == nil ? 0 : itemCount - 1 }

    /// Calls `body` with every item below, in outline order, without collecting them.
    package func forEachItem(_ body: (Item) -> Void) {
        if let lead { body(lead) }
        for entry in entries {
            switch entry {
            case .item(let item): body(item)
            case .group(let group): group.forEachItem(body)
            }
        }
    }

    /// Every item below, in outline order.
    package var allItems: [Item] {
        // Collected in one array: items are large, and nested arrays would copy each once per level.
        var items: [Item] = []
        forEachItem { items.append($0) }
        return items
    }

    package func field(_ key: String) -> FieldValue? {
        fields.first { $0.key == key }?.value
    }

    /// The item made from the file at `path`, at any depth.
    package func item(atSource path: String) -> Item? {
        for entry in entries {
            switch entry {
            case .item(let item) where item.sourcePath == path: return item
            case .group(let group) where group.lead?.sourcePath == path: return group.lead
            case .group(let group) where path.hasPrefix(group.sourcePath + "/"):
                if let item = group.item(atSource: path) { return item }
            default: continue
            }
        }
        return nil
    }

    /// Every entry below (items, and the leads of folders items own, not their pages)
    /// changed by `transform`, in one pass.
    package mutating func mapEntries(_ transform: (Item) -> Item) {
        if let lead {
            self.lead = transform(lead)
            return
        }
        for index in entries.indices {
            switch entries[index] {
            case .item(let item): entries[index] = .item(transform(item))
            case .group(var group):
                group.mapEntries(transform)
                entries[index] = .group(group)
            }
        }
    }

    /// Whether `mapEntries` reaches the item with `id`: every item of the group but the pages
    /// of a folder an item owns (a group with a `lead`), whose lead alone it reaches.
    package func mapsEntry(withID id: String) -> Bool {
        if let lead { return lead.id == id }
        return entries.contains { entry in
            switch entry {
            case .item(let item): item.id == id
            case .group(let group): group.mapsEntry(withID: id)
            }
        }
    }

    /// Puts `item` in the place of the item with its id, at any depth.
    package mutating func replaceItem(_ item: Item) {
        for index in entries.indices {
            switch entries[index] {
            case .item(let existing) where existing.id == item.id: entries[index] = .item(item)
            case .group(var group) where group.lead?.id == item.id:
                group.lead = item
                entries[index] = .group(group)
            // Only the groups of the folders holding the item's file can hold it.
            case .group(var group) where item.sourcePath.hasPrefix(group.sourcePath + "/"):
                group.replaceItem(item)
                entries[index] = .group(group)
            default: continue
            }
        }
    }
}

/// A child in an outline: a nested group or an item, mixed and ordered by weight then title.
package enum OutlineEntry: Sendable {
    case group(Group)
    case item(Item)
}
