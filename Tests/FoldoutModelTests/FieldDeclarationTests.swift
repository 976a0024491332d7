import FoldoutMarkdown
import FoldoutModel
import Testing

/// Reading `fields:` as a declaration: the mapping form, the older forms left alone, every
/// mistake with the keys that lead to it, and the YAML `foldout fields` prints reading back
/// as the same declaration.
@Suite struct FieldDeclarationTests {
    static func parse(_ yaml: String) throws -> FieldValue? {
        try FrontMatter.parseWithYams(yaml: yaml)["fields"]
    }

    @Test func theMappingFormIsTheDeclarationAndTheOtherFormsAreNot() throws {
        #expect(FieldDeclaration.isDeclaration(try Self.parse("fields:\n  age: {type: number}")))
        #expect(!FieldDeclaration.isDeclaration(try Self.parse("fields: [breed, {age: Age in years}]")))
        #expect(!FieldDeclaration.isDeclaration(try Self.parse("fields: {breed: Breed, age: Age in years}")))
        #expect(!FieldDeclaration.isDeclaration(try Self.parse("fields: false")))
    }

    @Test func everyKeyIsRead() throws {
        var problems: [FieldDeclaration.Problem] = []
        let declaration = try #require(
            FieldDeclaration.read(
                try Self.parse(
                    """
                    fields:
                      species: {type: choice, values: [cat, dog], required: true, show: [page, facet]}
                      age: {type: number, unit: years, show: [row, sort]}
                      good_with_kids: {type: yes/no, label: Good with children}
                      status: {values: [available, adopted], default: available}
                      notes:
                    """), problems: &problems))
        #expect(problems == [])
        #expect(declaration.isDeclared)
        #expect(declaration.fields.map(\.name) == ["species", "age", "good_with_kids", "status", "notes"])
        #expect(declaration.fields.map(\.kind) == [.choice, .number, .yesNo, .choice, .text])
        #expect(declaration["species"]?.required == true)
        #expect(declaration["species"]?.places == [.page, .facet])
        #expect(declaration["age"]?.unit == "years")
        #expect(declaration["good_with_kids"]?.label == "Good with children")
        #expect(declaration["status"]?.defaultValue == .string("available"))
        #expect(declaration["notes"]?.label == "Notes")
    }

    @Test func mistakesNameTheKeysTheyAreAt() throws {
        var problems: [FieldDeclaration.Problem] = []
        _ = FieldDeclaration.read(
            try Self.parse(
                """
                fields:
                  age: {type: number, values: [1, 2], default: old}
                  size: {type: choice, values: [small, large], default: huge, requird: true}
                  kind: {type: enumeration}
                  weight: {type: number}
                  notes: long text
                """), problems: &problems)
        #expect(
            problems.map(\.keys) == [
                ["age", "values"], ["age", "default"], ["size", "requird"], ["size", "default"],
                ["kind", "type"], ["weight"], ["notes"],
            ])
        #expect(problems[2].message == "field `size`: unknown key `requird` — did you mean `required`?")
        #expect(problems[3].message.contains("did you mean `small`?") == false)
        #expect(problems[3].message.hasPrefix("field `size`: the default `size` is `huge`, which is not one of its values"))
    }

    @Test func valuesAreCheckedByType() {
        var number = FieldDeclaration.Field(name: "age", kind: .number)
        number.unit = "years"
        #expect(number.mistake(in: .integer(3)) == nil)
        #expect(number.mistake(in: .string("2.5")) == nil)
        #expect(number.mistake(in: .string("one"))?.message == "`age` must be a number (of years)")
        let yesNo = FieldDeclaration.Field(name: "kids", kind: .yesNo)
        #expect(yesNo.mistake(in: .bool(false)) == nil && yesNo.mistake(in: .string("Yes")) == nil)
        #expect(yesNo.mistake(in: .string("maybe")) != nil)
        let date = FieldDeclaration.Field(name: "arrived", kind: .date)
        #expect(date.mistake(in: .string("2026-05-01")) == nil && date.mistake(in: .string("2026-05-01T09:30:00Z")) == nil)
        #expect(date.mistake(in: .string("May 1st")) != nil)
        var choice = FieldDeclaration.Field(name: "size", kind: .choice)
        choice.values = ["Small", "Medium", "Large"]
        #expect(choice.mistake(in: .string("small")) == nil)
        #expect(choice.mistake(in: .string("Meduim"))?.message == "`size` is `Meduim`, which is not one of its values — did you mean `Medium`?")
        #expect(FieldDeclaration.Field.unitWord("years", for: 1) == "year")
        #expect(FieldDeclaration.Field.unitWord("years", for: 2) == "years")
    }

    @Test func theYAMLReadsBackAsTheSameDeclaration() throws {
        var species = FieldDeclaration.Field(name: "species", kind: .choice)
        species.values = ["Small animal", "yes", "Dog"]
        species.required = true
        species.places = [.page, .facet]
        var age = FieldDeclaration.Field(name: "age", kind: .number, label: "Age: in years")
        age.unit = "years"
        age.places = [.row, .sort]
        var status = FieldDeclaration.Field(name: "status", kind: .text)
        status.defaultValue = .string("4 weeks, more or less")
        let declaration = FieldDeclaration(
            fields: [
                species, age, status, FieldDeclaration.Field(name: "photo", kind: .image),
                FieldDeclaration.Field(name: "kids", kind: .yesNo),
            ], isDeclared: true)
        var problems: [FieldDeclaration.Problem] = []
        let read = FieldDeclaration.read(try Self.parse(declaration.yaml), problems: &problems)
        #expect(problems == [])
        #expect(read == declaration)
    }
}
