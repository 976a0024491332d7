import FoldoutMarkdown

/// A top-level folder of `Content/`: one page of sections with their outlines.
public struct Catalog: Sendable {
    /// The folder's slug, e.g. `pets`.
    public var id: String
    public var title: String
    public var weight: Double?
    public var introHTML: String
    public var summary: String
    /// `image:` of the catalog's `_index.md`: what a link preview of its page, and of its items
    /// without a photo, shows.
    public var image: ImageReference?
    /// Front matter keys other than the reserved ones (row configuration and the like).
    public var fields: [(key: String, value: FieldValue)]
    /// Sections in order; a leading untitled one holds items placed directly in the folder.
    public var sections: [Group]
    /// `expanded:` of the catalog's `_index.md`: the default for its groups.
    public var expanded: Bool?
    /// Path in `Output/`, e.g. `pets/index.html`.
    public var outputPath: String
    public var sourcePath: String

    /// `layout`, `appearance`, `columns`, `exclusive`, `sort` of the catalog's `_index.md`:
    /// defaults for sections that do not set their own.
    public var options = SectionOptions()

    package init(id: String, title: String, weight: Double?, introHTML: String, summary: String,
                 fields: [(key: String, value: FieldValue)], sections: [Group], expanded: Bool?, outputPath: String,
                 sourcePath: String, options: SectionOptions = SectionOptions(), image: ImageReference? = nil) {
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
    public var itemCount: Int { folderSections.reduce(0) { $0 + $1.itemCount } }

    /// Items counted once as the catalog's own ("29 pets"): sub-pages are counted as pages.
    public var entryCount: Int { folderSections.reduce(0) { $0 + $1.entryCount } }

    /// Every item once, in outline order.
    public var allItems: [Item] {
        var items: [Item] = []
        forEachItem { items.append($0) }
        return items
    }

    /// Calls `body` with every item once, in outline order, without collecting them.
    package func forEachItem(_ body: (Item) -> Void) {
        for section in sections where section.query == nil { section.forEachItem(body) }
    }

    /// Sections made from folders (and the untitled one of loose items), without query sections.
    public var folderSections: [Group] { sections.filter { $0.query == nil } }

    public func field(_ key: String) -> FieldValue? {
        fields.first { $0.key == key }?.value
    }
}
