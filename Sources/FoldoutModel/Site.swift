import FoldoutMarkdown

/// The whole site: options from `Content/_index.md`, the catalogs, and items placed
/// directly in `Content/` (shown on the home page).
package struct Site: Sendable {
    package var title: String
    package var description: String
    package var language: String
    package var baseURL: String?
    /// `image:` of `Content/_index.md`: what a link preview shows for a page without an image
    /// of its own (or of its catalog).
    package var image: ImageReference?
    package var introHTML: String
    package var fields: [(key: String, value: FieldValue)]
    package var catalogs: [Catalog]
    /// Items directly in the content folder, as one untitled section (empty when none).
    package var looseItems: Group?

    package init(
        title: String, description: String, language: String, baseURL: String?, introHTML: String,
        fields: [(key: String, value: FieldValue)], catalogs: [Catalog], looseItems: Group?, image: ImageReference? = nil
    ) {
        self.title = title
        self.description = description
        self.language = language
        self.baseURL = baseURL
        self.image = image
        self.introHTML = introHTML
        self.fields = fields
        self.catalogs = catalogs
        self.looseItems = looseItems
    }

    package func field(_ key: String) -> FieldValue? {
        fields.first { $0.key == key }?.value
    }

    package var allItems: [Item] {
        var items: [Item] = []
        forEachItem { items.append($0) }
        return items
    }

    /// Calls `body` with every item once, in `allItems` order, without collecting them.
    package func forEachItem(_ body: (Item) -> Void) {
        for catalog in catalogs { catalog.forEachItem(body) }
        looseItems?.forEachItem(body)
    }

    /// `allItems.count`, without collecting them.
    package var allItemCount: Int { catalogs.reduce(0) { $0 + $1.itemCount } + (looseItems?.itemCount ?? 0) }

    /// The item made from the file at `path` (relative to the content folder), found without
    /// collecting every item.
    package func item(atSource path: String) -> Item? {
        for catalog in catalogs where path.hasPrefix(catalog.sourcePath + "/") {
            for section in catalog.sections where section.query == nil {
                if let item = section.item(atSource: path) { return item }
            }
        }
        for case .item(let item) in looseItems?.entries ?? [] where item.sourcePath == path { return item }
        return nil
    }

    /// Puts `item` in the place of the item with its id, wherever that shows (its folder's
    /// section and any query section).
    package mutating func replaceItem(_ item: Item) {
        for index in catalogs.indices {
            for section in catalogs[index].sections.indices { catalogs[index].sections[section].replaceItem(item) }
        }
        looseItems?.replaceItem(item)
    }
}
