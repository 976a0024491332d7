import FoldoutBase

/// The markup of an image on a page: a `<picture>` with a `<source>` per modern format and an
/// `<img>` in the fallback format, or an `<img>` alone. The one place Foldout writes either: a
/// Markdown body's images, a row's thumbnail, an item's photo and its gallery all come from
/// here (the templates write `{{{picture}}}`), every value through `MarkupEscaping`.
///
/// The alt text is the one thing that differs between two uses of one image on a page, so it
/// is written last and kept apart: `beforeAlt` + escaped alt + `afterAlt`.
public struct PictureMarkup: Sendable, Equatable {
    /// The markup up to the `alt` attribute's value, and from its closing quote on.
    public var beforeAlt: String
    public var afterAlt: String
    /// A URL to use where only one image URL fits (an `<img>` in raw HTML): the fallback's
    /// widest variant.
    public var fallbackURL: String

    /// `sizes` for a picture in a page's text column: full width on a phone, the column's
    /// measure on a wider screen.
    public static let bodySizes = "(min-width: 50rem) 46rem, 100vw"

    /// What a picture shows and how; `PictureMarkup(_:)` writes it. URLs are relative to the page.
    public struct Description: Sendable, Equatable {
        public struct Source: Sendable, Equatable {
            public var type: String
            public var srcset: String
            public init(type: String, srcset: String) {
                self.type = type
                self.srcset = srcset
            }
        }

        /// Wrapped in `<picture>` (with its `<source>`s), or an `<img>` alone.
        public var isPicture = true
        public var pictureClass: String?
        public var imageClass: String?
        public var sources: [Source] = []
        public var src: String
        public var srcset: String?
        /// `sizes` of the `<source>`s and, with a `srcset`, of the `<img>`.
        public var sizes: String?
        public var width: Int?
        public var height: Int?
        /// Lazy for what is below the first screen; the main image of a page is not.
        public var isLazy = true
        /// A `data:` URL of the blurred placeholder, shown under the image as it loads.
        public var placeholder: String?
        /// The widest the image may be drawn, in CSS pixels: a card's photo smaller than the
        /// card is shown at its own size rather than stretched.
        public var maxWidth: Int?
        /// Where only one URL fits; `src` when nil.
        public var fallbackURL: String?

        public init(src: String) {
            self.src = src
        }
    }

    public init(_ picture: Description) {
        func attribute(_ name: String, _ value: String?) -> String {
            value.map { " \(name)=\"\(MarkupEscaping.html($0))\"" } ?? ""
        }
        var html = ""
        if picture.isPicture {
            html += "<picture\(attribute("class", picture.pictureClass))>"
            for source in picture.sources {
                html += "<source\(attribute("type", source.type))\(attribute("srcset", source.srcset))\(attribute("sizes", picture.sizes))>"
            }
        }
        html += "<img\(attribute("class", picture.imageClass))\(attribute("src", picture.src))"
        if let srcset = picture.srcset { html += attribute("srcset", srcset) + attribute("sizes", picture.sizes) }
        if let width = picture.width, let height = picture.height { html += " width=\"\(width)\" height=\"\(height)\"" }
        if picture.isLazy { html += " loading=\"lazy\"" }
        html += " decoding=\"async\""
        let style = [picture.maxWidth.map { "max-width:\($0)px" }, picture.placeholder.map { "background-image:url(\($0))" }]
            .compactMap { $0 }
        html += attribute("style", style.isEmpty ? nil : style.joined(separator: ";"))
        beforeAlt = html + " alt=\""
        afterAlt = picture.isPicture ? "\"></picture>" : "\">"
        fallbackURL = picture.fallbackURL ?? picture.src
    }

    /// A photo with variants in a Markdown body, from the page at `page`.
    public init(plan: ImagePlan, from page: String, placeholder: String?, sizes: String = bodySizes) {
        let linker = OutputPath.Linker(from: page)
        func srcset(_ source: ImagePlan.Source) -> String {
            source.variants.map { linker.url(to: $0.path, fragment: nil) + " \($0.width)w" }.joined(separator: ", ")
        }
        let fallback = plan.fallback
        // The middle width for browsers that read no `srcset`: sharp enough, not the heaviest.
        var picture = Description(src: linker.url(to: fallback.variants[fallback.variants.count / 2].path, fragment: nil))
        picture.sources = plan.sources.dropLast().map { .init(type: $0.format.mimeType, srcset: srcset($0)) }
        picture.srcset = srcset(fallback)
        picture.sizes = sizes
        picture.width = plan.width
        picture.height = plan.height
        picture.placeholder = placeholder
        picture.fallbackURL = linker.url(to: fallback.variants.last!.path, fragment: nil)
        self.init(picture)
    }

    /// An image published as it is (see `SiteImages.isSmallWebImage`): its `<img>` with its
    /// size and lazy loading, and no variants. `url` is relative to the page already.
    public init(asIs url: String, width: Int, height: Int) {
        var picture = Description(src: url)
        picture.isPicture = false
        picture.width = width
        picture.height = height
        self.init(picture)
    }

    /// As kept in the Markdown cache.
    public init(beforeAlt: String, afterAlt: String, fallbackURL: String) {
        self.beforeAlt = beforeAlt
        self.afterAlt = afterAlt
        self.fallbackURL = fallbackURL
    }

    public func html(alt: String) -> String {
        beforeAlt + MarkupEscaping.html(alt) + afterAlt
    }
}
