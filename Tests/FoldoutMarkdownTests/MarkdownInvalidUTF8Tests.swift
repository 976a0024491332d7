import FoldoutTestSupport
import Testing

@testable import FoldoutBase
@testable import FoldoutLoading
@testable import FoldoutMarkdown

/// libcmark is not asked to validate UTF-8: the file's bytes are decoded with invalid
/// sequences replaced before Markdown sees them.
@Suite struct MarkdownInvalidUTF8Tests {
    @Test func invalidBytesBecomeReplacementCharacters() {
        let bytes: [UInt8] = Array("---\ntitle: T\n---\nCaf".utf8) + [0xC3, 0x28, 0xFF] + Array(" ok\n".utf8)
        var diagnostics: [Diagnostic] = []
        let page = PageParser.parse(SourceFile(path: "a.md", bytes: bytes), displayPath: "a.md", diagnostics: &diagnostics)
        let html = MarkdownRenderer().render(page.body).html
        #expect(html == "<p>Caf\u{FFFD}(\u{FFFD} ok</p>\n")
    }
}
