import FoldoutPresentation

/// A page's link preview (`LinkPreview`) as the tags of its `<head>`: the page's own
/// `<meta name="description">` (what search engines show under its title: an item's summary,
/// not the site's description on every page) and, with a `base_url`, its canonical address;
/// then Open Graph (`og:`, read by most apps and sites, and `article:` for an item) and the
/// Twitter card tags X has no Open Graph tag for (`twitter:card` and the image's alt text).
/// X reads the title, description and image from `og:` when its own tags are missing, as
/// they are here. Tags whose value is missing are left out. Base.html prints them as
/// `{{{linkPreviewHTML}}}`.
package enum LinkPreviewMarkup {
    package static func html(_ preview: LinkPreview) -> [UInt8] {
        var output = PageBytes(capacity: 512 + 2 * preview.description.utf8.count)
        // Every page has thousands of siblings: the tags' fixed text is copied, not made.
        func tag(_ start: StaticString, _ content: String?) {
            guard let content, !content.isEmpty else { return }
            if output.count > 0 { output.append(0x0A) }  // one tag a line; `base` ends the last
            start.withUTF8Buffer { output.append($0) }
            output.appendEscapingHTML(content)
            output.append(0x22)
            output.append(0x3E)
        }
        tag(#"<meta name="description" content=""#, preview.description)
        tag(#"<link rel="canonical" href=""#, preview.url)
        tag(#"<meta property="og:type" content=""#, preview.type)
        tag(#"<meta property="og:site_name" content=""#, preview.siteName)
        tag(#"<meta property="og:locale" content=""#, preview.locale)
        tag(#"<meta property="og:title" content=""#, preview.title)
        tag(#"<meta property="og:description" content=""#, preview.description)
        tag(#"<meta property="og:url" content=""#, preview.url)
        if let image = preview.image {
            tag(#"<meta property="og:image" content=""#, image.url)
            tag(#"<meta property="og:image:type" content=""#, image.mimeType)
            tag(#"<meta property="og:image:width" content=""#, image.width.map(String.init))
            tag(#"<meta property="og:image:height" content=""#, image.height.map(String.init))
            tag(#"<meta property="og:image:alt" content=""#, image.alt)
        }
        tag(#"<meta property="article:published_time" content=""#, preview.publishedTime)
        for name in preview.tags { tag(#"<meta property="article:tag" content=""#, name) }
        tag(#"<meta name="twitter:card" content=""#, preview.twitterCard)
        tag(#"<meta name="twitter:image:alt" content=""#, preview.image?.alt)
        return output.array()
    }
}
