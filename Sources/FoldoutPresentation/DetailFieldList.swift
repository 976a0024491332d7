import FoldoutBase
import FoldoutMarkdown

/// Which fields an item's page lists, and under which labels, from `fields:` in a
/// catalog's `_index.md`: `fields: [breed, age]`, with labels `fields: [breed, {age: Age in years}]`
/// or `fields: {breed: Breed, age: Age in years}`; `fields: false` lists none. Without
/// `fields:`, every field the item has is listed, labelled from its key.
package struct DetailFieldList: Sendable, Equatable {
    package struct Entry: Sendable, Equatable {
        package var key: String
        package var label: String
        /// A declared number's unit, shown after the value: "4 years".
        package var unit: String? = nil
        /// Declared `type: markdown`: the value is rendered as Markdown.
        package var isMarkdown = false
    }

    /// nil: every field of the item.
    package var entries: [Entry]?

    package static let all = DetailFieldList(entries: nil)

    /// Keys Foldout reads from an item besides `PageParser.reservedKeys` (which never become
    /// fields): they configure the page rather than describe the item, so no details list
    /// shows them, even when `fields:` names them.
    package static let neverListed: Set<String> = ["image_alt", "image_focus", "photos"]

    /// Settings of other tools kept in front matter (Hugo's, Jekyll's, editors'): they
    /// describe how a page is built, not the item, so a page lists them only when `fields:`
    /// names them.
    package static let otherToolKeys: Set<String> = [
        "build", "cascade", "expirydate", "headless", "keywords", "linkTitle", "markup",
        "menu", "menus", "outputs", "params", "permalink", "publishdate", "redirect_to", "resources",
        "sitemap", "toc", "translationKey", "type", "url",
        // Page settings of Hugo's Docsy and Learn (and Relearn) themes and of Jekyll's SEO plug-in.
        "alwaysopen", "body_class", "canonical_url", "disableToc", "exclude_search", "hide_feedback", "hide_readingtime",
        "hide_summary", "LastModifierDisplayName", "LastModifierEmail", "manualLink", "manualLinkRelref", "manualLinkTarget",
        "manualLinkTitle", "menuPost", "menuPre", "menuTitle", "no_list", "simple_list",
    ]

    /// Theme settings whose names are common words (`chapter: 3` may well describe a book):
    /// they are another tool's only when the value has the setting's shape. Learn's
    /// `chapter: true` makes the page a chapter's cover; its `pre:` and `post:` are HTML put
    /// before and after the page's menu entry (`"<b>2. </b>"`).
    package static let otherToolSettingShapes: [String: @Sendable (FieldValue) -> Bool] = [
        "chapter": isFlag, "pre": isMarkup, "post": isMarkup,
    ]

    private static func isFlag(_ value: FieldValue) -> Bool {
        if case .bool = value { return true }
        return false
    }

    /// Text that holds an HTML tag, as a theme's setting does and a description seldom.
    private static func isMarkup(_ value: FieldValue) -> Bool {
        guard case .string(let text) = value, let open = text.firstIndex(of: "<") else { return false }
        let rest = text[text.index(after: open)...]
        return rest.first.map { $0.isLetter || $0 == "/" } == true && rest.contains(">")
    }

    /// Whether `key` is another tool's setting: one of `otherToolKeys`, a key with a colon
    /// (`cSpell:ignore`), one starting with `_` (`_build`), or one of
    /// `otherToolSettingShapes` whose `value` has the setting's shape.
    package static func isOtherToolKey(_ key: String, value: FieldValue) -> Bool {
        key.hasPrefix("_") || key.utf8.contains(UInt8(ascii: ":")) || otherToolKeys.contains(key)
            || otherToolSettingShapes[key]?(value) == true
    }

    package static func read(_ value: FieldValue?, problems: inout [String]) -> DetailFieldList {
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
    package static func label(for key: String) -> String {
        Slug.readableTitle(fromFileName: key)
    }
}
