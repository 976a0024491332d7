import FoldoutBase
import FoldoutMarkdown
import Foundation

/// How a section orders its items: `sort: weight | title | date | FIELD` and
/// `order: asc | desc`. Numbers compare by value and text in natural order ("Item 2"
/// before "Item 10"); items without the value come last whatever the order; ties fall
/// back to the usual weight-then-title order.
package struct ItemSort: Sendable, Equatable {
    package enum Key: Sendable, Equatable {
        case weight
        case title
        case date
        case field(String)
    }

    package var key: Key
    package var descending: Bool

    package init(key: Key, descending: Bool = false) {
        self.key = key
        self.descending = descending
    }

    /// The order used when nothing is configured.
    package static let standard = ItemSort(key: .weight)

    package init(sort: String, order: String?) throws(ReadError) {
        switch sort.trimmingCharacters(in: .whitespaces) {
        case "": throw .emptyKey
        case "weight": key = .weight
        case "title": key = .title
        case "date": key = .date
        case let field: key = .field(field)
        }
        switch order?.trimmingCharacters(in: .whitespaces).lowercased() {
        case nil, "asc", "ascending": descending = false
        case "desc", "descending": descending = true
        case let other?: throw .unknownOrder(other)
        }
    }

    package enum ReadError: Error, Equatable {
        case emptyKey
        case unknownOrder(String)
    }

    package func precedes(_ lhs: Item, _ rhs: Item) -> Bool {
        let byKey: Int
        switch key {
        case .weight:
            byKey = Self.compareWeights(lhs.weight, rhs.weight, descending: descending)
        case .title:
            let order = Ordering.naturalCompare(lhs.title, rhs.title)
            byKey = descending ? -order : order
        case .date:
            byKey = Self.compareValues(lhs.date.map(FieldValue.string), rhs.date.map(FieldValue.string), descending: descending)
        case .field(let name):
            byKey = Self.compareValues(lhs.value(for: name), rhs.value(for: name), descending: descending)
        }
        if byKey != 0 { return byKey < 0 }
        return Ordering.precedes(
            weight: lhs.weight, title: lhs.title, id: lhs.anchor,
            weight: rhs.weight, title: rhs.title, id: rhs.anchor)
    }

    package func sorted(_ items: [Item]) -> [Item] {
        items.sorted(by: precedes)
    }

    /// Weights: pages without one come after those with one, in either order.
    private static func compareWeights(_ lhs: Double?, _ rhs: Double?, descending: Bool) -> Int {
        switch (lhs, rhs) {
        case let (l?, r?): return l == r ? 0 : ((l < r) != descending ? -1 : 1)
        case (_?, nil): return -1
        case (nil, _?): return 1
        default: return 0
        }
    }

    /// Missing or empty values come last in either order.
    package static func compareValues(_ lhs: FieldValue?, _ rhs: FieldValue?, descending: Bool) -> Int {
        let l = lhs.flatMap(sortable), r = rhs.flatMap(sortable)
        switch (l, r) {
        case (nil, nil): return 0
        case (_?, nil): return -1
        case (nil, _?): return 1
        case let (l?, r?):
            let order: Int
            if let a = l.number, let b = r.number {
                order = a == b ? 0 : (a < b ? -1 : 1)
            } else {
                order = Ordering.naturalCompare(l.text, r.text)
            }
            return descending ? -order : order
        }
    }

    /// A value reduced to what sorting compares: its text, and its number when it has one.
    private static func sortable(_ value: FieldValue) -> (text: String, number: Double?)? {
        switch value {
        case .integer(let number): return (value.text, Double(number))
        case .number(let number): return (value.text, number)
        case .list(let values): return values.first.flatMap(sortable)
        default:
            let text = value.text.trimmingSpaces
            return text.isEmpty ? nil : (text, nil)
        }
    }
}
