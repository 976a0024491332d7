import Testing
import FoldoutPresentation
import FoldoutTestSupport

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

    @Test func reportsMistakes() {
        #expect(throws: RowTextTemplate.SyntaxError.self) { try RowTextTemplate("{{age years") }
        #expect(throws: RowTextTemplate.SyntaxError.self) { try RowTextTemplate("{{#age}}old") }
        #expect(throws: RowTextTemplate.SyntaxError.self) { try RowTextTemplate("{{#age}}old{{/breed}}") }
        #expect(throws: RowTextTemplate.SyntaxError.self) { try RowTextTemplate("old{{/age}}") }
        #expect(throws: RowTextTemplate.SyntaxError.self) { try RowTextTemplate("{{{age}}}") }
    }
}
