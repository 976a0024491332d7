/// A top-level folder of `Content/`: one page of sections with their outlines.
public struct Catalog: Sendable {
    /// The folder's slug, e.g. `pets`.
    public var id: String
    public var title: String
    public var weight: Double?
    public var introHTML: String
    public var summary: String
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

    /// Items counted once: query sections repeat items of the folder sections.
    public var itemCount: Int { folderSections.reduce(0) { $0 + $1.itemCount } }

    /// Every item once, in outline order.
    public var allItems: [Item] {
        var items: [Item] = []
        appendItems(to: &items)
        return items
    }

    func appendItems(to items: inout [Item]) {
        for section in folderSections { section.appendItems(to: &items) }
    }

    /// Sections made from folders (and the untitled one of loose items), without query sections.
    public var folderSections: [Group] { sections.filter { $0.query == nil } }

    public func field(_ key: String) -> FieldValue? {
        fields.first { $0.key == key }?.value
    }
}

/// The whole site: options from `Content/_index.md`, the catalogs, and items placed
/// directly in `Content/` (shown on the home page).
public struct Site: Sendable {
    public var title: String
    public var description: String
    public var language: String
    public var baseURL: String?
    public var introHTML: String
    public var fields: [(key: String, value: FieldValue)]
    public var catalogs: [Catalog]
    /// Items directly in the content folder, as one untitled section (empty when none).
    public var looseItems: Group?

    public func field(_ key: String) -> FieldValue? {
        fields.first { $0.key == key }?.value
    }

    public var allItems: [Item] {
        var items: [Item] = []
        for catalog in catalogs { catalog.appendItems(to: &items) }
        looseItems?.appendItems(to: &items)
        return items
    }
}
