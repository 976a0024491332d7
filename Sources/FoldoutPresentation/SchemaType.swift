/// A schema.org type Foldout describes items as in their pages' structured data (JSON-LD),
/// with the properties a catalog can fill from its items' fields (`SchemaMapping`). Every
/// item has `name`, `description`, `url` and `image` already; these are the rest.
///
/// The table is checked against the schema.org vocabulary by a test
/// (Tests/fixtures/schemaorg): each property must be allowed on its type, and each kind of
/// value among the property's ranges.
package struct SchemaType: Sendable, Equatable {
    /// How a field's value becomes a property's value.
    package enum ValueKind: String, Sendable, Equatable, CaseIterable {
        /// Text; a list is joined with commas.
        case text
        /// Text, or a list of texts.
        case texts
        /// ISO 8601 (`PT6H`), converted from `6 hours` and the like (`ISODuration`).
        case duration
        /// A whole number.
        case integer
        /// An http(s) address, or a list of them.
        case urls
        /// An `Organization`: its name, or a map of `name` and `url`.
        case organization
        /// true or false, from yes or no.
        case boolean
        /// A date, `2026-05-01` (or a date and time, as written).
        case date

        /// The schema.org type of values of this kind, which the property's ranges must include.
        package var schemaType: String {
            switch self {
            case .text, .texts: "Text"
            case .duration: "Duration"
            case .integer: "Integer"
            case .urls: "URL"
            case .organization: "Organization"
            case .boolean: "Boolean"
            case .date: "Date"
            }
        }

        /// What to write, for hints.
        var example: String {
            switch self {
            case .text, .texts: "some text"
            case .duration: ISODuration.examples
            case .integer: "a whole number like `4`"
            case .urls: "an https:// address"
            case .organization: "a name, or `{name: …, url: https://…}`"
            case .boolean: "yes or no"
            case .date: "a date like `2026-05-01`"
            }
        }
    }

    package struct Property: Sendable, Equatable {
        package var name: String
        package var kind: ValueKind
    }

    package var name: String
    /// What catalogs can map, this type's own and those of its supertypes.
    package var properties: [Property]

    package func property(_ name: String) -> Property? {
        properties.first { $0.name == name }
    }

    /// The properties every item has without a mapping.
    package static let automaticProperties: Set<String> = ["name", "description", "url", "image"]

    private static let thingProperties: [Property] = [
        Property(name: "alternateName", kind: .text),
        Property(name: "identifier", kind: .text),
        Property(name: "disambiguatingDescription", kind: .text),
        Property(name: "sameAs", kind: .urls),
    ]

    /// Anything: the default.
    package static let thing = SchemaType(name: "Thing", properties: thingProperties)

    /// A course, as Google's course rich results read it.
    package static let course = SchemaType(
        name: "Course",
        properties: [
            Property(name: "courseCode", kind: .text),
            Property(name: "coursePrerequisites", kind: .texts),
            Property(name: "educationalLevel", kind: .text),
            Property(name: "timeRequired", kind: .duration),
            Property(name: "provider", kind: .organization),
            Property(name: "numberOfCredits", kind: .integer),
            Property(name: "teaches", kind: .texts),
            Property(name: "educationalCredentialAwarded", kind: .text),
            Property(name: "inLanguage", kind: .text),
            Property(name: "keywords", kind: .texts),
            Property(name: "isAccessibleForFree", kind: .boolean),
            Property(name: "datePublished", kind: .date),
            Property(name: "dateModified", kind: .date),
        ] + thingProperties)

    package static let known: [SchemaType] = [.thing, .course]

    package static func named(_ name: String) -> SchemaType? {
        known.first { $0.name == name }
    }
}
