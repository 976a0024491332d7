import FoldoutBase
import FoldoutModel
import FoldoutPresentation
import FoldoutTestSupport
import Testing

/// Declared fields end to end: a catalog in memory, each kind of mistake in an item, the
/// warning read back with its file, line, column and suggestion; and what the declaration
/// shows on the catalog and item pages.
@Suite struct DeclaredFieldsTests {
    static let declaration = """
        title: Shelter
        item_name: pet
        fields:
          species: {type: choice, values: [cat, dog, bird], required: true, show: [page, facet]}
          breed: {type: text, show: [row, page]}
          age: {type: number, unit: years, show: [row, page, facet, sort]}
          good_with_kids: {type: yes/no, label: Good with children, show: [page, facet]}
          photo: {type: image}
          friends: {type: link, show: [page]}
          status: {type: choice, values: [available, adopted], default: available, show: [page]}
        """

    static func shelter(_ pets: [String: String], index: String = declaration) -> [String: String] {
        var files = ["pets/_index.md": page(index), "pets/cats/_index.md": page("title: Cats")]
        for (name, frontMatter) in pets { files["pets/cats/\(name).md"] = page(frontMatter) }
        return files
    }

    static let luna = "title: Luna\nspecies: cat\nbreed: Tabby\nage: 3\ngood_with_kids: yes"

    /// The warnings of a build of `files`, which must succeed.
    static func warnings(_ files: [String: String]) throws -> [Diagnostic] {
        try MemorySite(files).report().warnings
    }

    @Test func aCleanCatalogBuildsWithoutWarnings() throws {
        #expect(try Self.warnings(Self.shelter(["luna": Self.luna, "rex": "title: Rex\nspecies: dog\nage: 5\nfriends: [Luna]"])) == [])
    }

    /// A license catalog's `using: {Toybox: https://…}` and a list of maps, with no
    /// declaration: the inferred one takes them as nested values, and nothing is a mistake.
    @Test func mapsAndListsOfMapsInAnUndeclaredCatalogAreNoMistakes() throws {
        var files = ["licenses/_index.md": page("title: Licenses")]
        for (index, name) in ["mit", "isc", "bsd", "zlib", "apache"].enumerated() {
            files["licenses/\(name).md"] = page(
                """
                title: \(name.uppercased())
                using:
                  Project\(index): https://example.org/\(index)
                  Tool\(index): https://example.org/t\(index)
                resources:
                  - {src: a\(index).txt, title: A}
                """)
        }
        #expect(try Self.warnings(files) == [])
    }

    @Test func aKeyOneOrTwoEditsFromAFieldIsNamedWithTheFieldMeant() throws {
        let found = try Self.warnings(Self.shelter(["luna": Self.luna, "pip": "title: Pip\nspecies: bird\nspeices: bird\ngood_with_kid: true"]))
        let misspelt = found.filter { $0.message.hasPrefix("unknown field") }
        #expect(misspelt.map(\.path) == ["Content/pets/cats/pip.md", "Content/pets/cats/pip.md"])
        #expect(misspelt.map(\.line) == [4, 5])
        #expect(misspelt.map(\.column) == [1, 1])
        #expect(misspelt[0].message == "unknown field `speices` — did you mean `species`?")
        #expect(misspelt[1].message == "unknown field `good_with_kid` — did you mean `good_with_kids`?")
        #expect(misspelt[0].hint?.contains("Content/pets/_index.md") == true)
        #expect(misspelt.allSatisfy { $0.severity == .warning })
    }

    @Test func aValueOfTheWrongTypeIsNamedAtItsColumn() throws {
        let found = try Self.warnings(Self.shelter(["luna": Self.luna, "pip": "title: Pip\nspecies: bird\nage:   one\ngood_with_kids: maybe"]))
        let age = try #require(found.first { $0.message.contains("`age`") })
        #expect(age.path == "Content/pets/cats/pip.md")
        #expect(age.line == 4)
        #expect(age.column == 8)
        #expect(age.message == "`age` must be a number (of years)")
        #expect(age.hint == "write it like `age: 3`")
        let kids = try #require(found.first { $0.message.contains("`good_with_kids`") })
        #expect(kids.line == 5)
        #expect(kids.column == 17)
        #expect(kids.message == "`good_with_kids` must be yes or no")
    }

    /// `min:` and `max:` bound a number: beyond them is a mistake at the value, naming the bound.
    @Test func aNumberBeyondItsBoundsIsNamed() throws {
        let index = Self.declaration.replacingOccurrences(of: "age: {type: number, unit: years,", with: "age: {type: number, unit: years, min: 0, max: 40,")
        let found = try Self.warnings(
            Self.shelter(
                ["luna": Self.luna, "pip": "title: Pip\nspecies: bird\nage: -2", "old": "title: Old\nspecies: cat\nage: 41.5"],
                index: index))
        #expect(found.map(\.message).sorted() == ["`age` is -2, less than 0, the least it can be", "`age` is 41.5, more than 40, the most it can be"])
        #expect(found.allSatisfy { $0.line == 4 && $0.column == 6 && $0.hint == "`age` is a number from 0 up to 40, as its declaration says" })
        var problems: [FieldDeclaration.Problem] = []
        _ = FieldDeclaration.read(.map([("age", .map([("type", .string("text")), ("min", .string("zero"))]))]), problems: &problems)
        #expect(problems.map(\.message) == ["field `age`: `min` must be a number, found `zero`"])
    }

    @Test func aValueOutsideTheChoiceNamesTheNearestValue() throws {
        let found = try Self.warnings(Self.shelter(["luna": Self.luna, "tom": "title: Tom\nspecies: Cta\nage: 2"]))
        #expect(found.count == 1)
        let wrong = try #require(found.first)
        #expect((wrong.path, wrong.line, wrong.column) == ("Content/pets/cats/tom.md", 3, 10))
        #expect(wrong.message == "`species` is `Cta`, which is not one of its values — did you mean `cat`?")
        #expect(wrong.hint?.contains("cat, dog, bird") == true)
        // Case does not count, as in facets: `Cat` is `cat`.
        #expect(try Self.warnings(Self.shelter(["luna": Self.luna, "tom": "title: Tom\nspecies: Cat"])) == [])
    }

    @Test func aMissingRequiredFieldIsNamed() throws {
        let found = try Self.warnings(Self.shelter(["luna": Self.luna, "ghost": "title: Ghost\nage: 4"]))
        let missing = try #require(found.first)
        #expect(found.count == 1)
        // At the line that closes the front matter: the new line goes above it.
        #expect(missing.path == "Content/pets/cats/ghost.md" && missing.line == 4 && missing.column == nil)
        #expect(missing.message == "`species` is missing: every pet needs one")
        #expect(missing.hint?.hasPrefix("add a line like `species: cat`") == true)
    }

    @Test func anImageThatMatchesAFileOnlyWithoutCaseNamesTheFile() throws {
        var files = Self.shelter(["luna": Self.luna + "\nimage: luna.jpeg", "tom": "title: Tom\nspecies: cat\nphoto: TOM.gif"])
        files["pets/cats/Luna.jpg"] = RowConfigurationTests.gif(width: 20, height: 20)
        files["pets/cats/tom.gif"] = RowConfigurationTests.gif(width: 20, height: 20)
        let found = try Self.warnings(files)
        let luna = try #require(found.first { $0.path == "Content/pets/cats/luna.md" })
        #expect(luna.line == 7)
        #expect(luna.message == "image `luna.jpeg` not found — did you mean `Luna.jpg`?")
        let tom = try #require(found.first { $0.path == "Content/pets/cats/tom.md" })
        #expect((tom.line, tom.column) == (4, 8))
        #expect(tom.message == "image `TOM.gif` not found — did you mean `tom.gif`?")
    }

    @Test func aLinkNamingNoItemIsNamedWithTheNearestTitle() throws {
        let found = try Self.warnings(Self.shelter(["luna": Self.luna, "rex": "title: Rex\nspecies: dog\nfriends: [Luna, Lunar Eclipse, Lnua]"]))
        #expect(
            found.map(\.message) == [
                "`friends` names `Lunar Eclipse`, which is no pet of this catalog",
                "`friends` names `Lnua`, which is no pet of this catalog — did you mean `Luna`?",
            ])
        #expect(found.allSatisfy { $0.path == "Content/pets/cats/rex.md" && $0.line == 4 && $0.column == 10 })
    }

    @Test func strictCatalogsMakeMistakesErrors() throws {
        let files = Self.shelter(["luna": Self.luna, "tom": "title: Tom\nspecies: Cta"], index: Self.declaration + "\nstrict: true")
        let failure = MemorySite(files).failureDiagnostics()
        #expect(failure.map(\.severity) == [.error])
        #expect(failure.first?.message.contains("did you mean `cat`?") == true)
    }

    @Test func mistakesInTheDeclarationAreErrorsAtTheirLine() throws {
        let index = """
            title: Shelter
            fields:
              species: {type: choice, values: [cat, dog]}
              age:
                type: nubmer
                lable: Age in years
              size: {type: choice, show: [page, facets]}
              slug: {type: text}
            """
        let failure = MemorySite(Self.shelter(["luna": "title: Luna\nspecies: cat"], index: index)).failureDiagnostics()
        let messages = failure.map { "\($0.line ?? 0):\($0.column ?? 0) \($0.message)" }
        #expect(
            messages == [
                "6:5 field `age`: unknown type `nubmer` — did you mean `number`?",
                "7:5 field `age`: unknown key `lable` — did you mean `label`?",
                "8:24 field `size`: `show` names `facets`, which is no place — did you mean `facet`?",
                "8:3 field `size` is a choice without `values`",
                "9:3 `slug` is a setting Foldout reads itself, not a field to declare",
            ])
        #expect(failure.allSatisfy { $0.path == "Content/pets/_index.md" && $0.severity == .error })
    }

    @Test func theDeclarationShowsFieldsWhereItSays() throws {
        let site = try MemorySite(Self.shelter(["luna": Self.luna, "rex": "title: Rex\nspecies: dog\nage: 1\nbreed: Beagle\nstatus: adopted"])).report()
        let catalog = site.html("pets/index.html")
        // Row fields, a number with its unit.
        #expect(catalog.contains(#"<span class="row-secondary">Tabby · 3 years</span>"#))
        #expect(catalog.contains(#"<span class="row-secondary">Beagle · 1 year</span>"#))
        // Facets in declaration order, a choice's values in theirs; sorts after Title.
        let facets = ["species", "age", "good_with_kids"].map { catalog.range(of: "data-facet=\"\($0)\"")?.lowerBound }
        #expect(facets.allSatisfy { $0 != nil })
        #expect(facets.compactMap { $0 } == facets.compactMap { $0 }.sorted())
        #expect(catalog.contains("Good with children"))
        #expect(catalog.contains(#"<option value="age">Age (lowest first)</option>"#))
        // The page lists the page fields in order, with the default filled in; `photo` is not listed.
        let luna = site.html("pets/cats/luna.html")
        let labels = ["Species", "Breed", "Age", "Good with children", "Status"].map { luna.range(of: ">\($0)<")?.lowerBound }
        #expect(labels.allSatisfy { $0 != nil })
        #expect(labels.compactMap { $0 } == labels.compactMap { $0 }.sorted())
        #expect(luna.contains(">3 years<"))
        #expect(luna.contains(">available<"))
    }
}
