import FoldoutMarkdown

/// A top-level folder of `Content/`: one page of sections with their outlines.
package struct Catalog: Sendable {
    /// The folder's slug, e.g. `pets`.
    package var id: String
    package var title: String
    package var weight: Double?
    package var introHTML: String
    package var summary: String
    /// `image:` of the catalog's `_index.md`: what a link preview of its page, and of its items
    /// without a photo, shows.
    package var image: ImageReference?
    /// Front matter keys other than the reserved ones (row configuration and the like).
    package var fields: [(key: String, value: FieldValue)]
    /// Sections in order; a leading untitled one holds items placed directly in the folder.
    package var sections: [Group]
    /// `expanded:` of the catalog's `_index.md`: the default for its groups.
    package var expanded: Bool?
    /// Path in `Output/`, e.g. `pets/index.html`.
    package var outputPath: String
    package var sourcePath: String

    /// `layout`, `appearance`, `columns`, `exclusive`, `sort` of the catalog's `_index.md`:
    /// defaults for sections that do not set their own.
    package var options = SectionOptions()

    package init(
        id: String, title: String, weight: Double?, introHTML: String, summary: String,
        fields: [(key: String, value: FieldValue)], sections: [Group], expanded: Bool?, outputPath: String,
        sourcePath: String, options: SectionOptions = SectionOptions(), image: ImageReference? = nil
    ) {
        self.id = id
        self.title = title
        self.weight = weight
        self.introHTML = introHTML
        self.summary = summary
        self.fields = fields
        self.sections = sections
        self.expanded = expanded
        self.outputPath = outputPath
        self.sourcePath = sourcePath
        self.options = options
        self.image = image
    }

    /// Items counted once: query sections repeat items of the folder sections.
    package var itemCount: Int { folderSections.reduce(0) { $0 + $1.itemCount } }

    /// Items counted once as the catalog's own ("29 pets"): sub-pages are counted as pages.
    package var entryCount: Int { folderSections.reduce(0) { $0 + $1.entryCount } }

    /// Every item once, in outline order.
    package var allItems: [Item] {
        var items: [Item] = []
        forEachItem { items.append($0) }
        return items
    }

    /// The sections and groups with a page of their own (`Group.pagePath`), in outline order.
    package var groupsWithPages: [Group] {
        var found: [Group] = []
        func visit(_ group: Group) {
            if group.pagePath != nil { found.append(group) }
            for case .group(let child) in group.entries { visit(child) }
        }
        for section in sections where section.query == nil { visit(section) }
        return found
    }

    /// The sections and groups around the one whose anchor is `anchor`, outermost first,
    /// ending with it; empty when there is none.
    package func groupChain(to anchor: String) -> [Group] {
        func search(_ group: Group) -> [Group]? {
            if group.anchor == anchor { return [group] }
            guard anchor.hasPrefix(group.anchor + "/") || group.anchor.isEmpty else { return nil }
            for case .group(let child) in group.entries {
                if let chain = search(child) { return [group] + chain }
            }
            return nil
        }
        for section in sections where section.query == nil {
            if let chain = search(section) { return chain }
        }
        return []
    }

    /// Calls `body` with every item once, in outline order, without collecting them.
    package func forEachItem(_ body: (Item) -> Void) {
        for section in sections where section.query == nil { section.forEachItem(body) }
    }

    /// Sections made from folders (and the untitled one of loose items), without query sections.
    package var folderSections: [Group] { sections.filter { $0.query == nil } }

    package func field(_ key: String) -> FieldValue? {
        fields.first { $0.key == key }?.value
    }
}
