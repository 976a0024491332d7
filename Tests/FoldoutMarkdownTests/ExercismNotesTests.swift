import FoldoutTestSupport
import Testing

@testable import FoldoutMarkdown

/// Exercism's admonitions (`~~~~exercism/note`), Markdown inside a fence, found in 27 of
/// problem-specifications' exercises: a titled box with the Markdown rendered, as on
/// Exercism's site, never a code block of raw Markdown.
@Suite struct ExercismNotesTests {
    let renderer = MarkdownRenderer(options: .init())

    @Test func anAdmonitionIsAnAlertWithItsMarkdownRendered() {
        let markdown = """
            Intro.

            ~~~~exercism/note
            The puzzle is a [CSP][csp], *famous*.

            ```python
            print(1)
            ```

            [csp]: https://en.wikipedia.org/wiki/Constraint_satisfaction_problem
            ~~~~

            ~~~~exercism/advanced
            Harder.
            ~~~~
            After.
            """
        let html = renderer.render(markdown).html
        #expect(html.contains("<div class=\"markdown-alert markdown-alert-note\">\n<p class=\"markdown-alert-title\">Note</p>"), "\(html)")
        #expect(html.contains("<a href=\"https://en.wikipedia.org/wiki/Constraint_satisfaction_problem\">CSP</a>, <em>famous</em>"))
        #expect(html.contains("<code class=\"language-python\">"))
        #expect(!html.contains("exercism/") && !html.contains("[csp]"))
        // A kind GitHub has no alert for is a note; the text after the fence is no part of it.
        #expect(html.components(separatedBy: "markdown-alert-note\"").count == 3)
        #expect(html.hasSuffix("</div>\n<p>After.</p>\n"), "\(html)")
    }

    @Test func theSyntaxShownInsideAnotherFenceIsLeftAlone() {
        let html = renderer.render("````markdown\n~~~~exercism/note\nText.\n~~~~\n````\n").html
        #expect(html.contains("~~~~exercism/note\nText.\n~~~~"), "\(html)")
        #expect(!html.contains("markdown-alert"))
    }
}
