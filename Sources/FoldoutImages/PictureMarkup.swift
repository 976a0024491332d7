import FoldoutBase

/// The markup of an image on a page: a `<picture>` with a `<source>` per modern format and an
/// `<img>` in the fallback format, or an `<img>` alone. The one place Foldout writes either: a
/// Markdown body's images, a row's thumbnail, an item's photo and its gallery all come from
/// here (the templates write `{{{picture}}}`), every value through `MarkupEscaping`.
///
/// The alt text is the one thing that differs between two uses of one image on a page, so it
/// is written last and kept apart: `beforeAlt` + escaped alt + `afterAlt`.
package struct PictureMarkup: Sendable, Equatable {
    /// The markup up to the `alt` attribute's value, and from its closing quote on.
    package var beforeAlt: String
    package var afterAlt: String
    /// A URL to use where only one image URL fits (an `<img>` in raw HTML): the fallback's
    /// widest variant.
    package var fallbackURL: String

    /// `sizes` for a picture in a page's text column: full width on a phone, the column's
    /// measure on a wider screen.
    package static let bodySizes = "(min-width: 50rem) 46rem, 100vw"

    /// What a picture shows and how; `PictureMarkup(_:)` writes it. URLs are relative to the page.
    package struct Description: Sendable, Equatable {
        package struct Source: Sendable, Equatable {
            package var type: String
            package var srcset: String
            package init(type: String, srcset: String) {
                self.type = type
                self.srcset = srcset
            }
        }

        /// Wrapped in `<picture>` (with its `<source>`s), or an `<img>` alone.
        package var isPicture = true
        package var pictureClass: String?
        package var imageClass: String?
        package var sources: [Source] = []
        package var src: String
        package var srcset: String?
        /// `sizes` of the `<source>`s and, with a `srcset`, of the `<img>`.
        package var sizes: String?
        package var width: Int?
        package var height: Int?
        /// Lazy for what is below the first screen; the main image of a page is not.
        package var isLazy = true
        /// A `data:` URL of the blurred placeholder, shown under the image as it loads.
        package var placeholder: String?
        /// The widest the image may be drawn, in CSS pixels: a card's photo smaller than the
        /// card is shown at its own size rather than stretched.
        package var maxWidth: Int?
        /// Where only one URL fits; `src` when nil.
        package var fallbackURL: String?

        package init(src: String) {
            self.src = src
        }
    }

    package init(_ picture: Description) {
        // Written as bytes into one buffer sized beforehand: rows of a large catalog each
        // have a picture, whose placeholder alone is a data URL of hundreds of bytes, and
        // string interpolation made and copied a string for every piece.
        var html: [UInt8] = []
        html.reserveCapacity(
            200 + (picture.placeholder?.utf8.count ?? 0) + picture.src.utf8.count + (picture.srcset?.utf8.count ?? 0)
                + picture.sources.reduce(0) { $0 + $1.srcset.utf8.count + 80 })
        func append(_ literal: StaticString) {
            literal.withUTF8Buffer { html.append(contentsOf: $0) }
        }
        func attribute(_ name: StaticString, _ value: String?) {
            guard let value else { return }
            append(" ")
            append(name)
            append("=\"")
            MarkupEscaping.appendHTML(value, to: &html)
            append("\"")
        }
        if picture.isPicture {
            append("<picture")
            attribute("class", picture.pictureClass)
            append(">")
            for source in picture.sources {
                append("<source")
                attribute("type", source.type)
                attribute("srcset", source.srcset)
                attribute("sizes", picture.sizes)
                append(">")
            }
        }
        append("<img")
        attribute("class", picture.imageClass)
        attribute("src", picture.src)
        if let srcset = picture.srcset {
            attribute("srcset", srcset)
            attribute("sizes", picture.sizes)
        }
        if let width = picture.width, let height = picture.height {
            append(" width=\"")
            html.append(contentsOf: String(width).utf8)
            append("\" height=\"")
            html.append(contentsOf: String(height).utf8)
            append("\"")
        }
        if picture.isLazy { append(" loading=\"lazy\"") }
        append(" decoding=\"async\"")
        if picture.maxWidth != nil || picture.placeholder != nil {
            // The attribute's value is `max-width:…px;background-image:url(…)` (either part
            // alone), escaped whole: its fixed parts have nothing to escape.
            append(" style=\"")
            if let maxWidth = picture.maxWidth {
                append("max-width:")
                html.append(contentsOf: String(maxWidth).utf8)
                append("px")
            }
            if let placeholder = picture.placeholder {
                if picture.maxWidth != nil { append(";") }
                append("background-image:url(")
                MarkupEscaping.appendHTML(placeholder, to: &html)
                append(")")
            }
            append("\"")
        }
        append(" alt=\"")
        beforeAlt = String(decoding: html, as: UTF8.self)
        afterAlt = picture.isPicture ? "\"></picture>" : "\">"
        fallbackURL = picture.fallbackURL ?? picture.src
    }

    /// A photo with variants in a Markdown body, from the page at `page`.
    package init(plan: ImagePlan, from page: String, placeholder: String?, sizes: String = bodySizes) {
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
    package init(asIs url: String, width: Int, height: Int) {
        var picture = Description(src: url)
        picture.isPicture = false
        picture.width = width
        picture.height = height
        self.init(picture)
    }

    /// As kept in the Markdown cache.
    package init(beforeAlt: String, afterAlt: String, fallbackURL: String) {
        self.beforeAlt = beforeAlt
        self.afterAlt = afterAlt
        self.fallbackURL = fallbackURL
    }

    package func html(alt: String) -> String {
        beforeAlt + MarkupEscaping.html(alt) + afterAlt
    }
}
