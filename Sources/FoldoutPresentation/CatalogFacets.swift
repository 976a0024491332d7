import FoldoutBase
import FoldoutMarkdown
import FoldoutModel
import Foundation

/// A catalog's facets and sort choices resolved against its items: each facet's type (as
/// declared, else found from the values), its values with their counts in order, and what
/// every item holds. The catalog page shows the panel from it, and its script filters
/// with `json`: one column per facet, in the order of the catalog's items, so that the page
/// does not repeat each row's values in its markup.
///
/// The page's results count entries, each once: the catalog's own items. Sub-pages (the
/// pages of a folder an item owns) go with their item and are counted as pages; rows of
/// query sections repeat items shown in their folders; items `listed:` leaves out (adopted
/// pets) are results only when the reader asks for them.
package struct CatalogFacets: Sendable {
    package struct Value: Sendable, Equatable {
        package var label: String
        /// The value in the page's address and in `json`.
        package var slug: String
        package var count: Int
    }

    package struct Facet: Sendable {
        package var declaration: FacetDeclaration
        package var kind: FacetDeclaration.Kind
        /// The values of a `values` or `boolean` facet, in the order the panel lists them.
        package var values: [Value]
        /// Lowest and highest number or date, for a range.
        package var bounds: (low: String, high: String)?
        /// What each item holds: value indices, a number or a date.
        fileprivate var cells: [Cell]
    }

    package struct Sort: Sendable {
        package var choice: SortChoice
        /// Numbers compare as numbers, the rest as text in natural order.
        package var numeric: Bool
        fileprivate var cells: [Cell]
    }

    fileprivate enum Cell: Sendable {
        case none
        case indices([Int])
        case number(Double)
        case text(String)
    }

    package var facets: [Facet] = []
    package var sorts: [Sort] = []
    /// Every item once, sub-pages included: the length of each column of `json`.
    package var itemCount = 0
    /// The items counted as the catalog's own ("29 pets"): `itemCount` less the sub-pages.
    package var entryCount = 0
    /// Rows of the page in document order, as runs of consecutive items: `[first, count]`.
    package var rowRuns: [(first: Int, count: Int)] = []
    /// Rows of query sections, which repeat items of the folder sections: `[first row, count]`.
    package var repeatedRows: [(first: Int, count: Int)] = []
    /// Items with sub-pages: the item, and how many items after it are its pages.
    package var pageRuns: [(entry: Int, count: Int)] = []
    /// Entries that `listed:` leaves out of results unless the reader includes them.
    package var unlisted: [Int] = []
    /// The words of the control that includes them: "adopted pets".
    package var unlistedName = ""

    package static let booleanValues = ["yes", "no", "unknown"]
    /// The value of a `values` facet for entries without the field.
    package static let noValueLabel = "(none)"

    package init(
        catalog: Catalog, declarations: [FacetDeclaration], sortChoices: [SortChoice],
        listed: ItemQuery? = nil, noun: ItemNoun = .item
    ) {
        var items: [Item] = []
        var indexOfItem: [String: Int] = [:]
        catalog.forEachItem { item in
            indexOfItem[item.id] = items.count
            items.append(item)
        }
        itemCount = items.count
        var isEntry = [Bool](repeating: true, count: items.count)
        for section in catalog.folderSections { Self.markPages(section, indexOfItem: indexOfItem, isEntry: &isEntry, runs: &pageRuns) }
        entryCount = isEntry.reduce(0) { $0 + ($1 ? 1 : 0) }
        // What the panel counts on arrival: the entries a filter can show.
        var counted = isEntry
        if let listed {
            for index in items.indices where isEntry[index] && !listed.matches(items[index]) {
                unlisted.append(index)
                counted[index] = false
            }
            unlistedName = Self.unlistedName(listed, items: unlisted.map { items[$0] }, noun: noun)
        }
        facets = declarations.map { Self.resolve($0, items: items, isEntry: isEntry, counted: counted) }
        sorts = sortChoices.map { choice in
            let values = items.map { $0.value(for: choice.field) }
            let numeric = values.allSatisfy { $0 == nil || Self.number($0!) != nil } && values.contains { $0 != nil }
            let cells: [Cell] =
                choice.field == "title"
                ? []
                : values.map { value in
                    guard let value else { return .none }
                    if numeric, let number = Self.number(value) { return .number(number) }
                    return .text(SitePresenter.displayText(value))
                }
            return Sort(choice: choice, numeric: numeric, cells: cells)
        }
        // Rows in the order the page shows them: each section, a group's lead before its pages.
        var rowCount = 0
        for section in catalog.sections {
            let first = rowCount
            section.forEachItem { item in
                guard let index = indexOfItem[item.id] else { return }
                rowCount += 1
                if let last = rowRuns.last, last.first + last.count == index {
                    rowRuns[rowRuns.count - 1].count += 1
                } else {
                    rowRuns.append((index, 1))
                }
            }
            if section.query != nil, rowCount > first { repeatedRows.append((first, rowCount - first)) }
        }
    }

    /// Marks the sub-pages below `group` as not entries, and notes each entry's run of pages.
    private static func markPages(
        _ group: Group, indexOfItem: [String: Int], isEntry: inout [Bool],
        runs: inout [(entry: Int, count: Int)]
    ) {
        if let lead = group.lead, let index = indexOfItem[lead.id] {
            let pages = group.pageCount
            guard pages > 0 else { return }
            for page in index + 1...index + pages where page < isEntry.count { isEntry[page] = false }
            runs.append((index, pages))
            return
        }
        for entry in group.entries {
            if case .group(let child) = entry { markPages(child, indexOfItem: indexOfItem, isEntry: &isEntry, runs: &runs) }
        }
    }

    /// "adopted pets" for `listed: {status: available}` when the others are adopted: the values
    /// the unlisted entries have for a one-field `listed:`, else "unlisted pets".
    private static func unlistedName(_ listed: ItemQuery, items: [Item], noun: ItemNoun) -> String {
        guard listed.conditions.count == 1, let key = listed.conditions.first?.key else { return "unlisted \(noun.plural)" }
        var counts: [String: Int] = [:]
        var order: [String] = []
        for item in items {
            for value in item.value(for: key).map({ $0.listValue ?? [$0] }) ?? [] {
                let text = SitePresenter.displayText(value).trimmingSpaces.lowercased()
                guard !text.isEmpty else { continue }
                if counts[text] == nil { order.append(text) }
                counts[text, default: 0] += 1
            }
        }
        guard !order.isEmpty, order.count <= 3, items.allSatisfy({ $0.value(for: key) != nil }) else {
            return "unlisted \(noun.plural)"
        }
        let words = order.sorted { counts[$0]! != counts[$1]! ? counts[$0]! > counts[$1]! : $0 < $1 }
        return words.joined(separator: " or ") + " " + noun.plural
    }

    // MARK: Resolving

    /// `isEntry`: which items are the catalog's own (not sub-pages); `counted`: which of them
    /// the counts on arrival count (the entries results list).
    private static func resolve(_ declaration: FacetDeclaration, items: [Item], isEntry: [Bool], counted: [Bool]) -> Facet {
        let raw = items.map { $0.value(for: declaration.field).flatMap { $0 == .null ? nil : $0 } }
        let kind = declaration.kind ?? inferredKind(raw.enumerated().compactMap { isEntry[$0.offset] ? $0.element : nil })
        switch kind {
        case .boolean:
            var counts = [0, 0, 0]
            let cells: [Cell] = raw.enumerated().map { position, value in
                let index = value.map(booleanIndex) ?? 2
                if counted[position] { counts[index] += 1 }
                return .indices([index])
            }
            let values = zip(["Yes", "No", "Unknown"], booleanValues).enumerated().map { index, pair in
                Value(label: pair.0, slug: pair.1, count: counts[index])
            }
            return Facet(declaration: declaration, kind: kind, values: values, bounds: nil, cells: cells)
        case .range:
            let numbers = raw.map { $0.flatMap(number) }
            let present = numbers.compactMap { $0 }
            let bounds = present.min().map { (format($0), format(present.max()!)) }
            return Facet(
                declaration: declaration, kind: kind, values: [], bounds: bounds,
                cells: numbers.map { $0.map(Cell.number) ?? .none })
        case .date:
            let dates = raw.map { $0.flatMap(date) }
            let present = dates.compactMap { $0 }
            let bounds = present.min().map { ($0, present.max()!) }
            return Facet(
                declaration: declaration, kind: kind, values: [], bounds: bounds,
                cells: dates.map { $0.map(Cell.text) ?? .none })
        case .values:
            var labels: [String] = []
            var counts: [Int] = []
            var indexOfSlug: [String: Int] = [:]
            var itemSlots: [[Int]] = []
            func slot(of label: String) -> Int {
                let slug = Slug.make(label)
                if let known = indexOfSlug[slug] { return known }
                indexOfSlug[slug] = labels.count
                labels.append(label)
                counts.append(0)
                return labels.count - 1
            }
            var entriesWithout: [Int] = []
            for (position, value) in raw.enumerated() {
                var slots: [Int] = []
                for label in valueLabels(value, buckets: declaration.buckets) where !Slug.make(label).isEmpty {
                    let slot = slot(of: label)
                    if !slots.contains(slot) {
                        slots.append(slot)
                        if counted[position] { counts[slot] += 1 }
                    }
                }
                if slots.isEmpty && isEntry[position] { entriesWithout.append(position) }
                itemSlots.append(slots)
            }
            // Every entry has a value: those without the field are "(none)", listed last.
            var noValue: Int?
            if !entriesWithout.isEmpty {
                let none = slot(of: noValueLabel)
                noValue = none
                for position in entriesWithout {
                    itemSlots[position] = [none]
                    if counted[position] { counts[none] += 1 }
                }
            }
            // Buckets keep their written order; other values the declared one.
            var order = Array(labels.indices)
            if declaration.buckets.isEmpty {
                let byCount: (Int, Int) -> Bool = { a, b in
                    counts[a] != counts[b]
                        ? counts[a] > counts[b]
                        : labels[a].localizedStandardCompare(labels[b]) == .orderedAscending
                }
                switch declaration.order {
                case .count:
                    order.sort(by: byCount)
                case .alphabetical:
                    order.sort { labels[$0].localizedStandardCompare(labels[$1]) == .orderedAscending }
                case .listed(let slugs):
                    let rank = Dictionary(slugs.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
                    order.sort { a, b in
                        switch (rank[Slug.make(labels[a])], rank[Slug.make(labels[b])]) {
                        case let (x?, y?): return x < y
                        case (.some, nil): return true
                        case (nil, .some): return false
                        case (nil, nil): return byCount(a, b)
                        }
                    }
                }
            } else {
                let written = declaration.buckets.map(\.label)
                order.sort { (written.firstIndex(of: labels[$0]) ?? 0) < (written.firstIndex(of: labels[$1]) ?? 0) }
            }
            if let noValue, let at = order.firstIndex(of: noValue) { order.append(order.remove(at: at)) }
            var newIndex = [Int](repeating: 0, count: labels.count)
            for (position, old) in order.enumerated() { newIndex[old] = position }
            let values = order.map { Value(label: labels[$0], slug: Slug.make(labels[$0]), count: counts[$0]) }
            let cells: [Cell] = itemSlots.map { $0.isEmpty ? .none : .indices($0.map { newIndex[$0] }) }
            return Facet(declaration: declaration, kind: .values, values: values, bounds: nil, cells: cells)
        }
    }

    private static func valueLabels(_ value: FieldValue?, buckets: [FacetDeclaration.Bucket]) -> [String] {
        guard let value else { return [] }
        if !buckets.isEmpty {
            guard let number = number(value) else { return [] }
            let bucket = buckets.first { $0.upperBound.map { number < $0 } ?? true }
            return bucket.map { [$0.label] } ?? []
        }
        let elements = value.listValue ?? [value]
        return elements.map { SitePresenter.displayText($0).trimmingSpaces }.filter { !$0.isEmpty }
    }

    /// Booleans and yes/no words: a field of them is a yes/no/unknown facet.
    private static func booleanIndex(_ value: FieldValue) -> Int {
        switch value {
        case .bool(let flag): return flag ? 0 : 1
        default:
            switch value.text.lowercased() {
            case "yes", "true", "y": return 0
            case "no", "false", "n": return 1
            default: return 2
            }
        }
    }

    private static func inferredKind(_ values: [FieldValue]) -> FacetDeclaration.Kind {
        guard !values.isEmpty else { return .values }
        if values.allSatisfy({ value in
            if case .bool = value { return true }
            return ["yes", "no", "unknown"].contains(value.text.lowercased())
        })
            && values.contains(where: {
                if case .bool = $0 { return true }; return false
            })
        {
            return .boolean
        }
        if values.allSatisfy({
            if case .integer = $0 { return true }; if case .number = $0 { return true }; return false
        }) {
            return .range
        }
        if values.allSatisfy({ date($0) != nil }) { return .date }
        return .values
    }

    private static func number(_ value: FieldValue) -> Double? {
        switch value {
        case .integer(let number): return Double(number)
        case .number(let number): return number.isFinite ? number : nil
        case .string(let text): return Double(text.trimmingCharacters(in: .whitespaces)).flatMap { $0.isFinite ? $0 : nil }
        default: return nil
        }
    }

    /// `2026-05-01` (a time after it is dropped).
    private static func date(_ value: FieldValue) -> String? {
        guard case .string(let text) = value else { return nil }
        let day = String(text.prefix(10))
        return SitePresenter.isMachineReadableDate(day) ? day : nil
    }

    static func format(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 { return String(Int(number)) }
        return String(number)
    }

    // MARK: The page's data

    /// The data the catalog's script reads, as JSON that is safe inside `<script>`.
    package var json: String {
        var out = "{\"version\":1,\"items\":\(itemCount),\"entries\":\(entryCount),\"rows\":["
        out += rowRuns.map { "[\($0.first),\($0.count)]" }.joined(separator: ",")
        out += "],\"repeatedRows\":[" + repeatedRows.map { "[\($0.first),\($0.count)]" }.joined(separator: ",")
        out += "],\"pages\":[" + pageRuns.map { "[\($0.entry),\($0.count)]" }.joined(separator: ",")
        out += "],\"unlisted\":[" + unlisted.map(String.init).joined(separator: ",")
        out += "],\"facets\":["
        for (index, facet) in facets.enumerated() {
            if index > 0 { out += "," }
            out += "{\"key\":" + ScriptString.quoted(facet.declaration.key) + ",\"kind\":\"" + facet.kind.rawValue + "\""
            out += ",\"label\":" + ScriptString.quoted(facet.declaration.label)
            if !facet.values.isEmpty || facet.kind == .values {
                out += ",\"values\":[" + facet.values.map { ScriptString.quoted($0.slug) }.joined(separator: ",") + "]"
            }
            out += ",\"cells\":"
            Self.append(facet.cells, to: &out)
            out += "}"
        }
        out += "],\"sorts\":["
        for (index, sort) in sorts.enumerated() {
            if index > 0 { out += "," }
            out += "{\"key\":" + ScriptString.quoted(sort.choice.key) + ",\"field\":" + ScriptString.quoted(sort.choice.field)
            out += ",\"numeric\":\(sort.numeric),\"descending\":\(sort.choice.descending)"
            if !sort.cells.isEmpty {
                out += ",\"cells\":"
                Self.append(sort.cells, to: &out)
            }
            out += "}"
        }
        out += "]}"
        return out
    }

    private static func append(_ cells: [Cell], to out: inout String) {
        out += "["
        for (index, cell) in cells.enumerated() {
            if index > 0 { out += "," }
            switch cell {
            case .none: out += "null"
            case .indices(let slots): out += slots.count == 1 ? String(slots[0]) : "[" + slots.map(String.init).joined(separator: ",") + "]"
            case .number(let number): out += format(number)
            case .text(let text): out += ScriptString.quoted(text)
            }
        }
        out += "]"
    }

}
