import FoldoutBase

/// The page at an old address of a page (`Redirect`): a refresh with no delay sends the
/// reader on with no script, from `file://` as over HTTP; the canonical link tells search
/// engines which address to keep, and a link serves a browser that does not follow.
package struct RedirectPage: Sendable {
    package var path: String
    package var target: String
    package var fragment: String?
    /// The title of the page it leads to.
    package var title: String
    package var language: String
    package var baseURL: String?

    package init(path: String, target: String, fragment: String?, title: String, language: String, baseURL: String?) {
        self.path = path
        self.target = target
        self.fragment = fragment
        self.title = title
        self.language = language
        self.baseURL = baseURL
    }

    package var html: String {
        let url = MarkupEscaping.html(OutputPath.relativeURL(from: path, to: target, fragment: fragment))
        let canonical =
            baseURL.flatMap { $0.isEmpty ? nil : $0 }.map {
                MarkupEscaping.html(OutputPath.absoluteURL(base: $0, to: target, fragment: fragment))
            } ?? url
        let title = MarkupEscaping.html(title)
        return """
            <!doctype html>
            <html lang="\(MarkupEscaping.html(language))">
            <head>
            <meta charset="utf-8">
            <title>\(title)</title>
            <link rel="canonical" href="\(canonical)">
            <meta name="robots" content="noindex">
            <meta http-equiv="refresh" content="0; url=\(url)">
            </head>
            <body>
            <p>This page has moved to <a href="\(url)">\(title)</a>.</p>
            </body>
            </html>

            """
    }
}
