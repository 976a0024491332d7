import FoldoutBase
import FoldoutMarkdown

/// Which fields an item's page lists, and under which labels, from `fields:` in a
/// catalog's `_index.md`: `fields: [breed, age]`, with labels `fields: [breed, {age: Age in years}]`
/// or `fields: {breed: Breed, age: Age in years}`; `fields: false` lists none. Without
/// `fields:`, every field the item has is listed, labelled from its key.
public struct DetailFieldList: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var key: String
        public var label: String
        /// A declared number's unit, shown after the value: "4 years".
        public var unit: String? = nil
    }

    /// nil: every field of the item.
    public var entries: [Entry]?

    public static let all = DetailFieldList(entries: nil)

    /// Keys Foldout reads from an item besides `PageParser.reservedKeys` (which never become
    /// fields): they configure the page rather than describe the item, so no details list
    /// shows them, even when `fields:` names them.
    public static let neverListed: Set<String> = ["image_alt", "image_focus", "photos"]

    public static func read(_ value: FieldValue?, problems: inout [String]) -> DetailFieldList {
        guard let value, value != .null else { return .all }
        if value == .bool(false) { return DetailFieldList(entries: []) }
        var entries: [Entry] = []
        func add(_ key: String, _ written: FieldValue?) {
            guard !key.isEmpty else { return }
            entries.append(Entry(key: key, label: written?.stringValue ?? Self.label(for: key)))
        }
        switch value {
        case .map(let pairs):
            for (key, label) in pairs { add(key, label == .null ? nil : label) }
        case .list(let values):
            for entry in values {
                switch entry {
                case .map(let pairs) where pairs.count == 1: add(pairs[0].key, pairs[0].value)
                case let other:
                    guard let key = other.stringValue else {
                        problems.append("`fields` entries must be field names or `{field: Label}`, found `\(other.text)`")
                        continue
                    }
                    add(key, nil)
                }
            }
        default:
            guard let key = value.stringValue else { return .all }
            add(key, nil)
        }
        return DetailFieldList(entries: entries)
    }

    /// `lesson_count` → "Lesson count".
    public static func label(for key: String) -> String {
        Slug.readableTitle(fromFileName: key)
    }
}
