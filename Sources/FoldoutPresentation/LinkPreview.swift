/// What a page shows when its address is shared (Open Graph and Twitter card tags, read by
/// chat apps, social sites and search engines): values only; `LinkPreviewMarkup` in
/// FoldoutRendering writes the tags. Addresses are absolute, so those that need the site's
/// `base_url` are nil without one.
package struct LinkPreview: Sendable, Equatable {
    /// `og:type`: `article` for an item's page, `website` for the rest.
    package var type: String
    package var title: String
    /// The item's or catalog's summary, else the site's description; empty for none.
    package var description: String
    package var siteName: String
    /// `og:url`: the page's own address.
    package var url: String?
    package var image: Image?
    /// `article:published_time`: an item's `date`, when it is a date (`2026-05-01`).
    package var publishedTime: String?
    /// `article:tag`: an item's tags.
    package var tags: [String] = []
    /// `og:locale`, in Open Graph's `language_TERRITORY` form, when the site's `language`
    /// names a territory (`en-GB`); Open Graph reads `en_US` otherwise.
    package var locale: String?

    package struct Image: Sendable, Equatable {
        package var url: String
        /// Nil for an image Foldout did not read (an https: address).
        package var width: Int?
        package var height: Int?
        package var mimeType: String?
        package var alt: String
    }

    /// `language` (a BCP 47 tag, as `<html lang>` takes it) as `og:locale`: `en-GB` is
    /// `en_GB`; nil for a language alone (`en`) or a tag of another shape.
    package static func locale(ofLanguage language: String) -> String? {
        let parts = language.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, (2...3).contains(parts[0].count), parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isLetter } })
        else { return nil }
        return parts[0].lowercased() + "_" + parts[1].uppercased()
    }

    /// Below this width (or 157 pixels high), X shows a small square card rather than a large image.
    package static let largeCardMinimumWidth = 300

    /// `twitter:card`: a large image when there is one wide enough.
    package var twitterCard: String {
        guard let image else { return "summary" }
        let large = (image.width ?? Self.largeCardMinimumWidth) >= Self.largeCardMinimumWidth && (image.height ?? 157) >= 157
        return large ? "summary_large_image" : "summary"
    }
}
