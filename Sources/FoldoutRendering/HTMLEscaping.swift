import FoldoutBase
import Mustache

/// How `{{value}}` is escaped in every template: by `MarkupEscaping`, Foldout's one escaper.
/// swift-mustache's own HTML escaping looks characters up as grapheme clusters, so a `"`
/// followed by a combining mark (`"\u{301}`) is one cluster, is not found in its table, and is
/// written raw: a front matter value could close an attribute and add `onmouseover=`.
package struct HTMLEscaping: MustacheContentType {
    /// The content type's name, switched on at the start of every template (see `TemplateSet`).
    package static let name = "FOLDOUT_HTML"
    package static let pragma = "{{% CONTENT_TYPE: \(name)}}"

    /// Registers the content type with swift-mustache once, before the first template is parsed.
    package static let registered: Void = MustacheContentTypes.register(HTMLEscaping(), named: name)

    package func escapeText(_ text: String) -> String {
        MarkupEscaping.html(text)
    }
}
