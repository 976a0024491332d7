import FoldoutTestSupport
import Testing

@testable import FoldoutBase
@testable import FoldoutMarkdown

/// Attribute lists: kramdown's `{: .class #id}` on the line after a block and Pandoc's and
/// Hugo's `{.class #id}` after a heading. Only ids and classes of safe names are applied;
/// everything else is left out with a warning, never written into the page.
@Suite struct AttributeListTests {
    let renderer = MarkdownRenderer(options: .init())

    @Test func aKramdownListAppliesToTheParagraphItEnds() {
        let result = renderer.render("Some text.\n{: .lead #intro}\n")
        #expect(result.html == "<p id=\"intro\" class=\"lead\">Some text.</p>\n", "\(result.html)")
        #expect(result.rawHTMLIDs == ["intro"])
        #expect(result.firstParagraph == "Some text.")
    }

    @Test func aListOnALineOfItsOwnAppliesToTheBlockBefore() {
        let html = renderer.render("- one\n- two\n{: .-three-column}\n\nAfter.\n").html
        // cmark keeps `{: …}` in the last item as a lazy line; kramdown gives it to the list.
        #expect(html.hasPrefix("<div class=\"-three-column\">\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n</div>\n"), "\(html)")
        let table = renderer.render("| a | b |\n|---|---|\n| 1 | 2 |\n{: .wide}\n").html
        #expect(table.hasPrefix("<div class=\"wide\">\n<table>"), "\(table)")
        #expect(!table.contains("{:"))
        let code = renderer.render("```\ncode\n```\n{: .wide}\n").html
        #expect(code == "<div class=\"wide\">\n<pre><code>code\n</code></pre>\n</div>\n", "\(code)")
    }

    @Test func headingsTakeClassesAndIds() {
        let hugo = renderer.render("## Setup {.big #install}\n").html
        #expect(hugo == "<h2 id=\"install\" class=\"big\">Setup</h2>\n", "\(hugo)")
        let kramdown = renderer.render("## Setup\n{: .big}\n").html
        #expect(kramdown == "<h2 id=\"setup\" class=\"big\">Setup</h2>\n", "\(kramdown)")
        // Braces that hold no id or class are the heading's text.
        #expect(renderer.render("## Sets {a, b}\n").html.contains("Sets {a, b}"))
    }

    // Raw HTML inside the braces makes them no attribute list (so no warning), only text.
    @Test(arguments: [
        ("Text.\n{: onclick=\"alert(1)\" .ok}\n", true),
        ("Text.\n{: onload=alert(1) #x\" }\n", true),
        ("## Title {.ok onmouseover=\"alert(1)\"}\n", true),
        ("Text.\n{: .a\"><script>alert(1)</script> }\n", false),
        ("Text.\n{: style=\"background:url(javascript:alert(1))\"}\n", true),
    ])
    func nothingButIdAndClassReachesThePage(markdown: String, warned: Bool) {
        let result = renderer.render(markdown)
        for bad in ["onclick", "onload", "onmouseover", "<script", "style=", "javascript"] {
            #expect(!result.html.contains(bad), "\(result.html)")
        }
        #expect(result.attributeLists.contains { !$0.list.dropped.isEmpty } == warned)
    }

    @Test func anIdStaysUniqueOnThePage() {
        let result = renderer.render("## Intro\n\nText.\n{: #intro}\n")
        #expect(result.headingIDs == ["intro"])
        #expect(result.rawHTMLIDs == ["intro-1"])
    }

    @Test func droppedAttributesAreWarnedAboutAtTheirLine() {
        let site = MemorySite(["pets/_index.md": "# Pets\n", "pets/rex.md": "---\ntitle: Rex\n---\nGood dog.\n{: onclick=\"x()\" .ok}\n"])
        let warnings = site.diagnostics().filter { $0.message.contains("attribute list") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.line == 5)
        #expect(warnings.first?.message.contains("onclick") == true)
    }

    @Test func smartPunctuationCanBeTurnedOffForAPage() throws {
        let page = "---\ntitle: License\nsmart_punctuation: false\n---\n\"Software\" -- as is...\n"
        let snapshot = try MemorySite([
            "pets/_index.md": "# Pets\n", "pets/license.md": page,
            "pets/rex.md": "---\ntitle: Rex\n---\n\"Good\" -- dog...\n",
        ]).snapshot()
        #expect(snapshot.text(at: "pets/license.html")?.contains("&quot;Software&quot; -- as is...") == true)
        #expect(snapshot.text(at: "pets/rex.html")?.contains("“Good” – dog…") == true)
    }

    @Test func smartPunctuationCanBeTurnedOffForTheSiteAndOnAgainForAPage() throws {
        let snapshot = try MemorySite([
            "_index.md": "---\ntitle: Licenses\nsmart_punctuation: false\n---\n\"Plain\" text.\n",
            "pets/_index.md": "# Pets\n", "pets/license.md": "---\ntitle: License\n---\n\"Software\" -- as is...\n",
            "pets/rex.md": "---\ntitle: Rex\nsmart_punctuation: true\n---\n\"Good\" -- dog...\n",
        ]).snapshot()
        #expect(snapshot.text(at: "pets/license.html")?.contains("&quot;Software&quot; -- as is...") == true)
        #expect(snapshot.text(at: "pets/rex.html")?.contains("“Good” – dog…") == true)
        #expect(snapshot.text(at: "index.html")?.contains("&quot;Plain&quot; text.") == true)
    }
}
