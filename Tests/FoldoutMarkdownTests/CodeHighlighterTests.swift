import FoldoutTestSupport
import Foundation
import Testing

@testable import FoldoutMarkdown

/// Fenced code coloured at build time: keywords, strings, comments and numbers in spans of
/// their own, everything escaped, a language Foldout does not know left plain.
@Suite struct CodeHighlighterTests {
    let renderer = MarkdownRenderer()

    @Test func aKnownLanguageIsHighlighted() {
        let html = renderer.render("```swift\nlet name = \"Rex\" // a dog\nreturn 42\n```\n").html
        #expect(
            html
                == "<pre><code class=\"language-swift\"><span class=\"hl-k\">let</span> name = <span class=\"hl-s\">&quot;Rex&quot;</span> "
                + "<span class=\"hl-c\">// a dog</span>\n<span class=\"hl-k\">return</span> <span class=\"hl-n\">42</span>\n</code></pre>\n")
    }

    @Test func anUnknownLanguageOrNoneStaysAsCmarkWritesIt() {
        for fence in ["```brainfuck\n<a> & \"b\"\n```\n", "```\nlet x = 1\n```\n"] {
            let html = renderer.render(fence).html
            #expect(!html.contains("hl-"))
            #expect(html.contains("<pre><code"))
        }
    }

    @Test func markupIsEscapedInsideSpans() {
        let html = renderer.render("```html\n<a href=\"x&y\">T</a> <!-- c -->\n```\n").html
        #expect(html.contains("&lt;<span class=\"hl-k\">a</span> <span class=\"hl-a\">href</span>=<span class=\"hl-s\">&quot;x&amp;y&quot;</span>&gt;"))
        #expect(html.contains("<span class=\"hl-c\">&lt;!-- c --&gt;</span>"))
        #expect(!html.contains("<a "))
    }

    @Test func shellCommentsStartOnlyAfterASpace() {
        let html = renderer.render("```sh\necho $# # count\n```\n").html
        #expect(html.contains("$# <span class=\"hl-c\"># count</span>"))
    }

    @Test func yamlKeysAndDiffLines() {
        let yaml = renderer.render("```yaml\ntitle: Rex # name\n- tags: [a]\n```\n").html
        #expect(yaml.contains("<span class=\"hl-a\">title</span>: Rex <span class=\"hl-c\"># name</span>"))
        #expect(yaml.contains("- <span class=\"hl-a\">tags</span>:"))
        let diff = renderer.render("```diff\n-old\n+new\n same\n```\n").html
        #expect(diff.contains("<span class=\"hl-del\">-old</span>\n<span class=\"hl-ins\">+new</span>\n same"))
    }

    /// The spans survive the raw-HTML allowlist of a page with raw HTML; other classes do not.
    @Test func spansSurviveTheAllowlist() {
        let html = renderer.render("<kbd>x</kbd> <span class=\"evil\">y</span>\n\n```js\nconst a = 1\n```\n").html
        #expect(html.contains("<span class=\"hl-k\">const</span>"))
        #expect(!html.contains("evil"))
    }

    @Test func highlightingTheCorpusOfLanguagesNeverLosesText() {
        // Every language's output, tags removed and entities read, is the code as written.
        let code = "a = \"s\\\"t\" 'c' `t` /* b */ -- x # y // z\n<p x='1'>0x1F 3.5e2</p>\n+ - @@\n\"\"\"doc\"\"\" open \"string\n"
        for name in ["swift", "rust", "go", "js", "ts", "python", "ruby", "bash", "yaml", "toml", "json", "css", "sql", "html", "diff", "c", "cpp", "java", "kotlin", "cs"] {
            guard let language = CodeLanguage.named(name) else {
                Issue.record("\(name) is not known")
                continue
            }
            let html = CodeHighlighter(language: language).html(code)
            var text = ""
            var inTag = false
            for character in html {
                if character == "<" { inTag = true } else if character == ">" && inTag { inTag = false } else if !inTag { text.append(character) }
            }
            text = text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
            #expect(text == code, "\(name)")
        }
    }
}
