import FoldoutBase
import FoldoutMarkdown

/// The fields a catalog's items have, declared in its `_index.md` as a mapping under
/// `fields:`, one entry per field (the list form, `fields: [breed, age]`, only picks the
/// fields item pages list: see `DetailFieldList`):
///
///     fields:
///       species: {type: choice, values: [cat, dog, bird], required: true, show: [page, facet]}
///       breed:   {type: text, show: [row, page]}
///       age:     {type: number, unit: years, show: [row, page, facet, sort]}
///       good_with_kids: {type: yes/no, label: Good with children, show: [page, facet]}
///       photo:   {type: image}
///       prerequisites: {type: link}      # names other items of the catalog
///       status:  {type: choice, values: [available, adopted], default: available}
///
/// Facets, sorts, rows, item pages and search read it; each item is checked against it.
/// A catalog without one gets one inferred from its items (`inferred(…)`, in
/// FoldoutPresentation), which `foldout fields CATALOG` prints.
package struct FieldDeclaration: Sendable, Equatable {
    package enum Kind: String, Sendable, Equatable, CaseIterable {
        case text
        /// Text written in Markdown: shown on the item's page as cmark renders it, through
        /// the same raw-HTML allowlist as bodies.
        case markdown
        /// A number, with an optional `unit` ("years").
        case number
        /// Yes, no, or unknown when the item does not say.
        case yesNo = "yes/no"
        /// One of the listed `values`.
        case choice
        /// A list of words (`[kids, indoor]`).
        case list
        /// A date, `2026-05-01`.
        case date
        /// An image file beside the item.
        case image
        /// Another item of the catalog, by its title or file name; one or a list.
        case link
        /// Values with names of their own (`using: {Toybox: https://…}`, a list of maps):
        /// shown as written and not checked further, since only their writer knows their shape.
        case nested

        /// Other spellings people write for a type.
        static let aliases: [String: Kind] = [
            "string": .text, "yes-no": .yesNo, "yesno": .yesNo, "boolean": .yesNo, "bool": .yesNo,
            "md": .markdown, "integer": .number, "int": .number, "float": .number, "enum": .choice, "tags": .list, "photo": .image,
        ]
    }

    /// Where a field is shown.
    package enum Place: String, Sendable, Equatable, CaseIterable {
        /// On the row's secondary line, when `row.secondary` is not written.
        case row
        /// Among the fields of the item's page.
        case page
        /// As a facet of the catalog's filter panel, when `facets:` is not written.
        case facet
        /// As a sort choice, when `sort_options:` is not written.
        case sort
    }

    package struct Field: Sendable, Equatable {
        package var name: String
        package var kind: Kind
        /// What readers see: "Good with children"; from the name unless written.
        package var label: String
        package var labelIsWritten = false
        /// A choice's values, in the order facets list them.
        package var values: [String] = []
        /// A number's unit, shown after it: "4 years".
        package var unit: String?
        /// The least and the greatest a number can be (`min: 0` for an age), when declared.
        package var minimum: Double?
        package var maximum: Double?
        package var required = false
        /// The value of items that do not give one.
        package var defaultValue: FieldValue?
        package var places: [Place] = []

        package init(name: String, kind: Kind, label: String? = nil) {
            self.name = name
            self.kind = kind
            self.label = label ?? Slug.readableTitle(fromFileName: name)
            labelIsWritten = label != nil
        }

        package func shows(on place: Place) -> Bool { places.contains(place) }
    }

    /// A mistake in the declaration: where (the keys down to it, below `fields`), what and what to do.
    package struct Problem: Sendable, Equatable {
        package var keys: [String]
        package var message: String
        package var hint: String
    }

    package var fields: [Field]
    /// Written in `_index.md`; false when inferred from the items.
    package var isDeclared: Bool

    package init(fields: [Field], isDeclared: Bool) {
        self.fields = fields
        self.isDeclared = isDeclared
    }

    package subscript(name: String) -> Field? {
        fields.first { $0.name == name }
    }

    package static let keys = ["type", "label", "values", "unit", "min", "max", "required", "default", "show"]

    /// Front matter keys Foldout reads itself, besides the reserved ones: never fields of a
    /// declaration, never taken for a misspelt one.
    package static let settingKeys: Set<String> = PageParser.reservedKeys.union([
        "image_alt", "image_focus", "photos", "author", "authors", "updated", "lastmod", "strict",
    ])

    /// Keys Foldout reads that a declaration may still declare, to show them (`tags`,
    /// `date`) or check them (`image: {type: image, required: true}`).
    package static let declarableSettings: Set<String> = ["title", "summary", "date", "tags", "image", "photos", "author", "authors"]

    /// Whether `value` of `fields:` is the declaration: a mapping of fields to their
    /// settings. A mapping of fields to labels (`{breed: Breed}`) and a list are the older
    /// form that only picks the page's fields.
    package static func isDeclaration(_ value: FieldValue?) -> Bool {
        guard case .map(let pairs)? = value else { return false }
        return pairs.contains { if case .map = $0.value { true } else { false } }
    }

    /// Reads `fields:` when it is the declaration (else nil), with every mistake in it.
    package static func read(_ value: FieldValue?, problems: inout [Problem]) -> FieldDeclaration? {
        guard isDeclaration(value), case .map(let pairs)? = value else { return nil }
        var fields: [Field] = []
        for (name, settings) in pairs {
            if settingKeys.contains(name) && !declarableSettings.contains(name) {
                problems.append(
                    Problem(
                        keys: [name], message: "`\(name)` is a setting Foldout reads itself, not a field to declare",
                        hint: "leave `\(name)` out of `fields:`"))
                continue
            }
            switch settings {
            case .map(let entries): fields.append(readField(name, entries, problems: &problems))
            case .null: fields.append(Field(name: name, kind: .text))
            default:
                problems.append(
                    Problem(
                        keys: [name], message: "field `\(name)` must be a map of settings, found `\(settings.text)`",
                        hint: "write it like `\(name): {type: text, show: [page]}`"))
            }
        }
        return FieldDeclaration(fields: fields, isDeclared: true)
    }

    private static func readField(_ name: String, _ entries: [(key: String, value: FieldValue)], problems: inout [Problem]) -> Field {
        func problem(_ key: String, _ message: String, _ hint: String) {
            problems.append(Problem(keys: [name, key], message: "field `\(name)`: " + message, hint: hint))
        }
        let typeNames = Kind.allCases.map(\.rawValue)
        var kind: Kind?
        if let raw = entries.first(where: { $0.key == "type" })?.value {
            let written = raw.stringValue?.lowercased() ?? ""
            if let found = Kind(rawValue: written) ?? Kind.aliases[written] {
                kind = found
            } else {
                let nearest = NearestName.suggestion(for: written, among: typeNames).map { " — did you mean `\($0)`?" } ?? ""
                problem("type", "unknown type `\(raw.text)`\(nearest)", "a type is one of " + typeNames.joined(separator: ", "))
            }
        }
        let hasValues = entries.contains { $0.key == "values" }
        var field = Field(name: name, kind: kind ?? (hasValues ? .choice : .text))
        for (key, raw) in entries {
            switch key {
            case "type":
                continue
            case "label":
                guard let label = raw.stringValue, !label.isEmpty else {
                    problem(key, "`label` must be text, found `\(raw.text)`", "write it like `label: Good with children`")
                    continue
                }
                field.label = label
                field.labelIsWritten = true
            case "values":
                let list = raw.listValue ?? []
                let values = list.compactMap(\.stringValue).filter { !$0.isEmpty }
                guard !values.isEmpty, values.count == list.count else {
                    problem(key, "`values` must be a list of words, found `\(raw.text)`", "write it like `values: [cat, dog, bird]`")
                    continue
                }
                if field.kind != .choice {
                    problem(
                        key, "`values` are for a choice, and this field is a \(field.kind.rawValue)",
                        "write `type: choice`, or leave `values` out")
                }
                field.values = values
            case "unit":
                guard let unit = raw.stringValue, !unit.isEmpty else {
                    problem(key, "`unit` must be a word, found `\(raw.text)`", "write it like `unit: years`")
                    continue
                }
                if field.kind != .number {
                    problem(key, "a `unit` is for a number, and this field is a \(field.kind.rawValue)", "write `type: number`, or leave `unit` out")
                }
                field.unit = unit
            case "min", "max":
                let written: Double? =
                    switch raw {
                    case .integer(let number): Double(number)
                    case .number(let number) where number.isFinite: number
                    default: nil
                    }
                guard let bound = written else {
                    problem(key, "`\(key)` must be a number, found `\(raw.text)`", "write it like `\(key): 0`")
                    continue
                }
                if field.kind != .number {
                    problem(key, "`\(key)` is for a number, and this field is a \(field.kind.rawValue)", "write `type: number`, or leave `\(key)` out")
                }
                if key == "min" { field.minimum = bound } else { field.maximum = bound }
            case "required":
                guard case .bool(let flag) = raw else {
                    problem(key, "`required` must be true or false, found `\(raw.text)`", "write `required: true`")
                    continue
                }
                field.required = flag
            case "default":
                field.defaultValue = raw == .null ? nil : raw
            case "show":
                for place in raw.listValue ?? [raw] {
                    let written = place.stringValue ?? ""
                    if let found = Place(rawValue: written.lowercased()) {
                        if !field.places.contains(found) { field.places.append(found) }
                    } else {
                        let names = Place.allCases.map(\.rawValue)
                        let nearest = NearestName.suggestion(for: written, among: names).map { " — did you mean `\($0)`?" } ?? ""
                        problem(
                            key, "`show` names `\(place.text)`, which is no place\(nearest)",
                            "`show` lists any of " + names.joined(separator: ", ") + ", like `show: [row, page]`")
                    }
                }
            default:
                let nearest = NearestName.suggestion(for: key, among: Self.keys).map { " — did you mean `\($0)`?" } ?? ""
                problem(key, "unknown key `\(key)`\(nearest)", "a field's keys are " + Self.keys.joined(separator: ", "))
            }
        }
        if field.kind == .choice, field.values.isEmpty {
            problems.append(
                Problem(
                    keys: [name], message: "field `\(name)` is a choice without `values`",
                    hint: "list them, like `\(name): {type: choice, values: [small, medium, large]}`"))
        }
        if field.required, field.defaultValue != nil {
            problems.append(
                Problem(
                    keys: [name, "required"], message: "field `\(name)` is required and has a default, which it would never use",
                    hint: "keep one of `required` and `default`"))
        }
        if let minimum = field.minimum, let maximum = field.maximum, minimum > maximum {
            problems.append(Problem(keys: [name, "max"], message: "field `\(name)`: `max` is less than `min`", hint: "swap them"))
        }
        if let value = field.defaultValue, let mistake = field.mistake(in: value) {
            problems.append(
                Problem(
                    keys: [name, "default"], message: "field `\(name)`: the default " + mistake.message,
                    hint: mistake.hint))
            field.defaultValue = nil
        }
        return field
    }
}
