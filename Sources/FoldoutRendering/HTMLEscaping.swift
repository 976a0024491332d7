import Mustache

/// How `{{value}}` is escaped in every template. swift-mustache's own HTML escaping looks
/// characters up as grapheme clusters, so a `"` followed by a combining mark (`"\u{301}`) is
/// one cluster, is not found in its table, and is written raw: a front matter value could
/// close an attribute and add `onmouseover=`. This escapes byte by byte instead; UTF-8 never
/// hides an ASCII byte inside a longer character, so nothing slips through. Byte by byte is
/// also fast: swift-mustache's per-character lookup was most of a large catalog page's time.
package struct HTMLEscaping: MustacheContentType {
    /// The content type's name, switched on at the start of every template (see `TemplateSet`).
    package static let name = "FOLDOUT_HTML"
    package static let pragma = "{{% CONTENT_TYPE: \(name)}}"

    /// Registers the content type with swift-mustache once, before the first template is parsed.
    package static let registered: Void = MustacheContentTypes.register(HTMLEscaping(), named: name)

    package func escapeText(_ text: String) -> String {
        Self.escape(text)
    }

    package static func escape(_ text: String) -> String {
        // Most values (titles, ages, URLs) have nothing to escape: those are returned as they are.
        guard text.utf8.contains(where: needsEscaping) else { return text }
        var bytes = PageBytes(capacity: text.utf8.count + 32)
        append(text, to: &bytes)
        return String(decoding: bytes.array(), as: UTF8.self)
    }

    /// Appends `text`, escaped, to `output` (UTF-8), as `CompiledTemplates` writes pages:
    /// runs of bytes that need nothing are copied whole.
    package static func append(_ text: String, to output: inout PageBytes) {
        // A native string's bytes are read in place (`withUTF8` would want a mutable copy).
        if text.utf8.withContiguousStorageIfAvailable({ append($0, to: &output) }) == nil {
            var text = text
            text.withUTF8 { append($0, to: &output) }
        }
    }

    private static func append(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout PageBytes) {
        var start = 0
        for index in bytes.indices where needsEscaping(bytes[index]) {
            output.append(UnsafeBufferPointer(rebasing: bytes[start..<index]))
            appendReplacement(for: bytes[index], to: &output)
            start = index + 1
        }
        output.append(UnsafeBufferPointer(rebasing: bytes[start...]))
    }

    /// `<`, `>`, `&`, `"` and `'`, as bits of a mask (all five are below 64): a test per byte
    /// of every value on every page.
    private static let escapedBytes: UInt64 = 1 << 0x3C | 1 << 0x3E | 1 << 0x26 | 1 << 0x22 | 1 << 0x27

    private static func needsEscaping(_ byte: UInt8) -> Bool {
        byte < 64 && escapedBytes & (1 << byte) != 0
    }

    private static func appendReplacement(for byte: UInt8, to output: inout PageBytes) {
        switch byte {
        case UInt8(ascii: "<"): output.append("&lt;")
        case UInt8(ascii: ">"): output.append("&gt;")
        case UInt8(ascii: "&"): output.append("&amp;")
        case UInt8(ascii: "\""): output.append("&quot;")
        default: output.append("&#39;")
        }
    }
}
