import FoldoutBase
import FoldoutTestSupport
import Foundation
import Testing

/// An image's alt text and file name reach a page only escaped, wherever the image is shown:
/// in a Markdown body (a photo with variants, a small image published as it is), as an item's
/// photo and as a row's thumbnail. A `"` followed by a combining mark is one `Character`, so
/// an escaper that went Character by Character let it close the `alt` attribute and add an
/// event handler.
@Suite struct ImageMarkupInjectionTests {
    static let payload = "x\"\u{301} onload=alert(1) y=\""
    /// The same in Markdown: written as entities, which smart punctuation leaves as quotes.
    static let markdownPayload = "x&quot;\u{301} onload=alert(1) y=&quot;"

    /// A 4 × 4 PNG, published as it is.
    static let smallPNG: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x04,
        0x00, 0x00, 0x00, 0x04, 0x08, 0x02, 0x00, 0x00, 0x00, 0x26, 0x93, 0x09, 0x29, 0x00, 0x00, 0x00, 0x10, 0x49, 0x44, 0x41,
        0x54, 0x78, 0x9C, 0x63, 0xF8, 0xDF, 0xC0, 0x00, 0x47, 0x0C, 0xC4, 0x71, 0x00, 0x7E, 0xA2, 0x17, 0xF1, 0x5D, 0xA1, 0x60,
        0x05, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]

    @Test func altTextCannotCloseItsAttribute() throws {
        let yaml = YAMLText.quoted(Self.payload)
        let site = MemorySite(bytes: [
            "_index.md": Array("---\ntitle: Site\n---\n".utf8),
            "pets/_index.md": Array("---\ntitle: Pets\n---\n".utf8),
            "pets/rex.md": Array(
                """
                ---
                title: Rex
                image: rex.png
                image_alt: \(yaml)
                ---
                ![\(Self.markdownPayload)](rex.png)

                ![\(Self.markdownPayload)](small.png)
                """.utf8),
            "pets/rex.png": try PhotoTests.fixture("medium.png"),
            "pets/small.png": Self.smallPNG,
        ])
        let snapshot = try site.report().snapshot
        let escapedQuote = Array("&quot;\u{301} onload=alert(1)".utf8)
        for path in ["pets/rex.html", "pets/index.html"] {
            // Outside scripts, whose JSON writes a quote as `\"`, harmless there.
            let page = Array(Self.outsideScripts(try #require(snapshot.text(at: path))).utf8)
            // The payload's quote, written raw, ends the attribute: its bytes must not appear.
            #expect(page.firstRange(of: Array("\"\u{301} onload=".utf8)) == nil, "a raw quote ends an attribute in \(path)")
            #expect(page.firstRange(of: escapedQuote) != nil, "the escaped alt text is missing from \(path)")
        }
        let body = try #require(snapshot.text(at: "pets/rex.html"))
        // Both uses in the body: the photo's `<picture>` and the small image's `<img>`.
        #expect(body.components(separatedBy: "alt=\"x&quot;\u{301} onload=alert(1) y=&quot;\"").count - 1 >= 3)
    }
}

extension ImageMarkupInjectionTests {
    static func outsideScripts(_ html: String) -> String {
        var result = ""
        var rest = Substring(html)
        while let open = rest.range(of: "<script") {
            result += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "</script>") else { return result }
            rest = rest[close.upperBound...]
        }
        return result + rest
    }
}
