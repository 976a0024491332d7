import FoldoutBase
import FoldoutMarkdown
import Foundation

/// The `where:` of a query section: which items it collects. Every condition must hold;
/// a condition holds when the item's value equals one of the accepted values, and for a
/// list field (such as `tags`) when any element does. Comparison ignores case and
/// surrounding spaces, so `status: Adopted` matches `adopted`.
package struct ItemQuery: Sendable, Equatable {
    package struct Condition: Sendable, Equatable {
        package var key: String
        /// Accepted values, already folded for comparison.
        package var accepted: [String]

        package init(key: String, accepted: [String]) {
            self.key = key
            self.accepted = accepted
        }
    }

    package var conditions: [Condition]

    package init(conditions: [Condition]) {
        self.conditions = conditions
    }

    package enum ReadError: Error, Equatable {
        case notAMap
        case empty
        case unusableValue(key: String)
    }

    /// Reads `where: {status: adopted, tags: [kids, seniors]}`.
    package init(where value: FieldValue) throws(ReadError) {
        guard case .map(let pairs) = value else { throw .notAMap }
        guard !pairs.isEmpty else { throw .empty }
        var conditions: [Condition] = []
        for (key, value) in pairs {
            let values = value.listValue ?? [value]
            let accepted = values.compactMap(\.stringValue).map(Self.fold)
            guard !accepted.isEmpty, accepted.count == values.count else { throw .unusableValue(key: key) }
            conditions.append(Condition(key: key, accepted: accepted))
        }
        self.conditions = conditions
    }

    package func matches(_ item: Item) -> Bool {
        conditions.allSatisfy { condition in
            guard let value = item.value(for: condition.key) else { return false }
            let candidates = (value.listValue ?? [value]).compactMap(\.stringValue).map(Self.fold)
            return candidates.contains { condition.accepted.contains($0) }
        }
    }

    package static func fold(_ text: String) -> String {
        text.trimmingSpaces.lowercased()
    }
}
