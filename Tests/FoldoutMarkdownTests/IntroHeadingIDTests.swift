import FoldoutTestSupport
import Foundation
import Testing

@testable import FoldoutMarkdown

/// The intros shown on one catalog page (its own and its groups') never repeat an id: a
/// later intro's `## Care` is `care-1`, as a second heading of one document would be, and
/// its own `#care` link follows it.
@Suite struct IntroHeadingIDTests {
    @Test func introsOnOnePageGetUniqueIDsAndTheirLinksFollow() throws {
        let snapshot = try MemorySite([
            "pets/_index.md": "---\ntitle: Pets\n---\nAll pets.\n\n## Care\n\nFeed them.\n",
            "pets/cats/_index.md": "---\ntitle: Cats\n---\nCats.\n\n## Care\n\nBrush them. See [care](#care).\n",
            "pets/dogs/_index.md": "---\ntitle: Dogs\n---\nDogs.\n\n## Care\n\nWalk them. See [care](#care).\n",
            "pets/cats/tom.md": "---\ntitle: Tom\n---\nTom.\n",
            "pets/dogs/rex.md": "---\ntitle: Rex\n---\nRex.\n",
        ]).snapshot()
        let page = try #require(snapshot.text(at: "pets/index.html"))
        let ids = page.components(separatedBy: " id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(ids.count == Set(ids).count, "repeated: \(ids.filter { id in ids.filter { $0 == id }.count > 1 })")
        #expect(ids.contains("care") && ids.contains("care-1") && ids.contains("care-2"))
        #expect(page.contains("Brush them. See <a href=\"#care-1\">care</a>"))
        #expect(page.contains("Walk them. See <a href=\"#care-2\">care</a>"))
    }

    /// A link from another file to an intro's heading leads to the id that heading has on the
    /// shared page (`cats/_index.md#care` to `#care-1`), by its file or its folder; a link to
    /// a heading only another intro there has is warned about, as it lands in that one.
    @Test func linksFromOtherFilesFollowTheRenumberedHeading() throws {
        let site = MemorySite([
            "pets/_index.md": "---\ntitle: Pets\n---\nAll pets.\n\n## Care\n\nFeed them.[^1]\n\n[^1]: Daily.\n",
            "pets/cats/_index.md": "---\ntitle: Cats\n---\nCats.\n\n## Care\n\nBrush them.[^1]\n\n[^1]: Weekly.\n",
            "pets/dogs/_index.md": "---\ntitle: Dogs\n---\nDogs.\n\n## Care\n\nWalk them.\n\n## Feeding\n\nTwice a day.\n",
            "pets/cats/tom.md":
                "---\ntitle: Tom\n---\nSee [cat care](_index.md#care), [dog care](../dogs/#care)\nand [cat feeding](_index.md#feeding).\n",
            "pets/dogs/rex.md": "---\ntitle: Rex\n---\nSee [pets care](../_index.md#care) and [dog care](_index.md#care).\n",
        ])
        let snapshot = try site.snapshot()
        let catalog = try #require(snapshot.text(at: "pets/index.html"))
        // The id of the heading right before each intro's paragraph under `## Care`.
        func id(before text: String) -> String? {
            catalog.components(separatedBy: text).first?.components(separatedBy: "<h2 id=\"").last.map { String($0.prefix { $0 != "\"" }) }
        }
        let care = (
            pets: try #require(id(before: "Feed them")), cats: try #require(id(before: "Brush them")), dogs: try #require(id(before: "Walk them"))
        )
        #expect(Set([care.pets, care.cats, care.dogs]).count == 3)
        let ids = catalog.components(separatedBy: " id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(ids.count == Set(ids).count, "repeated: \(ids.filter { id in ids.filter { $0 == id }.count > 1 })")
        let tom = try #require(snapshot.text(at: "pets/cats/tom.html"))
        let rex = try #require(snapshot.text(at: "pets/dogs/rex.html"))
        #expect(tom.contains("#\(care.cats)\">cat care</a>"), "\(tom)")
        #expect(tom.contains("#\(care.dogs)\">dog care</a>"))
        #expect(rex.contains("#\(care.pets)\">pets care</a>"))
        #expect(rex.contains("#\(care.dogs)\">dog care</a>"))
        let warnings = site.warnings().filter { $0.message.contains("names a heading of") }
        #expect(warnings.count == 1, "\(site.warnings())")
        #expect(warnings.first?.path.hasSuffix("pets/cats/tom.md") == true && warnings.first?.line == 5)
        #expect(warnings.first?.message.contains("pets/dogs/_index.md") == true)
    }

    /// A long intro has a page of its own, where its headings keep their ids as written; the
    /// short ones left on the catalog page are numbered among themselves, and links follow each.
    @Test func aLongIntrosHeadingsAreOnItsOwnPageTheShortOnesOnTheCatalog() throws {
        let long = (1...40).map { "Dogs need walks \($0)." }.joined(separator: " ")
        let site = MemorySite([
            "pets/_index.md": "---\ntitle: Pets\n---\nAll pets.\n\n## Care\n\nFeed them.\n",
            "pets/cats/_index.md": "---\ntitle: Cats\n---\nCats.\n\n## Care\n\nBrush them.\n",
            "pets/dogs/_index.md": "---\ntitle: Dogs\n---\n\(long)\n\n## Care\n\nWalk them.\n",
            "pets/cats/tom.md": "---\ntitle: Tom\n---\nSee [cat care](_index.md#care) and [dog care](../dogs/#care).\n",
            "pets/dogs/rex.md": "---\ntitle: Rex\n---\nSee [dog care](_index.md#care).\n",
        ])
        let snapshot = try site.snapshot()
        let catalog = try #require(snapshot.text(at: "pets/index.html"))
        let dogs = try #require(snapshot.text(at: "pets/dogs.html"), "the long intro's page")
        #expect(!catalog.contains("Walk them") && dogs.contains("<h2 id=\"care\""))
        let catsCare = try #require(catalog.components(separatedBy: "Brush them").first?.components(separatedBy: "<h2 id=\"").last?.prefix { $0 != "\"" })
        let ids = catalog.components(separatedBy: " id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(ids.count == Set(ids).count)
        let tom = try #require(snapshot.text(at: "pets/cats/tom.html"))
        let rex = try #require(snapshot.text(at: "pets/dogs/rex.html"))
        #expect(tom.contains("#\(catsCare)\">cat care</a>"), "\(tom)")
        #expect(tom.contains("dogs.html#care\">dog care</a>"), "\(tom)")
        #expect(rex.contains("dogs.html#care\">dog care</a>"), "\(rex)")
        #expect(site.warnings().filter { $0.message.contains("heading") }.isEmpty, "\(site.warnings())")
    }
}
