import FoldoutBase
import FoldoutRouting
import FoldoutTestSupport
import Testing

/// The route stage at its door: the folder tree and the parsed pages go in; where every
/// source is shown in `Output/` (a file of its own, or an anchor on its catalog's page) and
/// the pages at old addresses come out, with a warning for each name two sources wanted.
struct ContentRouterTests {
    static let content = [
        "pets/_index.md": page("title: Pets"),
        "pets/cats/_index.md": page("title: Cats", "Cats intro."),
        "pets/cats/luna.md": page("title: Luna\naliases: [/old/luna/]"),
        "pets/cats/Luna!.md": page("title: Luna again"),
        "pets/cats/notes.txt": "notes",
        "about.md": page("title: About"),
    ]

    @Test func everySourceIsGivenTheFileOrAnchorItIsShownAt() throws {
        let inputs = try MemorySite(Self.content).loaded()
        var diagnostics: [Diagnostic] = []
        let routes = ContentRouter(displayPath: inputs.loader.displayPath)
            .route(inputs.tree, pages: inputs.parsed().pages, diagnostics: &diagnostics)
        #expect(routes.targets["about.md"]?.path == "about.html")
        // A folder is routed by its path, and its `_index.md` shows on the folder's page.
        #expect(routes.targets["pets"]?.path == "pets/index.html")
        #expect(routes.indexFiles["pets/cats/_index.md"] == "pets/cats")
        // A folder inside a catalog is a group on the catalog's page.
        let cats = try #require(routes.targets["pets/cats"])
        #expect(cats.path == "pets/index.html")
        #expect(cats.fragment?.isEmpty == false)
        #expect(routes.targets["pets/cats/notes.txt"]?.path == "pets/cats/notes.txt")
        // Both names make `luna`: the first in name order keeps it, the other is numbered and warned about.
        #expect(routes.targets["pets/cats/Luna!.md"]?.path == "pets/cats/luna.html")
        #expect(routes.targets["pets/cats/luna.md"]?.path == "pets/cats/luna-2.html")
        #expect(diagnostics.count == 1)
        let warning = try #require(diagnostics.first)
        #expect(warning.severity == .warning)
        #expect(warning.path == "Content/pets/cats/luna.md")
        #expect(warning.message.contains("luna-2.html"))
    }

    @Test func anAliasBecomesARedirectToItsPage() throws {
        let inputs = try MemorySite(Self.content).loaded()
        let pages = inputs.parsed().pages
        var diagnostics: [Diagnostic] = []
        let router = ContentRouter(displayPath: inputs.loader.displayPath)
        let routes = router.route(inputs.tree, pages: pages, diagnostics: &diagnostics)
        let redirects = router.redirects(pages: pages, routes: routes, diagnostics: &diagnostics)
        #expect(
            redirects == [
                Redirect(
                    path: "old/luna/index.html", target: routes.targets["pets/cats/luna.md"]!,
                    source: "pets/cats/luna.md")
            ])
    }
}
