import FoldoutMarkdown

/// One way a reader can sort a catalog's rows, from `sort_options:` in its `_index.md`
/// (the page's own order comes first and stays the default):
///
///     sort_options: [title, date, age]          # title A–Z, newest first, lowest first
///     sort_options:
///       - {field: age, label: Oldest first, order: desc}
///
/// While one is chosen, the page shows the matching items as one list in its order, each
/// row with its section and groups; the outline comes back when the choice is cleared.
package struct SortChoice: Sendable, Equatable {
    package var field: String
    package var label: String
    package var descending: Bool

    /// The name in the page's address (`?sort=age`).
    package var key: String { FacetDeclaration.key(for: field) }

    package static func readList(_ value: FieldValue?, problems: inout [String]) -> [SortChoice] {
        guard let value, value != .null, value != .bool(false) else { return [] }
        var choices: [SortChoice] = []
        for entry in value.listValue ?? [value] {
            var field: String?
            var label: String?
            var order: String?
            if let name = entry.stringValue {
                field = name
            } else if case .map(let pairs) = entry {
                for (key, raw) in pairs {
                    switch key {
                    case "field": field = raw.stringValue
                    case "label": label = raw.stringValue
                    case "order": order = raw.stringValue?.lowercased()
                    default:
                        problems.append("`sort_options` entry has an unknown key `\(key)`; known keys: field, label, order")
                    }
                }
            }
            guard let field, !field.isEmpty else {
                problems.append("`sort_options` entries must be field names or maps like `{field: age, order: desc}`, found `\(entry.text)`")
                continue
            }
            let descending: Bool
            switch order {
            case nil: descending = field == "date"
            case "asc", "ascending": descending = false
            case "desc", "descending": descending = true
            case let other?:
                problems.append("`sort_options` entry `\(field)`: `order` must be asc or desc, found `\(other)`")
                descending = false
            }
            let choice = SortChoice(field: field, label: label ?? Self.label(field: field, descending: descending), descending: descending)
            if choices.contains(where: { $0.key == choice.key }) {
                problems.append("`sort_options` names `\(field)` twice")
                continue
            }
            choices.append(choice)
        }
        return choices
    }

    static func label(field: String, descending: Bool) -> String {
        switch (field, descending) {
        case ("title", false): return "Title (A–Z)"
        case ("title", true): return "Title (Z–A)"
        case ("date", true): return "Newest first"
        case ("date", false): return "Oldest first"
        default: return DetailFieldList.label(for: field) + (descending ? " (highest first)" : " (lowest first)")
        }
    }
}
