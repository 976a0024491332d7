import Mustache

/// How `{{value}}` is escaped in every template. swift-mustache's own HTML escaping looks
/// characters up as grapheme clusters, so a `"` followed by a combining mark (`"\u{301}`) is
/// one cluster, is not found in its table, and is written raw: a front matter value could
/// close an attribute and add `onmouseover=`. This escapes byte by byte instead; UTF-8 never
/// hides an ASCII byte inside a longer character, so nothing slips through. Byte by byte is
/// also fast: swift-mustache's per-character lookup was most of a large catalog page's time.
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
        // Most values (titles, ages, URLs) have nothing to escape: those are returned as they are.
        guard text.utf8.contains(where: { replacement(for: $0) != nil }) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 32)
        append(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text`, escaped, to `output` (UTF-8), as `CompiledTemplates` writes pages.
    static func append(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            for index in bytes.indices {
                guard let replacement = replacement(for: bytes[index]) else { continue }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                output += replacement
                start = index + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        }
    }

    private static let lessThan = Array("&lt;".utf8), greaterThan = Array("&gt;".utf8), ampersand = Array("&amp;".utf8)
    private static let quote = Array("&quot;".utf8), apostrophe = Array("&#39;".utf8)

    private static func replacement(for byte: UInt8) -> [UInt8]? {
        switch byte {
        case UInt8(ascii: "<"): return lessThan
        case UInt8(ascii: ">"): return greaterThan
        case UInt8(ascii: "&"): return ampersand
        case UInt8(ascii: "\""): return quote
        case UInt8(ascii: "'"): return apostrophe
        default: return nil
        }
    }
}
