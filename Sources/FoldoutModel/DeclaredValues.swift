import FoldoutBase
import FoldoutMarkdown

/// What a catalog's declared fields (`FieldDeclaration`) do to its items' values before
/// anything reads them (query sections, rows, facets, pages): a field an item leaves out
/// takes its `default:`, and a choice written in other capitals than the declaration's
/// (`status: adopted` beside `values: [Available, Adopted]`) takes the declared spelling,
/// so a page shows each value one way. The model builds items with it, and a quick rebuild
/// (`QuickRebuild`) makes an edited item the same way.
package struct DeclaredValues: Sendable {
    private var defaults: [(key: String, value: FieldValue)] = []
    /// A choice field's declared values by their lower-case spelling.
    private var spellings: [String: [String: String]] = [:]

    /// The effect of `fields:` of a catalog's `_index.md`; nil when it declares nothing that
    /// changes values. Its mistakes are reported by the presentation, which reads it too.
    package init?(fields: FieldValue?) {
        var ignored: [FieldDeclaration.Problem] = []
        guard let declaration = FieldDeclaration.read(fields, problems: &ignored) else { return nil }
        for field in declaration.fields {
            if let value = field.defaultValue { defaults.append((field.name, value)) }
            if field.kind == .choice, !field.values.isEmpty {
                spellings[field.name] = Dictionary(field.values.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
            }
        }
        if defaults.isEmpty && spellings.isEmpty { return nil }
    }

    /// `item` with the defaults of the fields it leaves out, and its choices spelt as declared.
    package func applied(to item: Item) -> Item {
        var fields = item.fields
        var changed = false
        for index in fields.indices {
            guard let spelling = spellings[fields[index].key], case .string(let written) = fields[index].value,
                let declared = spelling[written.trimmingSpaces.lowercased()], declared != written
            else { continue }
            fields[index].value = .string(declared)
            changed = true
        }
        for (key, value) in defaults where !fields.contains(where: { $0.key == key }) {
            fields.append((key, value))
            changed = true
        }
        guard changed else { return item }
        var item = item
        item.fields = fields
        return item
    }
}
