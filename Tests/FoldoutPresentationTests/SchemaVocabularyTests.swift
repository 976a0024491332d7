import FoldoutPresentation
import FoldoutTestSupport
import Testing

/// The types and properties Foldout writes in structured data, checked against the
/// schema.org vocabulary (Tests/fixtures/schemaorg/vocabulary.json, extracted from a release).
@Suite struct SchemaVocabularyTests {
    @Test func everyMappableTypeAndPropertyIsSchemaOrgs() throws {
        let vocabulary = try SchemaVocabulary()
        for type in SchemaType.known {
            #expect(vocabulary.hasType(type.name), "\(type.name)")
            for property in SchemaType.automaticProperties {
                #expect(vocabulary.allows(property, on: type.name), "\(type.name).\(property)")
            }
            for property in type.properties {
                #expect(vocabulary.allows(property.name, on: type.name), "\(property.name) on \(type.name)")
                #expect(
                    vocabulary.accepts(property.name, valueOfType: property.kind.schemaType),
                    "\(type.name).\(property.name) takes no \(property.kind.schemaType)")
            }
        }
    }

    /// The checks themselves: they must be able to fail.
    @Test func theChecksRefuseWhatSchemaOrgDoesNotHave() throws {
        let vocabulary = try SchemaVocabulary()
        #expect(vocabulary.isA("Course", "Thing") && vocabulary.isA("URL", "Text") && vocabulary.isA("Integer", "Number"))
        #expect(!vocabulary.allows("courseCode", on: "Thing"))
        #expect(!vocabulary.accepts("numberOfItems", valueOfType: "Text"))
        let document: [String: Any] = [
            "@context": "https://schema.org",
            "@graph": [
                ["@type": "Thing", "name": "A", "courseCode": "X-1"],
                ["@type": "Curse", "name": "B"],
                ["@type": "Course", "name": "C", "timeRequired": "six hours", "provider": ["@type": "ListItem", "position": 1]],
                ["@type": "ItemList", "numberOfItems": "many", "colour": "red"],
            ],
        ]
        let problems = vocabulary.problems(in: document)
        #expect(problems.contains { $0.contains("courseCode is not a property of Thing") })
        #expect(problems.contains { $0.contains("Curse is not a schema.org type") })
        #expect(problems.contains { $0.contains("timeRequired does not take the text") })
        #expect(problems.contains { $0.contains("provider does not take a ListItem") })
        #expect(problems.contains { $0.contains("numberOfItems does not take the text") })
        #expect(problems.contains { $0.contains("colour is not a schema.org property") })
        #expect(problems.count == 6, "\(problems)")
    }
}
