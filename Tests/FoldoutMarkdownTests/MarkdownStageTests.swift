import Testing
import FoldoutBase
import FoldoutMarkdown
import FoldoutTestSupport

/// The Markdown stage at its door: parsed pages and their routes go in; each body as HTML,
/// its title and summary, its heading ids and the problems of its links come out.
struct MarkdownStageTests {
    @Test func bodiesBecomeHTMLWithLinksToWhereTheirFilesAreShown() throws {
        let inputs = try StageInputs([
            "pets/_index.md": page("title: Pets"),
            "pets/luna.md": page("title: Luna", "Luna is *calm*.\n\n## Habits\n\nSee [Rex](rex.md) and [the intro](_index.md)."),
            "pets/rex.md": page("title: Rex", "Rex [misses a friend](nobody.md)."),
        ])
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
