import FoldoutImages

/// An image a page's front matter names, as the Markdown stage found it.
package struct ImageReference: Sendable, Equatable {
    /// A path in `Output/`, or an absolute URL when `isExternal`.
    package var location: String
    package var isExternal: Bool
    package var alt: String
    /// Whether `alt` was written by the author (`image_alt:`) rather than taken from the title.
    package var altIsWritten: Bool = false
    /// Pixel size read from the file's header; nil for external and unreadable images.
    package var size: ImageSize? = nil

    package init(location: String, isExternal: Bool, alt: String, altIsWritten: Bool = false, size: ImageSize? = nil) {
        self.location = location
        self.isExternal = isExternal
        self.alt = alt
        self.altIsWritten = altIsWritten
        self.size = size
    }
}
