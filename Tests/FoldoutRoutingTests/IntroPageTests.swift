import FoldoutBase
import FoldoutTestSupport
import Foundation
import Testing

/// A section's or group's long `_index.md` body gets a page of its own (docs/content.md,
/// "A sub-folder's `_index.md` body"): the intro whole with its heading ids, then its items;
/// the outline shows the summary and a "Read more" link; links to the folder, the index file
/// and its headings lead there; breadcrumbs, the sitemap and search know it. Short intros
/// stay in place.
@Suite struct IntroPageTests {
    /// Words enough to pass the default threshold, in paragraphs.
    static func longText(_ words: Int = IntroPagesDefault.words + 20) -> String {
        let sentence = "Dogs need walks, food, company and a warm place to sleep every day"
        let sentenceWords = sentence.split(separator: " ").count
        return (0..<(words / sentenceWords + 1)).map { _ in sentence + "." }.joined(separator: " ")
    }

    static func site(words: Int? = nil) -> [String: String] {
        [
            "_index.md": page("title: Shelter\nbase_url: https://example.org/"),
            "pets/_index.md": page("title: Pets\nitem_name: pet" + (words.map { "\nintro_page_words: \($0)" } ?? "")),
            "pets/dogs/_index.md": page("title: Dogs", "Our dogs are friendly.\n\n\(longText())\n\n## Care\n\n\(longText())\n\n## Cats\n\nThey get along.\n"),
            "pets/dogs/rex.md": page("title: Rex", "Read about [care](_index.md#care) and [the dogs](../dogs/).\n"),
            "pets/dogs/terriers/_index.md": page("title: Terriers", "Small and brave.\n"),
            "pets/dogs/terriers/diego.md": page("title: Diego"),
            "pets/cats/_index.md": page("title: Cats", "Cats are calm.\n"),
            "pets/cats/tom.md": page("title: Tom"),
        ]
    }

    @Test func aLongIntroHasAPageOfItsOwn() throws {
        let site = MemorySite(Self.site())
        let snapshot = try site.snapshot()
        #expect(site.warnings().isEmpty, "\(site.warnings())")
        let page = try #require(snapshot.text(at: "pets/dogs.html"))
        // The intro whole, its heading with its id, then its items and groups, linked.
        #expect(page.contains("<h1>Dogs</h1>"))
        #expect(page.contains("<h2 id=\"care\">Care</h2>"))
        // Alone on its page, the intro's ids are as written: `cats` is the Cats section's
        // id on the catalog page, not on this one.
        #expect(page.contains("<h2 id=\"cats\">Cats</h2>"))
        #expect(page.contains("<h2 class=\"sub-pages-title\">Pets</h2>"))
        #expect(page.contains("<a href=\"dogs/rex.html\">Rex</a>"))
        #expect(page.contains("<a href=\"index.html#dogs/terriers\">Terriers</a>"))
        // Its breadcrumb leads to the catalog; "Back to" to its place in the outline.
        #expect(page.contains("<li><a href=\"index.html\">Pets</a></li>\n<li aria-current=\"page\">Dogs</li>"))
        #expect(page.contains("<a href=\"index.html#dogs\">Back to Pets</a>"))
        // The catalog page shows its summary and leads there; a short intro stays in place.
        let catalog = try #require(snapshot.text(at: "pets/index.html"))
        #expect(
            catalog.contains("<p>Our dogs are friendly.</p><p class=\"intro-page-link\"><a href=\"dogs.html\">Read more<span class=\"visually-hidden\"> about Dogs</span></a></p>"))
        #expect(!catalog.contains("id=\"care\""))
        #expect(catalog.contains("<div class=\"group-intro\"><p>Small and brave.</p>"))
        #expect(catalog.contains("<p>Cats are calm.</p>"))
        #expect(snapshot.text(at: "pets/dogs/terriers.html") == nil && snapshot.text(at: "pets/cats.html") == nil)
        // Links to the intro's heading and to the folder lead to the page.
        let rex = try #require(snapshot.text(at: "pets/dogs/rex.html"))
        #expect(rex.contains("<a href=\"../dogs.html#care\">care</a>"))
        #expect(rex.contains("<a href=\"../dogs.html\">the dogs</a>"))
        // The items' breadcrumbs pass through it.
        #expect(rex.contains("<li><a href=\"../dogs.html\">Dogs</a></li>"))
        // The sitemap lists it.
        #expect(snapshot.text(at: "sitemap.xml")?.contains("<loc>https://example.org/pets/dogs.html</loc>") == true)
    }

    @Test func theCatalogSetsWhatIsLong() throws {
        let never = try MemorySite(Self.site(words: 0)).snapshot()
        #expect(never.text(at: "pets/dogs.html") == nil)
        #expect(never.text(at: "pets/index.html")?.contains("id=\"care\"") == true)
        let short = try MemorySite(Self.site(words: 3)).snapshot()
        #expect(short.text(at: "pets/dogs.html") != nil)
        #expect(short.text(at: "pets/cats.html") == nil)  // "Cats are calm." is three words
        #expect(short.text(at: "pets/dogs/terriers.html") == nil)  // "Small and brave." too
        let errors = MemorySite(Self.site().merging(["pets/_index.md": page("title: Pets\nintro_page_words: many")]) { $1 }).errors()
        #expect(errors.contains { $0.path == "Content/pets/_index.md" && $0.line == 3 && $0.message.contains("`intro_page_words` must be a whole number") })
    }

    @Test func aPageOfThatNameIsKeptApart() throws {
        var files = Self.site()
        files["pets/dogs.md"] = page("title: All about dogs")
        let site = MemorySite(files)
        let snapshot = try site.snapshot()
        #expect(snapshot.text(at: "pets/dogs.html")?.contains("<h1>All about dogs</h1>") == true)
        #expect(snapshot.text(at: "pets/dogs-2.html")?.contains("<h2 id=\"care\">Care</h2>") == true)
    }

    /// An incremental build after an item edit gives what a clean build gives, the group's page included.
    @Test func rebuildsKeepThePage() throws {
        let site = MemorySite(Self.site())
        try site.build()
        try site.write(["pets/dogs/rex.md": page("title: Rex", "Rex runs. Read about [care](_index.md#care).\n")])
        try site.build()
        let clean = try site.cleanBuild()
        #expect(try site.text("pets/dogs.html") == (clean.state.files["pets/dogs.html"].map { String(decoding: $0.bytes, as: UTF8.self) }))
        #expect(try site.text("pets/dogs/rex.html").contains("<a href=\"../dogs.html#care\">care</a>"))
    }
}

/// The default threshold as the tests read it (`IntroPages.defaultWords`, in FoldoutRouting).
enum IntroPagesDefault {
    static let words = 150
}
