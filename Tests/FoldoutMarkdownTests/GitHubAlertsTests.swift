import FoldoutTestSupport
import Testing

@testable import FoldoutMarkdown

/// GitHub's alerts (`> [!NOTE]`), which documentation sets use: a titled callout as GitHub
/// writes it, on pages with and without raw HTML; anything else stays a block quote.
@Suite struct GitHubAlertsTests {
    let renderer = MarkdownRenderer(options: .init())

    @Test(arguments: GitHubAlerts.kinds)
    func eachKindBecomesATitledCallout(kind: String) {
        let html = renderer.render("> [!\(kind.uppercased())]\n> Read this *first*.\n").html
        let title = kind.prefix(1).uppercased() + kind.dropFirst()
        #expect(
            html == "<div class=\"markdown-alert markdown-alert-\(kind)\">\n<p class=\"markdown-alert-title\">\(title)</p>\n"
                + "<p>Read this <em>first</em>.</p>\n</div>\n")
    }

    @Test func theMarkerMayStandAloneAndAnyCaseCounts() {
        let html = renderer.render("> [!tip]\n>\n> First paragraph.\n>\n> - a list\n").html
        #expect(html.hasPrefix("<div class=\"markdown-alert markdown-alert-tip\">\n<p class=\"markdown-alert-title\">Tip</p>\n<p>First paragraph.</p>"))
        #expect(html.contains("<li>a list</li>"))
        #expect(!html.contains("[!"))
    }

    @Test(arguments: [
        "> [!NOTE]\n",  // nothing after the marker
        "> [!HINT]\n> Not a kind GitHub has.\n",
        "> Text first [!NOTE]\n> then.\n",
        "> [!NOTE] on the same line as text\n",
        "- item\n\n  > [!NOTE]\n  > Inside a list.\n",  // only at the top of the document
    ])
    func otherQuotesStayQuotes(markdown: String) {
        let html = renderer.render(markdown).html
        #expect(html.contains("<blockquote>"), "\(html)")
        #expect(!html.contains("markdown-alert"))
    }

    @Test func onAPageWithRawHTMLTheAlertIsKeptAndARawDivIsNot() {
        let html = renderer.render(
            "<kbd>Ctrl</kbd>\n\n> [!WARNING]\n> Careful.\n\n<div class=\"x\" onclick=\"alert(1)\">raw</div>\n"
                + "<div class=\"markdown-alert markdown-alert-note\">made by hand</div>\n"
        ).html
        #expect(html.contains("<div class=\"markdown-alert markdown-alert-warning\">\n<p class=\"markdown-alert-title\">Warning</p>"), "\(html)")
        #expect(html.contains("<kbd>Ctrl</kbd>"))
        #expect(!html.contains("class=\"x\"") && !html.contains("onclick"))
        #expect(html.contains("raw"), "the text of a dropped tag stays")
        #expect(html.contains("<div class=\"markdown-alert markdown-alert-note\">made by hand</div>"), "the alert's own markup is harmless")
    }
}
