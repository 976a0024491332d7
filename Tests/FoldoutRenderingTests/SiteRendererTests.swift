import FoldoutBase
import FoldoutModel
import FoldoutRendering
import FoldoutTestSupport
import Testing

/// The rendering stage at its door: the site model (made in memory by the stages before it)
/// and the templates go in; the snapshot of `Output/` comes out, a page for the home, each
/// catalog, each item and the 404, with nothing written to a disk.
struct SiteRendererTests {
    static let content = [
        "_index.md": page("title: Shelter"),
        "pets/_index.md": page("title: Pets"),
        "pets/dogs/_index.md": page("title: Dogs"),
        "pets/dogs/rex.md": page("title: Rex", "Rex likes *sticks*."),
        "pets/cats/luna.md": page("title: Luna"),
        "about.md": page("title: About"),
    ]

    @Test func everyPageOfTheModelIsInTheSnapshot() throws {
        let (site, diagnostics) = try MemorySite(Self.content).loaded().modeled()
        #expect(diagnostics.isEmpty)
        let templates = try TemplateSet(files: DefaultTemplates.files, displayRoot: "Templates")
        var snapshot = OutputSnapshot()
        let count = SiteRenderer(site: site, templates: templates).render(into: &snapshot)
        #expect(count > 0)
        var expected = ["index.html", "404.html"] + site.catalogs.map(\.outputPath)
        expected += site.allItems.map(\.outputPath)
        for path in expected {
            #expect(snapshot.paths.contains(path), "\(path) missing from \(snapshot.paths.sorted())")
        }
        let rex = try #require(site.allItems.first { $0.title == "Rex" })
        let html = try #require(snapshot.text(at: rex.outputPath))
        #expect(html.contains("<em>sticks</em>"))
        #expect(snapshot.text(at: "pets/index.html")?.contains(#"href="dogs/rex.html""#) == true)
    }
}
