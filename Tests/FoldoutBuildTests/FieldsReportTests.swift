import FoldoutBase
import FoldoutBuild
import FoldoutTestSupport
import Testing

/// `foldout fields CATALOG`: the declaration a catalog's items imply, which pasted into its
/// `_index.md` builds the same site; and the checks against an inferred declaration.
@Suite struct FieldsReportTests {
    static let index = """
        title: Shelter
        row:
          secondary: "{{breed}}"
        facets: [species, {field: age, type: range}]
        sort_options: [title, age]
        """

    static let pets: [String: String] = [
        "pets/dogs/rex.md": page("title: Rex\nspecies: Dog\nbreed: Beagle\nage: 3\ngood_with_kids: true\nfriends: [Ada]"),
        "pets/dogs/ada.md": page("title: Ada\nspecies: Dog\nbreed: Collie\nage: 7\ngood_with_kids: false\nfriends: [Rex]"),
        "pets/cats/tom.md": page("title: Tom\nspecies: Cat\nbreed: Tabby\nage: 1\ngood_with_kids: true\nfriends: [Mog]"),
        "pets/cats/kit.md": page("title: Kit\nspecies: Cat\nbreed: Siamese\nage: 2"),
        "pets/cats/mog.md": page("title: Mog\nspecies: Cat\nbreed: Persian\nage: 12\ngood_with_kids: true\nfriends: [Tom, Kit]"),
    ]

    static func report(_ files: [String: String], catalog: String = "pets") throws -> String {
        let options = MemorySite(files).options
        return try FieldsReport(options: options).text(forCatalog: catalog).text
    }

    @Test func theInferredDeclarationNamesTypesAndPlaces() throws {
        var files = Self.pets
        files["pets/_index.md"] = page(Self.index)
        let text = try Self.report(files, catalog: "Content/pets/")
        let yaml = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.joined(separator: "\n")
        #expect(
            yaml == """
                fields:
                  species: {type: choice, values: [Cat, Dog], show: [page, facet]}
                  breed: {type: text, show: [row, page]}
                  age: {type: number, show: [page, facet, sort]}
                  good_with_kids: {type: yes/no, show: [page]}
                  friends: {type: link, show: [page]}
                """)
        #expect(text.hasPrefix("# The fields of Shelter, inferred from its 5 items."))
    }

    @Test func pastedIntoTheIndexItBuildsTheSameSite() throws {
        var files = Self.pets
        files["pets/_index.md"] = page(Self.index)
        let before = try MemorySite(files).report()
        let declaration = try Self.report(files)
        files["pets/_index.md"] = page(Self.index + "\n" + declaration)
        let after = try MemorySite(files).report()
        #expect(after.warnings == [])
        #expect(after.snapshot.paths == before.snapshot.paths)
        for path in before.snapshot.paths where path.hasSuffix(".html") {
            #expect(after.snapshot.text(at: path) == before.snapshot.text(at: path), "\(path) differs")
        }
        // Read back, it is what `foldout fields` prints as declared.
        #expect(try Self.report(files).contains(declaration.split(separator: "\n").filter { !$0.hasPrefix("#") }.joined(separator: "\n")))
    }

    @Test func itemsAreCheckedAgainstTheInferredDeclaration() throws {
        var files = Self.pets
        files["pets/_index.md"] = page(Self.index)
        files["pets/cats/pip.md"] = page("title: Pip\nspeices: Cat\nbreed: Tabby\nage: one\ngood_with_kid: true\nfriends: [Rax]")
        files["pets/cats/tig.md"] = page("title: Tig\nspecies: Cta\nbreed: Tabby\nage: 4")
        let warnings = try MemorySite(files).report().warnings
        #expect(
            warnings.map { "\($0.path):\($0.line ?? 0):\($0.column ?? 0) \($0.message)" } == [
                "Content/pets/cats/pip.md:3:1 unknown field `speices` — did you mean `species`?",
                "Content/pets/cats/pip.md:5:6 `age` must be a number",
                "Content/pets/cats/pip.md:6:1 unknown field `good_with_kid` — did you mean `good_with_kids`?",
                "Content/pets/cats/pip.md:7:10 `friends` names `Rax`, which is no item of this catalog — did you mean `Rex`?",
                "Content/pets/cats/tig.md:3:10 `species` is `Cta`, which is not one of its values — did you mean `Cat`?",
            ])
        #expect(warnings.first?.hint == "the other items of Shelter write `species`")
        // Nor is a misspelling offered as a field to declare.
        #expect(try !Self.report(files).contains("speices"))
    }

    @Test func theWarningsSummaryCountsMistakesByKind() throws {
        var files = Self.pets
        files["pets/_index.md"] = page(Self.index + "\nfields:\n  species: {type: choice, values: [Cat, Dog]}\n  age: {type: number}")
        for number in 1...12 {
            files["pets/cats/stray-\(number).md"] = page("title: Stray \(number)\nspeices: Cat\nage: \(number == 1 ? "one" : "two")")
        }
        let warnings = try MemorySite(files).report().warnings
        let kinds = DiagnosticSummary(warnings).kinds.map { "\($0.count) \($0.template)" }
        #expect(kinds == ["12 unknown field `…` — did you mean `…`?", "12 `…` must be a number"])
    }

    @Test func aNameThatIsNoCatalogIsAnError() throws {
        var files = Self.pets
        files["pets/_index.md"] = page(Self.index)
        #expect(throws: BuildFailure.self) { try Self.report(files, catalog: "books") }
    }
}
