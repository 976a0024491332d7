import FoldoutPresentation
import FoldoutTestSupport
import Testing

@Suite struct RowTextTemplateTests {
    func render(_ source: String, _ values: [String: String]) throws -> String {
        try RowTextTemplate(source).render { values[$0] }
    }

    @Test func fillsInFields() throws {
        #expect(try render("{{age}} years old · {{breed}}", ["age": "4", "breed": "Beagle"]) == "4 years old · Beagle")
    }

    @Test func leavesOutPartsWhoseFieldIsMissing() throws {
        #expect(try render("{{age}} years old · {{breed}}", ["breed": "Beagle"]) == "Beagle")
        #expect(try render("{{age}} years old · {{breed}}", ["age": "4"]) == "4 years old")
        #expect(try render("{{age}} years old", [:]) == "")
    }

    @Test func sectionsShowOnlyWithAValue() throws {
        let source = "{{lessons}} lessons{{#level}}, {{level}}{{/level}}{{^level}}, any level{{/level}}"
        #expect(try render(source, ["lessons": "8", "level": "beginner"]) == "8 lessons, beginner")
        #expect(try render(source, ["lessons": "8"]) == "8 lessons, any level")
    }

    @Test func aSeparatorInsideASectionDoesNotSplit() throws {
        #expect(try render("{{#a}}{{a}} · {{b}}{{/a}}", ["a": "x", "b": "y"]) == "x · y")
    }

    @Test func namesTheFieldsItUses() throws {
        #expect(try RowTextTemplate("{{age}} · {{#level}}{{level}} {{kind}}{{/level}}").fieldNames == ["age", "level", "kind"])
    }

    @Test func pluralFormsFollowTheFieldsNumber() throws {
        let source = "{{age}} {{age|year,years}} old"
        #expect(try render(source, ["age": "1"]) == "1 year old")
        #expect(try render(source, ["age": "1.0"]) == "1.0 year old")
        #expect(try render(source, ["age": "4"]) == "4 years old")
        #expect(try render(source, ["age": "0"]) == "0 years old")
        #expect(try render(source, ["age": "0.5"]) == "0.5 years old")
        // One word: the plural by English rules, as `item_name` makes it.
        #expect(try render("{{n}} {{n|class}}", ["n": "1"]) == "1 class")
        #expect(try render("{{n}} {{n|class}}", ["n": "3"]) == "3 classes")
        #expect(try render("{{n}} {{ n | person , people }}", ["n": "3"]) == "3 people")
        // A missing field leaves its part out, as `{{field}}` does.
        #expect(try render("{{age|year,years}} old · {{breed}}", ["breed": "Beagle"]) == "Beagle")
        #expect(try RowTextTemplate("{{lessons}} {{lessons|lesson,lessons}} · {{level}}").fieldNames == ["lessons", "level"])
    }

    @Test func reportsMistakes() {
        #expect(throws: RowTextTemplate.SyntaxError.self) { try RowTextTemplate("{{age|}}") }
        #expect(throws: RowTextTemplate.SyntaxError.self) { try RowTextTemplate("{{|year,years}}") }
        #expect(throws: RowTextTemplate.SyntaxError.self) { try RowTextTemplate("{{age|year,years,yrs}}") }
        #expect(throws: RowTextTemplate.SyntaxError.self) { try RowTextTemplate("{{age|year,}}") }
        #expect(throws: RowTextTemplate.SyntaxError.self) { try RowTextTemplate("{{age years") }
        #expect(throws: RowTextTemplate.SyntaxError.self) { try RowTextTemplate("{{#age}}old") }
        #expect(throws: RowTextTemplate.SyntaxError.self) { try RowTextTemplate("{{#age}}old{{/breed}}") }
        #expect(throws: RowTextTemplate.SyntaxError.self) { try RowTextTemplate("old{{/age}}") }
        #expect(throws: RowTextTemplate.SyntaxError.self) { try RowTextTemplate("{{{age}}}") }
    }
}
