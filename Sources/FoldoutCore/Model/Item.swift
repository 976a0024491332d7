/// One Markdown file: a row in its catalog's outline and a page of its own.
public struct Item: Sendable {
    /// Stable id: the slug path from the content root, e.g. `pets/dogs/terriers/diego`.
    public var id: String
    /// Id within its catalog, used as the row's anchor: `dogs/terriers/diego`.
    public var anchor: String
    public var title: String
    public var weight: Double?
    public var date: String?
    public var summary: String
    /// Output path of the image (or an absolute URL), and the text as written.
    public var image: ImageReference?
    public var tags: [String]
    /// Front matter keys other than the reserved ones, in file order.
    public var fields: [(key: String, value: FieldValue)]
    public var bodyHTML: String
    public var headingIDs: [String]
    /// Path in `Output/`, e.g. `pets/dogs/terriers/diego.html`.
    public var outputPath: String
    /// Path relative to the content folder.
    public var sourcePath: String
    /// Titles of the folders from the catalog down to the item's group, for breadcrumbs.
    public var trail: [TrailStep]
    /// Every front matter field that names an image file found beside the page (`image`,
    /// and any other such as `photo: rex.png`), by key, for row thumbnails.
    public var images: [String: ImageReference] = [:]

    public func field(_ key: String) -> FieldValue? {
        fields.first { $0.key == key }?.value
    }

    /// The value of `key` as configuration sees it (`where:`, `sort:`, row templates):
    /// the reserved keys `title`, `date`, `weight`, `summary` and `tags` included.
    public func value(for key: String) -> FieldValue? {
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

public struct ImageReference: Sendable, Equatable {
    /// A path in `Output/`, or an absolute URL when `isExternal`.
    public var location: String
    public var isExternal: Bool
    public var alt: String
    /// Whether `alt` was written by the author (`image_alt:`) rather than taken from the title.
    public var altIsWritten: Bool = false
    /// Pixel size read from the file's header; nil for external and unreadable images.
    public var size: ImageSize? = nil
}

public struct TrailStep: Sendable, Equatable {
    public var title: String
    /// Output path of the page and the anchor on it.
    public var path: String
    public var fragment: String?
}
