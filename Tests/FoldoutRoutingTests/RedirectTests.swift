import FoldoutBase
import FoldoutBuild
import FoldoutTestSupport
import Testing

/// `aliases:` (as Hugo and Zola read it): a page at each old address sends the reader on to
/// the page, with no script, from `file://` as over HTTP.
@Suite struct RedirectTests {
    static let site: [String: String] = [
        "_index.md": page("title: Shelter\nbase_url: https://example.org/shelter/"),
        "pets/_index.md": page("title: Pets\naliases: [animals]"),
        "pets/dogs/_index.md": page("title: Dogs\naliases: canines"),
        "pets/dogs/rex.md": page("title: Rex & Co\naliases: [/old/rex/, rex-2019.html, \"../rexy\"]"),
    ]

    /// The relative URL the refresh of the page at `path` leads to.
    func refresh(_ fixture: Builder.Report, _ path: String) -> String? {
        let html = fixture.html(path)
        guard let range = html.range(of: #"<meta http-equiv="refresh" content="0; url="#) else { return nil }
        return String(html[range.upperBound...].prefix { $0 != "\"" })
    }

    @Test func eachAliasIsAPageThatSendsTheReaderOn() throws {
        let fixture = try MemorySite(Self.site).report()
        // From the root, beside the page (`.html`: that file), and up from the page's folder.
        #expect(refresh(fixture, "old/rex/index.html") == "../../pets/dogs/rex.html")
        #expect(refresh(fixture, "pets/dogs/rex-2019.html") == "rex.html")
        #expect(refresh(fixture, "pets/rexy/index.html") == "../dogs/rex.html")
        // A catalog's and a group's old addresses lead to the catalog page, at the group; as on
        // Hugo's sites, a relative one starts at the folder above the section's.
        #expect(refresh(fixture, "animals/index.html") == "../pets/index.html")
        #expect(refresh(fixture, "pets/canines/index.html") == "../index.html#dogs")
        let html = fixture.html("old/rex/index.html")
        #expect(html.contains(#"<link rel="canonical" href="https://example.org/shelter/pets/dogs/rex.html">"#))
        #expect(html.contains(#"<a href="../../pets/dogs/rex.html">Rex &amp; Co</a>"#))
        #expect(html.contains(#"<meta name="robots" content="noindex">"#))
    }

    /// Docsy's blog links `/blog/2023/docsy-0.7/`, an alias of `0.7.x.md`: a link to an old
    /// address leads to the page itself, with no warning.
    @Test func linksToAnOldAddressLeadToThePage() throws {
        let fixture = try MemorySite(
            Self.site.merging([
                "pets/cats/tom.md": page("title: Tom", "[a](/old/rex/) [b](../dogs/rex-2019.html) [c](/pets/rexy/) [d](/animals/)")
            ]) { $1 }
        ).report()
        let html = fixture.html("pets/cats/tom.html")
        for (text, href) in [("a", "../dogs/rex.html"), ("b", "../dogs/rex.html"), ("c", "../dogs/rex.html"), ("d", "../index.html")] {
            #expect(html.contains("<a href=\"\(href)\">\(text)</a>"), "\(text)")
        }
        #expect(fixture.warnings.filter { $0.path == "Content/pets/cats/tom.md" }.isEmpty, "\(fixture.warnings)")
    }

    @Test func aliasesAreNotAFieldNorInTheSitemap() throws {
        let fixture = try MemorySite(Self.site).report()
        #expect(!fixture.html("pets/dogs/rex.html").contains("/old/rex/"))
        let sitemap = fixture.html("sitemap.xml")
        #expect(sitemap.contains("pets/dogs/rex.html") && !sitemap.contains("old/rex"))
    }

    @Test func aliasesWhereTheSitePublishesAreLeftOutWithAWarningAtTheirLine() throws {
        let fixture = try MemorySite(
            Self.site.merging([
                "pets/cats/tom.md": page(
                    "title: Tom\naliases: [/pets/dogs/rex.html, /tags/x/, https://example.org/tom/, /../up/, /old/rex/, /tom/, /tom/, "
                        + "/sitemap.xml, /pets/dogs/rex.html/x/, /pets/dogs/rex-2019.html/y.html, \"#top\", /, /.foldout-manifest]")
            ]) { $1 }
        ).report()
        let warnings = fixture.warnings
        let messages = warnings.filter { $0.path == "Content/pets/cats/tom.md" }.map { "\($0.line ?? 0) \($0.message)" }
        let left = "; no redirect is written for it"
        #expect(messages.contains("3 alias `/pets/dogs/rex.html` is `pets/dogs/rex.html`, where `Content/pets/dogs/rex.md` is published" + left), "\(messages)")
        #expect(messages.contains("3 alias `/tags/x/` is `tags/x/index.html`, among the files Foldout writes itself" + left))
        #expect(messages.contains("3 alias `https://example.org/tom/` is not a path on this site" + left))
        #expect(messages.contains("3 alias `/../up/` is not a path on this site" + left))
        #expect(messages.contains("3 alias `#top` is not a path on this site" + left))
        #expect(messages.contains("3 alias `/` is `index.html`, where the home page is published" + left))
        // Where the write would need a folder in place of a file: a page, another alias, a feed.
        #expect(messages.contains("3 alias `/pets/dogs/rex.html/x/` needs a folder `pets/dogs/rex.html`, where the site writes a file" + left))
        #expect(messages.contains("3 alias `/pets/dogs/rex-2019.html/y.html` needs a folder `pets/dogs/rex-2019.html`, where the site writes a file" + left))
        #expect(messages.contains("3 alias `/sitemap.xml` is `sitemap.xml/index.html`, among the files Foldout writes itself" + left))
        #expect(messages.contains("3 alias `/.foldout-manifest` is `.foldout-manifest/index.html`, among the files Foldout writes itself" + left))
        // Given twice in one file, it is written once, without a word.
        #expect(messages.count == 10, "\(messages)")
        // Two files with one alias: the second in path order is told about the first.
        #expect(
            warnings.contains {
                $0.path == "Content/pets/dogs/rex.md" && $0.line == 3
                    && $0.message == "alias `/old/rex/` is `old/rex/index.html`, which `Content/pets/cats/tom.md` has as an alias too" + left
            })
        // The page itself is untouched; its good alias is written.
        #expect(fixture.html("pets/dogs/rex.html").contains("<h1>Rex &amp; Co</h1>") && refresh(fixture, "tom/index.html") == "../pets/cats/tom.html")
        #expect(fixture.html("tags/x/index.html").isEmpty)
    }

    /// Jekyll's `redirect_from:` writes the same pages, is no field, and a problem with one of
    /// its addresses is named at its line.
    @Test func redirectFromIsReadAsAliases() throws {
        let fixture = try MemorySite(
            Self.site.merging([
                "pets/cats/tom.md": page("title: Tom\nredirect_from:\n  - /old/tom/\n  - /pets/dogs/rex.html")
            ]) { $1 }
        ).report()
        #expect(refresh(fixture, "old/tom/index.html") == "../../pets/cats/tom.html")
        #expect(!fixture.html("pets/cats/tom.html").contains("/old/tom/"))
        #expect(fixture.warnings.contains { $0.path == "Content/pets/cats/tom.md" && $0.line == 3 && $0.message.hasPrefix("alias `/pets/dogs/rex.html`") })
    }

    /// docsy-example's `aliases: [/blog/2018/*]` is a Netlify rule, not an address: it makes
    /// no folder named `*`, and neither does any character a Windows disk cannot hold.
    @Test func wildcardsInAliasesAreWarningsAtTheirLineAndMakeNothing() throws {
        let fixture = try MemorySite(
            Self.site.merging([
                "pets/cats/tom.md": page("title: Tom\naliases: [/blog/2018/*, \"/news/:year/\", \"old/%3Cid%3E\", /old/tom/]")
            ]) { $1 }
        ).report()
        let warnings = fixture.warnings.filter { $0.path == "Content/pets/cats/tom.md" }
        #expect(warnings.map(\.line) == [3, 3, 3], "\(warnings)")
        #expect(warnings.first?.message.hasPrefix("alias `/blog/2018/*` holds `*`, which no file name can hold on every disk") == true)
        #expect(warnings.allSatisfy { $0.hint?.contains("exact old addresses") == true })
        #expect(warnings.map(\.message).contains { $0.hasPrefix("alias `/news/:year/` holds `:`") })
        #expect(warnings.map(\.message).contains { $0.hasPrefix("alias `old/%3Cid%3E` holds `<`") })
        #expect(!fixture.snapshot.files.keys.contains { $0.contains("*") || $0.contains(":") || $0.contains("<") })
        #expect(!fixture.snapshot.files.keys.contains { $0.hasPrefix("blog/") || $0.hasPrefix("news/") })
        // The page's other alias is written as before.
        #expect(refresh(fixture, "old/tom/index.html") == "../../pets/cats/tom.html")
    }

    @Test func aliasesMustBeAddresses() {
        let diagnostics = MemorySite(Self.site.merging(["pets/cats/tom.md": page("title: Tom\naliases: {old: x}")]) { $1 }).failureDiagnostics()
        #expect(diagnostics.contains { $0.path == "Content/pets/cats/tom.md" && $0.line == 3 && $0.message.hasPrefix("`aliases` must be a list of addresses") })
    }
}
