import FoldoutMarkdown

/// One Markdown file: a row in its catalog's outline and a page of its own.
///
/// Its values live in one shared object, copied only when a copy is changed: an item is
/// copied into every outline, tag list, pager and page list that holds it, and copying
/// fifteen separately counted references each time (on both threads at once) was a good
/// part of rendering a site. Reading a value costs one more pointer step.
package struct Item: Sendable {
    private final class Storage: @unchecked Sendable {
        package var id: String
        package var anchor: String
        package var title: String
        package var weight: Double?
        package var date: String?
        package var summary: String
        package var image: ImageReference?
        package var tags: [String]
        package var fields: [(key: String, value: FieldValue)]
        package var bodyHTML: String
        package var headingIDs: [String]
        package var outputPath: String
        package var sourcePath: String
        package var trail: [TrailStep]
        package var images: [String: ImageReference]

        package init(
            id: String, anchor: String, title: String, weight: Double?, date: String?, summary: String,
            image: ImageReference?, tags: [String], fields: [(key: String, value: FieldValue)], bodyHTML: String,
            headingIDs: [String], outputPath: String, sourcePath: String, trail: [TrailStep],
            images: [String: ImageReference]
        ) {
            self.id = id
            self.anchor = anchor
            self.title = title
            self.weight = weight
            self.date = date
            self.summary = summary
            self.image = image
            self.tags = tags
            self.fields = fields
            self.bodyHTML = bodyHTML
            self.headingIDs = headingIDs
            self.outputPath = outputPath
            self.sourcePath = sourcePath
            self.trail = trail
            self.images = images
        }

        package func copy() -> Storage {
            Storage(
                id: id, anchor: anchor, title: title, weight: weight, date: date, summary: summary, image: image,
                tags: tags, fields: fields, bodyHTML: bodyHTML, headingIDs: headingIDs, outputPath: outputPath,
                sourcePath: sourcePath, trail: trail, images: images)
        }
    }

    // Mutated only when uniquely referenced (see `unique()`), so sharing it between threads is safe.
    private var storage: Storage

    package init(
        id: String, anchor: String, title: String, weight: Double?, date: String?, summary: String,
        image: ImageReference?, tags: [String], fields: [(key: String, value: FieldValue)], bodyHTML: String,
        headingIDs: [String], outputPath: String, sourcePath: String, trail: [TrailStep],
        images: [String: ImageReference] = [:]
    ) {
        storage = Storage(
            id: id, anchor: anchor, title: title, weight: weight, date: date, summary: summary,
            image: image, tags: tags, fields: fields, bodyHTML: bodyHTML, headingIDs: headingIDs,
            outputPath: outputPath, sourcePath: sourcePath, trail: trail, images: images)
    }

    /// Stable id: the slug path from the content root, e.g. `pets/dogs/terriers/diego`.
    package var id: String {
        get { storage.id }
        set { unique().id = newValue }
    }

    /// Id within its catalog, used as the row's anchor: `dogs/terriers/diego`.
    package var anchor: String {
        get { storage.anchor }
        set { unique().anchor = newValue }
    }

    package var title: String {
        get { storage.title }
        set { unique().title = newValue }
    }

    package var weight: Double? {
        get { storage.weight }
        set { unique().weight = newValue }
    }

    package var date: String? {
        get { storage.date }
        set { unique().date = newValue }
    }

    package var summary: String {
        get { storage.summary }
        set { unique().summary = newValue }
    }

    /// Output path of the image (or an absolute URL), and the text as written.
    package var image: ImageReference? {
        get { storage.image }
        set { unique().image = newValue }
    }

    package var tags: [String] {
        get { storage.tags }
        set { unique().tags = newValue }
    }

    /// Front matter keys other than the reserved ones, in file order.
    package var fields: [(key: String, value: FieldValue)] {
        get { storage.fields }
        set { unique().fields = newValue }
    }

    package var bodyHTML: String {
        get { storage.bodyHTML }
        set { unique().bodyHTML = newValue }
    }

    package var headingIDs: [String] {
        get { storage.headingIDs }
        set { unique().headingIDs = newValue }
    }

    /// Path in `Output/`, e.g. `pets/dogs/terriers/diego.html`.
    package var outputPath: String {
        get { storage.outputPath }
        set { unique().outputPath = newValue }
    }

    /// Path relative to the content folder.
    package var sourcePath: String {
        get { storage.sourcePath }
        set { unique().sourcePath = newValue }
    }

    /// Titles of the folders from the catalog down to the item's group, for breadcrumbs.
    package var trail: [TrailStep] {
        get { storage.trail }
        set { unique().trail = newValue }
    }

    /// Every front matter field that names an image file found beside the page (`image`,
    /// and any other such as `photo: rex.png`), by key, for row thumbnails.
    package var images: [String: ImageReference] {
        get { storage.images }
        set { unique().images = newValue }
    }

    private mutating func unique() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    package func field(_ key: String) -> FieldValue? {
        fields.first { $0.key == key }?.value
    }

    /// The value of `key` as configuration sees it (`where:`, `sort:`, row templates):
    /// the reserved keys `title`, `date`, `weight`, `summary` and `tags` included.
    package func value(for key: String) -> FieldValue? {
        switch key {
        case "title": return .string(title)
        case "summary": return .string(summary)
        case "date": return date.map(FieldValue.string)
        case "weight": return weight.map(FieldValue.number)
        case "tags": return tags.isEmpty ? nil : .list(tags.map(FieldValue.string))
        default: return field(key)
        }
    }
}

extension Item: CustomReflectable {
    /// The values, as if stored in the item itself.
    package var customMirror: Mirror { Mirror(reflecting: storage) }
}
