import FoldoutLoading

/// An image a page's front matter names, as the Markdown stage found it.
public struct ImageReference: Sendable, Equatable {
    /// A path in `Output/`, or an absolute URL when `isExternal`.
    public var location: String
    public var isExternal: Bool
    public var alt: String
    /// Whether `alt` was written by the author (`image_alt:`) rather than taken from the title.
    public var altIsWritten: Bool = false
    /// Pixel size read from the file's header; nil for external and unreadable images.
    public var size: ImageSize? = nil

    public init(location: String, isExternal: Bool, alt: String, altIsWritten: Bool = false, size: ImageSize? = nil) {
        self.location = location
        self.isExternal = isExternal
        self.alt = alt
        self.altIsWritten = altIsWritten
        self.size = size
    }
}
