import FoldoutBase
import FoldoutTestSupport
import Foundation
import Testing

/// Facets and sort choices of a catalog page, end to end: `_index.md` declares them, the
/// built page's panel and `#catalog-data` are read back and compared with the items.
@Suite struct FacetTests {
    /// A generated shelter: what each pet holds, so that counts are computed here, not written down.
    struct Pet {
        var path: String
        var species: String
        var size: String
        var kids: Bool?
        var age: Int
        var tags: [String]
    }

    static func shelter(seed: UInt64, count: Int = 40) -> (files: [String: String], pets: [Pet]) {
        var random = SplitMix64(seed: seed)
        var files: [String: String] = [
            "pets/_index.md": page(
                """
                title: Shelter
                facets:
                  - species
                  - field: size
                    order: [small, medium, large]
                  - field: kids
                    label: Good with children
                  - age
                  - field: age
                    key: age_group
                    buckets: {Young: 3, Adult: 8, Senior: ~}
                  - tags
                sort_options: [title, {field: age, order: desc}]
                """),
            "pets/dogs/_index.md": page("title: Dogs"),
            "pets/cats/_index.md": page("title: Cats"),
        ]
        var pets: [Pet] = []
        for index in 0..<count {
            let folder = random.pick(["dogs", "cats"])
            let pet = Pet(
                path: "\(folder)/pet-\(index)", species: random.pick(["Dog", "Cat", "Rabbit", "Ferret"]),
                size: random.pick(["small", "medium", "large"]),
                kids: random.pick([true, false, nil]), age: random.next(15),
                tags: Array(["calm", "playful", "shy"].filter { _ in random.next(2) == 0 }))
            var front = "title: Pet \(index)\nspecies: \(pet.species)\nsize: \(pet.size)\nage: \(pet.age)"
            if let kids = pet.kids { front += "\nkids: \(kids)" }
            if !pet.tags.isEmpty { front += "\ntags: [\(pet.tags.joined(separator: ", "))]" }
            files["pets/\(pet.path).md"] = page(front)
            pets.append(pet)
        }
        return (files, pets)
    }

    /// The page's `#catalog-data`, decoded.
    static func data(_ html: String) throws -> [String: Any] {
        let start = try #require(html.range(of: #"<script type="application/json" id="catalog-data">"#))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let json = String(html[start.upperBound..<end.lowerBound])
        return try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    /// The row ids of the page in document order.
    static func rowIDs(_ html: String) -> [String] {
        html.components(separatedBy: #"<li class="row"#).dropFirst().compactMap { chunk in
            guard let id = chunk.range(of: #" id=""#) else { return nil }
            let rest = chunk[id.upperBound...]
            return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
        }
    }

    /// The panel's checkboxes of one facet: value and count, in the page's order.
    static func checkboxes(_ html: String, facet: String) -> [(value: String, count: Int)] {
        html.components(separatedBy: #"<input type="checkbox" name="\#(facet)" value=""#).dropFirst().map { chunk in
            let value = String(chunk.prefix { $0 != "\"" })
            let count =
                chunk.range(of: #"<span class="facet-count">"#).map { range in
                    Int(chunk[range.upperBound...].prefix { $0 != "<" }) ?? -1
                } ?? -1
            return (value, count)
        }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func countsAndOrderFollowTheItems(seed: UInt64) throws {
        let (files, pets) = Self.shelter(seed: seed)
        let html = try MemorySite(files).report().html("pets/index.html")

        // Species by count, most first; size in the written order; yes/no/unknown.
        let species = Self.checkboxes(html, facet: "species")
        let expectedSpecies = Dictionary(grouping: pets, by: { Slug.make($0.species) }).mapValues(\.count)
        #expect(Dictionary(uniqueKeysWithValues: species.map { ($0.value, $0.count) }) == expectedSpecies)
        #expect(species.map(\.count) == species.map(\.count).sorted(by: >))
        let sizes = Self.checkboxes(html, facet: "size")
        let presentSizes = ["small", "medium", "large"].filter { size in pets.contains { $0.size == size } }
        #expect(sizes.map(\.value) == presentSizes)
        #expect(sizes.map(\.count) == presentSizes.map { size in pets.filter { $0.size == size }.count })
        let kids = Self.checkboxes(html, facet: "kids")
        #expect(kids.map(\.value) == ["yes", "no", "unknown"])
        let kidsCounts: [Int] = [true, false, nil].map { (answer: Bool?) in pets.filter { $0.kids == answer }.count }
        #expect(kids.map(\.count) == kidsCounts)
        // A list field counts each item once per value.
        let tags = Self.checkboxes(html, facet: "tags")
        var tagCounts: [String: Int] = [:]
        for pet in pets { for tag in pet.tags { tagCounts[tag, default: 0] += 1 } }
        // Pets without tags have "(none)", so that every pet is counted.
        let untagged = pets.filter(\.tags.isEmpty).count
        if untagged > 0 { tagCounts["none"] = untagged }
        #expect(tags.last?.value == (untagged > 0 ? "none" : tags.last?.value))
        #expect(Dictionary(uniqueKeysWithValues: tags.map { ($0.value, $0.count) }) == tagCounts)
        // Numbers make a range with the lowest and highest as bounds.
        let ages = pets.map(\.age)
        #expect(html.contains(#"<input type="number" name="age-min" step="any" min="\#(ages.min()!)" max="\#(ages.max()!)""#))
        // Buckets in their written order, each item in the first whose bound it is below.
        let buckets = Self.checkboxes(html, facet: "age_group")
        let young = pets.filter { $0.age < 3 }.count
        let adult = pets.filter { $0.age >= 3 && $0.age < 8 }.count
        let senior = pets.filter { $0.age >= 8 }.count
        let expectedBuckets: [(String, Int)] = [("young", young), ("adult", adult), ("senior", senior)].filter { $0.1 > 0 }
        #expect(buckets.map(\.value) == expectedBuckets.map(\.0))
        #expect(buckets.map(\.count) == expectedBuckets.map(\.1))
    }

    @Test func thePageDataTellsEachRowsValues() throws {
        let (files, pets) = Self.shelter(seed: 7)
        let html = try MemorySite(files).report().html("pets/index.html")
        let data = try Self.data(html)
        let ids = Self.rowIDs(html)
        let runs = try #require(data["rows"] as? [[Int]])
        let rowItems = runs.flatMap { run in (run[0]..<(run[0] + run[1])).map { $0 } }
        #expect(rowItems.count == ids.count, "every row of the page maps to an item")
        let facets = try #require(data["facets"] as? [[String: Any]])
        let byKey = Dictionary(uniqueKeysWithValues: facets.map { ($0["key"] as! String, $0) })
        let speciesValues = try #require(byKey["species"]?["values"] as? [String])
        let speciesCells = try #require(byKey["species"]?["cells"] as? [Int])
        let kidsCells = try #require(byKey["kids"]?["cells"] as? [Int])
        let ageCells = try #require(byKey["age"]?["cells"] as? [Int])
        #expect(byKey["kids"]?["kind"] as? String == "boolean")
        #expect(byKey["age"]?["kind"] as? String == "range")
        for (row, id) in ids.enumerated() {
            let pet = try #require(pets.first { $0.path == id }, "row \(id) is a pet")
            let item = rowItems[row]
            #expect(speciesValues[speciesCells[item]] == Slug.make(pet.species), "row \(id)")
            #expect(kidsCells[item] == (pet.kids.map { $0 ? 0 : 1 } ?? 2), "row \(id)")
            #expect(ageCells[item] == pet.age, "row \(id)")
        }
        let sorts = try #require(data["sorts"] as? [[String: Any]])
        #expect(sorts.map { $0["key"] as? String } == ["title", "age"])
        #expect(sorts.map { $0["descending"] as? Bool } == [false, true])
        #expect(html.contains(#"<option value="age">Age (highest first)</option>"#))
    }

    @Test func valuesCannotEndTheScriptThatHoldsThem() throws {
        let hostile = #"</script><script>alert(1)</script> & \u2028"#
        let html = try MemorySite([
            "books/_index.md": page("title: Books\nfacets: [shelf]"),
            "books/a.md": page("title: A\nshelf: '\(hostile)'"),
        ]).report().html("books/index.html")
        let data = try Self.data(html)
        #expect(html.components(separatedBy: "</script>").count - 1 == html.components(separatedBy: "<script").count - 1)
        let facets = try #require(data["facets"] as? [[String: Any]])
        #expect((facets.first?["values"] as? [String]) == [Slug.make(hostile)])
        #expect(html.contains("<span class=\"facet-value\">&lt;/script&gt;"))
    }

    @Test func typesAreFoundFromTheValues() throws {
        let html = try MemorySite([
            "events/_index.md": page("title: Events\nfacets: [free, seats, day, city]"),
            "events/a.md": page("title: A\nfree: true\nseats: 12\nday: 2026-05-01\ncity: Oslo"),
            "events/b.md": page("title: B\nfree: false\nseats: 40.5\nday: 2026-06-11\ncity: Bergen"),
            "events/c.md": page("title: C\ncity: Oslo"),
        ]).report().html("events/index.html")
        let facets = try #require(Self.data(html)["facets"] as? [[String: Any]])
        #expect(facets.map { $0["kind"] as? String } == ["boolean", "range", "date", "values"])
        #expect(html.contains(#"<input type="date" name="day-min" step="any" min="2026-05-01" max="2026-06-11""#))
        #expect(Self.checkboxes(html, facet: "city").map(\.value) == ["oslo", "bergen"])
    }

    @Test func mistakesNameTheFileAndLine() {
        let diagnostics = MemorySite([
            "pets/_index.md": page(
                """
                title: Shelter
                facets:
                  - {type: range}
                  - {field: age, type: slider}
                  - {field: age, buckets: {Old: 8, Young: 2}}
                  - {field: size, key: q}
                sort_options: [{field: age, order: sideways}]
                """),
            "pets/rex.md": page("title: Rex\nage: 3\nsize: small"),
        ]).failureDiagnostics()
        func has(_ line: Int, _ text: String) -> Bool {
            diagnostics.contains { $0.path == "Content/pets/_index.md" && $0.line == line && $0.message.contains(text) && $0.severity == .error }
        }
        #expect(has(3, "needs `field:`"))
        #expect(has(3, "`type` must be one of values, boolean, range, date"))
        #expect(has(3, "bounds must grow"))
        #expect(has(3, "cannot be named `q`"))
        #expect(has(3, "two facets are named `age`"))
        #expect(has(8, "`order` must be asc or desc"))
    }

    @Test func aFieldNoItemHasIsAWarning() throws {
        let site = try MemorySite([
            "pets/_index.md": page("title: Shelter\nfacets: [speceis]"),
            "pets/rex.md": page("title: Rex\nspecies: Dog"),
        ]).report()
        #expect(site.warnings.contains { $0.path == "Content/pets/_index.md" && $0.line == 3 && $0.message.contains("`speceis`") })
    }

    @Test func aCatalogWithoutFacetsHasTheFilterBoxAlone() throws {
        let html = try MemorySite([
            "books/_index.md": page("title: Books"),
            "books/a.md": page("title: A"),
        ]).report().html("books/index.html")
        #expect(html.contains(#"id="filter-query""#))
        #expect(!html.contains(#"id="facet-groups""#))
        #expect(!html.contains(#"id="catalog-sort""#))
        #expect(try Self.data(html)["rows"] as? [[Int]] == [[0, 1]])
    }
}
