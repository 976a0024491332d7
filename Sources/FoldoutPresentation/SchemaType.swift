/// A schema.org type Foldout describes items as in their pages' structured data (JSON-LD),
/// with the properties a catalog can fill from its items' fields (`SchemaMapping`). Every
/// item has `name`, `description`, `url` and `image` already; these are the rest.
///
/// The table is checked against the schema.org vocabulary by a test
/// (Tests/fixtures/schemaorg): each property must be allowed on its type, and each kind of
/// value among the property's ranges.
public struct SchemaType: Sendable, Equatable {
    /// How a field's value becomes a property's value.
    public enum ValueKind: String, Sendable, Equatable, CaseIterable {
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

        /// The schema.org type of values of this kind, which the property's ranges must include.
        public var schemaType: String {
            switch self {
            case .text, .texts: "Text"
            case .duration: "Duration"
            case .integer: "Integer"
            case .urls: "URL"
            case .organization: "Organization"
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
            }
        }
    }

    public struct Property: Sendable, Equatable {
        public var name: String
        public var kind: ValueKind
    }

    public var name: String
    /// What catalogs can map, this type's own and those of its supertypes.
    public var properties: [Property]

    public func property(_ name: String) -> Property? {
        properties.first { $0.name == name }
    }

    /// The properties every item has without a mapping.
    public static let automaticProperties: Set<String> = ["name", "description", "url", "image"]

    private static let thingProperties: [Property] = [
        Property(name: "alternateName", kind: .text),
        Property(name: "identifier", kind: .text),
        Property(name: "disambiguatingDescription", kind: .text),
        Property(name: "sameAs", kind: .urls),
    ]

    /// Anything: the default.
    public static let thing = SchemaType(name: "Thing", properties: thingProperties)

    /// A course, as Google's course rich results read it.
    public static let course = SchemaType(name: "Course", properties: [
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
    ] + thingProperties)

    public static let known: [SchemaType] = [.thing, .course]

    public static func named(_ name: String) -> SchemaType? {
        known.first { $0.name == name }
    }
}
