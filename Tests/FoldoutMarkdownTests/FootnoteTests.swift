import FoldoutTestSupport
import Testing

@testable import FoldoutBase
@testable import FoldoutMarkdown

/// Footnotes (`[^1]` and `[^1]: text`), which libcmark does not know: numbered references,
/// a list of notes at the end with links back, ids unique on the page, and a warning for a
/// reference to no note and a note never referenced.
@Suite struct FootnoteTests {
    let renderer = MarkdownRenderer(options: .init())

    @Test func referencesAreNumberedInOrderAndLinkToTheirNotes() {
        let markdown = "Dogs[^dogs] and cats[^cats], dogs again[^dogs].\n\n[^cats]: Cats *purr*.\n[^dogs]: Dogs bark.\n"
        let result = renderer.render(markdown)
        let html = result.html
        #expect(html.contains("Dogs<sup><a href=\"#fn-1\" id=\"fnref-1\" class=\"footnote-ref\" role=\"doc-noteref\">1</a></sup>"), "\(html)")
        #expect(html.contains("cats<sup><a href=\"#fn-2\" id=\"fnref-2\" class=\"footnote-ref\" role=\"doc-noteref\">2</a></sup>"))
        #expect(html.contains("again<sup><a href=\"#fn-1\" id=\"fnref-1-2\""))
        // The notes in the order of their numbers, each paragraph ending in its back links.
        let dogs = html.range(of: "<li id=\"fn-1\">")!, cats = html.range(of: "<li id=\"fn-2\">")!
        #expect(dogs.lowerBound < cats.lowerBound)
        #expect(html.contains("<p>Dogs bark. <a href=\"#fnref-1\" class=\"footnote-back\" role=\"doc-backlink\""))
        #expect(html.contains("<a href=\"#fnref-1-2\""))
        #expect(html.contains("<p>Cats <em>purr</em>. <a href=\"#fnref-2\""))
        #expect(html.contains("<section class=\"footnotes\" aria-label=\"Footnotes\">"))
        #expect(!html.contains("[^"))
        #expect(result.footnoteProblems.isEmpty)
        #expect(result.rawHTMLIDs.contains("fn-1") && result.rawHTMLIDs.contains("fnref-1-2"))
    }

    @Test func aOneWordNoteIsNotTakenForALinkDefinition() {
        let html = renderer.render("Text[^1].\n\n[^1]: Source.\n").html
        #expect(html.contains("<li id=\"fn-1\">"), "\(html)")
        #expect(html.contains("<p>Source. <a href=\"#fnref-1\""))
        #expect(!html.contains("href=\"Source.\""))
    }

    /// Docsy's docs define a note under the list item that refers to it, its text on the next
    /// lines, as Hugo's Goldmark reads it; in a block quote too (a one-word note there is no link
    /// definition either).
    @Test func notesDefinedInsideListItemsAndQuotesAreFound() throws {
        let markdown = """
            - Recommended.[^below]
              More text.

              [^below]:
                  Likely the default later.

            > Quoted[^q].
            >
            > [^q]: Quotes.

            """
        let result = renderer.render(markdown)
        let html = result.html
        #expect(result.footnoteProblems.isEmpty, "\(result.footnoteProblems)")
        #expect(html.contains("Recommended.<sup><a href=\"#fn-1\""), "\(html)")
        #expect(html.contains("Quoted<sup><a href=\"#fn-2\""))
        #expect(!html.contains("[^"))
        let notes = try #require(html.range(of: "<section class=\"footnotes\""))
        #expect(html[notes.lowerBound...].contains("<p>Likely the default later. <a href=\"#fnref-1\""))
        #expect(html[notes.lowerBound...].contains("<p>Quotes. <a href=\"#fnref-2\""))
    }

    /// As cmark-gfm (GitHub) reads them: a definition under a nested list item stands 4 or more
    /// spaces from the margin, and is one while at most 3 past its item's text; 4 past it, or 4
    /// from the margin outside any list, it is code, shown as written.
    @Test func notesIndentedUnderNestedListItemsAreFound() {
        let nested = renderer.render("- Item\n    - Nested[^1] text.\n\n        [^1]: The note.\n")
        #expect(nested.footnoteProblems.isEmpty, "\(nested.footnoteProblems)")
        #expect(nested.html.contains("Nested<sup><a href=\"#fn-1\""), "\(nested.html)")
        #expect(nested.html.contains("<li id=\"fn-1\">\n<p>The note. <a href=\"#fnref-1\""))
        #expect(!nested.html.contains("[^"))
        let deep = renderer.render("- a\n    - b\n        - c[^x]\n\n            [^x]: Deep note.\n")
        #expect(deep.footnoteProblems.isEmpty && deep.html.contains("<p>Deep note. <a href=\"#fnref-1\""), "\(deep.html)")
        let code = renderer.render("- Item[^1]\n\n      [^1]: four past the text\n\nText.\n\n    [^2]: at the margin\n\n>     [^3]: quoted code\n")
        #expect(code.html.contains("<pre><code>[^1]: four past the text\n</code></pre>"), "\(code.html)")
        #expect(code.html.contains("<pre><code>[^2]: at the margin\n</code></pre>"))
        #expect(code.html.contains("<pre><code>[^3]: quoted code\n</code></pre>"))
        #expect(!code.html.contains("\\[^") && !code.html.contains("footnotes"))
        // A fence inside a nested item keeps a definition-like line as written.
        let fenced = renderer.render("- a\n    - b[^1]\n\n        ```\n        [^1]: in a fence\n        ```\n\n        [^1]: Real.\n")
        #expect(fenced.html.contains("<code>[^1]: in a fence\n</code>"), "\(fenced.html)")
        #expect(fenced.html.contains("<p>Real. <a href=\"#fnref-1\""))
    }

    @Test func inCodeFootnoteSyntaxIsLeftAsWritten() {
        let html = renderer.render("Use `[^1]` like this.\n\n```\n[^1]: in a fence\n```\n").html
        #expect(html.contains("<code>[^1]</code>"))
        #expect(html.contains("[^1]: in a fence"))
        #expect(!html.contains("footnotes"))
    }

    @Test func aHeadingNamedLikeANoteGetsAnotherID() {
        let result = renderer.render("## fn-1\n\nText[^a].\n\n[^a]: Note.\n")
        #expect(result.headingIDs == ["fn-1-1"])
        #expect(result.html.contains("<li id=\"fn-1\">"))
    }

    @Test func missingAndUnusedNotesAreReported() {
        let result = renderer.render("One[^missing].\n\n[^unused]: Never referenced.\n")
        #expect(result.html.contains("One[^missing]."))
        #expect(!result.html.contains("Never referenced"))
        #expect(result.footnoteProblems.map(\.line) == [1, 3])
    }

    @Test func aPageWithRawHTMLKeepsItsNotes() {
        let html = renderer.render("<kbd>Ctrl</kbd> then C[^1].\n\n[^1]: Copies.\n").html
        #expect(
            html.contains("<sup><a id=\"fnref-1\" href=\"#fn-1\" class=\"footnote-ref\" role=\"doc-noteref\">1</a></sup>")
                || html.contains("href=\"#fn-1\""), "\(html)")
        #expect(html.contains("<li id=\"fn-1\">"), "\(html)")
        #expect(html.contains("<section class=\"footnotes\""), "\(html)")
    }

    @Test func warningsNameTheFileLine() {
        let site = MemorySite(["pets/_index.md": "# Pets\n", "pets/rex.md": "---\ntitle: Rex\n---\nGood dog[^1].\n"])
        let warnings = site.diagnostics().filter { $0.message.contains("footnote") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.line == 4)
    }
}
