import FoldoutPresentation

/// A page's link preview (`LinkPreview`) as the `<meta>` tags of its `<head>`: Open Graph
/// (`og:`, read by most apps and sites, and `article:` for an item) and Twitter cards
/// (`twitter:`, for X, which reads `og:` for the rest but wants its own card type). Tags
/// whose value is missing are left out. Base.html prints them as `{{{linkPreviewHTML}}}`.
package enum LinkPreviewMarkup {
    package static func html(_ preview: LinkPreview) -> [UInt8] {
        var output = PageBytes(capacity: 1024)
        func meta(_ attribute: String, _ name: String, _ content: String) {
            // One tag a line; `base` ends the last line.
            if output.count > 0 { output.append("\n") }
            output.append("<meta ")
            output.append(attribute)
            output.append("=\"")
            output.append(name)
            output.append("\" content=\"")
            HTMLEscaping.append(content, to: &output)
            output.append("\">")
        }
        func property(_ name: String, _ content: String?) {
            if let content, !content.isEmpty { meta("property", name, content) }
        }
        func twitter(_ name: String, _ content: String?) {
            if let content, !content.isEmpty { meta("name", name, content) }
        }
        property("og:type", preview.type)
        property("og:site_name", preview.siteName)
        property("og:title", preview.title)
        property("og:description", preview.description)
        property("og:url", preview.url)
        if let image = preview.image {
            property("og:image", image.url)
            property("og:image:type", image.mimeType)
            property("og:image:width", image.width.map(String.init))
            property("og:image:height", image.height.map(String.init))
            property("og:image:alt", image.alt)
        }
        property("article:published_time", preview.publishedTime)
        for tag in preview.tags { property("article:tag", tag) }
        twitter("twitter:card", preview.twitterCard)
        twitter("twitter:title", preview.title)
        twitter("twitter:description", preview.description)
        twitter("twitter:image", preview.image?.url)
        twitter("twitter:image:alt", preview.image?.alt)
        return output.array()
    }
}
