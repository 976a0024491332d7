/// What a page shows when its address is shared (Open Graph and Twitter card tags, read by
/// chat apps, social sites and search engines): values only; `LinkPreviewMarkup` in
/// FoldoutRendering writes the tags. Addresses are absolute, so those that need the site's
/// `base_url` are nil without one.
public struct LinkPreview: Sendable, Equatable {
    /// `og:type`: `article` for an item's page, `website` for the rest.
    public var type: String
    public var title: String
    /// The item's or catalog's summary, else the site's description; empty for none.
    public var description: String
    public var siteName: String
    /// `og:url`: the page's own address.
    public var url: String?
    public var image: Image?
    /// `article:published_time`: an item's `date`, when it is a date (`2026-05-01`).
    public var publishedTime: String?
    /// `article:tag`: an item's tags.
    public var tags: [String] = []
    /// `og:locale`, in Open Graph's `language_TERRITORY` form, when the site's `language`
    /// names a territory (`en-GB`); Open Graph reads `en_US` otherwise.
    public var locale: String?

    public struct Image: Sendable, Equatable {
        public var url: String
        /// Nil for an image Foldout did not read (an https: address).
        public var width: Int?
        public var height: Int?
        public var mimeType: String?
        public var alt: String
    }

    /// `language` (a BCP 47 tag, as `<html lang>` takes it) as `og:locale`: `en-GB` is
    /// `en_GB`; nil for a language alone (`en`) or a tag of another shape.
    public static func locale(ofLanguage language: String) -> String? {
        let parts = language.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, (2...3).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isLetter } }) else { return nil }
        return parts[0].lowercased() + "_" + parts[1].uppercased()
    }

    /// Below this width (or 157 pixels high), X shows a small square card rather than a large image.
    public static let largeCardMinimumWidth = 300

    /// `twitter:card`: a large image when there is one wide enough.
    public var twitterCard: String {
        guard let image else { return "summary" }
        let large = (image.width ?? Self.largeCardMinimumWidth) >= Self.largeCardMinimumWidth && (image.height ?? 157) >= 157
        return large ? "summary_large_image" : "summary"
    }
}
