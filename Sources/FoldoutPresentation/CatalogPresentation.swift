import FoldoutBase
import FoldoutMarkdown
import FoldoutModel

/// A catalog's presentation settings from its `_index.md`: the row configuration, the
/// fields its item pages list, the facets and sort choices of its page, what it calls its
/// items, how they are described in structured data, and the synonyms the site search knows.
package struct CatalogPresentation: Sendable, Equatable {
    package var row: RowConfiguration = .standard
    package var fields: DetailFieldList = .all
    package var facets: [FacetDeclaration] = []
    package var sortChoices: [SortChoice] = []
    package var itemNoun: ItemNoun = .item
    /// What sub-pages are counted as: `page_name:`, "page" unless it says.
    package var pageNoun: ItemNoun = .page
    /// `listed:`: the items that filtered and sorted results list; the others (adopted pets,
    /// closed courses) only when the reader asks for them. Nil: every item is listed.
    package var listed: ItemQuery?
    package var schema: SchemaMapping = .standard
    package var searchSynonyms: SearchSynonyms = .none
    /// The items' fields: as `fields:` declares them, else inferred from the items (then
    /// `isDeclared` is false, and only the checks and `foldout fields` read it).
    package var declaration = FieldDeclaration(fields: [], isDeclared: false)
    /// Whether groups that say nothing (no `expanded:` of their own, their section's or the
    /// catalog's) start open: when the catalog has fewer items than `expand_below:`, so a
    /// small catalog shows its items at once and a large one its outline.
    package var opensGroups = false

    /// Items below which a catalog's groups start open, unless `expand_below:` says otherwise.
    package static let defaultExpandBelow = 20

    package static let standard = CatalogPresentation()

    /// Reads every catalog's settings; mistakes become errors at the key's line. Items are
    /// checked against their catalog's fields (see `FieldCheck`): warnings, or errors where
    /// the catalog says `strict: true`, at the line and column `positions` finds.
    /// `fileWithoutCase` finds the file an image name meant (see `FieldCheck`). `itemNames`
    /// is the build's table, made here when not given. Without `checksItems`, the items are
    /// not checked: a quick rebuild's edits keep their front matter, so their checks cannot change.
    /// `frontMatterEnd` gives the line that closes a file's front matter, where a field it
    /// lacks is reported (the line to add it above).
    package static func read(
        _ site: Site, displayPath: (String) -> String, lines: (String, String) -> Int?,
        positions: FrontMatterPositions.Reader? = nil, frontMatterEnd: (String) -> Int? = { _ in nil },
        fileWithoutCase: @escaping (String, String) -> String? = { _, _ in nil },
        itemNames givenNames: ItemNames? = nil, checksItems: Bool = true,
        diagnostics: inout [Diagnostic]
    ) -> [String: CatalogPresentation] {
        var result: [String: CatalogPresentation] = [:]
        var itemNames = givenNames
        for catalog in site.catalogs {
            let indexPath = catalog.sourcePath + "/_index.md"
            var presentation = CatalogPresentation()
            /// One key of `_index.md` read by `reader`, its problems errors at the key's line.
            func read<Value>(_ key: String, hint: String, _ reader: (FieldValue?, inout [String]) -> Value) -> Value {
                var problems: [String] = []
                let value = reader(catalog.field(key), &problems)
                for problem in problems {
                    diagnostics.append(.error(displayPath(indexPath), line: lines(indexPath, key), problem, hint: hint))
                }
                return value
            }
            presentation.row = read("row", hint: "see docs/content.md, “Row configuration”", RowConfiguration.read)
            var declarationProblems: [FieldDeclaration.Problem] = []
            let declared = FieldDeclaration.read(catalog.field("fields"), problems: &declarationProblems)
            for problem in declarationProblems {
                let position = positions?.positions(of: indexPath).key(["fields"] + problem.keys)
                diagnostics.append(
                    .error(
                        displayPath(indexPath), line: position?.line ?? lines(indexPath, "fields"), column: position?.column,
                        problem.message, hint: problem.hint))
            }
            if declared == nil {
                presentation.fields = read("fields", hint: "write it like `fields: [breed, {age: Age in years}]`", DetailFieldList.read)
            }
            presentation.facets = read(
                "facets", hint: "see docs/content.md, “The filter box, facets and sorting”",
                FacetDeclaration.readList)
            presentation.sortChoices = read(
                "sort_options", hint: "write it like `sort_options: [title, date, age]`",
                SortChoice.readList)
            presentation.itemNoun = read(
                "item_name", hint: "write it like `item_name: pet` or `item_name: [person, people]`",
                ItemNoun.read)
            presentation.searchSynonyms = read(
                "search", hint: "write it like `search: {synonyms: {kitten: {species: cat, age: {under: 1}}, bunny: rabbit}}`; see docs/content.md, “Site search”",
                SearchSynonyms.read)
            presentation.pageNoun = read(
                "page_name", hint: "write it like `page_name: lesson` or `page_name: [story, stories]`",
                ItemNoun.readPageName)
            let expandBelow = read(
                "expand_below", hint: "write it like `expand_below: 30`; 0 keeps groups closed",
                Self.readExpandBelow)
            presentation.opensGroups = catalog.entryCount < expandBelow
            presentation.row.fallbackSecondary = Self.fieldsLine(presentation.fields)
            presentation.listed = read(
                "listed", hint: "write it like `listed: {status: available}`: the items that filtered results list",
                Self.readListed)
            var schemaProblems: [SchemaMapping.Problem] = []
            presentation.schema = SchemaMapping.read(
                type: catalog.field("schema"), fields: catalog.field("schema_fields"),
                values: catalog.field("schema_values"), problems: &schemaProblems)
            for problem in schemaProblems {
                diagnostics.append(.error(displayPath(indexPath), line: lines(indexPath, problem.key), problem.message, hint: problem.hint))
            }
            if itemNames == nil { itemNames = ItemNames(site: site) }
            var misspellings: [String: String] = [:]
            if let declared {
                presentation.declaration = declared
                presentation.apply(declared, catalog: catalog)
                // Structured data reads the declared types too.
                schemaProblems = []
                presentation.schema.read(declared, problems: &schemaProblems)
                for problem in schemaProblems {
                    let position = positions?.positions(of: indexPath).key([problem.key])
                    diagnostics.append(
                        .warning(
                            displayPath(indexPath), line: position?.line ?? lines(indexPath, problem.key), column: position?.column,
                            problem.message, hint: problem.hint))
                }
            } else {
                let inference = FieldInference(catalog: catalog, presentation: presentation, itemNames: itemNames!)
                presentation.declaration = inference.declaration
                misspellings = inference.misspellings
            }
            guard checksItems else {
                result[catalog.id] = presentation
                continue
            }
            let strict = catalog.field("strict") == .bool(true)
            let check = FieldCheck(
                declaration: presentation.declaration, misspellings: misspellings, catalog: catalog,
                noun: presentation.itemNoun, itemNames: itemNames!, indexPath: displayPath(indexPath),
                fileWithoutCase: fileWithoutCase)
            check.run(writes: { lines($0, $1) != nil }) { mistake in
                let source = mistake.item.sourcePath
                var line = mistake.key.map { lines(source, $0) } ?? frontMatterEnd(source)
                var column: Int?
                if let key = mistake.key, let found = positions?.positions(of: source) {
                    if let position = mistake.isAboutKey ? found.key([key]) : found.value([key]) ?? found.key([key]) {
                        line = position.line
                        column = position.column
                    }
                }
                diagnostics.append(
                    Diagnostic(
                        strict ? .error : .warning, path: displayPath(source), line: line, column: column,
                        message: mistake.message, hint: mistake.hint))
            }
            // Values that cannot be what their property wants are left out, with a warning at the item's line.
            if !presentation.schema.fields.isEmpty {
                catalog.forEachItem { item in
                    _ = presentation.schema.properties(of: item) { field, message, hint in
                        diagnostics.append(.warning(displayPath(item.sourcePath), line: lines(item.sourcePath, field), message, hint: hint))
                    }
                }
            }
            // A field no item has is most likely misspelt: its facet would offer nothing.
            let listedFields = presentation.listed?.conditions.map(\.key) ?? []
            let unused =
                presentation.facets.map(\.field) + presentation.sortChoices.map(\.field).filter { $0 != "title" }
                + presentation.schema.fields.map(\.field) + listedFields
            let fieldNames = presentation.declaration.fields.map(\.name)
            for field in Set(unused).sorted() where !catalog.hasItem(withField: field) {
                let key =
                    presentation.facets.contains { $0.field == field }
                    ? "facets"
                    : presentation.sortChoices.contains { $0.field == field }
                        ? "sort_options"
                        : listedFields.contains(field) ? "listed" : "schema_fields"
                let meant = NearestName.suggestion(for: field, among: fieldNames.filter { $0 != field })
                diagnostics.append(
                    .warning(
                        displayPath(indexPath), line: lines(indexPath, key),
                        "no item of \(catalog.title) has the field `\(field)`" + (meant.map { " — did you mean `\($0)`?" } ?? ""),
                        hint: "check the spelling against the items' front matter"))
            }
            // A value misspelt in `listed:` would leave every item out of the results.
            if let listed = presentation.listed, listedFields.allSatisfy(catalog.hasItem(withField:)),
                !catalog.hasItem(matching: listed)
            {
                diagnostics.append(
                    .warning(
                        displayPath(indexPath), line: lines(indexPath, "listed"),
                        "`listed:` matches no item of \(catalog.title): filtered results would list none",
                        hint: "check the values against the items' front matter"))
            }
            result[catalog.id] = presentation
        }
        return result
    }
}

extension CatalogPresentation {
    /// Reads `expand_below: 30`: the item count from which groups start closed.
    static func readExpandBelow(_ value: FieldValue?, problems: inout [String]) -> Int {
        switch value {
        case nil, .null?: return defaultExpandBelow
        case .integer(let number)? where number >= 0: return number
        case let other?:
            problems.append("`expand_below` must be a whole number of items, 0 or more, found `\(other.text)`")
            return defaultExpandBelow
        }
    }

    /// The row's secondary line when `row.secondary` is not given: the first fields of
    /// `fields:` ("Beagle · 3 · Female"), so rows describe the item before its body text does.
    /// Nil when `fields:` is not given or lists none.
    static func fieldsLine(_ fields: DetailFieldList) -> RowTextTemplate? {
        guard let entries = fields.entries?.filter({ !DetailFieldList.neverListed.contains($0.key) }), !entries.isEmpty
        else { return nil }
        let source = entries.prefix(fieldsLineCount).map { "{{\($0.key)}}" }.joined(separator: RowTextTemplate.separator)
        return try? RowTextTemplate(source)
    }

    /// How many of `fields:` the default secondary line shows.
    static let fieldsLineCount = 3

    /// Reads `listed: {status: available}`, written as a query section's `where:`.
    static func readListed(_ value: FieldValue?, problems: inout [String]) -> ItemQuery? {
        guard let value, value != .null else { return nil }
        do {
            return try ItemQuery(where: value)
        } catch {
            switch error {
            case .notAMap: problems.append("`listed` must be a map of field and value, found `\(value.text)`")
            case .empty: problems.append("`listed` is empty: it needs a field and the value of the items to list")
            case .unusableValue(let key): problems.append("`listed`: the value of `\(key)` must be text or a list of text")
            }
            return nil
        }
    }
}

extension Catalog {
    fileprivate func hasItem(matching query: ItemQuery) -> Bool {
        var found = false
        forEachItem { item in
            if !found, query.matches(item) { found = true }
        }
        return found
    }

    fileprivate func hasItem(withField field: String) -> Bool {
        var found = false
        forEachItem { item in
            if !found, item.value(for: field) != nil { found = true }
        }
        return found
    }
}
