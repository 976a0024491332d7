import FoldoutBase
import FoldoutModel
import FoldoutTestSupport
import Testing

/// The model stage at its door: the folder tree, the routes and the rendered pages go in;
/// the shared section model comes out: catalogs > sections > groups > items, in order.
struct SiteModelBuilderTests {
    @Test func foldersBecomeCatalogsSectionsAndGroupsInWeightThenTitleOrder() throws {
        let inputs = try MemorySite([
            "pets/_index.md": page("title: Pets"),
            "pets/dogs/_index.md": page("title: Dogs\nweight: 1"),
            "pets/dogs/rex.md": page("title: Rex"),
            "pets/cats/_index.md": page("title: Cats\nweight: 2"),
            "pets/cats/indoor/_index.md": page("title: Indoor"),
            "pets/cats/indoor/tom.md": page("title: Tom"),
            "pets/cats/bella.md": page("title: Bella"),
            "pets/cats/ada.md": page("title: Ada"),
            "about.md": page("title: About", "About us."),
        ]).loaded()
        let (bodies, routes) = inputs.bodies()
        var diagnostics: [Diagnostic] = []
        let site = SiteModelBuilder(routes: routes, pages: bodies.pages, displayPath: inputs.loader.displayPath)
            .build(inputs.tree, diagnostics: &diagnostics)
        #expect(diagnostics.isEmpty)
        let pets = try #require(site.catalogs.first)
        #expect(site.catalogs.map(\.title) == ["Pets"])
        #expect(pets.outputPath == "pets/index.html")
        #expect(pets.itemCount == 4)
        #expect(pets.sections.map(\.title) == ["Dogs", "Cats"])
        let cats = pets.sections[1]
        var outline: [String] = []
        for entry in cats.entries {
            switch entry {
            case .item(let item): outline.append(item.title)
            case .group(let group): outline.append(group.title + ": " + group.allItems.map(\.title).joined(separator: ", "))
            }
        }
        #expect(outline == ["Ada", "Bella", "Indoor: Tom"])
        #expect(
            pets.allItems.map(\.outputPath) == [
                "pets/dogs/rex.html", "pets/cats/ada.html", "pets/cats/bella.html",
                "pets/cats/indoor/tom.html",
            ])
        // A page beside the catalogs is a loose item of the site.
        #expect(site.looseItems?.allItems.map(\.title) == ["About"])
    }
}
