import FoldoutTestSupport
import Foundation
import Testing

/// `<img>` in raw HTML kept as written (`unsafe_html: true`): resolved as a Markdown image
/// is, so one pointing at nothing is warned about at its line, and one naming a file that is
/// published under another name (an SVG with a suffix, a photo as its variants) leads there.
@Suite struct RawHTMLImageTests {
    @Test func rawImagesAreResolvedAndMissingOnesWarned() throws {
        let site = MemorySite([
            "_index.md": "---\ntitle: Site\nunsafe_html: true\n---\n",
            "docs/_index.md": "---\ntitle: Docs\n---\n",
            "docs/a.md": "---\ntitle: A\n---\n\n<img src=\"missing.png\" alt=\"Gone\">\n\n<p>See <img alt='Logo' src='logo.svg'> here.</p>\n",
            "docs/logo.svg": "<svg/>",
        ])
        let snapshot = try site.snapshot()
        let warnings = site.diagnostics()
        #expect(warnings.count == 1, "\(warnings)")
        let warning = try #require(warnings.first)
        #expect(warning.path == "Content/docs/a.md" && warning.line == 5)
        #expect(warning.message.contains("`missing.png` points to nothing"))
        let page = try #require(snapshot.text(at: "docs/a.html"))
        #expect(page.contains("<img alt='Logo' src='logo.svg'>"))
        #expect(snapshot.files["docs/logo.svg"] != nil)
    }
}
