import FoldoutMarkdown
import FoldoutModel

/// The `search: {synonyms: …}` of a catalog's `_index.md`: words a visitor may type that the
/// items do not hold, each standing for other words or for a filter over the items' fields.
///
///     search:
///       synonyms:
///         bunny: rabbit                                # a word: finds what `rabbit` finds
///         feline: [cat, kitty]                         # any of these words (or phrases)
///         kitten: {species: cat, age: {under: 1}}      # a filter: a cat under one year
///
/// A filter's conditions all hold: a field equals one of the values given (case aside), or
/// for a number, `under` (<), `over` (>), `from` (≥) and `to` (≤) bound it. The search index
/// gives each item found this way the synonym as a word of its own (`SearchIndex`), so the
/// search box needs nothing more and a prefix of the synonym finds the items too.
package struct SearchSynonyms: Sendable, Equatable {
    /// One synonym: the folded word typed, and what it stands for.
    package struct Synonym: Sendable, Equatable {
        package var word: String
        package var meaning: Meaning
        /// What the search box says a result was found by: `cat` or `species cat, age under 1`.
        package var description: String
    }

    package enum Meaning: Sendable, Equatable {
        /// Items holding every word of any of these phrases (folded words).
        case words([[String]])
        /// Items for which every condition holds.
        case filter([Condition])
    }

    package struct Condition: Sendable, Equatable {
        package var field: String
        /// Accepted values, folded (`ItemQuery.fold`); empty for a number bound.
        package var accepted: [String] = []
        package var lower: Double? = nil
        package var lowerIncluded = true
        package var upper: Double? = nil
        package var upperIncluded = true

        func matches(_ item: Item) -> Bool {
            guard let value = item.value(for: field) else { return false }
            let values = value.listValue ?? [value]
            if !accepted.isEmpty {
                return values.contains { $0.stringValue.map { accepted.contains(ItemQuery.fold($0)) } ?? false }
            }
            return values.contains { value in
                guard let number = SearchSynonyms.number(value) else { return false }
                if let lower, lowerIncluded ? number < lower : number <= lower { return false }
                if let upper, upperIncluded ? number > upper : number >= upper { return false }
                return true
            }
        }
    }

    package var synonyms: [Synonym] = []

    package static let none = SearchSynonyms()

    package init(synonyms: [Synonym] = []) {
        self.synonyms = synonyms
    }

    /// Whether the filter or the words of `synonym` find `item`, whose words (title, fields,
    /// tags, text) are `words`.
    package static func finds(_ synonym: Synonym, item: Item, words: Set<String>) -> Bool {
        switch synonym.meaning {
        case .filter(let conditions): return conditions.allSatisfy { $0.matches(item) }
        case .words(let phrases): return phrases.contains { $0.allSatisfy(words.contains) }
        }
    }

    /// Reads `search:`; problems are described for the caller to report at the key's line.
    package static func read(_ value: FieldValue?, problems: inout [String]) -> SearchSynonyms {
        guard let value, value != .null else { return .none }
        guard case .map(let settings) = value else {
            problems.append("`search` must be a map, like `search: {synonyms: {kitten: cat}}`")
            return .none
        }
        var result = SearchSynonyms()
        for (key, setting) in settings {
            guard key == "synonyms" else {
                problems.append("`search` has no setting `\(key)`; it takes `synonyms`")
                continue
            }
            guard case .map(let pairs) = setting else {
                if setting != .null { problems.append("`search.synonyms` must be a map of words, like `{kitten: cat, puppy: [dog]}`") }
                continue
            }
            for (typed, meaning) in pairs {
                let words = SearchIndex.words(in: typed)
                guard words.count == 1, let word = words.first else {
                    problems.append("the synonym `\(typed)` must be one word (letters and digits)")
                    continue
                }
                if let synonym = read(word: word, typed: typed, meaning, problems: &problems) {
                    result.synonyms.append(synonym)
                }
            }
        }
        return result
    }

    private static func read(word: String, typed: String, _ value: FieldValue, problems: inout [String]) -> Synonym? {
        if case .map(let pairs) = value {
            guard !pairs.isEmpty else {
                problems.append("the synonym `\(typed)` has an empty filter: name a field, like `{species: cat}`")
                return nil
            }
            var conditions: [Condition] = []
            var parts: [String] = []
            for (field, wanted) in pairs {
                guard let condition = readCondition(field: field, wanted, synonym: typed, problems: &problems) else { return nil }
                conditions.append(condition.condition)
                parts.append(condition.description)
            }
            return Synonym(word: word, meaning: .filter(conditions), description: parts.joined(separator: ", "))
        }
        let values = value.listValue ?? [value]
        let texts = values.compactMap { value -> String? in
            if case .string(let text) = value { return text }
            return value.stringValue
        }
        let phrases = texts.map { SearchIndex.words(in: $0) }
        guard !values.isEmpty, texts.count == values.count, !phrases.contains(where: \.isEmpty) else {
            problems.append("the synonym `\(typed)` must name words (`\(typed): cat` or `\(typed): [cat, kitty]`) or a filter (`\(typed): {species: cat}`)")
            return nil
        }
        return Synonym(word: word, meaning: .words(phrases), description: texts.joined(separator: ", "))
    }

    private static func readCondition(
        field: String, _ wanted: FieldValue, synonym: String,
        problems: inout [String]
    ) -> (condition: Condition, description: String)? {
        let label = DetailFieldList.label(for: field).lowercased()
        if case .map(let bounds) = wanted {
            var condition = Condition(field: field)
            var parts: [String] = []
            for (name, bound) in bounds {
                guard let number = number(bound), ["under", "over", "from", "to"].contains(name) else {
                    problems.append("the synonym `\(synonym)` bounds `\(field)` with `\(name): \(bound.text)`; write `under`, `over`, `from` or `to` and a number")
                    return nil
                }
                switch name {
                case "under": condition.upper = number; condition.upperIncluded = false
                case "to": condition.upper = number; condition.upperIncluded = true
                case "over": condition.lower = number; condition.lowerIncluded = false
                default: condition.lower = number; condition.lowerIncluded = true
                }
                parts.append("\(name) \(FieldValue.number(number).text)")
            }
            guard !bounds.isEmpty else {
                problems.append("the synonym `\(synonym)` gives `\(field)` no bound: write `{under: 1}` or the like")
                return nil
            }
            return (condition, "\(label) \(parts.joined(separator: " "))")
        }
        let values = wanted.listValue ?? [wanted]
        let accepted = values.compactMap(\.stringValue)
        guard !accepted.isEmpty, accepted.count == values.count else {
            problems.append(
                "the synonym `\(synonym)` wants `\(field)` to be \(wanted.text.isEmpty ? "nothing" : "`\(wanted.text)`"); give a value, a list of values or bounds like `{under: 1}`"
            )
            return nil
        }
        return (Condition(field: field, accepted: accepted.map(ItemQuery.fold)), "\(label) \(accepted.joined(separator: " or "))")
    }

    static func number(_ value: FieldValue) -> Double? {
        switch value {
        case .integer(let number): return Double(number)
        case .number(let number): return number
        case .string(let text): return Double(text.trimmingCharacters(in: .whitespaces))
        default: return nil
        }
    }
}
