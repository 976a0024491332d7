import FoldoutTestSupport
import Foundation
import Testing

@testable import FoldoutBase

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The one escaper replaces the five special characters wherever their bytes stand, even where
/// Unicode joins them with a following mark into one `Character` (which a Character-by-Character
/// escaper lets through), turns the controls HTML forbids into U+FFFD, and returns other text
/// unchanged; its XML form leaves out what XML cannot hold.
@Suite struct MarkupEscapingTests {
    @Test func escapesTheFiveCharacters() {
        #expect(
            MarkupEscaping.html(#"<a href="x">Tom & Jerry's</a>"#)
                == "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;")
        #expect(MarkupEscaping.html("plain") == "plain")
        #expect(MarkupEscaping.html("") == "")
        #expect(MarkupEscaping.html("x\"\u{301} y") == "x&quot;\u{301} y")
        #expect(MarkupEscaping.html("a'\u{301}<\u{338}&\u{20DD}") == "a&#39;\u{301}&lt;\u{338}&amp;\u{20DD}")
    }

    @Test func controlsHTMLForbidsBecomeReplacementCharacters() {
        #expect(MarkupEscaping.html("a\u{0}b\u{1B}c\u{7F}") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}")
        #expect(MarkupEscaping.html("tab\tline\nfeed\u{C}return\r") == "tab\tline\nfeed\u{C}return\r")
    }

    @Test func xmlLeavesOutWhatXMLCannotHold() {
        #expect(MarkupEscaping.xml("a\u{0}b\u{1B}<c>\u{FFFE}\t") == "ab&lt;c&gt;\t")
        #expect(MarkupEscaping.xml("\"\u{301}") == "&quot;\u{301}")
    }

    /// The entity for each special scalar, U+FFFD for each forbidden control, else the scalar.
    private static func expected(_ text: String) -> String {
        let entities: [Unicode.Scalar: String] = ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;"]
        return text.unicodeScalars.map { scalar -> String in
            if let entity = entities[scalar] { return entity }
            let isForbiddenControl = (scalar.value < 0x20 && ![0x9, 0xA, 0xC, 0xD].contains(scalar.value)) || scalar.value == 0x7F
            return isForbiddenControl ? "\u{FFFD}" : String(scalar)
        }.joined()
    }

    /// Random strings mixing the special characters with combining marks, prepended marks,
    /// emoji sequences, line breaks, controls, bidi controls and plain text, against a
    /// replacement scalar by scalar; what comes out holds no byte that ends a value or a tag.
    @Test func replacesEverySpecialScalarOnGeneratedText() {
        var random = SplitMix64(seed: 3)
        let pieces = [
            "<", ">", "&", "\"", "'", "a", " ", "é", "e\u{301}", "\u{301}", "\u{338}", "\u{600}", "\u{200D}", "👍🏽",
            "👨‍👩‍👧", "\r\n", "\n", "\r", "日本", "\u{FEFF}", "≮", "x<\u{338}y", "\u{E000}", "\u{0}", "\u{202E}",
            "\u{2066}", "\u{FFFD}", "\"\u{301}", "'\u{20DD}",
        ]
        for _ in 0..<5000 {
            let text = (0..<random.next(12)).map { _ in random.pick(pieces) }.joined()
            let escaped = MarkupEscaping.html(text)
            #expect(escaped == Self.expected(text), "\(text.debugDescription)")
            #expect(!escaped.utf8.contains { "<>\"'\u{0}".utf8.contains($0) }, "\(text.debugDescription)")
            var appended: [UInt8] = Array("x".utf8)
            MarkupEscaping.appendHTML(text, to: &appended)
            #expect(appended == Array(("x" + escaped).utf8))
        }
    }

    /// Text that invalid UTF-8 was decoded from (lone surrogates' bytes, cut sequences) comes
    /// out as valid UTF-8 with the five characters escaped.
    @Test func textFromInvalidUTF8() {
        let bytes: [UInt8] = [0x22, 0xED, 0xA0, 0x80, 0x22, 0xCC, 0x3C, 0xF0, 0x9F, 0x27]
        let text = String(decoding: bytes, as: UTF8.self)
        let escaped = MarkupEscaping.html(text)
        #expect(escaped == Self.expected(text))
        #expect(!escaped.utf8.contains { "<>\"'".utf8.contains($0) })
    }

    /// Parsed back by an XML parser, an escaped attribute value and element text give back the
    /// text, less what XML cannot hold.
    @Test func xmlRoundTripsThroughAParser() throws {
        var random = SplitMix64(seed: 11)
        let pieces = ["<", ">", "&", "\"", "'", "a", " ", "é", "\"\u{301}", "\u{0}", "\u{1}", "日本", "]]>", "&amp;", "\u{202E}"]
        for _ in 0..<300 {
            let text = (0..<random.next(10)).map { _ in random.pick(pieces) }.joined()
            let document = "<e a=\"\(MarkupEscaping.xml(text))\">\(MarkupEscaping.xml(text))</e>"
            let parsed = try XMLDocument(xmlString: document, options: [.nodePreserveWhitespace])
            let kept = String(String.UnicodeScalarView(text.unicodeScalars.filter(MarkupEscaping.isAllowedInXML)))
            #expect(parsed.rootElement()?.stringValue == kept, "\(text.debugDescription)")
            // Attribute values are normalised by XML parsers (line ends become spaces); the
            // generated text holds none.
            #expect(parsed.rootElement()?.attribute(forName: "a")?.stringValue == kept, "\(text.debugDescription)")
        }
    }
}
