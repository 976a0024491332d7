import FoldoutBase

/// A `<picture>` of an image's variants for a Markdown body: a `<source>` per modern format
/// and an `<img>` in the fallback format with `srcset`, `sizes`, its exact size, lazy loading
/// and the placeholder under it. The alt text is the one thing that differs between two
/// uses of one image on a page, so it is put in last.
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

    public init(plan: ImagePlan, from page: String, placeholder: String?, sizes: String = bodySizes) {
        let linker = OutputPath.Linker(from: page)
        func srcset(_ source: ImagePlan.Source) -> String {
            source.variants.map { linker.url(to: $0.path, fragment: nil) + " \($0.width)w" }.joined(separator: ", ")
        }
        var html = "<picture>"
        for source in plan.sources.dropLast() {
            html += "<source type=\"\(source.format.mimeType)\" srcset=\"\(Self.escaped(srcset(source)))\" sizes=\"\(sizes)\">"
        }
        let fallback = plan.fallback
        // The middle width for browsers that read no `srcset`: sharp enough, not the heaviest.
        let middle = fallback.variants[fallback.variants.count / 2]
        html += "<img src=\"\(Self.escaped(linker.url(to: middle.path, fragment: nil)))\" srcset=\"\(Self.escaped(srcset(fallback)))\""
        html += " sizes=\"\(sizes)\" width=\"\(plan.width)\" height=\"\(plan.height)\" loading=\"lazy\" decoding=\"async\""
        if let placeholder { html += " style=\"background-image:url(\(placeholder))\"" }
        beforeAlt = html + " alt=\""
        afterAlt = "\"></picture>"
        fallbackURL = linker.url(to: fallback.variants.last!.path, fragment: nil)
    }

    /// An image published as it is (see `SiteImages.isSmallWebImage`): its `<img>` with its
    /// size and lazy loading, and no variants. `url` is relative to the page already.
    public init(asIs url: String, width: Int, height: Int) {
        beforeAlt = "<img src=\"\(Self.escaped(url))\" width=\"\(width)\" height=\"\(height)\" loading=\"lazy\" decoding=\"async\" alt=\""
        afterAlt = "\">"
        fallbackURL = url
    }

    /// As kept in the Markdown cache.
    public init(beforeAlt: String, afterAlt: String, fallbackURL: String) {
        self.beforeAlt = beforeAlt
        self.afterAlt = afterAlt
        self.fallbackURL = fallbackURL
    }

    public func html(alt: String) -> String {
        beforeAlt + Self.escaped(alt) + afterAlt
    }

    static func escaped(_ text: String) -> String {
        guard text.contains(where: { $0 == "&" || $0 == "\"" || $0 == "<" || $0 == ">" }) else { return text }
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "\"": result += "&quot;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            default: result.append(character)
            }
        }
        return result
    }
}
