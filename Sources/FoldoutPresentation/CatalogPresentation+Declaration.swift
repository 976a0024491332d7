import FoldoutBase
import FoldoutModel

extension CatalogPresentation {
    /// What a declaration shows where the catalog's `_index.md` does not say otherwise: the
    /// page's fields (`show: [page]`), the facets and sorts unless `facets:` or
    /// `sort_options:` are written, the row's secondary line unless `row.secondary` is.
    mutating func apply(_ declaration: FieldDeclaration, catalog: Catalog) {
        fields = DetailFieldList(
            entries: declaration.fields.filter { $0.shows(on: .page) }.map { field in
                DetailFieldList.Entry(
                    key: field.name, label: field.label, unit: field.kind == .number ? field.unit : nil,
                    isMarkdown: field.kind == .markdown)
            })
        if catalog.field("facets") == nil {
            facets = declaration.fields.filter { $0.shows(on: .facet) }.compactMap(Self.facet)
        }
        if catalog.field("sort_options") == nil {
            let sorted = declaration.fields.filter { $0.shows(on: .sort) && $0.name != "title" }
            sortChoices =
                sorted.isEmpty
                ? []
                : [SortChoice(field: "title", label: SortChoice.label(field: "title", descending: false), descending: false)]
                    + sorted.map { field in
                        let descending = field.kind == .date
                        let label =
                            !field.labelIsWritten
                            ? SortChoice.label(field: field.name, descending: descending)
                            : field.label + (descending ? " (newest first)" : " (lowest first)")
                        return SortChoice(field: field.name, label: label, descending: descending)
                    }
        }
        if row.secondary == nil, row.showsSecondary {
            let parts = declaration.fields.filter { $0.shows(on: .row) }.map(Self.rowPart)
            if !parts.isEmpty { row.secondary = try? RowTextTemplate(parts.joined(separator: RowTextTemplate.separator)) }
        }
    }

    /// The facet of a field shown as one: its type's kind, a choice's values in their order.
    private static func facet(_ field: FieldDeclaration.Field) -> FacetDeclaration? {
        let kind: FacetDeclaration.Kind
        switch field.kind {
        case .image, .nested, .markdown: return nil
        case .yesNo: kind = .boolean
        case .number: kind = .range
        case .date: kind = .date
        case .text, .choice, .list, .link: kind = .values
        }
        var facet = FacetDeclaration(field: field.name, label: field.label, kind: kind)
        if field.kind == .choice { facet.order = .listed(field.values.map { Slug.make($0) }) }
        return facet
    }

    /// A field's part of the row's secondary line: `4 years`, `Good with children: Yes`, `Beagle`.
    private static func rowPart(_ field: FieldDeclaration.Field) -> String {
        let key = field.name
        switch field.kind {
        case .number:
            guard let unit = field.unit else { return "{{\(key)}}" }
            let one = FieldDeclaration.Field.unitWord(unit, for: 1)
            let plain = !unit.contains(where: { ",|{}".contains($0) })
            return plain ? "{{\(key)}} {{\(key)|\(one),\(unit)}}" : "{{\(key)}} \(unit)"
        case .yesNo:
            return "{{#\(key)}}\(field.label): {{\(key)}}{{/\(key)}}"
        default:
            return "{{\(key)}}"
        }
    }
}
