import FoldoutTestSupport
import Testing

@testable import FoldoutMarkdown

/// Ids authors give headings (`{#id}`, as Hugo, Zola and Pandoc read them) and fragments
/// written for GitHub, which matches them without case.
@Suite struct HeadingIDTests {
    let renderer = MarkdownRenderer()

    @Test(arguments: [
        ("## Setup {#install}", "<h2 id=\"install\">Setup</h2>"),
        ("#### Poor interaction with deref { #overload }", "<h2 id=\"overload\">Poor interaction with deref</h2>"),
        ("## The my_var name {#my_var}", "<h2 id=\"my_var\">The my_var name</h2>"),
        ("## *Emphasis* first {#em.first}", "<h2 id=\"em.first\"><em>Emphasis</em> first</h2>"),
    ])
    func anIdWrittenAtTheEndOfAHeadingIsItsId(markdown: String, html: String) {
        let result = renderer.render(markdown + "\n")
        #expect(result.html == html + "\n")
        #expect(result.headingIDs.count == 1)
    }

    @Test(arguments: ["## {#only}", "## Price {in euros}", "## Braces {#not an id}"])
    func otherBracesStayText(markdown: String) {
        let html = renderer.render(markdown + "\n").html
        #expect(html.contains("{"), "\(html)")
    }

    @Test func writtenIdsStayUniqueAndTitleTheirPage() {
        let result = renderer.render("# Guide {#top}\n\n## One {#part}\n\n## Two {#part}\n", usesTitleHeading: true)
        #expect(result.firstHeading == "Guide")
        #expect(result.headingIDs == ["part", "part-1"])
    }

    @Test func aFragmentDifferingOnlyInCaseLeadsToTheHeading() {
        let result = renderer.render("[Next](#What-Next) [exact](#notes) [none](#Nowhere)\n\n## What next\n\n## Notes\n")
        let hrefs = HTMLTags.scan(result.html).compactMap { $0.attributes["href"] }
        #expect(hrefs == ["#what-next", "#notes", "#Nowhere"])
        #expect(result.links.map(\.destination) == ["#what-next", "#notes", "#Nowhere"])
    }

    @Test func rawHTMLThatMayHoldTheFragmentKeepsItAsWritten() {
        let html = renderer.render("<span id=\"What-Next\"></span>[Next](#What-Next)\n\n## What next\n").html
        #expect(HTMLTags.scan(html).compactMap { $0.attributes["href"] } == ["#What-Next"])
    }
}
