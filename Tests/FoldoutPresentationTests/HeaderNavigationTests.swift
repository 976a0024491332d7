import Testing
import FoldoutPresentation
import FoldoutTestSupport

/// The header names a few catalogs and links to the home page's list of all of them, so it
/// stays one line and light on a site of dozens of catalogs (a command reference in forty
/// languages); a small site's header names them all.
@Suite struct HeaderNavigationTests {
    /// A site of `count` catalogs `c1` … `cN`, one item each.
    static func site(catalogs count: Int) -> [String: String] {
        var files = ["_index.md": page("title: Many")]
        for number in 1...count {
            files["c\(number)/_index.md"] = page("title: Catalog \(number)\nweight: \(number)")
            files["c\(number)/item.md"] = page("title: Item \(number)")
        }
        return files
    }

    /// The header's links: their text, href and whether they mark the current page.
    static func headerLinks(_ html: String) -> [(text: String, href: String, current: Bool)] {
        let header = html.components(separatedBy: #"<nav class="site-nav""#).dropFirst().first?.components(separatedBy: "</nav>").first ?? ""
        return HTMLTags.scan(header).filter { $0.name == "a" && !$0.isEnd }.map {
            ($0.followingText, $0.attributes["href"] ?? "", $0.attributes["aria-current"] == "page")
        }
    }

    @Test func aSmallSiteNamesEveryCatalog() throws {
        let fixture = try SiteFixture(Self.site(catalogs: SitePresenter.headerCatalogLimit))
        let links = Self.headerLinks(fixture.html("c2/item.html"))
        #expect(links.map(\.text) == (1...SitePresenter.headerCatalogLimit).map { "Catalog \($0)" })
        #expect(links.filter(\.current).map(\.text) == ["Catalog 2"])
        #expect(!fixture.html("c2/item.html").contains("nav-other"))
    }

    @Test func aLargeSiteNamesTheFirstFewTheCurrentOneAndLinksToAll() throws {
        let count = SitePresenter.headerCatalogLimit + 5
        let fixture = try SiteFixture(Self.site(catalogs: count))
        let first = (1...SitePresenter.headerCatalogLimit).map { "Catalog \($0)" }

        let fromLast = Self.headerLinks(fixture.html("c\(count)/item.html"))
        #expect(fromLast.map(\.text) == first + ["Catalog \(count)", "All \(count) catalogs"])
        #expect(fromLast.filter(\.current).map(\.text) == ["Catalog \(count)"])
        #expect(fromLast.last?.href == "../index.html#catalogs")
        // On a phone only the current catalog and the link to all stay (the others are `nav-other`).
        let html = fixture.html("c\(count)/item.html")
        #expect(html.components(separatedBy: #"<li class="nav-other">"#).count - 1 == SitePresenter.headerCatalogLimit)

        let fromHome = Self.headerLinks(fixture.html("index.html"))
        #expect(fromHome.map(\.text) == first + ["All \(count) catalogs"])
        #expect(fromHome.last?.href == "index.html#catalogs")
        // The link's target: the home page's list, which names every catalog.
        let home = fixture.html("index.html")
        #expect(home.contains(#"<ul class="catalog-list" id="catalogs">"#))
        for number in 1...count { #expect(home.contains(">Catalog \(number)</a></h2>")) }
    }
}
