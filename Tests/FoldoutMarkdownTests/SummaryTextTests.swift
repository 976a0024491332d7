import FoldoutBase
import FoldoutTestSupport
import Testing

@testable import FoldoutMarkdown

/// Summaries are plain words wherever they are shown: markup of other tools that reaches them
/// as text is removed, never escaped into view.
struct SummaryTextTests {
    @Test func otherToolsMarkupIsRemoved() {
        let cases: [(String, String)] = [
            ("Use {{< icon \"star\" >}} often.", "Use often."),
            ("Use {{% note %}}this{{% /note %}} often.", "Use this often."),
            ("A {% raw %}{{ site.title }}{% endraw %} tag.", "A tag."),
            ("Three columns {: .-three-column}", "Three columns"),
            ("Styled {.lead #top} text", "Styled text"),
            ("See <a href=\"x.html\">the guide</a> now.", "See the guide now."),
            ("A <!-- note --> comment.", "A comment."),
        ]
        for (written, plain) in cases {
            #expect(SummaryText.plain(written) == plain, "\(written)")
        }
    }

    @Test func wordsThatOnlyLookLikeMarkupStay() {
        for text in ["5 < 6 and 7 > 3", "Sets {a, b} and maps", "Rex ]]> 5 < 6 & walks.", "An unclosed <b and {: start"] {
            #expect(SummaryText.plain(text) == text)
        }
    }

    @Test func aPageSummaryIsPlainWhetherWrittenOrTakenFromTheBody() throws {
        let (bodies, _) = try MemorySite([
            "pets/_index.md": "---\ntitle: Pets\n---\n",
            "pets/luna.md": "---\ntitle: Luna\n---\nLuna is {{< b >}}calm{{< /b >}} &lt;a href=\"x\"&gt;here&lt;/a&gt; {%raw%}ok{%endraw%}\n{: .-three-column}\n",
            "pets/rex.md": "---\ntitle: Rex\ndescription: \"Rex <em>likes</em> walks {: .lead}\"\n---\nBody.\n",
        ]).loaded().bodies()
        #expect(bodies.pages["pets/luna.md"]?.summary == "Luna is calm here ok")
        #expect(bodies.pages["pets/rex.md"]?.summary == "Rex likes walks")
    }
}
