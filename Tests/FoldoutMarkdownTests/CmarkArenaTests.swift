import Foundation
import Testing
@testable import FoldoutMarkdown
import FoldoutTestSupport

/// libcmark in the arena (what the build uses) must render every document exactly as with
/// libcmark's default allocator (its reference), which frees every node and string on its own.
@Suite struct CmarkArenaTests {
    private static let pieces = [
        "# Title\n\n", "## A heading\n\n", "### Same\n\n### Same\n\n", "Some *text* and **bold** with `code`.\n\n",
        "A [link](other.md#part) and ![an image](pic.png \"t\").\n\n", "[bad](javascript:alert(1))\n\n",
        "- one\n- two\n  - nested\n\n", "1. first\n2. second\n\n", "> quoted\n> text\n\n", "```swift\nlet x = 1\n```\n\n",
        "| a | b |\n|:--|--:|\n| 1 | 2 |\n| [x](y.md) | <b>z</b> |\n\n", "text | with pipe\n---|---\nc | d\n\n",
        "- | a | b |\n  |---|---|\n  | 1 | 2 |\n\n", "| h |\n|---|\n| c |\nafter the table\n# heading after\n\n",
        "<div id=\"x\">raw <span>html</span></div>\n\n", "Inline <em>html</em> and <script>x</script>.\n\n",
        "\"Quotes\" -- dashes... 'single'\n\n", "Line  \nbreak\n\n", "[ref]\n\n[ref]: https://example.org\n\n", "***\n\n",
        String(repeating: "Long paragraph text. ", count: 400) + "\n\n",
    ]

    @Test(arguments: [false, true]) func rendersAsWithLibcmarksDefaultAllocator(rawHTML: Bool) {
        var random = SplitMix64(seed: rawHTML ? 2 : 1)
        var arena = MarkdownRenderer(options: .init(allowRawHTML: rawHTML, reservedIDs: ["main"]))
        arena.memory = .arena
        var plain = arena
        plain.memory = .libcmarkDefault
        for round in 0..<400 {
            let markdown = (0..<random.next(8)).map { _ in random.pick(Self.pieces) }.joined()
            let usesTitle = round % 2 == 0
            let rewrite = { (link: MarkdownRenderer.Link) in link.destination.hasSuffix(".md") ? "page.html" : nil }
            let a = arena.render(markdown, usesTitleHeading: usesTitle, rewrite: rewrite)
            let b = plain.render(markdown, usesTitleHeading: usesTitle, rewrite: rewrite)
            #expect(a.html == b.html, "\(markdown)")
            #expect(a.firstHeading == b.firstHeading && a.droppedTitleHeading == b.droppedTitleHeading)
            #expect(a.firstParagraph == b.firstParagraph && a.headingIDs == b.headingIDs && a.rawHTMLIDs == b.rawHTMLIDs)
            #expect(a.links == b.links)
        }
    }

    /// The GFM specification's table examples, which parse pipe tables in small documents of
    /// their own (freed with the default allocator).
    @Test func tablesRenderAsWithLibcmarksDefaultAllocator() {
        for example in PipeTableSpecTests.examples {
            var renderer = MarkdownRenderer(options: .init(dropTitleHeading: false, tableAlignment: .alignAttribute, smartPunctuation: false))
            let arena = renderer.render(example.markdown).html
            renderer.memory = .libcmarkDefault
            #expect(renderer.render(example.markdown).html == arena)
        }
    }
}
