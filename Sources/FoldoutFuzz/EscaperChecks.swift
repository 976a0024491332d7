import FoldoutBase
import FoldoutImages
import Foundation

/// Every escaper driven with the input as hostile text (combining marks after `"`, `'`, `<`,
/// `&`; NUL; what invalid UTF-8 decodes to; bidi controls all come from the seeds and the
/// mutator), each output read back the way a browser or parser would: nothing may end a value
/// or open a tag, and the text must come back whole.
enum EscaperChecks {
    static func run(_ text: String) {
        checkHTML(text)
        checkXML(text)
        checkScript(text)
        checkPicture(alt: text)
    }

    /// What `MarkupEscaping.html` must give back once a browser decodes it: the text, with the
    /// controls HTML forbids as U+FFFD. Written apart from the escaper on purpose.
    static func decodedByBrowser(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar in
                    let forbidden = (scalar.value < 0x20 && ![0x9, 0xA, 0xC, 0xD].contains(scalar.value)) || scalar.value == 0x7F
                    return forbidden ? "\u{FFFD}" : scalar
                }))
    }

    /// The five entities the escaper writes, decoded; on bytes, since `&lt;` followed by a
    /// combining mark does not start with the Character `;`.
    static func decodeEntities(_ html: String) -> String {
        let entities: [([UInt8], UInt8)] = [
            (Array("&lt;".utf8), UInt8(ascii: "<")), (Array("&gt;".utf8), UInt8(ascii: ">")),
            (Array("&quot;".utf8), UInt8(ascii: "\"")), (Array("&#39;".utf8), UInt8(ascii: "'")),
            (Array("&amp;".utf8), UInt8(ascii: "&")),
        ]
        let bytes = Array(html.utf8)
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "&") else {
                result.append(bytes[index])
                index += 1
                continue
            }
            guard let (entity, byte) = entities.first(where: { bytes[index...].starts(with: $0.0) }) else {
                fatalError("escaper: a bare & in its output")
            }
            result.append(byte)
            index += entity.count
        }
        return String(decoding: result, as: UTF8.self)
    }

    static func checkHTML(_ text: String) {
        let escaped = MarkupEscaping.html(text)
        if escaped.utf8.contains(where: { "<>\"'\u{0}".utf8.contains($0) }) {
            fatalError("html escaper: a byte that ends a value or opens a tag in \(escaped.debugDescription)")
        }
        guard decodeEntities(escaped) == decodedByBrowser(text) else { fatalError("html escaper: text not given back") }
        // In a template's place: one element, one attribute, the value as written.
        var seen: [(String, [(String, String)])] = []
        HTMLSafety.scan("<p title=\"\(escaped)\">\(escaped)</p>") { seen.append(($0, $1)) }
        guard seen.count == 2, seen[0].0 == "p", seen[0].1.map(\.0) == ["title"], seen[0].1[0].1 == escaped else {
            fatalError("html escaper: an escaped value changed the markup around it: \(seen.map(\.0))")
        }
    }

    static func checkXML(_ text: String) {
        let escaped = MarkupEscaping.xml(text)
        if escaped.utf8.contains(where: { "<>\"'".utf8.contains($0) || ($0 < 0x20 && $0 != 0x9 && $0 != 0xA && $0 != 0xD) }) {
            fatalError("xml escaper: a byte XML cannot hold there in \(escaped.debugDescription)")
        }
    }

    /// Inside `<script>`, the literal is JSON that gives the text back, and holds nothing that
    /// ends the script element or starts a comment in it.
    static func checkScript(_ text: String) {
        let literal = ScriptString.quoted(text)
        if literal.utf8.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") }) {
            fatalError("script string: < or > in \(literal.debugDescription)")
        }
        // Foundation's parser drops a raw U+FEFF from a string's start, which JSON keeps (as
        // browsers do): written as its escape, the same JSON, for the parser's sake.
        let parsable = literal.unicodeScalars.map { $0 == "\u{FEFF}" ? "\\ufeff" : String($0) }.joined()
        guard let decoded = try? JSONSerialization.jsonObject(with: Data(parsable.utf8), options: [.fragmentsAllowed]) as? String,
            decoded == text
        else { fatalError("script string: not JSON for the text: \(literal.debugDescription)") }
    }

    /// The one `<picture>` writer, with the text as alt (and in its URLs): the elements and
    /// attributes are exactly those it writes, and the alt text comes back whole.
    static func checkPicture(alt text: String) {
        var description = PictureMarkup.Description(src: "a\(text).jpg")
        description.sources = [.init(type: "image/webp", srcset: "a\(text).webp 480w")]
        description.srcset = "a.jpg 480w, b\(text).jpg 960w"
        description.sizes = "100vw"
        description.width = 4
        description.height = 3
        description.placeholder = "data:image/png;base64,AAAA"
        description.pictureClass = "item-picture"
        description.imageClass = "item-image"
        let html = PictureMarkup(description).html(alt: text)
        var seen: [(String, [(String, String)])] = []
        HTMLSafety.scan(html) { seen.append(($0, $1)) }
        let expected: [(String, [String])] = [
            ("picture", ["class"]), ("source", ["type", "srcset", "sizes"]),
            ("img", ["class", "src", "srcset", "sizes", "width", "height", "loading", "decoding", "style", "alt"]), ("picture", []),
        ]
        guard seen.map(\.0) == expected.map(\.0), zip(seen, expected).allSatisfy({ $0.1.map(\.0) == $1.1 }) else {
            fatalError("picture: markup changed by its alt text: \(seen.map { "\($0.0) \($0.1.map(\.0))" })")
        }
        guard let alt = seen[2].1.last?.1, decodeEntities(alt) == decodedByBrowser(text) else {
            fatalError("picture: alt text not given back")
        }
    }
}
