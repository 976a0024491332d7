import FoldoutTestSupport
import Testing

@testable import FoldoutMarkdown
@testable import FoldoutModel
@testable import FoldoutRendering

/// Pipe tables beyond the specification's examples: escapes, inline Markdown and links in cells,
/// tables in containers and after text, the lines that end a table as in cmark-gfm, alignment.
@Suite struct PipeTableTests {
    let renderer = MarkdownRenderer()
    /// Plain punctuation, so outputs can be written out whole.
    let plain = MarkdownRenderer(options: .init(smartPunctuation: false))

    func table(_ head: [String], _ body: [[String]] = []) -> String {
        func row(_ cells: [String], _ tag: String) -> String {
            "<tr>\n" + cells.map { "<\(tag)>\($0)</\(tag.prefix(2))>\n" }.joined() + "</tr>\n"
        }
        var html = "<table>\n<thead>\n" + row(head, "th") + "</thead>\n"
        if !body.isEmpty { html += "<tbody>\n" + body.map { row($0, "td") }.joined() + "</tbody>\n" }
        return html + "</table>\n"
    }

    @Test func escapedPipesStayInTheirCellAlsoInCode() {
        let html = plain.render("| a \\| b | `x \\| y` |\n| --- | --- |\n| `\\|` | **\\|** |\n").html
        #expect(html == table(["a | b", "<code>x | y</code>"], [["<code>|</code>", "<strong>|</strong>"]]))
    }

    @Test func cellsHoldInlineMarkdown() {
        let html = plain.render(
            """
            | *em* | **strong** |
            | ---- | ---------- |
            | [link](https://example.org) | `code` and ![pic](p.png) |
            | # not a heading | > not a quote |
            """
        ).html
        #expect(
            html
                == table(
                    ["<em>em</em>", "<strong>strong</strong>"],
                    [
                        ["<a href=\"https://example.org\">link</a>", "<code>code</code> and <img src=\"p.png\" alt=\"pic\" />"],
                        ["# not a heading", "&gt; not a quote"],
                    ]))
    }

    @Test func linksInCellsAreRewrittenAndReportedWithTheirLine() {
        var seen: [MarkdownRenderer.Link] = []
        let result = renderer.render("Intro\n\n| Page | Picture |\n| --- | --- |\n| [Bolt](bolt.md) | ![Diego](diego.jpg) |\n") { link in
            seen.append(link)
            return link.isImage ? "images/diego.jpg" : "bolt.html"
        }
        #expect(seen.map(\.destination) == ["bolt.md", "diego.jpg"])
        #expect(seen.map(\.line) == [5, 5])
        #expect(seen.last?.text == "Diego")
        #expect(result.links.map(\.destination) == ["bolt.html", "images/diego.jpg"])
        #expect(result.html.contains("<td><a href=\"bolt.html\">Bolt</a></td>"))
        #expect(result.html.contains("<td><img src=\"images/diego.jpg\" alt=\"Diego\" /></td>"))
    }

    @Test func linksKeepTheirLinesInEveryColumnRowAndTable() {
        let markdown = """
            Text [a](a.md)
            | [b](b.md) | [c](c.md) |
            | --- | --- |
            | x | [d](d.md) [e](e.md) |

            ## Between

            | [f](f.md) |
            | --- |
            | <https://example.org/g> |
            """
        let links = renderer.render(markdown).links
        #expect(links.map(\.destination) == ["a.md", "b.md", "c.md", "d.md", "e.md", "f.md", "https://example.org/g"])
        #expect(links.map(\.line) == [1, 2, 2, 4, 4, 8, 10])
    }

    @Test func referenceLinksInCellsUseTheDocumentsDefinitions() {
        let html = plain.render("| [one] | [two][2] |\n| --- | --- |\n\n[one]: /first \"First\"\n\n> [2]: /second\n").html
        #expect(
            html == table(["<a href=\"/first\" title=\"First\">one</a>", "<a href=\"/second\">two</a>"])
                + "<blockquote>\n</blockquote>\n")
    }

    @Test func pipesWithoutADelimiterRowStayAParagraph() {
        #expect(plain.render("a | b\nc | d\n").html == "<p>a | b\nc | d</p>\n")
        #expect(plain.render("| a | b |\n| - |\n").html == "<p>| a | b |\n| - |</p>\n")
        #expect(plain.render("`ls | wc`\n").html == "<p><code>ls | wc</code></p>\n")
        // Too indented to be a delimiter row.
        #expect(plain.render("a | b\n    - | -\n").html == "<p>a | b\n- | -</p>\n")
    }

    @Test func textBeforeTheHeaderRowStaysAParagraph() {
        let html = plain.render("Options, with *emphasis*:\nand more\n| a | b |\n|---|---|\n| 1 | 2 |\n").html
        #expect(html == "<p>Options, with <em>emphasis</em>:\nand more</p>\n" + table(["a", "b"], [["1", "2"]]))
    }

    @Test func tablesInsideListItemsAndBlockQuotes() {
        let list = plain.render("- item\n\n  | a | b |\n  |---|:-:|\n  | 1 | 2 |\n- next\n").html
        #expect(
            list == "<ul>\n<li>\n<p>item</p>\n"
                + table(["a", "b"], [["1", "2"]]).replacingOccurrences(of: "<th>b", with: "<th style=\"text-align: center\">b")
                .replacingOccurrences(of: "<td>2", with: "<td style=\"text-align: center\">2")
                + "</li>\n<li>\n<p>next</p>\n</li>\n</ul>\n")
        let quote = plain.render("> | a |\n> | - |\n> | 1 |\n>\n> after\n").html
        #expect(quote == "<blockquote>\n" + table(["a"], [["1"]]) + "<p>after</p>\n</blockquote>\n")
        let nested = plain.render("1. > - | a |\n   >   | - |\n   >   | `1` |\n").html
        #expect(nested == "<ol>\n<li>\n<blockquote>\n<ul>\n<li>\n" + table(["a"], [["<code>1</code>"]]) + "</li>\n</ul>\n</blockquote>\n</li>\n</ol>\n")
    }

    @Test func alignmentIsAStyleUnlessAskedForTheAlignAttribute() {
        let markdown = "| l | c | r | n |\n|:--|:-:|--:|---|\n| 1 | 2 | 3 | 4 |\n"
        let html = plain.render(markdown).html
        #expect(html.contains("<th style=\"text-align: left\">l</th>\n<th style=\"text-align: center\">c</th>\n<th style=\"text-align: right\">r</th>\n<th>n</th>"))
        #expect(html.contains("<td style=\"text-align: left\">1</td>\n<td style=\"text-align: center\">2</td>\n<td style=\"text-align: right\">3</td>\n<td>4</td>"))
        #expect(!html.contains("align="))
        let legacy = MarkdownRenderer(options: .init(tableAlignment: .alignAttribute)).render(markdown).html
        #expect(legacy.contains("<th align=\"left\">l</th>\n<th align=\"center\">c</th>\n<th align=\"right\">r</th>\n<th>n</th>"))
    }

    /// Lines cmark keeps in a paragraph but cmark-gfm starts other blocks with end the table,
    /// as in cmark-gfm (outputs checked against cmark-gfm 0.29.0.gfm.6).
    @Test func linesThatStartOtherBlocksEndTheTable() {
        let head = table(["a"], [["b"]])
        #expect(plain.render("| a |\n| - |\n| b |\n    code\n").html == head + "<pre><code>code\n</code></pre>\n")
        #expect(plain.render("| a |\n| - |\n| b |\n2. x\n").html == head + "<ol start=\"2\">\n<li>x</li>\n</ol>\n")
        // An HTML block of a tag not on the allowlist: the table ends, and the tag is dropped.
        #expect(plain.render("| a |\n| - |\n| b |\n<x-y>\n").html.hasPrefix(head))
        #expect(!plain.render("| a |\n| - |\n| b |\n<x-y>\n").html.contains("x-y"))
        #expect(plain.render("| a |\n| - |\n| b |\n-\n").html == head + "<ul>\n<li></li>\n</ul>\n")
        #expect(plain.render("| a |\n| - |\n| b |\n---\n").html == head + "<hr />\n")
        #expect(plain.render("| a |\n| - |\n| b |\n--\n").html == table(["a"], [["b"], ["--"]]))
        #expect(plain.render("| a |\n| - |\n|\n| b |\n").html == table(["a"]) + "<p>|\n| b |</p>\n")
        // After the ending line, another table.
        #expect(
            plain.render("| a |\n| - |\n| b |\n    code\nc | d\n--|-\n").html
                == head + "<pre><code>code\n</code></pre>\n" + table(["c", "d"]))
    }

    @Test func aLazyLineEndsTheTableInItsContainer() {
        let html = plain.render("> | a |\n> | - |\n> | b |\nlazy\n").html
        #expect(html == "<blockquote>\n" + table(["a"], [["b"]]) + "<p>lazy</p>\n</blockquote>\n")
    }

    @Test func smartPunctuationAndHeadingIdsStayAsTheyWere() {
        let result = renderer.render(
            """
            ## Prices

            | "Item" | it's |
            | --- | --- |
            | a -- b | c... |

            ## Prices
            """)
        #expect(result.headingIDs == ["prices", "prices-1"])
        #expect(result.html.hasPrefix("<h2 id=\"prices\">Prices</h2>\n<table>"))
        #expect(result.html.contains("<th>\u{201C}Item\u{201D}</th>\n<th>it\u{2019}s</th>"))
        #expect(result.html.contains("<td>a \u{2013} b</td>\n<td>c\u{2026}</td>"))
        #expect(result.html.hasSuffix("</table>\n<h2 id=\"prices-1\">Prices</h2>\n"))
    }

    @Test func aSetextHeadingOverATableIsATable() {
        let result = plain.render("| a |\n| - |\nb\n===\n")
        #expect(result.headingIDs.isEmpty)
        #expect(result.html == table(["a"], [["b"], ["==="]]))
    }

    @Test func rawHTMLInCellsFollowsTheSiteSetting() {
        // `kbd` is on the allowlist, `u` is not: its tags go and its text stays.
        let markdown = "| <kbd>K</kbd> | <u>U</u> |\n| - | - |\n"
        #expect(plain.render(markdown).html == table(["<kbd>K</kbd>", "U"]))
        #expect(
            MarkdownRenderer(options: .init(allowRawHTML: true, smartPunctuation: false)).render(markdown).html
                == table(["<kbd>K</kbd>", "<u>U</u>"]))
    }

    @Test func shortRowsAreFilledAndLongRowsCut() {
        let html = plain.render("a | b | c\n-|-|-\n1\n1 | 2 | 3 | 4\n").html
        #expect(html == table(["a", "b", "c"], [["1", "", ""], ["1", "2", "3"]]))
    }

    @Test func theSummaryIsTheFirstParagraphNotACell() {
        let result = renderer.render("| a |\n| - |\n| b |\n\nFirst words.\n")
        #expect(result.firstParagraph == "First words.")
    }
}
