/// The one escaper for text Foldout writes into HTML and XML: element text and attribute
/// values (URLs in attributes included, once `SafeURL` has let them in). JSON inside a
/// `<script>` goes through `ScriptString`, the other half of this pair.
///
/// It works on UTF-8 bytes, never on `Character`: a `"` followed by a combining mark is one
/// `Character`, which a character-by-character escaper does not recognise as a quote, so a
/// value could close an attribute and add `onerror=`. UTF-8 never hides an ASCII byte inside
/// a longer character, so a byte-wise escaper misses nothing, and runs of bytes that need
/// nothing are copied whole, which keeps it fast on every value of every page.
public enum MarkupEscaping {
    /// `text` for HTML element text or a quoted attribute value: `<`, `>`, `&`, `"` and `'` as
    /// entities; NUL and the other control characters HTML forbids (all C0 controls but tab,
    /// line feed, form feed and carriage return; DEL) as U+FFFD, as a browser would read them.
    public static func html(_ text: String) -> String {
        // Most values (titles, ages, URLs) have nothing to escape: those are returned as they are.
        guard text.utf8.contains(where: { htmlTable[Int($0)] != 0 }) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 32)
        appendHTML(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `html(text)`, appended to `bytes`.
    public static func appendHTML(_ text: String, to bytes: inout [UInt8]) {
        // A native string's bytes are read in place (`withUTF8` would want a mutable copy).
        if text.utf8.withContiguousStorageIfAvailable({ appendHTML($0, to: &bytes) }) == nil {
            var text = text
            text.withUTF8 { appendHTML($0, to: &bytes) }
        }
    }

    /// UTF-8 `utf8`, escaped as `html` does, appended to `bytes`: for text that is bytes
    /// already (libxml2's, a template's). `keepingApostrophes`: `'` stays as it is, for text
    /// that only ever goes into element text and double-quoted values (raw HTML a page keeps,
    /// whose prose is full of them).
    public static func appendHTML(_ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8], keepingApostrophes: Bool = false) {
        var start = 0
        let apostrophe = UInt8(ascii: "'")
        for index in utf8.indices where htmlTable[Int(utf8[index])] != 0 && !(keepingApostrophes && utf8[index] == apostrophe) {
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
            bytes.append(contentsOf: replacement(for: utf8[index]))
            start = index + 1
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
    }

    /// `text` for XML character data and attribute values (feeds, the sitemap): as `html`, and
    /// the characters XML 1.0 does not allow at all (C0 controls but tab, line feed and
    /// carriage return; U+FFFE and U+FFFF) left out rather than replaced.
    public static func xml(_ text: String) -> String {
        guard !text.unicodeScalars.allSatisfy(isAllowedInXML) else { return html(text) }
        return html(String(String.UnicodeScalarView(text.unicodeScalars.filter(isAllowedInXML))))
    }

    public static func isAllowedInXML(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD: true
        case 0..<0x20, 0xFFFE, 0xFFFF: false
        default: true
        }
    }

    /// What `html` writes for a byte, by the byte: 0 for bytes written as they are, else
    /// 1 + an index into `replacements`.
    private static let htmlTable: [UInt8] = (0...255).map { value in
        switch UInt8(value) {
        case UInt8(ascii: "<"): 1
        case UInt8(ascii: ">"): 2
        case UInt8(ascii: "&"): 3
        case UInt8(ascii: "\""): 4
        case UInt8(ascii: "'"): 5
        case 0x09, 0x0A, 0x0C, 0x0D: 0
        case 0x00..<0x20, 0x7F: 6
        default: 0
        }
    }

    private static let replacements: [[UInt8]] = [
        Array("&lt;".utf8), Array("&gt;".utf8), Array("&amp;".utf8), Array("&quot;".utf8), Array("&#39;".utf8),
        [0xEF, 0xBF, 0xBD],  // U+FFFD
    ]

    private static func replacement(for byte: UInt8) -> [UInt8] {
        replacements[Int(htmlTable[Int(byte)]) - 1]
    }
}
