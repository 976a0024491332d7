import FoldoutBase
import FoldoutMarkdown

/// One facet a catalog's `_index.md` declares under `facets:`, as written. The short form
/// names a field (`facets: [species, size]`); the long form sets more:
///
///     facets:
///       - species                       # type, label and value order from the data
///       - field: size
///         order: [small, medium, large] # or `count` (most items first, the default) or `alphabetical`
///       - field: good_with_kids
///         label: Good with children     # default: from the key
///         type: boolean                 # yes / no / unknown (the field is missing)
///       - field: age
///         type: range                   # a number range: from … to
///       - field: age
///         key: age_group                # the name in the address (default: the field)
///         label: Age group
///         buckets: {Baby: 1, Young: 3, Adult: 8, Senior: ~}   # upper bounds, below which
///       - field: date
///         type: date                    # a date range
///
/// Types left out are found from the values (`FacetResolver`).
package struct FacetDeclaration: Sendable, Equatable {
    package enum Kind: String, Sendable, Equatable, CaseIterable {
        /// A list of values, each with its count; an item with a list field has several.
        case values
        /// Yes, no, or unknown when the item does not say.
        case boolean
        /// A number range with from and to.
        case range
        /// A date range (`2026-05-01`) with from and to.
        case date
    }

    package enum Order: Sendable, Equatable {
        case count
        case alphabetical
        /// Values in this order first (by slug), the rest after them by count.
        case listed([String])
    }

    /// A bucket of a number field: items whose value is below `upperBound` and not in an
    /// earlier bucket; nil takes the rest.
    package struct Bucket: Sendable, Equatable {
        package var label: String
        package var upperBound: Double?
    }

    package var field: String
    /// The facet's name in the page's address (`?species=cat`).
    package var key: String
    package var label: String
    package var kind: Kind?
    package var order: Order = .count
    package var buckets: [Bucket] = []

    package init(field: String, key: String? = nil, label: String? = nil, kind: Kind? = nil) {
        self.field = field
        self.key = key ?? Self.key(for: field)
        self.label = label ?? DetailFieldList.label(for: field)
        self.kind = kind
    }

    /// Address names of the catalog's own controls, which a facet's key must not take.
    package static let reservedKeys: Set<String> = ["q", "sort", "include"]

    static func key(for field: String) -> String {
        Slug.make(field).replacingOccurrences(of: "-", with: "_")
    }

    /// Reads `facets:`; problems are described for the caller to report at the key's line.
    package static func readList(_ value: FieldValue?, problems: inout [String]) -> [FacetDeclaration] {
        guard let value, value != .null, value != .bool(false) else { return [] }
        let entries = value.listValue ?? [value]
        var facets: [FacetDeclaration] = []
        for entry in entries {
            if let facet = read(entry, problems: &problems) { facets.append(facet) }
        }
        var seen: Set<String> = []
        for facet in facets where !seen.insert(facet.key).inserted {
            problems.append("two facets are named `\(facet.key)` in the address; give one of them its own `key:`")
        }
        for facet in facets where reservedKeys.contains(facet.key) || facet.key.isEmpty {
            problems.append("a facet cannot be named `\(facet.key)` in the address (it is the catalog's own); give it another `key:`")
        }
        return facets
    }

    private static func read(_ entry: FieldValue, problems: inout [String]) -> FacetDeclaration? {
        if let field = entry.stringValue {
            guard !field.isEmpty else {
                problems.append("a facet needs a field name, like `facets: [species, size]`")
                return nil
            }
            return FacetDeclaration(field: field)
        }
        guard case .map(let pairs) = entry else {
            problems.append("`facets` entries must be field names or maps like `{field: age, type: range}`, found `\(entry.text)`")
            return nil
        }
        guard let field = pairs.first(where: { $0.key == "field" })?.value.stringValue, !field.isEmpty else {
            problems.append("a facet written as a map needs `field:`, the field it filters by, in `\(entry.text)`")
            return nil
        }
        var facet = FacetDeclaration(field: field)
        var writtenKind: Kind?
        for (key, raw) in pairs {
            switch key {
            case "field":
                continue
            case "key":
                guard let name = raw.stringValue, !name.isEmpty, Self.key(for: name) == name else {
                    problems.append("facet `\(field)`: `key` must be lowercase letters, digits and `_`, like `age_group`, found `\(raw.text)`")
                    continue
                }
                facet.key = name
            case "label":
                guard let label = raw.stringValue, !label.isEmpty else {
                    problems.append("facet `\(field)`: `label` must be text, found `\(raw.text)`")
                    continue
                }
                facet.label = label
            case "type":
                guard let name = raw.stringValue, let kind = Kind(rawValue: name.lowercased()) else {
                    problems.append("facet `\(field)`: `type` must be one of \(Kind.allCases.map(\.rawValue).joined(separator: ", ")), found `\(raw.text)`")
                    continue
                }
                writtenKind = kind
            case "order":
                if let list = raw.listValue {
                    facet.order = .listed(list.map { Slug.make(SitePresenter.displayText($0)) })
                } else if raw.stringValue == "count" {
                    facet.order = .count
                } else if raw.stringValue == "alphabetical" {
                    facet.order = .alphabetical
                } else {
                    problems.append("facet `\(field)`: `order` must be `count`, `alphabetical` or a list of values, found `\(raw.text)`")
                }
            case "buckets":
                guard case .map(let bounds) = raw, !bounds.isEmpty else {
                    problems.append("facet `\(field)`: `buckets` must map labels to upper bounds, like `{Young: 3, Adult: 8, Senior: ~}`")
                    continue
                }
                var buckets: [Bucket] = []
                for (index, (label, bound)) in bounds.enumerated() {
                    switch bound {
                    case .integer(let number): buckets.append(Bucket(label: label, upperBound: Double(number)))
                    case .number(let number): buckets.append(Bucket(label: label, upperBound: number))
                    case .null where index == bounds.count - 1: buckets.append(Bucket(label: label, upperBound: nil))
                    default:
                        problems.append("facet `\(field)`: bucket `\(label)` needs a number, the bound its values are below (`~` only for the last), found `\(bound.text)`")
                    }
                }
                let limits = buckets.compactMap(\.upperBound)
                if zip(limits, limits.dropFirst()).contains(where: { $0 >= $1 }) {
                    problems.append("facet `\(field)`: the buckets' bounds must grow from first to last")
                }
                facet.buckets = buckets
            default:
                problems.append("facet `\(field)` has an unknown key `\(key)`; known keys: field, key, label, type, order, buckets")
            }
        }
        facet.kind = writtenKind
        if !facet.buckets.isEmpty {
            if let writtenKind, writtenKind != .values {
                problems.append("facet `\(field)`: `buckets` make a list of values; leave out `type`")
            }
            facet.kind = .values
        }
        return facet
    }
}
