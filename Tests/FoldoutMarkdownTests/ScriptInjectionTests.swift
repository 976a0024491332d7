import FoldoutTestSupport
import Foundation
import Testing

@testable import FoldoutBase

/// No text a user writes becomes script: front matter is escaped wherever templates put it,
/// raw HTML in Markdown is dropped unless the site opts in, and only http(s), mailto and
/// relative URLs reach `href` and `src`.
@Suite struct ScriptInjectionTests {
    /// A double quote followed by a combining accent is one grapheme cluster; escaping that
    /// looked at clusters let the quote through and closed the attribute.
    static let payloads = [
        "<script>alert(1)</script>", "x\" onmouseover=\"alert(1)", "x\"\u{301} onmouseover=alert(1) y=\"",
        "x' onfocus='alert(1)",
    ]

    /// Character by character would miss `"\u{301}` (one Character); scalars do not.
    static func escaped(_ text: String) -> String {
        let entities: [Unicode.Scalar: String] = ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;"]
        return text.unicodeScalars.map { entities[$0] ?? String($0) }.joined()
    }

    @Test(arguments: payloads)
    func frontMatterValuesAreEscapedInTextAndAttributes(payload: String) throws {
        let yaml = YAMLText.quoted(payload)
        let site = MemorySite([
            "_index.md": "---\ntitle: \(yaml)\ndescription: \(yaml)\n---\n",
            "pets/_index.md": "---\ntitle: \(yaml)\n---\n",
            "pets/dogs/_index.md": "---\ntitle: \(yaml)\n---\n",
            "pets/dogs/rex.md": """
            ---
            title: \(yaml)
            summary: \(yaml)
            date: \(yaml)
            image: rex.jpg
            image_alt: \(yaml)
            breed: \(yaml)
            tags: [\(yaml)]
            ---
            Text.
            """,
            "pets/dogs/rex.jpg": "jpeg",
        ])
        let snapshot = try site.snapshot()
        for path in ["index.html", "pets/index.html", "pets/dogs/rex.html"] {
            let (markup, scripts) = Self.structuredData(in: snapshot.text(at: path) ?? "")
            #expect(!markup.contains(payload), "raw payload in \(path)")
            #expect(markup.contains(Self.escaped(payload)), "escaped payload missing from \(path)")
            // In the JSON-LD, the payload is a JSON string that cannot end the element, and reads back as written.
            #expect(scripts.count == 1, "\(path)")
            for script in scripts {
                #expect(!script.lowercased().contains("</script") && !script.contains("<!--"), "\(path)")
                let json = try JSONSerialization.jsonObject(with: Data(script.utf8))
                #expect(Self.strings(in: json).contains(payload), "\(path)")
            }
        }
    }

    /// The page without its JSON-LD, and the JSON-LD of each `<script type="application/ld+json">`.
    static func structuredData(in html: String) -> (markup: String, scripts: [String]) {
        let open = #"<script type="application/ld+json">"#
        var parts = html.components(separatedBy: open)
        var scripts: [String] = []
        for index in parts.indices.dropFirst() {
            guard let end = parts[index].range(of: "</script>") else { continue }
            scripts.append(String(parts[index][..<end.lowerBound]))
            parts[index] = String(parts[index][end.upperBound...])
        }
        return (parts.joined(), scripts)
    }

    /// Every string value of decoded JSON.
    static func strings(in json: Any) -> [String] {
        switch json {
        case let text as String: return [text]
        case let list as [Any]: return list.flatMap(strings)
        case let object as [String: Any]: return object.values.flatMap(strings)
        default: return []
        }
    }

    @Test func rawHTMLInMarkdownIsDroppedUnlessTheSiteAllowsIt() throws {
        let page = "# Rex\n\n<script>alert(1)</script>\n\nA <b onclick=\"alert(1)\">good</b> dog.\n"
        let safe = try MemorySite(["pets/_index.md": "# Pets\n", "pets/rex.md": page]).snapshot()
        let html = safe.text(at: "pets/rex.html") ?? ""
        #expect(!html.contains("<script>alert"))
        #expect(!html.contains("onclick"))
        #expect(html.contains("<!-- raw HTML omitted -->"))

        let unsafe = try MemorySite(["_index.md": "---\nunsafe_html: true\n---\n", "pets/_index.md": "# Pets\n", "pets/rex.md": page]).snapshot()
        #expect(unsafe.text(at: "pets/rex.html")?.contains("<b onclick=\"alert(1)\">good</b>") == true)
    }

    @Test func unsafeHTMLCountsOnlyInTheSiteIndexAndMustBeABoolean() {
        let site = MemorySite([
            "_index.md": "---\nunsafe_html: \"yes\"\n---\n", "pets/_index.md": "---\nunsafe_html: true\n---\n",
            "pets/rex.md": "<b>x</b>\n",
        ])
        let diagnostics = site.diagnostics()
        #expect(diagnostics.map(\.severity) == [.error, .warning])
        #expect(diagnostics.first?.message.contains("`unsafe_html` must be true or false") == true)
        #expect(diagnostics.last?.path == "Content/pets/_index.md")
    }

    static let dangerousLinks = [
        "[a](javascript:alert(1))", "[b](JaVaScRiPt:alert(1))", "[c](<java\tscript:alert(1)>)", "[d](&#106;avascript:alert(1))",
        "[e](vbscript:msgbox(1))", "![f](data:image/svg+xml;base64,PHN2Zz4=)", "[g](data:text/html;base64,PHNjcmlwdD4=)",
        "<javascript:alert(1)>", "[h][ref]\n\n[ref]: javascript:alert(1)", "[i](file:///etc/passwd)",
    ]

    @Test(arguments: dangerousLinks, [false, true])
    func dangerousURLsInMarkdownAreNeutralised(link: String, unsafeHTML: Bool) throws {
        let site = MemorySite([
            "_index.md": "---\nunsafe_html: \(unsafeHTML)\n---\n", "pets/_index.md": "# Pets\n",
            "pets/rex.md": "# Rex\n\nSee \(link)\n",
        ])
        let snapshot = try site.snapshot()
        let urls = OutputLinks.urls(in: snapshot.text(at: "pets/rex.html") ?? "")
        #expect(urls.allSatisfy(SafeURL.isAllowed), "\(urls)")
        #expect(urls.contains(""), "the link keeps its text with an empty URL")
        let warnings = site.warnings()
        #expect(warnings.count == 1)
        #expect(warnings.first?.line == 3)
        #expect(warnings.first?.message.contains("was removed") == true)
    }

    @Test func safeLinksAreKept() throws {
        let page = "# Rex\n\n[a](https://example.com/a?b=c) [b](http://example.com) [c](mailto:shelter@example.com) [d](#care)\n\n## Care\n"
        let site = MemorySite(["pets/_index.md": "# Pets\n", "pets/rex.md": page])
        let html = try site.snapshot().text(at: "pets/rex.html") ?? ""
        for url in ["https://example.com/a?b=c", "http://example.com", "mailto:shelter@example.com", "#care"] {
            #expect(html.contains("href=\"\(url)\""))
        }
        #expect(site.diagnostics().isEmpty)
    }

    @Test(arguments: ["javascript:alert(1)", "data:image/svg+xml;base64,PHN2Zz4=", " JAVASCRIPT:alert(1)", "vbscript:x"])
    func dangerousImageURLsInFrontMatterAreLeftOut(image: String) throws {
        let site = MemorySite(["pets/_index.md": "# Pets\n", "pets/rex.md": "---\ntitle: Rex\nimage: \"\(image)\"\n---\n"])
        let snapshot = try site.snapshot()
        for path in ["pets/rex.html", "pets/index.html"] {
            #expect(OutputLinks.urls(in: snapshot.text(at: path) ?? "").allSatisfy(SafeURL.isAllowed))
        }
        let warnings = site.warnings()
        #expect(warnings.count == 1)
        #expect(warnings.first?.line == 3)
    }

    @Test func dangerousURLsInImageLikeFieldsAreLeftOut() throws {
        let site = MemorySite(["pets/_index.md": "# Pets\n", "pets/rex.md": "---\ntitle: Rex\nphoto: javascript:alert(1)//.png\n---\n"])
        let snapshot = try site.snapshot()
        for path in ["pets/rex.html", "pets/index.html"] {
            #expect(OutputLinks.urls(in: snapshot.text(at: path) ?? "").allSatisfy(SafeURL.isAllowed))
        }
        #expect(site.warnings().map(\.line) == [3])
    }

    /// `404.html` writes its links under `base_url`, so `javascript:` there would be script.
    @Test func baseURLMustBeAWebAddress() throws {
        let site = MemorySite(["_index.md": "---\ntitle: Shelter\nbase_url: \"javascript:alert(1)//\"\n---\n", "pets/rex.md": "# Rex\n"])
        let errors = site.errors()
        #expect(errors.count == 1)
        #expect(errors.first?.line == 3)
        #expect(errors.first?.message.contains("`base_url` must be an http:// or https:// address") == true)
        let fine = MemorySite(["_index.md": "---\ntitle: Shelter\nbase_url: https://example.org/shelter/\n---\n", "pets/rex.md": "# Rex\n"])
        #expect(try fine.snapshot().text(at: "404.html")?.contains("href=\"https://example.org/shelter/index.html\"") == true)
    }

    @Test func onlyWebURLsInFieldsBecomeLinks() throws {
        let site = MemorySite([
            "pets/_index.md": "# Pets\n",
            "pets/rex.md": "---\ntitle: Rex\nhomepage: https://rex.example\nlink: javascript:alert(1)\n---\n",
        ])
        let html = try site.snapshot().text(at: "pets/rex.html") ?? ""
        #expect(html.contains("<a href=\"https://rex.example\">"))
        #expect(!html.contains("href=\"javascript:"))
        #expect(html.contains("javascript:alert(1)"), "shown as text")
    }

    @Test func schemesAreReadTheWayBrowsersReadThem() {
        #expect(SafeURL.scheme(of: "https://x") == "https")
        #expect(SafeURL.scheme(of: "  JavaScript:x") == "javascript")
        #expect(SafeURL.scheme(of: "java\tscr\nipt:x") == "javascript")
        #expect(SafeURL.scheme(of: "\u{1}javascript:x") == "javascript")
        #expect(SafeURL.scheme(of: "dogs/rex.html") == nil)
        #expect(SafeURL.scheme(of: "rex.html#a:b") == nil)
        #expect(SafeURL.scheme(of: "java%73cript:x") == nil, "not a scheme to a browser: a relative path")
        #expect(SafeURL.scheme(of: "1abc:x") == nil)
        #expect(!SafeURL.isAllowed("data:text/html,hi"))
        #expect(SafeURL.isAllowed("../a b.html"))
    }

    /// `isAllowed` reads the scheme without building it; it must agree with `scheme(of:)`.
    @Test func allowedURLsAreThoseWithAnAllowedSchemeOrNone() {
        var random = SplitMix64(seed: 11)
        let pieces = [
            "h", "t", "p", "s", "HTTP", "mailto", "java", "script", ":", "/", "1", "+", ".", "-", " ", "\t", "\n", "\u{1}",
            "#", "é", "httpss", "mailtoo",
        ]
        for _ in 0..<5000 {
            let url = (0..<random.next(8)).map { _ in random.pick(pieces) }.joined()
            let expected = SafeURL.scheme(of: url).map(SafeURL.allowedSchemes.contains) ?? true
            #expect(SafeURL.isAllowed(url) == expected, "\(url.debugDescription)")
        }
    }
}
