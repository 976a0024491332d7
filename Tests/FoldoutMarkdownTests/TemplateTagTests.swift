import Testing

@testable import FoldoutMarkdown

/// Hugo shortcodes and Jekyll's Liquid in a page's text are shown as written, and found so the
/// build can say so; in code they are examples, and Go template actions without `<` or `%`
/// are neither.
@Suite struct TemplateTagTests {
    let renderer = MarkdownRenderer()

    func found(_ markdown: String) -> [TemplateTags.Found] { renderer.render(markdown).templateTags }

    @Test func shortcodesInTextAreFoundOnTheirLines() {
        let result = renderer.render("Intro.\n\n{{< artlist >}}\n\n## Tags\n\nSee {{< tagcloud limit=\"5\" >}} below.\n")
        #expect(result.templateTags == [.init(line: 3, text: "{{< artlist >}}"), .init(line: 7, text: "{{< tagcloud limit=\"5\" >}}")])
        #expect(result.html.contains("{{&lt; artlist &gt;}}"), "shown as written")
    }

    @Test func percentShortcodesAndTheirClosingTagsAreFound() {
        #expect(found("{{% note %}}Careful.{{% /note %}}\n").map(\.text) == ["{{% note %}}", "{{% /note %}}"])
    }

    @Test func aShortcodeInAHeadingOrALinkTextIsFound() {
        #expect(found("# Hi {{< emoji >}}\n").map(\.text) == ["{{< emoji >}}"])
        #expect(found("[{{< param name >}}](x.md)\n").map(\.text) == ["{{< param name >}}"])
    }

    @Test func shortcodesInCodeAreExamples() {
        #expect(found("Write `{{< figure src=\"a.jpg\" >}}` to show a figure.\n").isEmpty)
        #expect(found("```\n{{< highlight go >}}\n```\n").isEmpty)
        #expect(found("    {{% indented code %}}\n").isEmpty)
    }

    @Test func liquidTagsAndJekyllsVariablesAreFoundOnTheirLines() {
        let result = renderer.render(
            "Intro.\n\n{% include note.html content=\"Hi\" %}\n\nSee [#12]({{ site.repository }}/issues/12) and {{page.title | upcase}}.\n\n{%- for post in site.posts -%}\n")
        #expect(
            result.templateTags == [
                .init(line: 3, text: "{% include note.html content=\"Hi\" %}", kind: .liquid),
                .init(line: 5, text: "{{ site.repository }}", kind: .liquid),
                .init(line: 5, text: "{{page.title | upcase}}", kind: .liquid),
                .init(line: 7, text: "{%- for post in site.posts -%}", kind: .liquid),
            ])
        #expect(result.html.contains("{% include note.html"), "shown as written")
        #expect(found("{{% note %}}\n").map(\.kind) == [.hugoShortcode])
    }

    @Test func liquidInCodeIsAnExampleAndOtherPercentBracesAreNotLiquid() {
        #expect(found("Wrap it in `{% raw %}` and `{{ site.url }}`.\n\n```\n{% highlight ruby %}\n```\n").isEmpty)
        #expect(found("Half off: {%} and {% 5 %}; a Go template {{ .Site.Title }}; a word {{ sitemap }}.\n").isEmpty)
        // A format in prose, and Hugo's own globals, which Go templates capitalize.
        #expect(found("Use {%s} to print it; Hugo writes {{ site.Title }} and {{ page.Params.x }}.\n").isEmpty)
        #expect(found("{%raw%}x{%endraw%} and {{site.title}}\n").map(\.text) == ["{%raw%}", "{%endraw%}", "{{site.title}}"])
    }

    @Test func otherBracesAreNotShortcodes() {
        #expect(found("A Go template: {{ .Title }}, a set {{1, 2}}, and {{<}} alone.\n").map(\.text) == ["{{<}} alone."])
        #expect(found("No braces at all.\n").isEmpty)
    }

    @Test func anUnclosedShortcodeIsCutShort() {
        let text = try! #require(found("{{< " + String(repeating: "x", count: 100) + "\n").first).text
        #expect(text.count == 61 && text.hasSuffix("…"))
    }

    @Test func aShortcodeCutShortKeepsItsStraightQuotes() {
        let written = "{{< figure src=\"a.jpg\" alt=\"" + String(repeating: "y", count: 80)
        let text = try! #require(found(written + "\n").first).text
        #expect(text == written.prefix(60) + "…", "as the source writes it, not curled")
    }

    @Test func anUnclosedShortcodeEndingInPeriodsIsShownAsWritten() {
        #expect(found("{{< note ...\n").map(\.text) == ["{{< note ..."])
    }

    /// Cells are parsed again in small documents whose lines are not the page's: shortcodes
    /// are found before, while the rows are the source's lines.
    @Test func shortcodesInTableCellsAreFoundOnTheirRows() {
        let table =
            "Intro.\n\n| Name | Notes |\n|---|---|\n| Pie | {{< rating 5 >}} |\n| Cake | {{% note %}}x{{% /note %}} |\n\n"
            + "| A | B |\n|---|---|\n| \"q\" | x |\n| y | {{% z %}} |\n"
        let result = renderer.render(table)
        #expect(
            result.templateTags == [
                .init(line: 5, text: "{{< rating 5 >}}"), .init(line: 6, text: "{{% note %}}"),
                .init(line: 6, text: "{{% /note %}}"), .init(line: 11, text: "{{% z %}}"),
            ])
        #expect(result.html.components(separatedBy: "<table>").count == 3, "still two tables")
    }
}
