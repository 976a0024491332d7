import FoldoutModel
import FoldoutRendering
import FoldoutTestSupport
import Testing

@Suite struct DetailPageTests {
    static let files: [String: String] = [
        "_index.md": page("title: Shelter site"),
        "pets/_index.md": page("title: Shelter\nfields: [breed, {age: Age in years}, tags]\nrow:\n  badges: [status]"),
        "pets/dogs/_index.md": page("title: Dogs"),
        "pets/dogs/terriers/_index.md": page("title: Terriers"),
        "pets/dogs/terriers/rex.md": page("title: Rex\nweight: 1\nage: 3\nbreed: Beagle\ncolour: brown\nstatus: adopted\ntags: [kids, calm]\ndate: 2026-01-12"),
        "pets/dogs/terriers/ada.md": page("title: Ada\nweight: 2"),
        "pets/dogs/terriers/bo.md": page("title: Bo\nweight: 3"),
    ]

    @Test func listsTheConfiguredFieldsInOrderWithTheirLabels() throws {
        let html = try MemorySite(Self.files).report().html("pets/dogs/terriers/rex.html")
        let labels = html.components(separatedBy: "<dt>").dropFirst().map { String($0.prefix { $0 != "<" }) }
        #expect(labels == ["Breed", "Age in years", "Tags"])
        #expect(html.contains("<dd>kids, calm</dd>"))
        #expect(!html.contains("brown"))
    }

    @Test func listsEveryFieldWithoutConfiguration() throws {
        var files = Self.files
        files["pets/_index.md"] = page("title: Shelter")
        let html = try MemorySite(files).report().html("pets/dogs/terriers/rex.html")
        let labels = html.components(separatedBy: "<dt>").dropFirst().map { String($0.prefix { $0 != "<" }) }
        #expect(labels == ["Age", "Breed", "Colour", "Status"])
    }

    @Test func breadcrumbPagerAndWayBack() throws {
        let html = try MemorySite(Self.files).report().html("pets/dogs/terriers/ada.html")
        #expect(html.contains(#"<li><a href="../../index.html">Shelter</a></li>"#))
        #expect(html.contains(#"<li><a href="../../index.html#dogs/terriers">Terriers</a></li>"#))
        #expect(html.contains(#"<li aria-current="page">Ada</li>"#))
        #expect(html.contains(#"<a class="previous" href="rex.html" rel="prev"><span class="pager-label">Previous</span> Rex</a>"#))
        #expect(html.contains(#"<a class="next" href="bo.html" rel="next"><span class="pager-label">Next</span> Bo</a>"#))
        #expect(html.contains(#"<a href="../../index.html#dogs/terriers/ada">Back to Shelter</a>"#))
        let first = try MemorySite(Self.files).report().html("pets/dogs/terriers/rex.html")
        #expect(!first.contains("rel=\"prev\""))
    }

    @Test func showsBadgesDateAndTagLinks() throws {
        let html = try MemorySite(Self.files).report().html("pets/dogs/terriers/rex.html")
        #expect(html.contains(#"<article class="item is-adopted">"#))
        #expect(html.contains(#"<time datetime="2026-01-12">2026-01-12</time>"#))
        #expect(html.contains(#"<a href="../../../tags/kids.html" rel="tag">kids</a>"#))
    }
}

@Suite struct TagPageTests {
    static let files: [String: String] = [
        "pets/_index.md": page("title: Shelter\nweight: 1"),
        "pets/dogs/_index.md": page("title: Dogs\nweight: 1"),
        "pets/dogs/rex.md": page("title: Rex\ntags: [Kids, calm]"),
        "pets/cats/_index.md": page("title: Cats\nweight: 2"),
        "pets/cats/tom.md": page("title: Tom\ntags: [kids]"),
        "courses/_index.md": page("title: Courses\nweight: 2"),
        "courses/swift/_index.md": page("title: Swift"),
        "courses/swift/basics.md": page("title: Basics\ntags: [kids]"),
    ]

    @Test func aPagePerTagGroupedByCatalogAndSection() throws {
        let site = try MemorySite(Self.files).report()
        let html = site.html("tags/kids.html")
        #expect(html.contains("<h1><span class=\"tag-prefix\">#</span>Kids</h1>"))
        #expect(html.contains(#"<p class="count">3 items</p>"#))
        let headings = [
            "<h2 id=\"pets\">", "<h3 id=\"pets/dogs\"", "href=\"../pets/dogs/rex.html\"", "<h3 id=\"pets/cats\"",
            "href=\"../pets/cats/tom.html\"", "<h2 id=\"courses\">", "href=\"../courses/swift/basics.html\"",
        ]
        let positions = headings.map { html.range(of: $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
    }

    @Test func anIndexOfAllTags() throws {
        let site = try MemorySite(Self.files).report()
        let html = site.html("tags/index.html")
        #expect(html.contains(#"<li><a href="calm.html" rel="tag">calm <span class="count">1 item</span></a></li>"#))
        #expect(html.contains(#"<li><a href="kids.html" rel="tag">Kids <span class="count">3 items</span></a></li>"#))
        #expect(site.html("index.html").contains(#"<a href="tags/index.html">Tags</a>"#))
    }

    @Test func noTagPagesWithoutTags() throws {
        let site = try MemorySite(["pets/dogs/rex.md": page("title: Rex")]).report()
        #expect(!site.snapshot.paths.contains { $0.hasPrefix("tags/") })
        #expect(!site.html("index.html").contains("Tags</a>"))
    }
}

@Suite struct SiteFilesTests {
    @Test func aNotFoundPageAlways() throws {
        let site = try MemorySite(["pets/dogs/rex.md": page("title: Rex")]).report()
        let html = site.html("404.html")
        #expect(html.contains("<h1>Page not found</h1>"))
        #expect(html.contains(#"<link rel="stylesheet" href="assets/style.css">"#))
        #expect(!site.snapshot.paths.contains("sitemap.xml"))
    }

    @Test func withABaseURLASitemapAndAbsoluteLinksOnTheNotFoundPage() throws {
        let site = try MemorySite([
            "_index.md": page("title: Site\nbase_url: https://example.org/shelter"),
            "pets/dogs/rex.md": page("title: Rex\ndate: 2026-01-12"),
        ]).report()
        let sitemap = site.html("sitemap.xml")
        #expect(sitemap.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"#))
        #expect(sitemap.contains("<url><loc>https://example.org/shelter/index.html</loc></url>"))
        #expect(sitemap.contains("<url><loc>https://example.org/shelter/pets/dogs/rex.html</loc><lastmod>2026-01-12</lastmod></url>"))
        #expect(!sitemap.contains("404.html"))
        #expect(site.html("404.html").contains(#"href="https://example.org/shelter/assets/style.css""#))
    }

    /// Pages are rendered in another order than the site's (item pages from distant parts of
    /// the list by turns, one stretch per core); the sitemap lists every page once, by path.
    @Test func theSitemapListsEveryPageOnceByPath() throws {
        let names = ["alba", "bruno", "cleo", "dora", "emil", "fritz", "gina"]
        var files = ["_index.md": page("title: Site\nbase_url: https://example.org")]
        for (number, name) in names.enumerated() { files["pets/dogs/\(name).md"] = page("title: \(name)\nweight: \(number)") }
        let site = try MemorySite(files).report()
        let locations = site.html("sitemap.xml").components(separatedBy: "<loc>https://example.org/").dropFirst()
            .map { String($0.prefix { $0 != "<" }) }
        #expect(locations == (["index.html", "pets/index.html"] + names.map { "pets/dogs/\($0).html" }).sorted())
    }
}
