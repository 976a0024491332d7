import FoldoutMarkdown
import Foundation

/// What a catalog calls its items when it counts them ("1 pet", "12 of 340 pets"), from
/// `item_name:` in its `_index.md`:
///
///     item_name: pet                  # 1 pet, 2 pets
///     item_name: [person, people]     # a plural English rules would not give
///
/// "item" when the catalog does not say, and on pages that mix catalogs (tags).
package struct ItemNoun: Sendable, Equatable {
    package var singular: String
    package var plural: String

    package static let item = ItemNoun(singular: "item", plural: "items")
    /// What sub-pages (the pages of a folder an item owns) are counted as, unless `page_name:` says.
    package static let page = ItemNoun(singular: "page", plural: "pages")

    package func count(_ count: Int) -> String {
        count == 1 ? "1 \(singular)" : "\(count) \(plural)"
    }

    package static func read(_ value: FieldValue?, problems: inout [String]) -> ItemNoun {
        read(value, key: "item_name", default: .item, problems: &problems)
    }

    /// `page_name:`, what the catalog's sub-pages are counted as ("2 lessons"), read as `item_name:`.
    package static func readPageName(_ value: FieldValue?, problems: inout [String]) -> ItemNoun {
        read(value, key: "page_name", default: .page, problems: &problems)
    }

    private static func read(_ value: FieldValue?, key: String, default fallback: ItemNoun, problems: inout [String]) -> ItemNoun {
        guard let value, value != .null else { return fallback }
        if let word = value.stringValue?.trimmingCharacters(in: .whitespaces), !word.isEmpty {
            return ItemNoun(singular: word, plural: plural(of: word))
        }
        if let pair = value.listValue, pair.count == 2,
            let singular = pair[0].stringValue?.trimmingCharacters(in: .whitespaces), !singular.isEmpty,
            let plural = pair[1].stringValue?.trimmingCharacters(in: .whitespaces), !plural.isEmpty
        {
            return ItemNoun(singular: singular, plural: plural)
        }
        problems.append("`\(key)` must be a word like `\(fallback == .page ? "lesson" : "pet")` or a pair like `[person, people]`, found `\(value.text)`")
        return fallback
    }

    /// The regular English plural: `class` → `classes`, `story` → `stories`, `pet` → `pets`.
    static func plural(of word: String) -> String {
        let lower = word.lowercased()
        if ["s", "x", "z", "ch", "sh"].contains(where: lower.hasSuffix) { return word + "es" }
        if lower.hasSuffix("y"), let before = lower.dropLast().last, !"aeiou".contains(before) {
            return word.dropLast() + "ies"
        }
        return word + "s"
    }
}
