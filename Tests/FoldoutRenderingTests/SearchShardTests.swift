import FoldoutBase
import FoldoutTestSupport
import Foundation
import Testing

@testable import FoldoutPresentation
@testable import FoldoutRendering

/// The search shards (`SearchIndex`, `SearchShard`): what a shard holds, read back the way
/// search.js reads it, and that no content can break out of the script.
@Suite struct SearchShardTests {
    static let files: [String: String] = [
        "_index.md": page("title: Shelter site"),
        "pets/_index.md": page("title: Pet Explorer\nrow:\n  secondary: \"{{age}} years old · {{breed}}\""),
        "pets/dogs/_index.md": page("title: Dogs"),
        "pets/dogs/terriers/_index.md": page("title: Terriers"),
        "pets/dogs/terriers/rex.md": page("title: Rex\nweight: 1\nage: 3\nbreed: Beagle\ntags: [kids, calm]", "Rex loves the garden."),
        "pets/dogs/terriers/ada.md": page("title: Ada\nweight: 2\nage: 3\nbreed: Beagle", "Ada is a quiet Café regular."),
        "pets/dogs/terriers/bo.md": page("title: Bo Ünal\nslug: bobo\nweight: 3\nage: 5\nbreed: Pug\nlink: https://example.org/bo", "Bo naps."),
        "notes.md": page("title: Notes", "Loose words here."),
    ]

    /// A shard read back as search.js reads it.
    struct Decoded {
        struct Item: Equatable {
            var title: String
            var trail: [String]
            var path: String
            var secondary: String
            var thumbnail: String
        }
        var id: String
        var items: [Item]
        /// Each word's items, whichever list (field, tag, text) holds them, ascending.
        var postings: [String: [Int]]
        /// Each word's items by list: fields, tags, text.
        var tiers: [String: [[Int]]]
        var words: [String]
        /// Title, the parent place's number, link.
        var places: [[String]]
        var synonyms: [String: String]
    }

    static func decode(_ script: String) throws -> Decoded {
        let prefix = SearchShard.registration + "(", suffix = ");\n"
        #expect(script.hasPrefix(prefix) && script.hasSuffix(suffix))
        let json = String(script.dropFirst(prefix.count).dropLast(suffix.count))
        // Raw tabs separate fields: JSON but for those (JSONSerialization refuses them).
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.replacingOccurrences(of: "\t", with: "\\t").utf8)) as? [String: Any])
        let trails = (object["trails"] as! [String]).map { $0.components(separatedBy: "\t") }
        let strings = object["strings"] as! [String]
        func field(_ value: String?, folder: String) -> String {
            guard let value, !value.isEmpty else { return "" }
            if value.hasPrefix(":") { return String(value.dropFirst()) }
            if value.hasPrefix(".") { return folder + value.dropFirst() }
            return strings[Int(value, radix: 36)!]
        }
        let items = (object["items"] as! [String]).map { line -> Decoded.Item in
            let parts = line.components(separatedBy: "\t")
            let trail = trails[Int(parts[1], radix: 36)!]
            let folder = trail.last!
            let page = parts.count > 2 ? parts[2] : ""
            let path =
                page.isEmpty
                ? folder + SearchShard.slug(parts[0])! + ".html"
                : page.hasPrefix("/") ? String(page.dropFirst()) : folder + page + ".html"
            return .init(
                title: parts[0], trail: Array(trail.dropLast()), path: path,
                secondary: field(parts.count > 3 ? parts[3] : nil, folder: folder),
                thumbnail: field(parts.count > 4 ? parts[4] : nil, folder: folder))
        }
        let words = (object["words"] as! String).split(separator: " ").map(String.init)
        let lists = (object["postings"] as! String).split(separator: " ").map(String.init)
        #expect(words.count == lists.count)
        var postings: [String: [Int]] = [:]
        var tiers: [String: [[Int]]] = [:]
        for (word, list) in zip(words, lists) {
            let parts = list.split(separator: ".", omittingEmptySubsequences: false)
            #expect(parts.count <= 3 && !(parts.last?.isEmpty ?? true), "\(word): \(list)")
            var lists = try parts.map { try #require(SearchShard.VarInt.decodeAscending(String($0))) }
            while lists.count < 3 { lists.append([]) }
            tiers[word] = lists
            postings[word] = lists.flatMap { $0 }.sorted()
            #expect(Set(postings[word]!).count == postings[word]!.count, "\(word) lists an item twice")
        }
        let places = (object["places"] as! [String]).map { $0.components(separatedBy: "\t") }
        var synonyms: [String: String] = [:]
        for line in object["synonyms"] as! [String] {
            let parts = line.components(separatedBy: "\t")
            synonyms[parts[0]] = parts[1]
        }
        return Decoded(
            id: object["id"] as! String, items: items, postings: postings, tiers: tiers, words: words,
            places: places, synonyms: synonyms)
    }

    @Test func aShardPerCatalogAndOneForTheLooseItemsReadBack() throws {
        let site = try MemorySite(Self.files).report()
        #expect(site.snapshot.paths.filter { $0.hasPrefix("search/") } == ["search/_site.js", "search/pets.js"])
        let pets = try Self.decode(site.html("search/pets.js"))
        #expect(pets.id == "pets")
        #expect(
            pets.items == [
                .init(
                    title: "Rex", trail: ["Pet Explorer", "Dogs", "Terriers"], path: "pets/dogs/terriers/rex.html",
                    secondary: "3 years old · Beagle", thumbnail: ""),
                .init(
                    title: "Ada", trail: ["Pet Explorer", "Dogs", "Terriers"], path: "pets/dogs/terriers/ada.html",
                    secondary: "3 years old · Beagle", thumbnail: ""),
                .init(
                    title: "Bo Ünal", trail: ["Pet Explorer", "Dogs", "Terriers"], path: "pets/dogs/terriers/bobo.html",
                    secondary: "5 years old · Pug", thumbnail: ""),
            ])
        // Words of fields, tags and summaries, folded, with the items holding them; not links.
        #expect(pets.postings["beagle"] == [0, 1])
        #expect(pets.postings["3"] == [0, 1])
        #expect(pets.postings["kids"] == [0])
        #expect(pets.postings["cafe"] == [1])
        #expect(pets.postings["naps"] == [2])
        #expect(pets.postings["example"] == nil && pets.postings["https"] == nil)
        // Titles are matched from the items themselves; bodies only when the site asks.
        #expect(pets.postings["rex"] == [0])  // "Rex loves the garden." is the summary
        #expect(pets.words == pets.words.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) })
        let loose = try Self.decode(site.html("search/_site.js"))
        #expect(loose.items.map(\.path) == ["notes.html"])
        #expect(loose.items.map(\.trail) == [["Shelter site"]])
        // Every page names the shards and loads the script.
        let html = site.html("pets/dogs/terriers/rex.html")
        #expect(html.contains(#"data-shards="search/pets.js search/_site.js""#))
        #expect(html.contains(#"<script src="../../../assets/search.js" defer></script>"#))
        #expect(html.contains(#"data-root="../../../""#))
    }

    @Test func bodyTextWhenTheSiteAsksUpToItsLimit() throws {
        var files = Self.files
        files["pets/dogs/terriers/rex.md"] = page("title: Rex\nweight: 1\nsummary: A dog.", "Rex loves the garden. Zebras never.")
        var site = try MemorySite(files).report()
        #expect(try Self.decode(site.html("search/pets.js")).postings["garden"] == nil)
        files["_index.md"] = page("title: Shelter site\nsearch_body: true\nsearch_body_limit: 25")
        site = try MemorySite(files).report()
        let pets = try Self.decode(site.html("search/pets.js"))
        #expect(pets.postings["garden"] == [0])
        #expect(pets.postings["zebras"] == nil)
    }

    @Test func foldingDropsCaseAndAccentsAndSplitsAtNonLetters() {
        #expect(SearchIndex.words(in: "Crème BRÛLÉE, naïve-Zoë 42") == ["creme", "brulee", "naive", "zoe", "42"])
        #expect(SearchIndex.words(in: "東京 タワー") == ["東京", "タワー"])
    }

    @Test func postingsRoundTrip() {
        for numbers in [[], [0], [0, 1, 2, 3], [5, 31, 32, 33, 1000, 1_000_000], Array(stride(from: 7, to: 40_000, by: 13))] {
            let text = SearchShard.VarInt.encodeAscending(numbers)
            #expect(!text.contains(" "))
            #expect(SearchShard.VarInt.decodeAscending(text) == numbers)
        }
        #expect(SearchShard.VarInt.encodeAscending([0, 1, 2]) == "000")
    }

    @Test func contentCannotBreakOutOfTheScript() throws {
        let hostile = "</script><script>alert(1)</script> \u{2028}\u{2029} \"quoted\" back\\slash <!-- tab\tand\nline"
        let shard = SearchIndex.Shard(
            id: "x", title: hostile,
            entries: [
                .init(title: hostile, trail: [hostile], path: "x/a.html", secondary: hostile, thumbnail: nil, fieldWords: ["a"]),
                .init(title: "B", trail: [hostile], path: "x/b.html", secondary: hostile, thumbnail: nil, fieldWords: ["a"]),
            ])
        let script = SearchShard(shard).script
        #expect(!script.lowercased().contains("</script"))
        #expect(!script.contains("<!--"))
        #expect(!script.contains("\u{2028}") && !script.contains("\u{2029}"))
        // A line per table entry and one for the items: no line break came from the content.
        #expect(script.split(separator: "\n").count == 8)
        let decoded = try Self.decode(script)
        let flat = hostile.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ")
            .replacingOccurrences(of: "\u{2028}", with: " ").replacingOccurrences(of: "\u{2029}", with: " ")
        #expect(decoded.items[0].title == flat)
        #expect(decoded.items[0].trail == [flat])
        #expect(decoded.items[0].secondary == SearchShard.shortened(flat))
        #expect(decoded.items[1].secondary == decoded.items[0].secondary)
    }

    @Test func wordsAreListedByWhereTheItemHoldsThem() throws {
        let site = try MemorySite(Self.files).report()
        let pets = try Self.decode(site.html("search/pets.js"))
        // "beagle" is a field of Rex and Ada; "kids" a tag of Rex; "garden" Rex's summary.
        #expect(pets.tiers["beagle"] == [[0, 1], [], []])
        #expect(pets.tiers["kids"] == [[], [0], []])
        #expect(pets.tiers["garden"] == [[], [], [0]])
        // The trail's words are no item's: "Terriers" finds the group, not its items.
        #expect(pets.postings["terriers"] == nil && pets.postings["pet"] == nil)
    }

    @Test func theCatalogSectionsAndGroupsArePlacesWithTheirLinks() throws {
        let site = try MemorySite(Self.files).report()
        let pets = try Self.decode(site.html("search/pets.js"))
        #expect(
            pets.places == [
                ["Pet Explorer", "", "pets/index.html"],
                ["Dogs", "0", "pets/index.html#dogs"],
                ["Terriers", "1", "pets/index.html#dogs/terriers"],
            ])
    }

    @Test func aFieldThatIsTrueIsFoundByItsNameAndItsFacetsLabel() throws {
        var files = Self.files
        files["pets/_index.md"] = page("title: Pet Explorer\nfacets:\n  - {field: good_with_kids, label: Good with children}")
        files["pets/dogs/terriers/rex.md"] = page("title: Rex\nweight: 1\ngood_with_kids: true")
        files["pets/dogs/terriers/ada.md"] = page("title: Ada\nweight: 2\ngood_with_kids: false")
        let pets = try Self.decode(try MemorySite(files).report().html("search/pets.js"))
        #expect(pets.tiers["kids"] == [[0], [], []])
        #expect(pets.tiers["children"] == [[0], [], []])
        #expect(pets.postings["good"] == [0])
    }

    @Test func synonymsAreWordsOfTheItemsTheyFind() throws {
        var files = Self.files
        files["pets/_index.md"] = page(
            """
            title: Pet Explorer
            search:
              synonyms:
                puppy: {breed: [beagle, pug], age: {under: 4}}
                hound: beagle
                snuggly: [kids]
                sipper: cafe
            """)
        let pets = try Self.decode(try MemorySite(files).report().html("search/pets.js"))
        // Rex and Ada are 3-year-old beagles, Bo a 5-year-old pug: the filter finds the two.
        #expect(pets.tiers["puppy"] == [[0, 1], [], []])
        // A word synonym ranks where the word is: a field, a tag, the text.
        #expect(pets.tiers["hound"] == [[0, 1], [], []])
        #expect(pets.tiers["snuggly"] == [[], [0], []])
        #expect(pets.tiers["sipper"] == [[], [], [1]])
        #expect(pets.synonyms["puppy"] == "breed beagle or pug, age under 4")
        #expect(pets.synonyms["hound"] == "beagle")
    }

    @Test func malformedSynonymsAreErrorsAtTheSearchLine() {
        let diagnostics = MemorySite([
            "pets/_index.md": page(
                """
                title: Pet Explorer
                weight: 1
                search:
                  synonyms:
                    two words: cat
                    kitten: {age: {below: 1}}
                    puppy: {}
                    bunny: []
                """),
            "pets/rex.md": page("title: Rex\nage: 3"),
        ]).failureDiagnostics()
        func has(_ text: String) -> Bool {
            diagnostics.contains { $0.path == "Content/pets/_index.md" && $0.line == 4 && $0.severity == .error && $0.message.contains(text) }
        }
        #expect(has("the synonym `two words` must be one word"))
        #expect(has("the synonym `kitten` bounds `age` with `below: 1`"))
        #expect(has("the synonym `puppy` has an empty filter"))
        #expect(has("the synonym `bunny` must name words"))
        #expect(
            MemorySite(["pets/_index.md": page("title: P\nsearch: [cat]"), "pets/rex.md": page("title: Rex")]).failureDiagnostics()
                .contains { $0.line == 3 && $0.message.contains("`search` must be a map") })
    }
}

/// The shard's fast paths against the general ones they stand in for.
@Suite struct SearchShardFastPathTests {
    @Test func shortenedCutsAsCharactersWould() {
        var random = SplitMix64(seed: 29)
        let pieces = [
            "word", "longer words here", " ", "  ", "\t", "\u{A0}", "é", "e\u{301}", "Ærø", "ΣΟΦΟΣ", "日本語",
            "👩‍👩‍👧", "🇫🇷", "…", "x", "a·b", "\u{2003}", "ǅ", "\u{300}",
        ]
        for _ in 0..<3000 {
            let text = (0..<random.next(40)).map { _ in random.pick(pieces) }.joined(separator: random.pick([" ", "", "  "]))
            #expect(SearchShard.shortened(text) == SearchShard.shortenedByCharacters(text), "\(text)")
        }
    }

    @Test func isSlugAgreesWithSlug() {
        var random = SplitMix64(seed: 37)
        let pieces = ["Rex", "the", "Dog", "42", " ", "-", "--", ".", "é", "C#", "a_b", "ÀB", "x", "  ", "!", "Z9"]
        for _ in 0..<3000 {
            let title = (0..<random.next(6)).map { _ in random.pick(pieces) }.joined()
            let names = [SearchShard.slug(title) ?? "", (SearchShard.slug(title) ?? "") + "-2", title.lowercased(), "", "rex"]
            for name in names {
                #expect(SearchShard.isSlug(of: title, Substring(name).utf8) == (SearchShard.slug(title) == name), "\(title) \(name)")
            }
        }
    }

    /// The shard's own table of postings against `Dictionary`: the items holding each word,
    /// for many words (the table grows several times) and words that are prefixes of others.
    @Test func postingsMatchADictionary() throws {
        var random = SplitMix64(seed: 41)
        let letters = ["a", "b", "c", "é", "日", "z", "0", "7"]
        let vocabulary = (0..<3000).map { number in (0..<(1 + number % 7)).map { _ in random.pick(letters) }.joined() }
        var expected: [String: [Int]] = [:]
        let entries = (0..<400).map { index -> SearchIndex.Entry in
            let words = (0..<random.next(30)).map { _ in random.pick(vocabulary) }
            for word in words where expected[word]?.last != index { expected[word, default: []].append(index) }
            return .init(title: "Item \(index)", trail: ["Catalog"], path: "c/item-\(index).html", secondary: "", thumbnail: nil, fieldWords: words)
        }
        let decoded = try SearchShardTests.decode(SearchShard(SearchIndex.Shard(id: "c", title: "Catalog", entries: entries)).script)
        #expect(decoded.postings == expected)
        #expect(decoded.words == expected.keys.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) })
    }

    @Test func scriptStringsReadBackAsJSON() throws {
        var random = SplitMix64(seed: 31)
        let pieces = [
            "plain", "\"", "\\", "<", ">", "&", "\n", "\r", "\t", "\u{0}", "\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}",
            "é", "日本", "👩‍👩‍👧", "</script>", "<!--", "\u{E2}",
        ]
        for _ in 0..<2000 {
            let text = (0..<random.next(12)).map { _ in random.pick(pieces) }.joined()
            let quoted = ScriptString.quoted(text)
            #expect(!quoted.contains("<") && !quoted.contains(">") && !quoted.contains("&"))
            #expect(!quoted.contains("\u{2028}") && !quoted.contains("\u{2029}") && !quoted.contains("\t"))
            let read = try JSONSerialization.jsonObject(with: Data(quoted.utf8), options: .fragmentsAllowed) as? String
            #expect(read == text, "\(text.debugDescription)")
            // With tabs kept: JSON once they are escaped.
            let kept = ScriptString.quoted(text, keepingTabs: true).replacingOccurrences(of: "\t", with: "\\t")
            #expect(try JSONSerialization.jsonObject(with: Data(kept.utf8), options: .fragmentsAllowed) as? String == text)
        }
    }
}
