import FoldoutPresentation
import FoldoutTestSupport
import Testing

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

    /// The links of one part of the header (`nav-first`, or the `nav-all` disclosure): their
    /// text, href and whether they mark the current page.
    static func links(_ html: String, in part: String) -> [(text: String, href: String, current: Bool)] {
        let nav = html.components(separatedBy: #"<nav class="site-nav""#).dropFirst().first?.components(separatedBy: "</nav>").first ?? ""
        let start = nav.range(of: #"class="\#(part)""#).map { String(nav[$0.upperBound...]) } ?? ""
        let end = part == "nav-first" ? "</ul>" : "</details>"
        let element = start.components(separatedBy: end).first ?? ""
        return HTMLTags.scan(element).filter { $0.name == "a" && !$0.isEnd }.map {
            ($0.followingText, $0.attributes["href"] ?? "", $0.attributes["aria-current"] == "page")
        }
    }

    @Test func aSmallSiteNamesEveryCatalog() throws {
        let fixture = try MemorySite(Self.site(catalogs: SitePresenter.headerCatalogLimit)).report()
        let html = fixture.html("c2/item.html")
        let first = Self.links(html, in: "nav-first")
        #expect(first.map(\.text) == (1...SitePresenter.headerCatalogLimit).map { "Catalog \($0)" })
        #expect(first.filter(\.current).map(\.text) == ["Catalog 2"])
        // The list of all is there for phones, which show it instead; a desktop does not need it.
        #expect(html.contains(#"<details class="nav-all">"#))
        #expect(Self.links(html, in: "nav-all").dropLast().map(\.text) == first.map(\.text))
    }

    @Test func aLargeSiteNamesTheFirstFewTheCurrentOneAndListsAll() throws {
        let count = SitePresenter.headerCatalogLimit + 5
        let fixture = try MemorySite(Self.site(catalogs: count)).report()
        let first = (1...SitePresenter.headerCatalogLimit).map { "Catalog \($0)" }
        let all = (1...count).map { "Catalog \($0)" }

        let html = fixture.html("c\(count)/item.html")
        let fromLast = Self.links(html, in: "nav-first")
        #expect(fromLast.map(\.text) == first + ["Catalog \(count)"])
        #expect(fromLast.filter(\.current).map(\.text) == ["Catalog \(count)"])
        // "All N catalogs" opens the list of every one, the current one marked, and the home page's list after them.
        #expect(html.contains(#"<details class="nav-all has-more">"#))
        #expect(html.contains("All \(count) catalogs</span>"))
        let disclosure = Self.links(html, in: "nav-all has-more")
        #expect(disclosure.dropLast().map(\.text) == all)
        #expect(disclosure.filter(\.current).map(\.text) == ["Catalog \(count)"])
        #expect(disclosure.last?.href == "../index.html#catalogs")

        let fromHome = Self.links(fixture.html("index.html"), in: "nav-first")
        #expect(fromHome.map(\.text) == first)
        // The home page's list names every catalog.
        let home = fixture.html("index.html")
        #expect(home.contains(#"<ul class="catalog-list" id="catalogs">"#))
        for number in 1...count { #expect(home.contains(">Catalog \(number)</a></h2>")) }
    }
}
