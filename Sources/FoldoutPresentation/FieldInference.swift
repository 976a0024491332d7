import FoldoutBase
import FoldoutMarkdown
import FoldoutModel

/// The declaration a catalog's items imply when its `_index.md` declares none: each field
/// the items write, its type from most of its values (so that `age: one` among numbers is
/// a mistake, not a text field), and where the catalog shows it today (its `fields:` list,
/// `facets:`, `sort_options:` and `row.secondary`). Pasted into `_index.md`, it builds the
/// same site. A key written by a few items, one or two edits from one more items write and
/// never beside it (`speices` beside `species`), is taken for a misspelling of it.
///
/// One pass over the items counts keys and values; the rest works on the keys, which are few.
package struct FieldInference: Sendable {
    package var declaration: FieldDeclaration
    /// Misspelt keys and the key meant: `speices` → `species`.
    package var misspellings: [String: String]

    /// A type is inferred when this share of a field's values fits it; the others are mistakes.
    static let typeShare = 0.8
    /// Most values a choice lists: more are text.
    static let maximumChoices = 12

    private struct Stats {
        var count = 0
        var values: [FieldValue] = []
        var images = 0
    }

    package init(catalog: Catalog, presentation: CatalogPresentation, itemNames: ItemNames) {
        var order: [String] = []
        // Counted by the key's number: one look-up of the key per value, not three.
        var numbers: [String: Int] = [:]
        var counted: [Stats] = []
        catalog.forEachItem { item in
            let images = item.images
            for (key, value) in item.fields where !FieldDeclaration.settingKeys.contains(key) {
                let number: Int
                if let known = numbers[key] {
                    number = known
                } else {
                    number = counted.count
                    numbers[key] = number
                    counted.append(Stats())
                    order.append(key)
                }
                counted[number].count += 1
                guard value != .null else { continue }
                counted[number].values.append(value)
                if images[key] != nil || value.looksLikeImage { counted[number].images += 1 }
            }
        }
        let stats = Dictionary(uniqueKeysWithValues: zip(order, counted))
        // Misspellings: keys meant as a more frequent one they never appear beside.
        var misspellings: [String: String] = [:]
        if order.count <= 500 {
            for key in order {
                let more = order.filter { stats[$0]!.count > stats[key]!.count }
                if let meant = NearestName.suggestion(for: key, among: more) { misspellings[key] = meant }
            }
            if !misspellings.isEmpty {
                catalog.forEachItem { item in
                    for (key, meant) in misspellings where item.field(key) != nil && item.field(meant) != nil {
                        misspellings[key] = nil
                    }
                }
            }
        }
        // The page's fields first, in the order `fields:` lists them, then the others as first written.
        let listed = presentation.fields.entries
        var names = (listed?.map(\.key) ?? []).filter { !FieldDeclaration.settingKeys.contains($0) }
        names += order.filter { !names.contains($0) && misspellings[$0] == nil }
        let rowFields = presentation.row.secondary?.fieldNames ?? []
        var fields: [FieldDeclaration.Field] = []
        for name in names {
            let found = stats[name] ?? Stats()
            var field = Self.field(name, found, catalog: catalog.id, itemNames: itemNames)
            let writtenLabel = listed?.first { $0.key == name }?.label
            let facet = presentation.facets.first { $0.field == name }
            if let label = writtenLabel ?? facet?.label, label != field.label {
                field.label = label
                field.labelIsWritten = true
            }
            if rowFields.contains(name) { field.places.append(.row) }
            if listed?.contains(where: { $0.key == name }) ?? (field.kind != .image && !DetailFieldList.neverListed.contains(name)) {
                field.places.append(.page)
            }
            if facet != nil { field.places.append(.facet) }
            if presentation.sortChoices.contains(where: { $0.field == name }) { field.places.append(.sort) }
            fields.append(field)
        }
        declaration = FieldDeclaration(fields: fields, isDeclared: false)
        self.misspellings = misspellings
    }

    private static func field(_ name: String, _ stats: Stats, catalog: String, itemNames: ItemNames) -> FieldDeclaration.Field {
        let values = stats.values
        let needed = max(1, Int((Double(values.count) * typeShare).rounded(.up)))
        func share(_ fits: (FieldValue) -> Bool) -> Bool { !values.isEmpty && values.filter(fits).count >= needed }
        typealias Field = FieldDeclaration.Field
        // Links are counted element by element: a list with one misspelt name is still a list
        // of links. Asked only where no other type took the field, and given up as soon as too
        // many elements name no item: every item's every value would be looked up otherwise.
        func namesItems() -> Bool {
            let elements = values.flatMap { $0.listValue ?? [$0] }
            guard !elements.isEmpty else { return false }
            let allowedMisses = elements.count - max(1, Int((Double(elements.count) * typeShare).rounded(.up)))
            var misses = 0
            for element in elements where !(element.stringValue.map { itemNames.hasItem(named: $0, in: catalog) } ?? false) {
                misses += 1
                if misses > allowedMisses { return false }
            }
            return true
        }
        let kind: FieldDeclaration.Kind
        // A value with names inside (a map, or a list holding one) is nested: no other type
        // would take it, and one such value is never a slip of the keyboard.
        let isNested: (FieldValue) -> Bool = { value in
            if case .map = value { return true }
            return value.listValue?.contains { if case .map = $0 { true } else if case .list = $0 { true } else { false } } ?? false
        }
        if values.contains(where: isNested) {
            kind = .nested
        } else if stats.images >= needed, !values.isEmpty {
            kind = .image
        } else if values.contains(where: { $0.listValue != nil }) {
            kind = namesItems() ? .link : .list
        } else if share({ Field.yesNo($0) != nil }) && values.contains(where: { if case .bool = $0 { true } else { false } }) {
            kind = .yesNo
        } else if share({ Field.number($0) != nil }) && values.contains(where: { if case .integer = $0 { true } else if case .number = $0 { true } else { false } }) {
            kind = .number
        } else if share({ $0.stringValue.map(Field.isDate) ?? false }) {
            kind = .date
        } else if namesItems() {
            kind = .link
        } else if let choices = choices(values) {
            var field = Field(name: name, kind: .choice)
            field.values = choices
            return field
        } else {
            kind = .text
        }
        return Field(name: name, kind: kind)
    }

    /// The values of a field of few words, each written by several items: the values
    /// written twice or more, most written first, and those written once that are not one
    /// or two edits from them (a misspelling, which the check reports).
    private static func choices(_ values: [FieldValue]) -> [String]? {
        var counts: [String: Int] = [:]
        var spelling: [String: String] = [:]
        for value in values {
            // Text with digits in it is a measure or a code ("4h 40m", "MSC-104"), whatever how often it repeats.
            guard case .string(let text) = value, !text.contains(where: \.isNumber) else { return nil }
            let slug = Slug.make(text)
            guard !slug.isEmpty else { return nil }
            counts[slug, default: 0] += 1
            if spelling[slug] == nil { spelling[slug] = text }
            if counts.count > maximumChoices { return nil }
        }
        guard values.count >= 4, counts.count * 2 <= values.count else { return nil }
        let ordered = counts.keys.sorted { counts[$0]! != counts[$1]! ? counts[$0]! > counts[$1]! : $0 < $1 }
        let frequent = ordered.filter { counts[$0]! > 1 }
        let single = ordered.filter { counts[$0]! == 1 && NearestName.suggestion(for: $0, among: frequent) == nil }
        guard !frequent.isEmpty else { return nil }
        return (frequent + single).map { spelling[$0]! }
    }
}
