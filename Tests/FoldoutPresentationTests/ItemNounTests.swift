import FoldoutBase
import FoldoutTestSupport
import Foundation
import Testing

@testable import FoldoutPresentation

/// `item_name`: what a catalog's counts call its items, on its page and its home-page card.
@Suite struct ItemNounTests {
    /// The texts of every `<span class="count">`, `<p class="count">` and the status line.
    static func counts(_ html: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"class="count">([^<]*)<|id="catalog-status" role="status">([^<]*)<"#)
        return pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).map { match in
            let range = match.range(at: 1).location != NSNotFound ? match.range(at: 1) : match.range(at: 2)
            return String(html[Range(range, in: html)!])
        }
    }

    @Test(arguments: [("pet", "pets"), ("class", "classes"), ("story", "stories"), ("day", "days"), ("box", "boxes")])
    func aWordCountsItsItems(word: String, plural: String) throws {
        var files = [
            "pets/_index.md": page("title: Shelter\nitem_name: \(word)"), "pets/dogs/_index.md": page("title: Dogs"),
            "pets/cats/_index.md": page("title: Cats"), "pets/cats/tom.md": page("title: Tom\ntags: [calm]"),
        ]
        for index in 0..<3 { files["pets/dogs/dog-\(index).md"] = page("title: Dog \(index)\ntags: [calm]") }
        let site = try MemorySite(files).report()
        let catalog = Self.counts(site.html("pets/index.html"))
        // The catalog, its two groups and the status line.
        #expect(catalog.filter { $0 == "4 \(plural)" }.count == 2)
        #expect(catalog.contains("3 \(plural)") && catalog.contains("1 \(word)"))
        #expect(!catalog.contains { $0.hasSuffix(" items") || $0.hasSuffix(" item") })
        #expect(Self.counts(try site.html("index.html")).contains("4 \(plural)"))
        // A tag's page mixes catalogs: items.
        #expect(Self.counts(try site.html("tags/calm.html")).first == "4 items")
    }

    @Test func aPairGivesAnyPlural() throws {
        let html = try MemorySite([
            "staff/_index.md": page("title: Staff\nitem_name: [person, people]"),
            "staff/a.md": page("title: A"), "staff/b.md": page("title: B"),
        ]).report().html("staff/index.html")
        #expect(Self.counts(html).contains("2 people"))
    }

    @Test func withoutItTheyAreItems() throws {
        let html = try MemorySite(["books/_index.md": page("title: Books"), "books/a.md": page("title: A")]).report().html("books/index.html")
        #expect(Self.counts(html).contains("1 item"))
    }

    @Test func aMistakeNamesTheFileAndLine() {
        let diagnostics = MemorySite([
            "pets/_index.md": page("title: Shelter\nitem_name: [a, b, c]"),
            "pets/rex.md": page("title: Rex"),
        ]).failureDiagnostics()
        #expect(
            diagnostics.contains {
                $0.path == "Content/pets/_index.md" && $0.line == 3 && $0.severity == .error
                    && $0.message.contains("`item_name`")
            })
    }
}
