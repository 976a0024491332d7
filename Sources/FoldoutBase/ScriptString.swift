/// A JSON (and JavaScript) string literal that is safe inside an HTML `<script>` element:
/// `"` and `\` escaped, `<` and `>` as `\u003c` and `\u003e` (no `</script` or `<!--`), `&`
/// too, U+2028 and U+2029 escaped (line ends to older JavaScript), and control characters
/// escaped. The catalog page's facet data, the search shards and the live-reload script all
/// write their strings with it.
public enum ScriptString {
    /// `keepingTabs`: a tab stays as it is (a JavaScript string allows it, JSON does not), for
    /// formats that use it as a separator.
    public static func quoted(_ text: String, keepingTabs: Bool = false) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "<": result += "\\u003c"
            case ">": result += "\\u003e"
            case "&": result += "\\u0026"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t" where keepingTabs: result.unicodeScalars.append(scalar)
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
