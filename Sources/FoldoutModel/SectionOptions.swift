import FoldoutMarkdown
import Foundation

/// How a section (or group) is laid out and ordered, from its `_index.md` or from a query
/// section's entry in the catalog's `sections:` list: `layout`, `appearance`, `columns`,
/// `footer`, `exclusive`, `sort`, `order`, `letter_groups`, `group_by`.
package struct SectionOptions: Sendable, Equatable {
    package static let layouts = ["list", "grid", "carousel"]
    package static let appearances = ["plain", "grouped", "inset-grouped", "sidebar"]
    package static let columnRange = 1...6

    package var layout: String?
    package var appearance: String?
    package var columns: Int?
    package var footer: String = ""
    /// Whether the folder's child groups form an accordion (one open at a time).
    package var exclusive: Bool?
    package var sort: ItemSort?
    /// `letter_groups`: a section listing more items than this (and no groups) shows them in
    /// A–Z groups; 0 never does (`letter_groups: false`). See `LetterGroups`.
    package var letterGroups: Int?
    /// `group_by`: the field whose values group the items of each folder (see `FieldGroups`).
    package var groupBy: String?

    package init() {}

    /// A problem with one key, for the caller to report with its file and line.
    package struct Problem: Sendable, Equatable {
        package var key: String
        package var message: String
        package var hint: String
        /// A problem the build carries on past: an unknown `layout` (another tool's template
        /// name) leaves the section in its default layout.
        package var isWarning = false
    }

    /// Reads the keys through `value`; `layout` may already have been read as a reserved key.
    package static func read(_ value: (String) -> FieldValue?, problems: inout [Problem]) -> SectionOptions {
        var options = SectionOptions()
        func text(_ key: String) -> String? {
            guard let raw = value(key), raw != .null else { return nil }
            guard let text = raw.stringValue else {
                problems.append(Problem(key: key, message: "`\(key)` must be text, found `\(raw.text)`", hint: "write it like `\(key): value`"))
                return nil
            }
            return text.trimmingCharacters(in: .whitespaces)
        }
        func choice(_ key: String, from allowed: [String]) -> String? {
            guard let chosen = text(key) else { return nil }
            if allowed.contains(chosen) { return chosen }
            var hint = "use one of: \(allowed.joined(separator: ", "))"
            // Hugo and Jekyll front matter name a theme's template with the same key: the
            // section keeps the default layout and the build goes on.
            let isLayout = key == "layout"
            if isLayout { hint += "; a template name from another tool (Hugo's `single`, Jekyll's `post`) does not apply here: delete the line" }
            problems.append(
                Problem(
                    key: key, message: "unknown \(key) `\(chosen)`" + (isLayout ? "; the default layout, list, is used" : ""),
                    hint: hint, isWarning: isLayout))
            return nil
        }
        options.layout = choice("layout", from: layouts)
        options.appearance = choice("appearance", from: appearances)
        if let raw = value("columns"), raw != .null {
            if case .integer(let count) = raw, columnRange.contains(count) {
                options.columns = count
            } else {
                problems.append(
                    Problem(
                        key: "columns", message: "`columns` must be a whole number from \(columnRange.lowerBound) to \(columnRange.upperBound), found `\(raw.text)`",
                        hint: "write it like `columns: 3`"))
            }
        }
        options.footer = text("footer") ?? ""
        if let raw = value("exclusive"), raw != .null {
            if case .bool(let flag) = raw {
                options.exclusive = flag
            } else {
                problems.append(
                    Problem(
                        key: "exclusive", message: "`exclusive` must be true or false, found `\(raw.text)`",
                        hint: "write it like `exclusive: true`"))
            }
        }
        if let raw = value("letter_groups"), raw != .null {
            switch raw {
            case .integer(let count) where count >= 1: options.letterGroups = count
            case .bool(false): options.letterGroups = 0
            default:
                problems.append(
                    Problem(
                        key: "letter_groups", message: "`letter_groups` must be a number of items (at least 1) or false, found `\(raw.text)`",
                        hint: "write it like `letter_groups: 300`: longer flat sections are split into A–Z groups"))
            }
        }
        if let field = text("group_by"), !field.isEmpty { options.groupBy = field }
        let order = text("order")
        if let sort = text("sort") {
            do {
                options.sort = try ItemSort(sort: sort, order: order)
            } catch {
                switch error {
                case .emptyKey:
                    problems.append(Problem(key: "sort", message: "`sort` is empty", hint: "use weight, title, date or a field name"))
                case .unknownOrder(let other):
                    problems.append(Problem(key: "order", message: "unknown order `\(other)`", hint: "use asc or desc"))
                }
            }
        } else if let order {
            do {
                options.sort = try ItemSort(sort: "weight", order: order)
            } catch {
                problems.append(Problem(key: "order", message: "unknown order `\(order)`", hint: "use asc or desc"))
            }
        }
        return options
    }
}
