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

    public func field(_ key: String) -> FieldValue? {
        fields.first { $0.key == key }?.value
    }
}

public struct ImageReference: Sendable, Equatable {
    /// A path in `Output/`, or an absolute URL when `isExternal`.
    public var location: String
    public var isExternal: Bool
    public var alt: String
}

public struct TrailStep: Sendable, Equatable {
    public var title: String
    /// Output path of the page and the anchor on it.
    public var path: String
    public var fragment: String?
}
