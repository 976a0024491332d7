import FoldoutBase
import FoldoutMarkdown
import FoldoutTestSupport
import Testing

/// The Markdown stage at its door: parsed pages and their routes go in; each body as HTML,
/// its title and summary, its heading ids and the problems of its links come out.
struct MarkdownStageTests {
    /// A README without a heading is titled by its first line when that is a short line of
    /// plain words, else by its folder's name (the content folder's for the root README).
    @Test func aReadmeWithoutHeadingIsTitledByItsFirstLineOrItsFolder() throws {
        let named = try MemorySite([
            "README.md": "OpenTele docs\n\nThe documentation of a project.\n",
            "guides/README.md": "Read these first, in order.\n",
            "guides/setup.md": page("title: Setup"),
        ]).loaded().bodies().0
        #expect(named.pages["README.md"]?.title == "OpenTele docs")
        #expect(named.pages["guides/README.md"]?.title == "Guides")
        let unnamed = try MemorySite([
            "README.md": "<p align=\"center\">A logo</p>\n\nThe documentation.\n",
            "guides/setup.md": page("title: Setup"),
        ]).loaded().bodies().0
        #expect(unnamed.pages["README.md"]?.title == "Content")
    }

    @Test func bodiesBecomeHTMLWithLinksToWhereTheirFilesAreShown() throws {
        let inputs = try MemorySite([
            "pets/_index.md": page("title: Pets"),
            "pets/luna.md": page("title: Luna", "Luna is *calm*.\n\n## Habits\n\nSee [Rex](rex.md) and [the intro](_index.md)."),
            "pets/rex.md": page("title: Rex", "Rex [misses a friend](nobody.md)."),
        ]).loaded()
        let (bodies, _) = inputs.bodies()
        let luna = try #require(bodies.pages["pets/luna.md"])
        #expect(luna.title == "Luna")
        #expect(luna.summary == "Luna is calm.")
        #expect(luna.html.contains("<em>calm</em>"))
        #expect(luna.headingIDs == ["habits"])
        // Links name output pages, relative to the page the body is shown on.
        #expect(luna.html.contains(#"href="rex.html""#))
        #expect(luna.html.contains(#"href="index.html""#))
        // A link to no file is reported at its line, in its file.
        let broken = try #require(bodies.diagnostics.first)
        #expect(bodies.diagnostics.count == 1)
        #expect(broken.path == "Content/pets/rex.md")
        #expect(broken.line == 5)
        #expect(broken.message.contains("nobody.md"))
        #expect(bodies.ownDiagnostics["pets/rex.md"]?.count == 1)
    }
}
