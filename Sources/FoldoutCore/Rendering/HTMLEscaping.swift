import Mustache

/// How `{{value}}` is escaped in every template. swift-mustache's own HTML escaping looks
/// characters up as grapheme clusters, so a `"` followed by a combining mark (`"\u{301}`) is
/// one cluster, is not found in its table, and is written raw: a front matter value could
/// close an attribute and add `onmouseover=`. This escapes byte by byte instead; UTF-8 never
/// hides an ASCII byte inside a longer character, so nothing slips through.
struct HTMLEscaping: MustacheContentType {
    /// The content type's name, switched on at the start of every template (see `TemplateSet`).
    static let name = "FOLDOUT_HTML"
    static let pragma = "{{% CONTENT_TYPE: \(name)}}"

    /// Registers the content type with swift-mustache once, before the first template is parsed.
    static let registered: Void = MustacheContentTypes.register(HTMLEscaping(), named: name)

    func escapeText(_ text: String) -> String {
        Self.escape(text)
    }

    static func escape(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): bytes += "&amp;".utf8
            case UInt8(ascii: "<"): bytes += "&lt;".utf8
            case UInt8(ascii: ">"): bytes += "&gt;".utf8
            case UInt8(ascii: "\""): bytes += "&quot;".utf8
            case UInt8(ascii: "'"): bytes += "&#39;".utf8
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
