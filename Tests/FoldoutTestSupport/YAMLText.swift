/// Writing test payloads into front matter.
package enum YAMLText {
    /// `text` as a YAML double-quoted scalar: only `"` and `\` need escaping there, so hostile
    /// payloads (combining marks, controls, bidi marks) reach the parser unchanged.
    package static func quoted(_ text: String) -> String {
        "\"" + text.unicodeScalars.map { $0 == "\"" ? "\\\"" : $0 == "\\" ? "\\\\" : String($0) }.joined() + "\""
    }
}
