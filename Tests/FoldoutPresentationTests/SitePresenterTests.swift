import FoldoutModel
import FoldoutPresentation
import FoldoutTestSupport
import Testing

/// The presentation stage at its door: the site model goes in (made in memory by the stages
/// before it); the values each template reads come out, with URLs relative to the page.
struct SitePresenterTests {
    static let content = [
        "_index.md": page("title: Shelter\ndescription: Pets for adoption"),
        "pets/_index.md": page("title: Pets\nweight: 1"),
        "pets/dogs/_index.md": page("title: Dogs"),
        "pets/dogs/rex.md": page("title: Rex"),
        "pets/dogs/ada.md": page("title: Ada"),
        "courses/_index.md": page("title: Courses\nweight: 2"),
        "courses/swift.md": page("title: Swift"),
    ]

    static func text(_ value: TemplateValue?) -> String? {
        if case .text(let text)? = value { return text }
        return nil
    }

    @Test func theHomePageListsEveryCatalogWithItsCountAndLink() throws {
        let (site, diagnostics) = try MemorySite(Self.content).loaded().modeled()
        #expect(diagnostics.isEmpty)
        let home = SitePresenter(site: site).homeContext()
        guard case .context(let about)? = home[.site] else {
            Issue.record("no `site` in the home page's context")
            return
        }
        #expect(Self.text(about[.title]) == site.title)
        guard case .list(let cards)? = home[.catalogs] else {
            Issue.record("no `catalogs` in the home page's context")
            return
        }
        #expect(cards.map { Self.text($0[.title]) } == site.catalogs.map(\.title))
        #expect(cards.map { Self.text($0[.url]) } == site.catalogs.map(\.outputPath))
        for (card, catalog) in zip(cards, site.catalogs) {
            guard case .number(let count)? = card[.itemCount] else {
                Issue.record("no item count on \(catalog.title)'s card")
                continue
            }
            #expect(count == catalog.entryCount)
        }
    }

    @Test func aCatalogCardLinksFromThePageItIsShownOn() throws {
        let (site, _) = try MemorySite(Self.content).loaded().modeled()
        let pets = try #require(site.catalog("pets"))
        let presenter = SitePresenter(site: site)
        let fromCourses = presenter.catalogCardContext(pets, pagePath: "courses/index.html")
        #expect(Self.text(fromCourses[.url]) == "../" + pets.outputPath)
        // The 404 page is served at any depth, so its links are absolute under the base.
        var absolute = presenter
        absolute.absoluteBase = "https://example.org/shelter/"
        let from404 = absolute.catalogCardContext(pets, pagePath: "404.html")
        #expect(Self.text(from404[.url]) == "https://example.org/shelter/" + pets.outputPath)
    }
}
