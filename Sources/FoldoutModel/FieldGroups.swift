import FoldoutBase
import FoldoutMarkdown
import Foundation

/// `group_by: field` in a catalog's or section's `_index.md`: the items of each folder are
/// grouped by the field's value as well as by folder. A folder's own items go into one
/// group per value (a list's first value: a row appears once on a page), items without the
/// value into a last group, "Other"; the folder's sub-folders follow as their groups, split
/// the same way. Groups come in the order of the field's declared `values:` when it has
/// them, else numbers by value and text in natural order. Items keep their order within.
enum FieldGroups {
    static let otherTitle = "Other"

    static func split(_ group: Group, by field: String, declaredOrder: [String]) -> Group {
        guard group.lead == nil else { return group }
        var items: [OutlineEntry] = []
        var folders: [Group] = []
        for entry in group.entries {
            switch entry {
            case .item: items.append(entry)
            case .group(let child) where child.lead != nil: items.append(entry)
            case .group(let child): folders.append(split(child, by: field, declaredOrder: declaredOrder))
            }
        }
        var split = group
        guard !items.isEmpty else {
            split.entries = folders.map(OutlineEntry.group)
            return split
        }
        var byValue: [String: [OutlineEntry]] = [:]
        var firstSpelling: [String: String] = [:]
        var others: [OutlineEntry] = []
        for entry in items {
            guard let value = value(of: entry, field: field) else {
                others.append(entry)
                continue
            }
            let key = value.lowercased()
            if firstSpelling[key] == nil { firstSpelling[key] = value }
            byValue[key, default: []].append(entry)
        }
        let declared = Dictionary(declaredOrder.enumerated().map { ($1.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        let keys = byValue.keys.sorted { lhs, rhs in
            switch (declared[lhs], declared[rhs]) {
            case (let l?, let r?): return l < r
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil):
                if let l = Double(lhs), let r = Double(rhs), l != r { return l < r }
                return lhs.localizedStandardCompare(rhs) == .orderedAscending
            }
        }
        // Anchors are unique on the page: the folder groups' are taken first.
        var taken = Set(folders.map(\.anchor))
        let prefix = group.anchor.isEmpty ? "" : group.anchor + "/"
        let fieldSlug = Slug.make(field).isEmpty ? "field" : Slug.make(field)
        func anchor(_ name: String) -> String {
            let base = prefix + fieldSlug + "-" + (Slug.make(name).isEmpty ? "value" : Slug.make(name))
            var chosen = base
            var number = 1
            while !taken.insert(chosen).inserted {
                number += 1
                chosen = "\(base)-\(number)"
            }
            return chosen
        }
        func valueGroup(_ title: String, anchor: String, _ entries: [OutlineEntry]) -> Group {
            Group(
                anchor: anchor, title: title, weight: nil, depth: group.depth + 1, expanded: nil, introHTML: "",
                summary: "", fields: [], entries: entries.map { deepened($0) }, sourcePath: group.sourcePath)
        }
        var entries = keys.map { key in
            OutlineEntry.group(valueGroup(firstSpelling[key]!, anchor: anchor(firstSpelling[key]!), byValue[key]!))
        }
        if !others.isEmpty { entries.append(.group(valueGroup(otherTitle, anchor: anchor("other"), others))) }
        split.entries = entries + folders.map(OutlineEntry.group)
        return split
    }

    /// The text of `field` of an item (or the lead of an item's folder); nil when empty.
    static func value(of entry: OutlineEntry, field: String) -> String? {
        let item: Item?
        switch entry {
        case .item(let found): item = found
        case .group(let group): item = group.lead
        }
        guard var value = item?.fields.first(where: { $0.key == field })?.value else { return nil }
        if case .list(let values) = value {
            guard let first = values.first else { return nil }
            value = first
        }
        switch value {
        case .null, .list, .map: return nil
        default:
            let text = value.text.trimmingCharacters(in: .whitespacesAndNewlines)
            return text.isEmpty ? nil : text
        }
    }

    /// An item's folder one level deeper, as it now sits in a value's group.
    private static func deepened(_ entry: OutlineEntry) -> OutlineEntry {
        guard case .group(var group) = entry else { return entry }
        group.depth += 1
        group.entries = group.entries.map(deepened)
        return .group(group)
    }
}
