import CCmark
import FoldoutTestSupport
import Foundation
import Testing

@testable import FoldoutBase
@testable import FoldoutMarkdown

/// Raw HTML in Markdown when the site leaves `unsafe_html` off: libxml2's HTML parser reads
/// it and `HTMLAllowlist` writes back only the harmless part (the inline HTML content uses),
/// with every URL checked as Markdown links are.
@Suite struct InlineHTMLTests {
    let renderer = MarkdownRenderer(options: .init(reservedIDs: ["main"]))

    func html(_ markdown: String) -> String { renderer.render(markdown).html }

    /// Every `href` and `src` of `html` as a browser reads it: Foldout writes only these
    /// four entities in attribute values.
    static func urls(in html: String) -> [String] {
        HTMLTags.scan(html).flatMap { tag in [tag.attributes["href"], tag.attributes["src"]].compactMap { $0 } }
    }

    /// Start and end tags pair up: what a browser builds from the HTML is the tree that was checked.
    static func isWellFormed(_ html: String) -> Bool {
        var open: [String] = []
        for tag in HTMLTags.scan(html) where !["br", "hr", "img"].contains(tag.name) {
            if !tag.isEnd {
                open.append(tag.name)
            } else if open.popLast() != tag.name {
                return false
            }
        }
        return open.isEmpty
    }

    // MARK: Kept

    static let kept: [(markdown: String, html: String)] = [
        ("Press <kbd>Ctrl</kbd>", "<kbd>Ctrl</kbd>"),
        ("x<sup>2</sup>", "<sup>2</sup>"),
        ("H<sub>2</sub>O", "<sub>2</sub>"),
        ("a <mark>marked</mark> word", "<mark>marked</mark>"),
        ("<abbr title=\"HyperText Markup Language\">HTML</abbr>", "<abbr title=\"HyperText Markup Language\">HTML</abbr>"),
        ("one<br>two", "one<br />two"),
        ("a <span id=\"here\">span</span>", "<span id=\"here\">span</span>"),
        (
            "<a id=\"ref\" href=\"https://example.org/?a=1&amp;b=2\" title=\"Ex\">ex</a>",
            "<a id=\"ref\" href=\"https://example.org/?a=1&amp;b=2\" title=\"Ex\">ex</a>"
        ),
        (
            "<details open>\n<summary>More</summary>\n\nHidden *text*.\n\n</details>",
            "<details open>\n<summary>More</summary>\n<p>Hidden <em>text</em>.</p>\n</details>"
        ),
        (
            "<img src=\"https://example.org/cat.png\" alt=\"A cat\" title=\"Cat\" width=\"300\" height=\"200\">",
            "<img src=\"https://example.org/cat.png\" alt=\"A cat\" title=\"Cat\" width=\"300\" height=\"200\" />"
        ),
        ("<table><tr><td style=\"text-align: center\">c</td></tr></table>", "<td style=\"text-align: center\">c</td>"),
        ("<ol start=\"3\"><li>three</li></ol>", "<ol start=\"3\"><li>three</li></ol>"),
        ("<del>gone</del> <em>em</em> <strong>strong</strong> <code>code</code>", "<del>gone</del> <em>em</em> <strong>strong</strong> <code>code</code>"),
    ]

    @Test(arguments: kept)
    func allowedElementsAreKeptWithTheirAttributes(markdown: String, html expected: String) {
        let html = html(markdown)
        #expect(html.contains(expected), "\(html)")
        #expect(Self.isWellFormed(html), "\(html)")
    }

    /// The parts of a page that are not raw HTML come out as cmark writes them (the fence
    /// names a language the highlighter leaves plain, as cmark does).
    @Test func keptHTMLIsWrittenAsCmarkWritesTheRest() throws {
        let markdown = """
            Some *emphasis*, **strong**, `code <x>` & "quotes" \\
            a hard break and <kbd>Ctrl</kbd>.

            - one
            - two

            1. first

            > quoted

            ```text
            let a = 1 < 2 && "b"
            ```

            ---

            ![A dog](dog.png "Dog") [link](https://example.org/a?b=c&d=e "Title") <https://example.org>

                indented code
            """
        let expected = String(cString: cmark_markdown_to_html(markdown, markdown.utf8.count, CMARK_OPT_UNSAFE | CMARK_OPT_SMART)!)
        #expect(html(markdown) == expected)
    }

    // MARK: Dropped

    @Test func disallowedTagsGoAndTheirTextStays() {
        let html = html(
            """
            <div class="note">in a div</div>

            A <b>bold</b> <font color="red">font</font> <u>under</u> <label>label</label> <marquee>moving</marquee> <button>press</button> word.

            <form action="https://evil.example"><p>in a form</p></form>
            """)
        for text in ["in a div", "bold", "font", "under", "label", "moving", "press", "in a form"] {
            #expect(html.contains(text), "\(text) in \(html)")
        }
        for tag in ["<div", "<b>", "<font", "<u>", "<label", "<marquee", "<button", "<form", "class=", "color=", "action="] {
            #expect(!html.contains(tag), "\(tag) in \(html)")
        }
    }

    static let droppedWhole = [
        "<script>alert(1)</script>", "<style>body { color: red }</style>", "<svg><script>alert(1)</script></svg>",
        "<svg><foreignObject><kbd>alert(1)</kbd></foreignObject></svg>", "<math><mtext>alert(1)</mtext></math>",
        "<math><mi xlink:href=\"javascript:alert(1)\">alert(1)</mi></math>", "<iframe src=\"https://evil.example\">alert(1)</iframe>",
        "<iframe srcdoc=\"<script>alert(1)</script>\"></iframe>", "<object data=\"x.swf\">alert(1)</object>",
        "<embed src=\"x.swf\">", "<template><kbd>alert(1)</kbd></template>", "<noscript>alert(1)</noscript>",
        "<textarea>alert(1)</textarea>", "<title>alert(1)</title>", "<select><option>alert(1)</option></select>",
        "<xmp><kbd>alert(1)</kbd></xmp>", "<meta http-equiv=\"refresh\" content=\"0;url=javascript:alert(1)\">",
        "<base href=\"javascript:alert(1)//\">", "<link rel=\"stylesheet\" href=\"https://evil.example/alert(1).css\">",
    ]

    @Test(arguments: droppedWhole, ["Before ", "Before\n\n"])
    func codeAndOtherVocabulariesGoWhole(raw: String, before: String) {
        let html = html(before + raw + " after.")
        #expect(!html.contains("alert(1)"), "\(html)")
        for tag in ["<script", "<style", "<svg", "<math", "<iframe", "<object", "<embed", "<meta", "<base", "<link", "<kbd"] {
            #expect(!html.contains(tag), "\(html)")
        }
        #expect(html.contains("Before"))
        #expect(html.contains("<!-- raw HTML omitted -->"))
        #expect(Self.isWellFormed(html), "\(html)")
    }

    static let eventHandlers = [
        "<img src=\"a.png\" alt=\"a\" onerror=\"alert(1)\">", "<span ONCLICK=\"alert(1)\">s</span>",
        "<a href=\"https://example.org\" onmouseover=\"alert(1)\">a</a>", "<details open ontoggle=alert(1)><summary>s</summary></details>",
        "<kbd onfocus=\"alert(1)\" tabindex=\"1\" autofocus>k</kbd>", "<sup OnMouseOver='alert(1)'>2</sup>",
    ]

    @Test(arguments: eventHandlers)
    func eventHandlersAreDroppedFromKeptElements(raw: String) {
        let html = html("Text " + raw)
        #expect(!html.contains("alert"), "\(html)")
        #expect(!html.lowercased().contains(" on"), "\(html)")
        #expect(!html.contains("tabindex") && !html.contains("autofocus"))
        let name = String(raw.dropFirst().prefix { $0.isLetter })
        #expect(HTMLTags.scan(html).contains { $0.name == name }, "<\(name)> kept in \(html)")
    }

    /// The scheme as authors hide it: entities (decimal and hex, with and without `;`,
    /// zero-padded), tabs and newlines inside, upper case, leading spaces and control characters.
    static let dangerousURLs = [
        "javascript:alert(1)", "JAVASCRIPT:alert(1)", "JaVaScRiPt:alert(1)", "  javascript:alert(1)", "\tjavascript:alert(1)",
        "java\tscript:alert(1)", "java\nscript:alert(1)", "jav&#x09;ascript:alert(1)", "jav&#9;ascript:alert(1)",
        "jav&#x0A;ascript:alert(1)", "&#106;avascript:alert(1)", "&#106avascript:alert(1)", "&#0000106;avascript:alert(1)",
        "&#x6A;avascript:alert(1)", "javascrip&#x74:alert(1)", "&#X6A;avascript:alert(1)", "javascript&#58;alert(1)",
        "javascript&#x3a;alert(1)", "&#32;javascript:alert(1)", "&#x0D;javascript:alert(1)",
        "vbscript:msgbox(1)", "VBScript:msgbox(1)", "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
        "DATA:text/html,<script>alert(1)</script>", " data:image/svg+xml,<svg onload=alert(1)>", "d&#97;ta:text/html,x",
        "da\tta:text/html,x", "&#100;&#97;&#116;&#97;:text/html,x", "file:///etc/passwd",
    ]

    /// A link keeps its text with an empty URL, as Markdown links do; an image goes (an empty
    /// `src` is invalid and shows nothing). Either is reported, to be warned about.
    @Test(arguments: dangerousURLs, ["<a href=\"%@\">link</a>", "<img src=\"%@\" alt=\"pic\">"])
    func scriptAndDataURLsInEverySpellingAreEmptied(url: String, form: String) {
        let raw = form.replacingOccurrences(of: "%@", with: url)
        let result = renderer.render("Text " + raw)
        let isImage = form.hasPrefix("<img")
        #expect(Self.urls(in: result.html) == (isImage ? [] : [""]), "\(result.html)")
        #expect(result.html.contains("<img") == false)
        #expect(result.links.count == 1)
        #expect(result.links.first?.isRefused == true)
        #expect(result.links.first?.isImage == isImage)
    }

    /// HTML5 entities libxml2's HTML 4 parser does not know stay text: written back escaped, a
    /// browser reads `&colon;` as five letters, and the URL is a harmless relative one.
    @Test func unknownEntitiesStayTextInURLs() {
        let html = html("<a href=\"javascript&colon;alert(1)\">a</a> <a href=\"java&Tab;script:alert(1)\">b</a>")
        #expect(html.contains("href=\"javascript&amp;colon;alert(1)\""), "\(html)")
        #expect(Self.urls(in: html).allSatisfy(SafeURL.isAllowed), "\(html)")
    }

    /// A browser strips a leading U+0001 and runs the script; libxml2 ends the value at the
    /// reference it cannot decode, so nothing of it reaches the page.
    @Test func controlCharacterReferencesEndTheURL() {
        let html = html("<a href=\"&#x1;javascript:alert(1)\">a</a> <img src=\"&#1;javascript:alert(1)\" alt=\"i\">")
        #expect(Self.urls(in: html) == [""], "\(html)")
        #expect(!html.contains("<img"))
    }

    /// Raw HTML's web URLs are repaired as Markdown's: the HTML checker refuses `[` in a
    /// query, and `//host` from disk would be a file on the reader's machine.
    @Test func webURLsInRawHTMLAreRepairedAsMarkdownsAre() {
        let html = html(
            "<a href=\"https://example.org/share?p[title]=A&amp;x={1}\">a</a> <a href=\"//example.org/x\">b</a> "
                + "<img src=\"//example.org/i.png\" alt=\"i\"> <a href=\"http://localhost:port/\">c</a>")
        #expect(
            Self.urls(in: html) == [
                "https://example.org/share?p%5Btitle%5D=A&x=%7B1%7D", "https://example.org/x",
                "https://example.org/i.png", "",
            ], "\(html)")
    }

    /// Jekyll's docs write `<a href="{{ '/docs/' | relative_url }}">`: kept as written, since
    /// it leads nowhere, but with what the HTML checker refuses in a URL encoded.
    @Test func relativeURLsInRawHTMLKeptAsWrittenAreEncoded() {
        let html = html("<a href=\"{{ '/docs/templates/' | relative_url }}\">a</a> <img src=\"my pic.png\" alt=\"i\">")
        #expect(Self.urls(in: html) == ["%7B%7B%20'/docs/templates/'%20%7C%20relative_url%20%7D%7D", "my%20pic.png"], "\(html)")
    }

    @Test func styleSrcdocAndOtherAttributesAreDropped() {
        let html = html(
            """
            <span style="background: url(javascript:alert(1))">s</span> <a href="x.html" srcdoc="<script>" target="_blank" \
            rel="opener" style="x" download ping="https://evil.example">a</a> <img src="a.png" srcset="javascript:alert(1) 2x" \
            alt="a" usemap="#m" longdesc="javascript:alert(1)" style="width: 1px"> <kbd class="big" lang="fr" dir="rtl" \
            hidden data-x="1">k</kbd> <code class="evil">c</code>

            <table><tr><td style="text-align: center; background: url(x.png)">c</td><th align="left" style="TEXT-ALIGN: left">h</th></tr></table>
            """)
        for attribute in [
            "style", "srcdoc", "target", "rel", "download", "ping", "srcset", "usemap", "longdesc", "class",
            "lang", "dir", "hidden", "data-x", "align",
        ] {
            #expect(!html.contains(" \(attribute)"), "\(attribute) in \(html)")
        }
        #expect(html.contains("<td>c</td>") && html.contains("<th>h</th>"), "\(html)")
    }

    @Test func entitiesThatSpellTagsStayText() {
        let html = html(
            """
            <kbd>k</kbd> &lt;script&gt;alert(1)&lt;/script&gt; and &amp;lt;b&amp;gt;

            <div>&lt;img src=x onerror=alert(1)&gt;</div>
            """)
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "\(html)")
        #expect(html.contains("&amp;lt;b&amp;gt;"))
        #expect(html.contains("&lt;img src=x onerror=alert(1)&gt;"))
        #expect(!html.contains("<script") && !html.contains("<img"))
    }

    static let hiddenByComments = [
        "<!-- --><script>alert(1)</script>", "<!--<script>alert(1)</script>-->",
        "<!--[if IE]><script>alert(1)</script><![endif]-->", "<!--[if gte IE 4]><img src=x onerror=alert(1)><![endif]-->",
        "<!--> <script>alert(1)</script> -->", "<!---> <img src=x onerror=alert(1)> -->", "<![CDATA[<script>alert(1)</script>]]>",
        "<?php echo '<script>alert(1)</script>'; ?>", "<!DOCTYPE html><script>alert(1)</script>",
        "<!-- a -- b --><img src=x onerror=alert(1)>",
    ]

    @Test(arguments: hiddenByComments)
    func commentsThatHideTagsHideNothing(raw: String) {
        let html = html("Before <kbd>k</kbd>\n\n" + raw + "\n\nAfter.")
        #expect(!html.contains("<script"), "\(html)")
        #expect(!html.contains("onerror"), "\(html)")
        #expect(
            !html.contains("<!--") || html.components(separatedBy: "<!--").dropFirst().allSatisfy { $0.hasPrefix(" raw HTML omitted -->") },
            "only Foldout's own comment: \(html)")
        #expect(html.contains("Before <kbd>k</kbd>"))
        #expect(Self.isWellFormed(html), "\(html)")
    }

    static let broken = [
        "<kbd>Ctrl<sup>x</kbd> after", "<details><summary>a", "<span id=\"u\">never closed", "<mark><kbd>a</mark></kbd>",
        "<sub><sup><sub>deep", "</kbd>stray end</details>", "<a href=\"x.html\"><a href=\"y.html\">nested</a></a>",
        "<p>one<p>two", "<ul><li>a<li>b", "<table><td>cell", "<summary>outside</summary>", "<img src=\"a.png\"></img>",
        "<br/><br></br>", "<kbd <sup>>x</sup>", "<details\n><summary\n>multi\nline</summary\n></details\n>",
    ]

    @Test(arguments: broken)
    func unclosedAndMisnestedTagsGiveWellFormedHTML(raw: String) {
        for markdown in ["Text " + raw, raw + "\n\nNext paragraph with <kbd>k</kbd>."] {
            let html = html(markdown)
            #expect(Self.isWellFormed(html), "\(markdown.debugDescription) gave \(html)")
        }
    }

    @Test func misnestedTagsKeepTheirText() {
        let html = html("<kbd>Ctrl<sup>x</kbd> after\n\n<details><summary>Open\n")
        #expect(html.contains("<kbd>Ctrl<sup>x</sup></kbd> after"), "\(html)")
        #expect(html.contains("<details><summary>Open"), "\(html)")
    }

    // MARK: Ids

    @Test func idsThatWouldRepeatAreDropped() {
        let result = renderer.render(
            """
            <span id="care">before the heading</span> <span id="x">x</span> <span id="x">again</span> \
            <span id="main">layout's</span> <a name="x">named</a> <span id="">empty</span> <span id="a b">space</span>

            ## Care
            """)
        let ids = HTMLTags.scan(result.html).compactMap { $0.attributes["id"] }
        #expect(ids == ["x", "care"], "\(result.html)")
        #expect(result.headingIDs == ["care"])
        #expect(result.rawHTMLIDs == ["x"])
        #expect(result.html.contains("<h2 id=\"care\">Care</h2>"))
    }

    /// Ids of headings lost inside a dropped element are not reported (links to them warn);
    /// the headings after it keep theirs.
    @Test func aHeadingLostInADroppedElementTakesOnlyItsOwnID() {
        let result = renderer.render("## One\n\n<select>\n\n## Two\n\n</select>\n\n## Three\n")
        #expect(result.headingIDs == ["one", "three"], "\(result.html)")
        #expect(result.html.contains("<h2 id=\"three\">Three</h2>"))
        #expect(!result.html.contains("Two"))
    }

    @Test func anchorNamesBecomeIDs() {
        let result = renderer.render("<a name=\"old-anchor\">Old</a> and <a id=\"new\" name=\"ignored\">both</a>")
        #expect(result.html.contains("<a id=\"old-anchor\">Old</a>"), "\(result.html)")
        #expect(result.html.contains("<a id=\"new\">both</a>"))
        #expect(!result.html.contains("name="))
        #expect(result.rawHTMLIDs == ["old-anchor", "new"])
    }

    @Test func imagesGetAnAltAndOnlyNumericSizes() {
        let html = html("<img src=\"a.png\" width=\"300px\" height=\"20\"> <img src=\"b.png\" width=\"50%\" height=\"-1\">")
        #expect(html.contains("<img src=\"a.png\" alt=\"\" height=\"20\" />"), "\(html)")
        #expect(html.contains("<img src=\"b.png\" alt=\"\" />"), "\(html)")
    }

    @Test func imagesWithoutASourceGo() {
        let html = html("<img alt=\"none\"> <img src=\"\" alt=\"empty\"> <img src=\" \" alt=\"blank\"> <kbd>k</kbd>")
        #expect(!html.contains("<img"), "\(html)")
    }

    // MARK: Nesting

    /// What is written nests as HTML allows (the W3C Nu checker's rules), so a browser
    /// builds the same tree and the page validates.
    static let nesting: [(markdown: String, html: String)] = [
        // An unclosed inline tag on its own line stays open around the blocks after it: it
        // gives way, the heading keeps its tag and id.
        ("<span id=\"s\">\n\n## Care\n\nText.", "<h2 id=\"care\">Care</h2>\n<p>Text.</p>"),
        ("Click <details><summary>here</summary>hidden</details> now", "Click <details><summary>here</summary>hidden</details> now"),
        (
            "<details>\n<summary>\n\nMarkdown *summary*\n\n</summary>\n\nBody\n\n</details>",
            "<summary>\nMarkdown <em>summary</em>\n</summary>"
        ),
        ("<summary>on its own</summary>", "on its own"),
        ("<kbd>a<hr>b</kbd>", "a<hr />b"),
    ]

    @Test(arguments: nesting)
    func blocksAreNotWrittenInsideInlineElements(markdown: String, html expected: String) {
        let result = renderer.render(markdown)
        #expect(result.html.contains(expected), "\(result.html)")
        let tags = HTMLTags.scan(result.html)
        var open: [String] = []
        for tag in tags where !["br", "hr", "img"].contains(tag.name) {
            if tag.isEnd {
                open.removeLast()
            } else {
                let phrasing: Set = [
                    "p", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "em", "strong", "code", "span", "kbd", "sup", "sub",
                    "abbr", "mark", "summary", "del",
                ]
                let block: Set = ["p", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "pre", "blockquote", "table", "details"]
                #expect(!(block.contains(tag.name) && open.contains(where: phrasing.contains)), "<\(tag.name)> in \(open): \(result.html)")
                #expect(tag.name != "summary" || open.last == "details", "\(result.html)")
                open.append(tag.name)
            }
        }
        #expect(Self.isWellFormed(result.html))
    }

    /// Lists hold only items, table parts only what the Nu checker allows in them, and no
    /// `summary` is anywhere but first in a `details`.
    static func holdsOnlyAllowedChildren(_ html: String) -> Bool {
        let children: [String: Set<String>] = [
            "ul": ["li"], "ol": ["li"], "table": ["thead", "tbody", "tr"], "thead": ["tr"],
            "tbody": ["tr"], "tr": ["th", "td"],
        ]
        let parents: [String: Set<String>] = [
            "li": ["ul", "ol"], "thead": ["table"], "tbody": ["table"], "tr": ["table", "thead", "tbody"],
            "th": ["tr"], "td": ["tr"], "summary": ["details"],
        ]
        var open: [String] = []
        for tag in HTMLTags.scan(html) where !["br", "hr", "img"].contains(tag.name) {
            if tag.isEnd {
                open.removeLast()
                continue
            }
            if let allowed = children[open.last ?? ""], !allowed.contains(tag.name) { return false }
            if let allowed = parents[tag.name], !allowed.contains(open.last ?? "") { return false }
            open.append(tag.name)
        }
        return true
    }

    @Test func aDetailsWithoutASummaryFirstLosesItsTagsAndKeepsItsText() {
        let html = html("<details>\nNo summary here.\n</details>\n\n<details><p>Body</p><summary>Late</summary></details>")
        #expect(!html.contains("<details") && !html.contains("<summary"), "\(html)")
        #expect(html.contains("No summary here.") && html.contains("<p>Body</p>Late"), "\(html)")
        #expect(Self.isWellFormed(html))
        let kept = self.html("<details>\n<summary>Title</summary>\nBody\n</details>")
        #expect(kept.contains("<details>\n<summary>Title</summary>\nBody\n</details>"), "\(kept)")
    }

    @Test func aListRightInAListGivesItsItemsToTheOuterOne() {
        let html = html("<ul><ul><li>a</li></ul><li>b</li></ul>\n\n<ol start=\"2\"><ol><li>c</li></ol></ol>\n\n<ul><li>d<ul><li>e</li></ul></li></ul>")
        #expect(html.contains("<ul><li>a</li><li>b</li></ul>"), "\(html)")
        #expect(html.contains("<ol start=\"2\"><li>c</li></ol>"), "\(html)")
        #expect(html.contains("<ul><li>d<ul><li>e</li></ul></li></ul>"), "a list in an item stays: \(html)")
        #expect(Self.holdsOnlyAllowedChildren(html), "\(html)")
    }

    /// Text right in a list: no item is invented, the list's tags go.
    @Test func aListWithTextOutsideItsItemsLosesItsTags() {
        let html = html("<ol>Loose text<li>one</li><li>two</li></ol>\n\nAfter <li>stray</li>")
        #expect(!html.contains("<ol") && !html.contains("<li"), "\(html)")
        #expect(html.contains("Loose textonetwo") && html.contains("stray"), "\(html)")
        #expect(Self.isWellFormed(html))
    }

    @Test func aTableWithTextOutsideItsCellsLosesItsTags() {
        let html = html("<table>Caption<tr><td>a</td><td>b</td></tr></table>\n\n<table><tr>x<td>c</td></tr></table>")
        #expect(!html.contains("<table") && !html.contains("<tr") && !html.contains("<td"), "\(html)")
        #expect(html.contains("Captionab") && html.contains("xc"), "\(html)")
        #expect(Self.isWellFormed(html))
        let kept = self.html("<table>\n<tr>\n<td><span>a</span></td>\n</tr>\n</table>")
        #expect(kept.contains("<table>\n<tr>\n<td><span>a</span></td>\n</tr>\n</table>"), "\(kept)")
        #expect(Self.holdsOnlyAllowedChildren(kept))
    }

    /// Raw headings are clamped with the Markdown ones, in document order, as Markdown ones
    /// are alone: none more than one level below the one before, the page title an `h1`.
    @Test func rawHeadingsSkipNoLevel() {
        let html = html("<h3>Raw</h3>\n\n## Markdown\n\n<h5 id=\"deep\">Deep</h5>\n\n<h6>Deeper</h6>\n\n# Top")
        #expect(html.contains("<h2>Raw</h2>"), "\(html)")
        #expect(html.contains("<h2 id=\"markdown\">Markdown</h2>"), "\(html)")
        #expect(html.contains("<h3 id=\"deep\">Deep</h3>"), "\(html)")
        #expect(html.contains("<h4>Deeper</h4>"), "\(html)")
        #expect(html.contains("<h1 id=\"top\">Top</h1>"), "\(html)")
    }

    // MARK: Links in raw HTML

    @Test func rawURLsAreRewrittenAndReportedOnTheirLine() {
        var asked: [MarkdownRenderer.Link] = []
        let result = renderer.render("Intro.\n\nSee <a href=\"other.md\">other</a>\nand <img src=\"imgs/cat.png\" alt=\"Cat\">.\n") { link in
            asked.append(link)
            return link.destination.replacingOccurrences(of: ".md", with: ".html").replacingOccurrences(of: "imgs/", with: "../imgs/")
        }
        #expect(asked.map(\.destination) == ["other.md", "imgs/cat.png"])
        #expect(asked.map(\.line) == [3, 4])
        #expect(asked.map(\.isImage) == [false, true])
        #expect(asked.last?.text == "Cat")
        #expect(Self.urls(in: result.html) == ["other.html", "../imgs/cat.png"])
        #expect(result.links.map(\.destination) == ["other.html", "../imgs/cat.png"])
    }

    /// cmark percent-encodes the URLs it writes; Markdown links were rewritten already and
    /// must not be taken for raw ones and rewritten again.
    @Test func markdownURLsAreNotRewrittenTwice() {
        var asked: [String] = []
        let result = renderer.render("[page](<a b é.md>) ![pic](<p q.png>) <kbd>k</kbd> [same](<a b é.md>)") { link in
            asked.append(link.destination)
            return link.isImage ? nil : "a b é.html"
        }
        #expect(asked == ["a b é.md", "p q.png", "a b é.md"])
        #expect(Self.urls(in: result.html) == ["a%20b%20%C3%A9.html", "p%20q.png", "a%20b%20%C3%A9.html"])
        #expect(result.links.count == 3)
    }

    /// A Markdown link's URL percent-decodes to `javascript:`: raw HTML with the decoded text
    /// is still checked, not let through as the Markdown link's.
    @Test func aRawURLIsCheckedEvenWhenAMarkdownOneDecodesToIt() {
        let result = renderer.render("[x](javascript%3Aalert(1)) <a href=\"javascript:alert(1)\">raw</a>")
        #expect(Self.urls(in: result.html) == ["javascript%3Aalert(1)", ""], "\(result.html)")
        #expect(result.links.last?.isRefused == true)
    }

    /// Docsy's site writes `<a href="{{% param url %}}">` in raw HTML and the same URL as a
    /// Markdown link (`[x]: <{{% param url %}}>`): the raw one is encoded too (the Nu checker
    /// refuses `{`), not taken for cmark's.
    @Test func aRawURLWrittenLikeAMarkdownOneIsStillEncoded() {
        let result = renderer.render("<a href=\"{{% param url %}}\">raw</a>\n\n[md]\n\n[md]: <{{% param url %}}>\n")
        #expect(Self.urls(in: result.html) == ["%7B%7B%25%20param%20url%20%25%7D%7D", "%7B%7B%25%20param%20url%20%25%7D%7D"], "\(result.html)")
        #expect(result.links.count == 2, "both are reported, as written")
    }

    /// A page without raw HTML is cmark's output as it was; a comment is raw HTML, and goes
    /// (cmark's safe mode left a comment in its place).
    @Test func pagesWithoutRawHTMLAreAsBeforeAndCommentsGo() {
        #expect(html("Plain *text*.\n") == "<p>Plain <em>text</em>.</p>\n")
        #expect(html("Text <!-- note -->\n") == "<p>Text </p>\n")
    }

    @Test func rawHTMLIsKeptWholeWhenTheSiteOptsIn() {
        let unsafe = MarkdownRenderer(options: .init(allowRawHTML: true))
        let raw = "<div onclick=\"x()\"><span id=\"main\" style=\"color: red\">s</span><b>b</b></div>"
        #expect(unsafe.render(raw).html == raw + "\n")
    }

    // MARK: Through a build

    static let site: [String: String] = [
        "pets/_index.md": "# Pets\n",
        "pets/rex.md": """
        # Rex

        <span id="vaccines">Vaccines</span> are due. <a name="old-notes">Notes</a> below.
        See [vaccines](#vaccines) and <a href="#old-notes">the notes</a>.

        <img src="imgs/rex asleep.png" alt="Rex asleep"> <a href="max.md#walks">Max</a>

        <img src="imgs/missing.png" alt="Gone"> <a href="nowhere.md">nowhere</a> <a href="max.md#nope">nope</a>

        <div class="links">
        <p>Not these:</p>
        <a href="javascript:alert(1)">bad</a>
        </div>
        """,
        "pets/imgs/rex asleep.png": "PNG",
        "pets/max.md": "# Max\n\n<span id=\"walks\">Walks</span>\n\n[Rex's shots](rex.md#vaccines) [notes](rex.md#old-notes)\n",
    ]

    @Test func keptIDsCountForTheAnchorCheckAndRawURLsResolve() throws {
        let site = MemorySite(Self.site)
        let snapshot = try site.snapshot()
        let rex = try #require(snapshot.text(at: "pets/rex.html"))
        let tags = HTMLTags.scan(rex)
        #expect(tags.contains { $0.name == "span" && $0.attributes["id"] == "vaccines" })
        #expect(tags.contains { $0.name == "img" && $0.attributes["src"] == "imgs/rex%20asleep.png" && $0.attributes["alt"] == "Rex asleep" })
        #expect(tags.contains { $0.name == "a" && $0.attributes["href"] == "max.html#walks" })
        #expect(snapshot.files["pets/imgs/rex asleep.png"] != nil, "the raw image's file is copied")

        let warnings = site.warnings().filter { $0.path == "Content/pets/rex.md" }
        #expect(warnings.map(\.line) == [8, 8, 8, 12], "\(warnings.map(\.description))")
        #expect(warnings[0].message.contains("imgs/missing.png"))
        #expect(warnings[1].message.contains("nowhere.md"))
        #expect(warnings[2].message.contains("#nope"))
        #expect(warnings[3].message.contains("was removed"))
        #expect(!site.warnings().contains { $0.path == "Content/pets/max.md" }, "ids on raw HTML count as anchors")
    }

    @Test func keptIDsDoNotClashWithTheLayoutsOrTheCatalogsIDs() throws {
        let snapshot = try MemorySite([
            "pets/_index.md": "# Pets\n\n<span id=\"rex\">intro</span> <span id=\"main\">main</span> <span id=\"kept\">k</span>\n",
            "pets/rex.md": "# Rex\n",
        ]).snapshot()
        let page = try #require(snapshot.text(at: "pets/index.html"))
        let ids = HTMLTags.scan(page).compactMap { $0.attributes["id"] }
        #expect(Set(ids).count == ids.count, "\(ids)")
        #expect(ids.contains("kept"))
    }
}
