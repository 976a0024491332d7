import FoldoutBase
import Foundation

/// A section of thousands of items and no groups is split into groups by the first letter
/// of the items' titles, A to Z. Closed groups cost the browser nothing to lay out, so the
/// catalog page stays quick to open and to filter, and a reader finds a title by its letter.
/// Items keep the section's order within their letter.
enum LetterGroups {
    /// Sections listing more items than this are split, unless the catalog or the section
    /// sets `letter_groups`.
    static let defaultThreshold = 500

    static func split(_ section: Group, threshold: Int) -> Group {
        guard threshold > 0, section.lead == nil else { return section }
        var items: [Item] = []
        for entry in section.entries {
            guard case .item(let item) = entry else { return section }
            items.append(item)
        }
        guard items.count > threshold else { return section }
        var byLetter: [String: [Item]] = [:]
        for item in items { byLetter[letter(of: item.title), default: []].append(item) }
        let letters = byLetter.keys.sorted { lhs, rhs in
            // Letters first, in their alphabet's order, then digits, then everything else.
            let (l, r) = (rank(lhs), rank(rhs))
            return l != r ? l < r : lhs.localizedStandardCompare(rhs) == .orderedAscending
        }
        var split = section
        split.entries = letters.map { letter in
            let slug = letter == other ? "other" : letter == digits ? "0-9" : Slug.make(letter)
            let prefix = section.anchor.isEmpty ? "" : section.anchor + "/"
            return .group(
                Group(
                    anchor: prefix + "letter-" + (slug.isEmpty ? "other" : slug), title: letter, weight: nil,
                    depth: section.depth + 1, expanded: nil, introHTML: "", summary: "", fields: [],
                    entries: byLetter[letter]!.map(OutlineEntry.item), sourcePath: section.sourcePath))
        }
        return split
    }

    static let digits = "0–9"
    static let other = "#"

    /// The letter a title files under: its first letter without accents, in capitals.
    static func letter(of title: String) -> String {
        guard let first = title.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters)).first else { return other }
        let folded = String(first).folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).uppercased()
        guard let scalar = folded.unicodeScalars.first else { return other }
        if scalar.properties.numericType != nil { return digits }
        // Scripts with capitals (Latin, Greek, Cyrillic) file by letter; the rest together.
        if scalar.properties.isAlphabetic, scalar.properties.changesWhenLowercased { return String(folded.prefix(1)) }
        return other
    }

    private static func rank(_ letter: String) -> Int {
        letter == other ? 2 : letter == digits ? 1 : 0
    }
}
