import CCmark
import FoldoutTestSupport
import Foundation
import Testing

@testable import FoldoutBase
@testable import FoldoutBuild
@testable import FoldoutLoading
@testable import FoldoutMarkdown

/// The libcmark wrapper: safe by default, smart punctuation, unique heading ids, invalid
/// UTF-8 replaced, and a callback that rewrites link destinations.
@Suite struct MarkdownRendererTests {
    let renderer = MarkdownRenderer()

    /// Tags and attributes of the rendered HTML.
    func tags(_ markdown: String, renderer: MarkdownRenderer = MarkdownRenderer()) -> [HTMLTag] {
        HTMLTags.scan(renderer.render(markdown).html)
    }

    // MARK: Safe mode

    @Test func rawHTMLIsDroppedByDefault() {
        let html = renderer.render(
            """
            Before

            <script>alert("block")</script>

            <div onclick="steal()">a block</div>

            Inline <b onmouseover="x()">bold</b> and <img src=x onerror=alert(1)> end.
            """
        ).html
        #expect(!html.contains("<script"))
        #expect(!html.contains("<div"))
        #expect(!html.contains("<b"))
        #expect(!html.contains("onerror"))
        #expect(!html.contains("onclick"))
        #expect(html.contains("Before"))
        #expect(html.contains("end."))
    }

    @Test func rawHTMLIsKeptWhenTheSiteOptsIn() {
        let unsafe = MarkdownRenderer(options: .init(allowRawHTML: true))
        let html = unsafe.render("<div class=\"note\">kept</div>\n\nInline <kbd>K</kbd>").html
        #expect(html.contains("<div class=\"note\">kept</div>"))
        #expect(html.contains("<kbd>K</kbd>"))
    }

    @Test func siteOptsIntoRawHTMLInItsIndex() throws {
        // `<u>` is not on the allowlist (see InlineHTMLTests) that `<kbd>` is on.
        let safe = try MemorySite(["notes/a.md": "Text <u>K</u>"]).report()
        #expect(safe.site.allItems.first?.bodyHTML.contains("<u>") == false)
        let unsafe = try MemorySite(["_index.md": "---\nunsafe_html: true\n---\n", "notes/a.md": "Text <u>K</u>"]).report()
        #expect(unsafe.site.allItems.first?.bodyHTML.contains("<u>K</u>") == true)
    }

    @Test func scriptURLsAreDropped() {
        let found = tags(
            """
            [click](javascript:alert(1)) [vb](vbscript:msgbox) [file](file:///etc/passwd) [upper](JavaScript:alert(4))
            ![pic](javascript:alert(2)) <javascript:alert(3)>
            """)
        let urls = found.compactMap { $0.attributes["href"] ?? $0.attributes["src"] }
        #expect(urls.count == 6)
        for url in urls {
            #expect(!url.lowercased().contains("script:"), "\(url)")
            #expect(!url.lowercased().hasPrefix("file:"), "\(url)")
        }
    }

    @Test func ordinaryURLsStay() {
        let links = tags("[site](https://example.org/a?b=1) [mail](mailto:a@example.org) [local](page.md#part)")
            .compactMap { $0.attributes["href"] }
        #expect(links == ["https://example.org/a?b=1", "mailto:a@example.org", "page.md#part"])
    }

    @Test func textIsEscaped() {
        let html = renderer.render("Fish & chips < 5 > 3 \"quoted\"").html
        #expect(html.contains("&amp;"))
        #expect(html.contains("&lt;"))
        #expect(!html.contains("< 5"))
    }

    // MARK: Smart punctuation

    @Test func punctuationIsTypographic() {
        let html = renderer.render("\"Hello,\" she said -- it's 1990--2000... 'ok'---done").html
        #expect(html.contains("\u{201C}Hello,\u{201D}"))
        #expect(html.contains("it\u{2019}s"))
        #expect(html.contains("\u{2013}"))  // en dash from --
        #expect(html.contains("\u{2014}"))  // em dash from ---
        #expect(html.contains("\u{2026}"))  // ellipsis from ...
        #expect(html.contains("\u{2018}ok\u{2019}"))
    }

    @Test func codeIsNotMadeTypographic() {
        let html = renderer.render("`\"raw\" -- it's`").html
        #expect(html.contains("<code>&quot;raw&quot; -- it's</code>"))
    }

    /// The renderer asks libcmark for smart punctuation only when a body has a quote, `--` or
    /// `...`, on the promise that nothing else changes with it. This holds libcmark to that
    /// promise on many bodies made of everything else Markdown has.
    @Test func smartPunctuationChangesNothingWithoutQuotesDashesOrEllipses() throws {
        let pieces = [
            "a", "b c", ".", "-", "..", "- ", "1. ", "!", "*", "_", "**", "[", "]", "(", ")", "<", ">", "&", "`",
            "\\", "#", "## ", "\n", "\n\n", "  ", "\t", "é", "&amp;", "&hellip;", "&#45;", "<b>", "> ", "    ",
            "```\n", "***", "<!-- x -->", "![a](b.png)", "[l](x.md)", "http://a.b/c.d", "\r\n", "-\n-", ".\n..",
            "x.", "-x", "1990-2000", "a.b.c", "end.  \n", "<http://a.b>",
        ]
        var generator = SplitMix64(seed: 7)
        var checked = 0
        while checked < 3000 {
            var text = ""
            for _ in 0...generator.next(40) { text += generator.pick(pieces) }
            let needs = text.utf8.withContiguousStorageIfAvailable(MarkdownRenderer.needsSmartPunctuation) ?? true
            guard !needs else { continue }
            checked += 1
            for unsafe in [false, true] {
                let base: Int32 = unsafe ? CMARK_OPT_UNSAFE : 0
                #expect(Self.cmark(text, options: base) == Self.cmark(text, options: base | CMARK_OPT_SMART), "\(text.debugDescription)")
            }
        }
    }

    @Test func quotesDashesAndEllipsesAskForSmartPunctuation() {
        func needs(_ text: String) -> Bool { text.utf8.withContiguousStorageIfAvailable(MarkdownRenderer.needsSmartPunctuation)! }
        for text in ["it's", "\"so\"", "a -- b", "a---b", "wait...", "....", "x\n\n```\n'code'\n```"] { #expect(needs(text), "\(text)") }
        for text in ["", "a - b", "a. b.. c", "- item\n- item", "1.2.3", "é-è.à"] { #expect(!needs(text), "\(text)") }
    }

    private static func cmark(_ text: String, options: Int32) -> String {
        let pointer = cmark_markdown_to_html(text, text.utf8.count, options)!
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// libcmark's allocations come from an arena per thread, dropped after each document.
    @Test func documentsLargerThanTheArenaChunkAndOnManyThreadsRenderWhole() throws {
        let long = (1...20_000).map { "Paragraph \($0) with *some* [link](p\($0).md)." }.joined(separator: "\n\n")
        let result = renderer.render("# Title\n\n" + long)
        #expect(result.html.hasSuffix("<p>Paragraph 20000 with <em>some</em> <a href=\"p20000.md\">link</a>.</p>\n"))
        #expect(result.links.count == 20_000)
        let bodies = (0..<400).map { "## Part \($0)\n\nText \($0) and \"quotes\" -- here.\n" }
        let serial = bodies.map { renderer.render($0).html }
        let parallel = Parallel.map(bodies) { renderer.render($0).html }
        #expect(parallel == serial)
        #expect(serial[3] == "<h2 id=\"part-3\">Part 3</h2>\n<p>Text 3 and \u{201C}quotes\u{201D} \u{2013} here.</p>\n")
    }

    // MARK: Heading ids

    @Test func headingsGetIdsFromTheirText() {
        let result = renderer.render("## Daily routine\n\n### Food & Water\n")
        #expect(result.headingIDs == ["daily-routine", "food--water"])
        let headings = HTMLTags.scan(result.html).filter { !$0.isEnd && ["h2", "h3"].contains($0.name) }
        #expect(headings.map { $0.attributes["id"] } == ["daily-routine", "food--water"])
        #expect(headings.map(\.followingText) == ["Daily routine", "Food & Water"])
    }

    /// Links written for GitHub or Hugo (`[next](#whats-next)`) name headings by GitHub's ids.
    @Test(arguments: [
        ("What\u{2019}s next", "whats-next"), ("The std::io facade", "the-stdio-facade"), ("pt_BR", "pt_br"),
        ("RFC 3392: Leadership Council", "rfc-3392-leadership-council"), ("C++ & C#", "c--c"), ("Ελληνικά Γράμματα", "ελληνικά-γράμματα"),
        ("日本語の見出し", "日本語の見出し"), ("hello-world_2", "hello-world_2"), ("Crème brûlée", "crème-brûlée"),
    ])
    func headingIdsAreGitHubs(heading: String, id: String) {
        #expect(renderer.render("## \(heading)\n").headingIDs == [id])
    }

    @Test func aHeadingIsNeverMoreThanOneLevelBelowTheOneBefore() {
        let html = renderer.render("### Intro\n\n##### Detail\n\n## Part\n\n#### Sub\n").html
        let levels = HTMLTags.scan(html).filter { !$0.isEnd && $0.name.hasPrefix("h") }.map(\.name)
        // Below the page's own h1: h2, then h3; a level may drop back any distance.
        #expect(levels == ["h2", "h3", "h2", "h3"])
        #expect(html.contains("<h3 id=\"detail\">Detail</h3>"))
    }

    @Test func webURLsNoBrowserCanOpenAreRemovedAndExtraHashesEncoded() {
        let result = renderer.render("[a](https://example.org/wiki/Overriding#C#) [b](http://localhost:port/x) [c](https://example.org:8080/#/#room)\n")
        let hrefs = HTMLTags.scan(result.html).compactMap { $0.attributes["href"] }
        #expect(hrefs == ["https://example.org/wiki/Overriding#C%23", "", "https://example.org:8080/#/%23room"])
        #expect(result.links.map(\.isInvalid) == [false, true, false])
    }

    @Test func webURLsGetWhatTheHTMLCheckerAsksFor() {
        // `//host` from disk would name a file on the reader's machine; `[`, `|` and a bare
        // `%` are refused by the checker after the host, and kept inside it (an IPv6 address).
        let result = renderer.render(
            "[a](//example.org/x) [b](<https://example.org/a?p[0]=1|2&q=100%>) "
                + "[c](http://example.org:8080/p?x=%41) [d](///not/a/host)\n")
        let hrefs = HTMLTags.scan(result.html).compactMap { $0.attributes["href"] }
        #expect(
            hrefs == [
                "https://example.org/x", "https://example.org/a?p%5B0%5D=1%7C2&q=100%25",
                "http://example.org:8080/p?x=%41", "///not/a/host",
            ])
        #expect(SafeURL.repairedWebURL("https://example.org/plain?q=1#top") == "https://example.org/plain?q=1#top")
        #expect(SafeURL.repairedWebURL("http://[::1]:8080/a[1]") == "http://[::1]:8080/a%5B1%5D")
    }

    @Test func relativeURLsKeptAsWrittenGetWhatTheHTMLCheckerAsksFor() {
        // Hugo's docs link `<{{% eturl alias %}}>`; cmark encodes the braces and spaces but
        // not a `%` that starts no escape. Links the caller rewrites are left to it.
        let result = renderer.render("[a] [b](notes%20one.md#x) [c](<../x|y.md?q=100%>)\n\n[a]: <{{% eturl alias %}}>\n")
        let hrefs = HTMLTags.scan(result.html).compactMap { $0.attributes["href"] }
        #expect(hrefs == ["%7B%7B%25%20eturl%20alias%20%25%7D%7D", "notes%20one.md#x", "../x%7Cy.md?q=100%25"])
        #expect(result.links.map(\.destination) == ["{{% eturl alias %}}", "notes%20one.md#x", "../x|y.md?q=100%"], "warnings quote them as written")
        #expect(SafeURL.repairedRelativeURL("mailto:a b") == "mailto:a b")
        let rewritten = renderer.render("[c](<x|y.md>)\n", rewrite: { _ in "x-y.html" })
        #expect(HTMLTags.scan(rewritten.html).compactMap { $0.attributes["href"] } == ["x-y.html"])
    }

    @Test func duplicateHeadingsGetUniqueIds() {
        let result = renderer.render("## Notes\n\n## Notes\n\n## Notes\n")
        #expect(result.headingIDs.count == 3)
        #expect(Set(result.headingIDs).count == 3)
        #expect(result.headingIDs.first == "notes")
        #expect(result.headingIDs.allSatisfy { $0.hasPrefix("notes") })
    }

    @Test func generatedIdsDoNotCollideWithWrittenOnes() {
        // The second "Notes" would naturally become "notes-1", which a later heading also claims.
        let orders = [
            "## Notes\n\n## Notes\n\n## Notes 1\n",
            "## Notes 1\n\n## Notes\n\n## Notes\n",
            "## Notes\n\n## Notes 1\n\n## Notes\n\n## Notes 1\n\n## Notes 2\n",
        ]
        for markdown in orders {
            let result = renderer.render(markdown)
            let idsInHTML = HTMLTags.scan(result.html).compactMap { $0.name.hasPrefix("h") ? $0.attributes["id"] : nil }
            #expect(Set(result.headingIDs).count == result.headingIDs.count, "\(result.headingIDs)")
            #expect(idsInHTML == result.headingIDs)
        }
    }

    @Test func headingsAvoidIdsThePageLayoutUses() {
        let renderer = MarkdownRenderer(options: .init(reservedIDs: ["main", "top"]))
        let result = renderer.render("## Main\n\n## Top\n\n## Other\n")
        #expect(!result.headingIDs.contains("main"))
        #expect(!result.headingIDs.contains("top"))
        #expect(result.headingIDs.last == "other")
        #expect(Set(result.headingIDs).count == 3)
    }

    @Test func headingWithoutLettersStillGetsAnId() {
        let result = renderer.render("## !!!\n\n## ???\n")
        #expect(result.headingIDs.allSatisfy { !$0.isEmpty })
        #expect(Set(result.headingIDs).count == 2)
    }

    @Test func headingIdsAreSafeAttributeValues() {
        let result = renderer.render("## \"><script>x</script> & 'quotes'\n")
        let id = try! #require(result.headingIDs.first)
        #expect(id.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" })
        #expect(!result.html.contains("<script"))
    }

    @Test func headingInlineMarkupIsKept() {
        let html = renderer.render("## Using *Combine* with `URLSession`\n").html
        #expect(html.contains("<em>Combine</em>"))
        #expect(html.contains("<code>URLSession</code>"))
        #expect(html.contains("id=\"using-combine-with-urlsession\""))
    }

    // MARK: Title heading

    @Test func leadingHeadingBecomesTitleAndLeavesTheBody() {
        let result = renderer.render("# Diego\n\nLoves walks.\n", usesTitleHeading: true)
        #expect(result.firstHeading == "Diego")
        #expect(result.droppedTitleHeading)
        #expect(!result.html.contains("<h1"))
        #expect(result.firstParagraph == "Loves walks.")
    }

    @Test func leadingHeadingStaysWhenTheTitleComesFromFrontMatter() {
        let result = renderer.render("# Diego\n\nLoves walks.\n", usesTitleHeading: false)
        #expect(!result.droppedTitleHeading)
        #expect(result.html.contains("<h1 id=\"diego\">Diego</h1>"))
    }

    // MARK: Invalid UTF-8

    @Test func invalidUTF8IsReplaced() throws {
        var bytes = Array("---\ntitle: Bytes\n---\nCaf".utf8)
        bytes += [0xE9, 0x20, 0xFF, 0xFE]  // Latin-1 é, then two bytes never valid in UTF-8
        bytes += Array(" end\n".utf8)
        var diagnostics: [Diagnostic] = []
        let page = try #require(
            PageParser.parse(
                SourceFile(path: "a.md", bytes: bytes), displayPath: "Content/a.md",
                diagnostics: &diagnostics))
        let html = renderer.render(page.body).html
        #expect(html.contains("Caf\u{FFFD}"))
        #expect(html.contains("end"))
        #expect(html.unicodeScalars.allSatisfy { $0 != "\u{0}" })
    }

    @Test func invalidUTF8FileBuildsEndToEnd() throws {
        let site = MemorySite([:])
        try site.writeContent("notes/latin1.md", bytes: Array("# Caf".utf8) + [0xE9] + Array("\n\nNa\u{EF}ve ".utf8) + [0xFF] + Array("\n".utf8))
        let report = try Builder(options: site.options).build().report
        let item = try #require(report.site.allItems.first)
        #expect(item.title == "Caf\u{FFFD}")
        #expect(try site.text("notes/latin1.html").contains("\u{FFFD}"))
    }

    // MARK: Link rewriting callback

    @Test func callbackSeesEveryLinkAndImage() {
        var seen: [MarkdownRenderer.Link] = []
        _ = renderer.render(
            """
            First [one](a.md).

            Then ![A dog](dog.jpg "Title")
            and [two](https://example.org).
            """
        ) { link in
            seen.append(link)
            return nil
        }
        #expect(seen.map(\.destination) == ["a.md", "dog.jpg", "https://example.org"])
        #expect(seen.map(\.isImage) == [false, true, false])
        #expect(seen.map(\.line) == [1, 3, 4])
        #expect(seen[1].text == "A dog")
    }

    @Test func callbackReplacementsAreUsedAndNilKeepsTheDestination() {
        let result = renderer.render("[one](a.md) [two](b.md) ![pic](p.png)") { link in
            link.destination == "a.md" ? "catalog/a.html" : link.isImage ? "img/p.png" : nil
        }
        let tags = HTMLTags.scan(result.html)
        #expect(tags.compactMap { $0.attributes["href"] } == ["catalog/a.html", "b.md"])
        #expect(tags.compactMap { $0.attributes["src"] } == ["img/p.png"])
        #expect(result.links.map(\.destination) == ["catalog/a.html", "b.md", "img/p.png"])
    }

    @Test func replacementIsEscapedInTheHTML() {
        let html = renderer.render("[x](a.md)") { _ in "a.html?x=\"1\"&y=<2>" }.html
        #expect(!html.contains("\"1\""))
        #expect(!html.contains("<2>"))
    }

    @Test func referenceStyleLinksAreRewrittenToo() {
        let html = renderer.render("See [the guide][g].\n\n[g]: guide.md\n") { link in
            link.destination == "guide.md" ? "guide.html" : nil
        }.html
        #expect(html.contains("href=\"guide.html\""))
    }
}
