import FoldoutBase
import FoldoutTestSupport
import Testing

/// Mistakes in `schema:`, `schema_fields:` and `schema_values:` are reported at their line,
/// as the other keys of a catalog's `_index.md` are; item values that do not fit are warnings
/// at the item's line.
@Suite struct SchemaMappingTests {
    static func catalog(_ lines: String) -> [String: String] {
        [
            "courses/_index.md": "---\ntitle: Courses\n\(lines)\n---\n",
            "courses/swift.md": "---\ntitle: Swift\ncode: SW-1\nduration: 6\nlevel: beginner\n---\nText.\n",
        ]
    }

    @Test func anUnknownTypeIsAnErrorNamingTheKnownOnes() {
        let errors = MemorySite(Self.catalog("schema: Curse")).errors()
        #expect(errors.count == 1)
        #expect(errors.first?.path == "Content/courses/_index.md" && errors.first?.line == 3)
        #expect(errors.first?.message.contains("`Curse`") == true)
        #expect(errors.first?.hint?.contains("`Thing`, `Course`") == true)
    }

    @Test func propertiesMustBeTheTypesAndFieldsMustBeNames() {
        let errors = MemorySite(
            Self.catalog(
                """
                schema: Course
                schema_fields:
                  courseCode: code
                  colour: level
                  name: code
                  educationalLevel: [level]
                """)
        ).errors()
        #expect(errors.map(\.line) == [4, 4, 4])
        #expect(errors.contains { $0.message.contains("`colour`") && $0.hint?.contains("courseCode") == true })
        #expect(errors.contains { $0.message.contains("`name` in `schema_fields` is set for every item already") })
        #expect(errors.contains { $0.message.contains("`educationalLevel` in `schema_fields` must name a field") })
        // Thing has no courseCode.
        let thing = MemorySite(Self.catalog("schema_fields: {courseCode: code}")).errors()
        #expect(thing.count == 1 && thing.first?.message.contains("on a `Thing`") == true)
    }

    @Test func fixedValuesAreCheckedAtTheirLine() {
        let errors = MemorySite(
            Self.catalog(
                """
                schema: Course
                schema_values:
                  timeRequired: soon
                  provider: {url: "https://example.org/"}
                  numberOfCredits: many
                """)
        ).errors()
        #expect(errors.map(\.line) == [4, 4, 4])
        #expect(errors.contains { $0.message.contains("`soon` is not a length of time") && $0.hint?.contains("PT6H") == true })
        #expect(errors.contains { $0.message.contains("needs a `name`") })
        #expect(errors.contains { $0.message.contains("`many` is not a whole number") })
        let map = MemorySite(Self.catalog("schema: Course\nschema_fields: [code]")).errors()
        #expect(map.count == 1 && map.first?.message.contains("must be a map") == true && map.first?.line == 4)
    }

    /// Swift's `duration: 6` has no unit: a warning at its line, and its page goes without
    /// `timeRequired`. A field no item has is most likely misspelt.
    @Test func itemValuesThatDoNotFitAreWarningsAtTheItemsLine() throws {
        let site = MemorySite(
            Self.catalog(
                """
                schema: Course
                schema_fields: {courseCode: code, timeRequired: duration, coursePrerequisites: prerequisites}
                """))
        let warnings = site.warnings()
        #expect(warnings.count == 2, "\(warnings)")
        let duration = try #require(warnings.first { $0.path == "Content/courses/swift.md" })
        #expect(duration.line == 4 && duration.message.contains("`6` has no unit") && duration.message.contains("timeRequired"))
        let unused = try #require(warnings.first { $0.path == "Content/courses/_index.md" })
        #expect(unused.line == 4 && unused.message.contains("`prerequisites`"))
        let page = PageHead(try site.snapshot().text(at: "courses/swift.html") ?? "")
        let course = try #require(try page.node("Course"))
        #expect(course["courseCode"] as? String == "SW-1" && course["timeRequired"] == nil)
    }
}
