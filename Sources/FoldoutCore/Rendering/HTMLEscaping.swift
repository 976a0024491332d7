import Mustache

/// HTML escaping for `{{name}}` tags, with exactly swift-mustache's result: `<`, `>`, `&`,
/// `"` and `'` are replaced when they stand as a character of their own.
///
/// swift-mustache looks every `Character` of every value up in a dictionary, about 1 µs per
/// character; on a catalog page of thousands of rows with their summaries that was most of
/// the build. This scans bytes and only falls back to characters when a special character
/// touches a non-ASCII one (where Unicode may join them into one character that is not
/// escaped). `TemplateSet` selects it in every template with a `CONTENT_TYPE` pragma, the
/// library's own way to choose the escaping.
struct HTMLEscaping: MustacheContentType {
    /// The name templates select it by: `{{% CONTENT_TYPE: FOLDOUT_HTML}}`.
    static let name = "FOLDOUT_HTML"

    /// Registers the content type with swift-mustache once, before any template is parsed.
    static let registered: Void = MustacheContentTypes.register(HTMLEscaping(), named: name)

    func escapeText(_ text: String) -> String {
        Self.escape(text)
    }

    static func escape(_ text: String) -> String {
        var text = text
        let escaped: [UInt8]? = text.withUTF8 { bytes in
            var needed = false
            for index in bytes.indices where replacement(for: bytes[index]) != nil {
                // A neighbour outside ASCII might join the byte into a larger character.
                if index > 0, bytes[index - 1] >= 0x80 { return nil }
                if index + 1 < bytes.count, bytes[index + 1] >= 0x80 { return nil }
                needed = true
            }
            guard needed else { return [] }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + 32)
            for byte in bytes {
                if let replacement = replacement(for: byte) { result += replacement } else { result.append(byte) }
            }
            return result
        }
        switch escaped {
        case .some(let bytes) where bytes.isEmpty: return text
        case .some(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .none: return escapeCharacters(text)
        }
    }

    /// swift-mustache's own algorithm, for text where Unicode decides what a character is.
    private static func escapeCharacters(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count + 32)
        for character in text {
            switch character {
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "&": result += "&amp;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
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
