/// A JSON (and JavaScript) string literal that is safe inside an HTML `<script>` element:
/// `"` and `\` escaped, `<` and `>` as `\u003c` and `\u003e` (no `</script` or `<!--`), `&`
/// too, U+2028 and U+2029 escaped (line ends to older JavaScript), and control characters
/// escaped. The catalog page's facet data, the search shards, every page's JSON-LD and the
/// live-reload script write their strings with it.
public enum ScriptString {
    /// `keepingTabs`: a tab stays as it is (a JavaScript string allows it, JSON does not), for
    /// formats that use it as a separator.
    public static func quoted(_ text: String, keepingTabs: Bool = false) -> String {
        var bytes: [UInt8] = []
        append(text, to: &bytes, keepingTabs: keepingTabs)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `quoted`, written at the end of `bytes`: the search shards write thousands, and every
    /// page's JSON-LD several. Runs of bytes that need nothing are copied whole.
    public static func append(_ text: String, to bytes: inout [UInt8], keepingTabs: Bool = false) {
        bytes.append(0x22)
        appendContents(text, to: &bytes, keepingTabs: keepingTabs)
        bytes.append(0x22)
    }

    /// What `append` writes between the quotes: a literal made of several pieces (the search
    /// shards' fields, separated by tabs) is written piece by piece, not joined first.
    public static func appendContents(_ text: String, to bytes: inout [UInt8], keepingTabs: Bool = false) {
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0, index = 0
            // Most bytes: printable ASCII other than `"`, `&`, `<`, `>`, `\`, and any byte of a
            // longer character but the E2 that starts U+2028 and U+2029. Looked up in a table:
            // every page's JSON-LD and every shard's line write dozens of strings.
            let table = keepingTabs ? lookTableKeepingTabs : lookTable
            while index < utf8.count {
                let byte = utf8[index]
                guard table[Int(byte)] else {
                    index += 1
                    continue
                }
                if byte == 0xE2, !(index + 2 < utf8.count && utf8[index + 1] == 0x80 && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9)) {
                    index += 1
                    continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                switch byte {
                case 0x22: bytes += [0x5C, 0x22]
                case 0x5C: bytes += [0x5C, 0x5C]
                case 0x3C: bytes += escape("003c")
                case 0x3E: bytes += escape("003e")
                case 0x26: bytes += escape("0026")
                case 0x0A: bytes += [0x5C, 0x6E]
                case 0x0D: bytes += [0x5C, 0x72]
                // U+2028 and U+2029 are E2 80 A8 and E2 80 A9 in UTF-8.
                case 0xE2:
                    bytes += escape(utf8[index + 2] == 0xA8 ? "2028" : "2029")
                    index += 2
                default:
                    let hex = Array(String(byte, radix: 16).utf8)
                    bytes += escape(String(repeating: "0", count: 4 - hex.count) + String(decoding: hex, as: UTF8.self))
                }
                index += 1
                runStart = index
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        }
    }

    /// Whether `byte` may need escaping: `"`, `&`, `<`, `>`, `\`, control characters (a tab
    /// only unless kept), DEL, and E2 (perhaps U+2028 or U+2029).
    private static func needsLook(_ byte: UInt8, keepingTabs: Bool) -> Bool {
        if byte < 0x20 { return !(keepingTabs && byte == 0x09) }
        if byte < 64 { return quoteAmpersandAngles & (1 << UInt64(byte)) != 0 }
        return byte == 0x5C || byte == 0x7F || byte == 0xE2
    }

    private static let quoteAmpersandAngles: UInt64 = 1 << 0x22 | 1 << 0x26 | 1 << 0x3C | 1 << 0x3E

    /// `needsLook` for every byte, without and with tabs kept.
    private static let lookTable = (0...255).map { needsLook(UInt8($0), keepingTabs: false) }
    private static let lookTableKeepingTabs = (0...255).map { needsLook(UInt8($0), keepingTabs: true) }

    private static func escape(_ hex: String) -> [UInt8] {
        [0x5C, 0x75] + Array(hex.utf8)
    }
}
