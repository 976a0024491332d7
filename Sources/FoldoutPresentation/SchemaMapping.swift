import FoldoutBase
import FoldoutMarkdown
import FoldoutModel
import Foundation

/// How a catalog's items are described in their pages' structured data, from its
/// `_index.md`:
///
///     schema: Course                  # the schema.org type of its items (default: Thing)
///     schema_fields:                  # property: the item's field that fills it
///       courseCode: code
///       educationalLevel: level
///       timeRequired: duration        # `6 hours`, `3 weeks`, `PT6H`: written as ISO 8601
///       coursePrerequisites: prerequisites
///     schema_values:                  # property: one value for every item
///       provider: {name: Riverside Academy, url: https://example.org/}
///
/// The properties a type takes, and what each value must be, are in `SchemaType`.
package struct SchemaMapping: Sendable, Equatable {
    package struct FieldEntry: Sendable, Equatable {
        package var property: SchemaType.Property
        package var field: String
        /// The field as the catalog declares it, whose type says how its values become the
        /// property's (see `read(_:problems:)`); nil when the catalog declares no fields.
        package var declared: FieldDeclaration.Field?
    }

    package struct ValueEntry: Sendable, Equatable {
        package var property: SchemaType.Property
        package var value: SchemaValue
    }

    package var type: SchemaType = .thing
    /// In the order written.
    package var fields: [FieldEntry] = []
    package var values: [ValueEntry] = []

    package static let standard = SchemaMapping()

    /// A problem with one of the keys, for the caller to report at the key's line.
    package struct Problem: Sendable, Equatable {
        package var key: String
        package var message: String
        package var hint: String
    }

    /// Reads `schema`, `schema_fields` and `schema_values` (nil when absent).
    package static func read(type: FieldValue?, fields: FieldValue?, values: FieldValue?, problems: inout [Problem]) -> SchemaMapping {
        var mapping = SchemaMapping()
        let known = SchemaType.known.map { "`\($0.name)`" }.joined(separator: ", ")
        if let type, type != .null {
            if let name = type.stringValue, let found = SchemaType.named(name) {
                mapping.type = found
            } else {
                problems.append(
                    Problem(
                        key: "schema", message: "`schema` must name a schema.org type Foldout describes items as, found `\(type.text)`",
                        hint: "write one of \(known), like `schema: Course`"))
            }
        }
        let propertyList = mapping.type.properties.map(\.name).joined(separator: ", ")
        func entries(_ key: String, _ value: FieldValue?) -> [(key: String, value: FieldValue)] {
            guard let value, value != .null else { return [] }
            guard case .map(let pairs) = value else {
                problems.append(
                    Problem(
                        key: key, message: "`\(key)` must be a map of schema.org property and \(key == "schema_fields" ? "field" : "value")",
                        hint: key == "schema_fields"
                            ? "write it like `schema_fields: {courseCode: code, timeRequired: duration}`"
                            : "write it like `schema_values: {provider: Riverside Academy}`"))
                return []
            }
            return pairs
        }
        func property(_ key: String, _ name: String) -> SchemaType.Property? {
            if let property = mapping.type.property(name) { return property }
            let message =
                SchemaType.automaticProperties.contains(name)
                ? "`\(name)` in `\(key)` is set for every item already (from its title, summary, page and image)"
                : "`\(name)` in `\(key)` is not a property Foldout fills on a `\(mapping.type.name)`"
            problems.append(Problem(key: key, message: message, hint: "the properties of a `\(mapping.type.name)`: \(propertyList)"))
            return nil
        }
        var seen: Set<String> = []
        for (name, value) in entries("schema_fields", fields) {
            guard let property = property("schema_fields", name) else { continue }
            guard let field = value.stringValue, !field.isEmpty, case .string = value else {
                problems.append(
                    Problem(
                        key: "schema_fields", message: "`\(name)` in `schema_fields` must name a field of the items, found `\(value.text)`",
                        hint: "write the field's key, like `\(name): \(Slug.make(name).replacingOccurrences(of: "-", with: "_"))`"))
                continue
            }
            guard seen.insert(name).inserted else { continue }
            mapping.fields.append(FieldEntry(property: property, field: field))
        }
        for (name, value) in entries("schema_values", values) {
            guard let property = property("schema_values", name) else { continue }
            guard seen.insert(name).inserted else {
                problems.append(
                    Problem(
                        key: "schema_values", message: "`\(name)` is in both `schema_fields` and `schema_values`",
                        hint: "keep one: a field of each item, or one value for all"))
                continue
            }
            switch SchemaValue.converting(value, to: property.kind) {
            case .success(let converted): mapping.values.append(ValueEntry(property: property, value: converted))
            case .failure(let problem):
                problems.append(
                    Problem(
                        key: "schema_values", message: "`\(name)` in `schema_values`: \(problem)",
                        hint: "write \(property.kind.example)"))
            }
        }
        return mapping
    }

    /// Reads how the catalog declares the mapped fields (`fields:`): a number's unit goes
    /// with it (`duration: {type: number, unit: hours}` gives `timeRequired` `PT6H`), yes/no
    /// is true or false, a date a date. A mapped field whose type the property cannot take
    /// is a problem, and is left out of the mapping rather than warned about on every item.
    package mutating func read(_ declaration: FieldDeclaration, problems: inout [Problem]) {
        fields = fields.compactMap { entry -> FieldEntry? in
            guard let field = declaration[entry.field] else { return entry }
            if let mismatch = Self.mismatch(field, entry.property) {
                problems.append(
                    Problem(
                        key: "schema_fields", message: "`\(entry.property.name)` in `schema_fields`: " + mismatch.message,
                        hint: mismatch.hint))
                return nil
            }
            var entry = entry
            entry.declared = field
            return entry
        }
    }

    /// Why values of `field`'s declared type can never be `property`'s, or nil when they can.
    private static func mismatch(_ field: FieldDeclaration.Field, _ property: SchemaType.Property) -> (message: String, hint: String)? {
        let fits: Bool
        switch property.kind {
        case .text, .texts: fits = field.kind != .nested
        case .duration:
            if field.kind == .number, field.unit == nil {
                return (
                    "`\(field.name)` is a number without a unit, and a length of time needs one",
                    "give it one in `fields:`, like `\(field.name): {type: number, unit: hours}`"
                )
            }
            if field.kind == .number, let unit = field.unit, ISODuration("2 " + unit) == nil {
                return ("`\(field.name)` is a number of \(unit), which is no unit of time", "map a field counted in hours, days or weeks")
            }
            fits = [.text, .choice, .number].contains(field.kind)
        case .integer: fits = [.text, .choice, .number].contains(field.kind)
        case .boolean: fits = [.text, .choice, .yesNo].contains(field.kind)
        case .date: fits = [.text, .date].contains(field.kind)
        case .urls: fits = [.text, .list, .link].contains(field.kind)
        case .organization: fits = [.text, .choice, .nested].contains(field.kind)
        }
        if fits { return nil }
        return (
            "`\(field.name)` is declared \(field.kind.rawValue), and `\(property.name)` takes \(property.kind.example)",
            "map another field to `\(property.name)`, or change the type of `\(field.name)` in `fields:`"
        )
    }

    /// The mapped properties of `item`, in order: those from its fields (a field it lacks is
    /// left out), then the fixed ones. `problems` hears each field whose value does not fit,
    /// which is left out too.
    package func properties(of item: Item, problems: (_ field: String, _ message: String, _ hint: String) -> Void = { _, _, _ in })
        -> [(name: String, value: SchemaValue)]
    {
        var result: [(name: String, value: SchemaValue)] = []
        for entry in fields {
            guard let value = item.value(for: entry.field), value != .null else { continue }
            switch SchemaValue.converting(value, to: entry.property.kind, as: entry.declared) {
            case .success(.text("")): continue
            case .success(let converted): result.append((entry.property.name, converted))
            case .failure(let problem):
                problems(
                    entry.field, "`\(entry.field)` cannot be the `\(entry.property.name)` of its structured data: \(problem); it is left out",
                    "write \(entry.property.kind.example)")
            }
        }
        for entry in values { result.append((entry.property.name, entry.value)) }
        return result
    }
}

/// A property's value in structured data: text, a number, a list, or a node of its own
/// (`{"@type": "Organization", "name": …}`).
package indirect enum SchemaValue: Sendable, Equatable {
    case text(String)
    case integer(Int)
    case bool(Bool)
    case list([SchemaValue])
    case node(type: String, properties: [Property])

    package struct Property: Sendable, Equatable {
        package var name: String
        package var value: SchemaValue
    }

    /// `value` as a property of `kind` wants it, or why it cannot be; `field`, the value's
    /// field as declared, says what the value is: `6` of a number in hours is `6 hours`.
    package static func converting(
        _ value: FieldValue, to kind: SchemaType.ValueKind,
        as field: FieldDeclaration.Field? = nil
    ) -> Result<SchemaValue, ConversionProblem> {
        switch (field?.kind, kind) {
        case (.number?, .duration), (.number?, .text), (.number?, .texts):
            guard let unit = field?.unit, let number = FieldDeclaration.Field.number(value) else { break }
            let written = number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
            return converting(.string(written + " " + FieldDeclaration.Field.unitWord(unit, for: number)), to: kind)
        case (.yesNo?, .text), (.yesNo?, .texts):
            guard let flag = FieldDeclaration.Field.yesNo(value) else { break }
            return .success(.text(flag ? "Yes" : "No"))
        default:
            break
        }
        switch kind {
        case .text:
            guard let text = plainText(value) else { return .failure(ConversionProblem("found a map, `\(value.text)`")) }
            return .success(.text(text))
        case .texts:
            if case .list(let elements) = value {
                var texts: [SchemaValue] = []
                for element in elements {
                    guard let text = plainText(element) else { return .failure(ConversionProblem("found `\(element.text)` in the list")) }
                    texts.append(.text(text))
                }
                return .success(texts.count == 1 ? texts[0] : .list(texts))
            }
            return converting(value, to: .text)
        case .duration:
            guard case .string(let text) = value else {
                return .failure(ConversionProblem("`\(value.text)` has no unit (minutes? hours?)"))
            }
            guard let duration = ISODuration(text) else { return .failure(ConversionProblem("`\(text)` is not a length of time")) }
            return .success(.text(duration.text))
        case .integer:
            switch value {
            case .integer(let number): return .success(.integer(number))
            case .string(let text) where Int(text.trimmingCharacters(in: .whitespaces)) != nil:
                return .success(.integer(Int(text.trimmingCharacters(in: .whitespaces))!))
            default: return .failure(ConversionProblem("`\(value.text)` is not a whole number"))
            }
        case .urls:
            let elements = value.listValue ?? [value]
            var urls: [SchemaValue] = []
            for element in elements {
                guard case .string(let text) = element, ["http", "https"].contains(SafeURL.scheme(of: text) ?? "") else {
                    return .failure(ConversionProblem("`\(element.text)` is not an http:// or https:// address"))
                }
                urls.append(.text(text))
            }
            guard !urls.isEmpty else { return .failure(ConversionProblem("the list is empty")) }
            return .success(urls.count == 1 ? urls[0] : .list(urls))
        case .organization:
            if let name = plainText(value), !name.isEmpty { return .success(.node(type: "Organization", properties: [Property(name: "name", value: .text(name))])) }
            guard let name = value["name"]?.stringValue, !name.isEmpty else {
                return .failure(ConversionProblem("an organization needs a `name`, found `\(value.text)`"))
            }
            var properties = [Property(name: "name", value: .text(name))]
            if let url = value["url"] {
                guard case .success(let address) = converting(url, to: .urls), case .text = address else {
                    return .failure(ConversionProblem("the organization's `url` must be one http:// or https:// address, found `\(url.text)`"))
                }
                properties.append(Property(name: "url", value: address))
            }
            return .success(.node(type: "Organization", properties: properties))
        case .boolean:
            guard let flag = FieldDeclaration.Field.yesNo(value) else { return .failure(ConversionProblem("`\(value.text)` is not yes or no")) }
            return .success(.bool(flag))
        case .date:
            guard let text = value.stringValue, FieldDeclaration.Field.isDate(text) else {
                return .failure(ConversionProblem("`\(value.text)` is not a date like `2026-05-01`"))
            }
            // A date and time, `2026-05-01 10:30`, as ISO 8601 writes it.
            return .success(.text(text.count > 10 ? text.replacingOccurrences(of: " ", with: "T") : text))
        }
    }

    /// Text of a scalar, a list's elements joined with commas; nil for a map or a list holding one.
    private static func plainText(_ value: FieldValue) -> String? {
        switch value {
        case .map: return nil
        case .list(let elements):
            var texts: [String] = []
            for element in elements {
                guard let text = plainText(element) else { return nil }
                texts.append(text)
            }
            return texts.joined(separator: ", ")
        case .null: return ""
        default: return value.text
        }
    }

    /// Writes the value.
    package func write(to json: inout JSONWriter) {
        switch self {
        case .text(let text): json.string(text)
        case .integer(let number): json.number(number)
        case .bool(let flag): json.bool(flag)
        case .list(let values):
            json.beginArray()
            for value in values { value.write(to: &json) }
            json.endArray()
        case .node(let type, let properties):
            json.beginObject()
            json.key("@type")
            json.string(type)
            for property in properties {
                json.key(named: property.name)
                property.value.write(to: &json)
            }
            json.endObject()
        }
    }
}

/// Why a front matter value cannot be a property's value, in words.
package struct ConversionProblem: Error, Sendable, Equatable, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}
