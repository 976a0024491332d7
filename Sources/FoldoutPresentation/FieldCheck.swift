import FoldoutBase
import FoldoutMarkdown
import FoldoutModel

/// Checks each item of a catalog against its field declaration (declared, or inferred
/// from the items): a key one or two edits from a field's name, a value of the wrong type
/// or outside a choice's values, a required field left out, an image file that is not
/// there, a link to an item the catalog does not have. One pass over the items; each
/// mistake is reported at its line through `report`.
struct FieldCheck {
    struct Mistake {
        var item: Item
        /// The key the mistake is at, nil for the item as a whole (a required field left out).
        var key: String?
        /// Whether the key itself is wrong (else its value).
        var isAboutKey = false
        var message: String
        var hint: String
    }

    var declaration: FieldDeclaration
    /// For an inferred declaration: keys taken for misspellings of another.
    var misspellings: [String: String] = [:]
    var catalog: Catalog
    var noun: ItemNoun
    var itemNames: ItemNames
    /// Where the declaration is written, or would go: the catalog's `_index.md`, as shown.
    var indexPath: String
    /// The name of a file beside the item that `written` names without case or with another
    /// image extension (`pickles.jpeg` → `Pickles.jpg`), given the item's source path.
    var fileWithoutCase: (_ source: String, _ written: String) -> String? = { _, _ in nil }

    /// `writes`: whether the item's file (by its source path) writes the key; an `image:`
    /// whose file is missing was reported as not found, and is not reported missing too.
    func run(writes: (_ source: String, _ key: String) -> Bool = { _, _ in false }, _ report: (Mistake) -> Void) {
        let byName = Dictionary(declaration.fields.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let names = declaration.fields.map(\.name)
        // Each unknown key is compared with the fields once, however many items write it.
        var nearest: [String: String?] = [:]
        var titles: [String]?
        func check(_ item: Item, isEntry: Bool) {
            for (key, _) in item.fields where byName[key] == nil && !FieldDeclaration.settingKeys.contains(key) {
                let meant: String?
                if declaration.isDeclared {
                    if let known = nearest[key] {
                        meant = known
                    } else {
                        meant = NearestName.suggestion(for: key, among: names)
                        nearest[key] = .some(meant)
                    }
                } else {
                    meant = misspellings[key]
                }
                guard let meant else { continue }
                let other = catalog.title.isEmpty ? "" : " of \(catalog.title)"
                report(
                    Mistake(
                        item: item, key: key, isAboutKey: true, message: "unknown field `\(key)` — did you mean `\(meant)`?",
                        hint: declaration.isDeclared
                            ? "the fields\(other) are declared in \(indexPath)"
                            : "the other \(noun.plural)\(other) write `\(meant)`"))
            }
            for field in declaration.fields {
                guard let value = Self.value(of: field.name, in: item), value != .null else {
                    if field.required, isEntry, !(field.kind == .image && writes(item.sourcePath, field.name)) {
                        report(
                            Mistake(
                                item: item, key: nil, message: "`\(field.name)` is missing: every \(noun.singular) needs one",
                                hint: "add a line like `\(field.name): \(field.values.first ?? example(field.kind))` above the front matter's end; it is required in \(indexPath)"))
                    }
                    continue
                }
                if let mistake = field.mistake(in: value) {
                    // Where the values come from, and where another would go.
                    let source =
                        field.kind != .choice
                        ? ""
                        : declaration.isDeclared
                            ? "; another goes in `fields:` of \(indexPath)"
                            : " (the ones other \(noun.plural) write; `foldout fields \(catalog.sourcePath)` prints them to declare)"
                    report(Mistake(item: item, key: field.name, message: mistake.message, hint: mistake.hint + source))
                    continue
                }
                switch field.kind {
                case .image where field.name != "image" && field.name != "photos":
                    // `image:` and `photos:` are checked by the Markdown stage, which finds them.
                    guard let written = value.stringValue, OutputPath.isLocal(written), item.images[field.name] == nil else { continue }
                    let found = fileWithoutCase(item.sourcePath, written)
                    report(
                        Mistake(
                            item: item, key: field.name,
                            message: "image `\(written)` not found" + (found.map { " — did you mean `\($0)`?" } ?? ""),
                            hint: found == nil
                                ? "put the image file beside this page or fix the path; it is relative to this file"
                                : "a file's name must be written as the file has it, capitals included"))
                case .link:
                    for element in value.listValue ?? [value] {
                        guard let text = element.stringValue, !text.isEmpty, !itemNames.hasItem(named: text, in: catalog.id) else { continue }
                        if titles == nil { titles = catalog.allItems.map(\.title) }
                        let meant = titles!.count <= Self.titlesCompared ? NearestName.suggestion(for: text, among: titles!) : nil
                        report(
                            Mistake(
                                item: item, key: field.name,
                                message: "`\(field.name)` names `\(text)`, which is no \(noun.singular) of this catalog"
                                    + (meant.map { " — did you mean `\($0)`?" } ?? ""),
                                hint: "write the title or the file name (without `.md`) of another \(noun.singular) of \(catalog.title)"))
                    }
                default:
                    break
                }
            }
        }
        for section in catalog.folderSections { walk(section, check) }
    }

    /// Beyond this many items, a link naming no item is not compared with every title.
    static let titlesCompared = 5_000

    /// Every item below `group`, and whether it is one of the catalog's entries (not a
    /// page of the folder an item owns, which need not have the entries' fields).
    private func walk(_ group: Group, _ body: (Item, Bool) -> Void) {
        if let lead = group.lead {
            body(lead, true)
            group.forEachItem { if $0.id != lead.id { body($0, false) } }
            return
        }
        for entry in group.entries {
            switch entry {
            case .item(let item): body(item, true)
            case .group(let child): walk(child, body)
            }
        }
    }

    /// The value of `key` as written, the reserved keys a declaration may name included.
    static func value(of key: String, in item: Item) -> FieldValue? {
        switch key {
        case "image": return item.image.map { _ in .string(item.images["image"]?.location ?? "") }
        case "title", "summary", "date", "tags", "weight": return item.value(for: key)
        default: return item.field(key)
        }
    }

    private func example(_ kind: FieldDeclaration.Kind) -> String {
        switch kind {
        case .text, .choice, .markdown: return "…"
        case .number: return "3"
        case .yesNo: return "yes"
        case .list: return "[one, two]"
        case .date: return "2026-05-01"
        case .image: return "photo.jpg"
        case .link: return "Another item's title"
        case .nested: return "{name: value}"
        }
    }
}
