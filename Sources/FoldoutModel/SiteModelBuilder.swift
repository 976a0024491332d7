import FoldoutBase
import FoldoutLoading
import FoldoutMarkdown
import FoldoutRouting

/// Builds the section model from the source tree and the rendered pages: catalogs from
/// top-level folders, sections from the folders below them, groups from deeper folders,
/// items from Markdown files, each level ordered by weight then title (or by the
/// section's `sort:`), and query sections (`sections:` with `where:`) fed from the
/// catalog's own items.
package struct SiteModelBuilder {
    package var routes: Routes
    package var pages: RenderedPages
    /// Names a source path in messages.
    package var displayPath: (String) -> String

    package init(routes: Routes, pages: RenderedPages, displayPath: @escaping (String) -> String = { $0 }) {
        self.routes = routes
        self.pages = pages
        self.displayPath = displayPath
    }

    package func build(_ root: SourceFolder) -> Site {
        var ignored: [Diagnostic] = []
        return build(root, diagnostics: &ignored)
    }

    /// Builds the site; mistakes in section configuration are added to `diagnostics`.
    package func build(_ root: SourceFolder, diagnostics: inout [Diagnostic]) -> Site {
        let index = root.index.flatMap { pages[$0.path] }
        let folders = root.folders.compactMap { folder -> (SourceFolder, String)? in
            guard let target = routes.targets[folder.path], target.fragment == nil, routes.ownedFolders[folder.path] == nil,
                isIncluded(folder)
            else { return nil }
            return (folder, target.path)
        }
        // Catalogs do not depend on each other, so they are built side by side.
        let built = Parallel.map(folders) { folder, outputPath -> (Catalog, [Diagnostic]) in
            var found: [Diagnostic] = []
            return (catalog(folder, outputPath: outputPath, diagnostics: &found), found)
        }
        var catalogs = built.map(\.0)
        diagnostics += built.flatMap(\.1)
        catalogs.sort {
            Ordering.precedes(weight: $0.weight, title: $0.title, id: $0.id, weight: $1.weight, title: $1.title, id: $1.id)
        }
        let looseEntries = items(
            in: root, catalogAnchor: "", depth: 1, trail: [], catalogPage: "index.html", sort: nil,
            diagnostics: &diagnostics)
        let looseItems =
            looseEntries.isEmpty
            ? nil
            : Group(
                anchor: "", title: "", weight: nil, depth: 1, expanded: nil, introHTML: "", summary: "",
                fields: [], entries: looseEntries, sourcePath: "")
        let fields = index?.parsed.frontMatter.fields.filter { !PageParser.reservedKeys.contains($0.key) } ?? []
        func text(_ key: String) -> String? { fields.first { $0.key == key }?.value.stringValue }
        // `404.html` puts `base_url` in front of its links, so it must be a web address.
        var baseURL = text("base_url").flatMap { $0.isEmpty ? nil : $0 }
        if let written = baseURL, let index, !["http", "https"].contains(SafeURL.scheme(of: written) ?? "") {
            diagnostics.append(
                .error(
                    displayPath(index.parsed.path), line: index.parsed.line(of: "base_url"),
                    "`base_url` must be an http:// or https:// address, found `\(written)`",
                    hint: "write the site's public address, like `base_url: https://example.org/shelter/`"))
            baseURL = nil
        }
        return Site(
            title: index?.parsed.title ?? index?.title ?? "Catalog",
            description: text("description") ?? index?.parsed.summary ?? "",
            language: text("language") ?? "en",
            baseURL: baseURL,
            introHTML: index?.html ?? "",
            fields: fields,
            catalogs: catalogs,
            looseItems: looseItems,
            image: index?.image)
    }

    private func isIncluded(_ folder: SourceFolder) -> Bool {
        guard let index = folder.index else { return true }
        return pages.contains(index.path)
    }

    private func catalog(_ folder: SourceFolder, outputPath: String, diagnostics: inout [Diagnostic]) -> Catalog {
        let index = folder.index.flatMap { pages[$0.path] }
        let title = index?.title ?? Slug.readableTitle(fromFileName: folder.name)
        let id = outputPath.split(separator: "/").first.map(String.init) ?? ""
        let trail = [TrailStep(title: title, path: outputPath, fragment: nil)]
        let options = readOptions(index, diagnostics: &diagnostics)
        var sections: [Group] = []
        let loose = items(
            in: folder, catalogAnchor: "", depth: 1, trail: trail, catalogPage: outputPath, sort: options.sort,
            diagnostics: &diagnostics)
        for child in folder.folders where isIncluded(child) {
            if let section = group(
                child, depth: 1, trail: trail, catalogPage: outputPath, inheritedSort: options.sort,
                diagnostics: &diagnostics), Self.isShown(section)
            {
                sections.append(section)
            }
        }
        var looseSection: Group?
        if !loose.isEmpty {
            looseSection = Group(
                anchor: "", title: "", weight: nil, depth: 1, expanded: nil, introHTML: "",
                summary: "", fields: [], entries: Self.order(loose, by: options.sort), sourcePath: folder.path)
        }
        // Declared defaults and spellings are the items' values before anything reads them (query sections too).
        if let declared = DeclaredValues(fields: index?.parsed.frontMatter["fields"]) {
            looseSection?.mapEntries(declared.applied)
            for position in sections.indices { sections[position].mapEntries(declared.applied) }
        }
        // Query sections draw from every item of the catalog, in outline order.
        sections.sort(by: Self.sectionPrecedes)
        let catalogItems = (looseSection?.allItems ?? []) + sections.flatMap(\.allItems)
        for query in querySections(index, items: catalogItems, diagnostics: &diagnostics) {
            if let folderSection = sections.first(where: { $0.anchor == query.anchor }), let index {
                diagnostics.append(
                    .error(
                        displayPath(index.parsed.path), line: index.parsed.line(of: "sections"),
                        "query section `\(query.title)` has the id `\(query.anchor)`, which the folder `\(displayPath(folderSection.sourcePath))` already uses",
                        hint: "give the query section another title or a `slug:`"))
                continue
            }
            if !query.entries.isEmpty { sections.append(query) }
        }
        sections.sort(by: Self.sectionPrecedes)
        if let looseSection { sections.insert(looseSection, at: 0) }
        sections = groupedByField(sections, catalogOptions: options, index: index, diagnostics: &diagnostics)
        sections = sections.map { section in
            LetterGroups.split(section, threshold: section.options.letterGroups ?? options.letterGroups ?? LetterGroups.defaultThreshold)
        }
        return Catalog(
            id: id, title: title, weight: index?.parsed.weight, introHTML: index?.html ?? "", summary: index?.summary ?? "",
            fields: index?.parsed.frontMatter.fields.filter { !PageParser.reservedKeys.contains($0.key) } ?? [],
            sections: sections, expanded: index?.parsed.expanded, outputPath: outputPath, sourcePath: folder.path,
            options: options, image: index?.image)
    }

    /// The sections with their items grouped by the field `group_by:` names (the section's,
    /// else, for a folder's section, the catalog's; see `FieldGroups`), in the order of its
    /// declared values. A catalog's
    /// `group_by` naming a field none of its items has is warned about at its line.
    private func groupedByField(
        _ sections: [Group], catalogOptions: SectionOptions, index: RenderedPage?, diagnostics: inout [Diagnostic]
    ) -> [Group] {
        guard catalogOptions.groupBy != nil || sections.contains(where: { $0.options.groupBy != nil }) else { return sections }
        var ignored: [FieldDeclaration.Problem] = []
        let declaration = FieldDeclaration.read(index?.parsed.frontMatter["fields"], problems: &ignored)
        if let field = catalogOptions.groupBy, let index {
            var names = Set<String>()
            for section in sections { section.forEachItem { item in for (key, _) in item.fields { names.insert(key) } } }
            if !names.contains(field) {
                let suggestion = NearestName.suggestion(for: field, among: names).map { "did you mean `\($0)`? " } ?? ""
                diagnostics.append(
                    .warning(
                        displayPath(index.parsed.path), line: index.parsed.line(of: "group_by"),
                        "`group_by: \(field)`: no item of this catalog has the field `\(field)`, so every item is under \"\(FieldGroups.otherTitle)\"",
                        hint: "\(suggestion)name a field the items have in their front matter"))
            }
        }
        return sections.map { section in
            // A query section is grouped only when its own entry asks: it often selects by that field.
            guard let field = section.options.groupBy ?? (section.query == nil ? catalogOptions.groupBy : nil) else { return section }
            let order = declaration?.fields.first { $0.name == field }?.values ?? []
            return FieldGroups.split(section, by: field, declaredOrder: order)
        }
    }

    private static func sectionPrecedes(_ lhs: Group, _ rhs: Group) -> Bool {
        Ordering.precedes(weight: lhs.weight, title: lhs.title, id: lhs.anchor, weight: rhs.weight, title: rhs.title, id: rhs.anchor)
    }

    private func group(
        _ folder: SourceFolder, depth: Int, trail: [TrailStep], catalogPage: String, inheritedSort: ItemSort?,
        diagnostics: inout [Diagnostic]
    ) -> Group? {
        guard let target = routes.targets[folder.path], let anchor = target.fragment else { return nil }
        let index = folder.index.flatMap { pages[$0.path] }
        let title = index?.title ?? Slug.readableTitle(fromFileName: folder.name)
        // Breadcrumbs lead to the group's own page when it has one, else to its place in the outline.
        let pagePath = routes.groupPages[folder.path]
        let trail = trail + [TrailStep(title: title, path: pagePath ?? catalogPage, fragment: pagePath == nil ? anchor : nil)]
        let options = readOptions(index, diagnostics: &diagnostics)
        let sort = options.sort ?? inheritedSort
        var group = Group(
            anchor: anchor, title: title, weight: index?.parsed.weight, depth: depth, expanded: index?.parsed.expanded,
            introHTML: index?.html ?? "", summary: index?.summary ?? "",
            fields: index?.parsed.frontMatter.fields.filter { !PageParser.reservedKeys.contains($0.key) } ?? [],
            entries: entries(
                of: folder, anchor: anchor, depth: depth, trail: trail, catalogPage: catalogPage, sort: sort,
                diagnostics: &diagnostics),
            sourcePath: folder.path, options: options)
        group.pagePath = pagePath
        return group
    }

    /// The outline of a folder at `depth` whose anchor is `anchor`: its items, and its
    /// sub-folders' groups, in order.
    private func entries(
        of folder: SourceFolder, anchor: String, depth: Int, trail: [TrailStep], catalogPage: String,
        sort: ItemSort?, diagnostics: inout [Diagnostic]
    ) -> [OutlineEntry] {
        var entries = items(
            in: folder, catalogAnchor: anchor, depth: depth, trail: trail, catalogPage: catalogPage, sort: sort,
            diagnostics: &diagnostics)
        for child in folder.folders where isIncluded(child) {
            if let nested = group(
                child, depth: depth + 1, trail: trail, catalogPage: catalogPage, inheritedSort: sort,
                diagnostics: &diagnostics), Self.isShown(nested)
            {
                entries.append(.group(nested))
            }
        }
        return Self.order(entries, by: sort)
    }

    /// Whether a folder's group is shown: it has items, or an intro of its own (a page written
    /// as a section with nothing in it), whose text would otherwise be lost.
    private static func isShown(_ group: Group) -> Bool {
        group.itemCount > 0 || !group.introHTML.isEmpty
    }

    /// Weight-then-title order mixes groups and items; any other sort puts the items first,
    /// in that order, then the groups by weight and title.
    private static func order(_ entries: [OutlineEntry], by sort: ItemSort?) -> [OutlineEntry] {
        guard let sort, sort != .standard else {
            // Keys are taken once: comparing the entries themselves would copy whole items on every comparison.
            let keys = entries.map(sortKey)
            return keys.indices.sorted { l, r in
                Ordering.precedes(
                    weight: keys[l].weight, title: keys[l].title, id: keys[l].id,
                    weight: keys[r].weight, title: keys[r].title, id: keys[r].id)
            }.map { entries[$0] }
        }
        // A group led by an item sorts as its item.
        var items: [Item] = []
        var led: [String: Group] = [:]
        var groups: [Group] = []
        for entry in entries {
            switch entry {
            case .item(let item): items.append(item)
            case .group(let group):
                if let lead = group.lead {
                    items.append(lead)
                    led[lead.id] = group
                } else {
                    groups.append(group)
                }
            }
        }
        return sort.sorted(items).map { item in led[item.id].map(OutlineEntry.group) ?? .item(item) }
            + groups.sorted(by: sectionPrecedes).map(OutlineEntry.group)
    }

    private static func sortKey(_ entry: OutlineEntry) -> (weight: Double?, title: String, id: String) {
        switch entry {
        case .item(let item): return (item.weight, item.title, item.anchor)
        case .group(let group): return (group.weight, group.title, group.anchor)
        }
    }

    /// The items of a folder at `depth` whose anchor is `catalogAnchor`; an item that owns a
    /// folder leads a group of its sub-pages (see `Group.lead`).
    private func items(
        in folder: SourceFolder, catalogAnchor: String, depth: Int, trail: [TrailStep], catalogPage: String,
        sort: ItemSort?, diagnostics: inout [Diagnostic]
    ) -> [OutlineEntry] {
        var entries: [OutlineEntry] = []
        var ownedFolders: [String: SourceFolder] = [:]
        for child in folder.folders where routes.ownedFolders[child.path] != nil { ownedFolders[routes.ownedFolders[child.path]!] = child }
        for file in folder.pages {
            guard let place = pages.place(of: file.path), let target = routes.targets[file.path] else { continue }
            // The row's anchor is its path on the catalog page: the name routing gave its file.
            let pageName = target.path.utf8.lastIndex(of: UInt8(ascii: "/")).map { target.path[target.path.index(after: $0)...] } ?? Substring(target.path)
            let name = String(pageName.dropLast(5))
            let anchor = catalogAnchor.isEmpty ? name : catalogAnchor + "/" + name
            var item = Self.item(pages.pages[place], outputPath: target.path, anchor: anchor, trail: trail)
            if file.leadsItemFolder { item.title = Self.itemFolderTitle(pages.pages[place], folderName: String(file.itemName)) }
            if let owned = ownedFolders[file.path] {
                let subTrail = trail + [TrailStep(title: item.title, path: item.outputPath, fragment: nil)]
                let subEntries = self.entries(
                    of: owned, anchor: anchor, depth: depth + 1, trail: subTrail, catalogPage: catalogPage,
                    sort: sort, diagnostics: &diagnostics)
                if !subEntries.isEmpty {
                    entries.append(
                        .group(
                            Group(
                                anchor: anchor, title: item.title, weight: item.weight, depth: depth + 1, expanded: nil,
                                introHTML: "", summary: item.summary, fields: [], entries: subEntries,
                                sourcePath: owned.path, lead: item)))
                    continue
                }
            }
            entries.append(.item(item))
        }
        return Self.order(entries, by: nil)
    }

    /// The item a rendered page becomes, at `outputPath` with the row anchor `anchor`.
    package static func item(_ page: RenderedPage, outputPath: String, anchor: String, trail: [TrailStep]) -> Item {
        Item(
            id: String(outputPath.dropLast(5)), anchor: anchor, title: page.title, weight: page.parsed.weight,
            date: page.parsed.date, summary: page.summary, image: page.image, tags: page.parsed.tags,
            fields: page.parsed.frontMatter.fields.filter { !PageParser.reservedKeys.contains($0.key) },
            bodyHTML: page.html, headingIDs: page.headingIDs, outputPath: outputPath, sourcePath: page.parsed.path,
            trail: trail, images: page.images)
    }

    /// The title of an item folder's lead (see `ItemFolders`): its `title:`, else its first
    /// heading unless that only names a part (`# Description` in `description.md`, or in an
    /// `introduction.md` copied from one), else the folder's name made readable.
    package static func itemFolderTitle(_ page: RenderedPage, folderName: String) -> String {
        if let title = page.parsed.title { return title }
        let fileName = String(page.parsed.path.split(separator: "/").last ?? "")
        let partNames = Set(([fileName] + ItemFolders.leadNames).map { Slug.readableTitle(fromFileName: $0).lowercased() })
        if !partNames.contains(page.title.lowercased()) { return page.title }
        return Slug.readableTitle(fromFileName: folderName)
    }

    /// An edited item's page made into the item the model would make of it, in the place of
    /// the one it replaces (`old`): what a quick rebuild (`QuickRebuild`) and `serve`'s
    /// preview (`ItemPreview`) do instead of building the model again. Like the model, it
    /// gives the item its catalog's declared values (`DeclaredValues`) unless it is a page of
    /// a folder an item owns.
    package static func item(_ page: RenderedPage, replacing old: Item, in catalog: Catalog?) -> Item {
        let item = Self.item(page, outputPath: old.outputPath, anchor: old.anchor, trail: old.trail)
        guard let catalog, let declared = DeclaredValues(fields: catalog.field("fields")),
            catalog.folderSections.contains(where: { $0.mapsEntry(withID: old.id) })
        else { return item }
        return declared.applied(to: item)
    }

    // MARK: Configuration

    /// Section options of a folder's `_index.md`, with problems reported at their lines.
    private func readOptions(_ index: RenderedPage?, diagnostics: inout [Diagnostic]) -> SectionOptions {
        guard let index else { return SectionOptions() }
        var problems: [SectionOptions.Problem] = []
        let options = SectionOptions.read({ index.parsed.frontMatter[$0] }, problems: &problems)
        for problem in problems {
            let path = displayPath(index.parsed.path), line = index.parsed.line(of: problem.key)
            diagnostics.append(
                problem.isWarning
                    ? .warning(path, line: line, problem.message, hint: problem.hint)
                    : .error(path, line: line, problem.message, hint: problem.hint))
        }
        return options
    }

    /// The `sections:` list of a catalog's `_index.md`, each entry filled from `items`.
    private func querySections(_ index: RenderedPage?, items: [Item], diagnostics: inout [Diagnostic]) -> [Group] {
        guard let index, let value = index.parsed.frontMatter["sections"], value != .null else { return [] }
        let path = displayPath(index.parsed.path)
        let line = index.parsed.line(of: "sections")
        func report(_ message: String, _ hint: String) {
            diagnostics.append(.error(path, line: line, message, hint: hint))
        }
        let example = "sections:\n  - title: Adopted pets\n    where: {status: adopted}"
        guard let entries = value.listValue else {
            report("`sections` must be a list of query sections", "write it like\n\(example)")
            return []
        }
        var sections: [Group] = []
        for (position, entry) in entries.enumerated() {
            let number = position + 1
            guard case .map = entry else {
                report("entry \(number) of `sections` must be a map with `title` and `where`", "write it like\n\(example)")
                continue
            }
            guard let title = entry["title"]?.stringValue, !title.isEmpty else {
                report("entry \(number) of `sections` has no `title`", "add `title: Some title` to it")
                continue
            }
            let query: ItemQuery
            do {
                guard let condition = entry["where"] else { throw ItemQuery.ReadError.empty }
                query = try ItemQuery(where: condition)
            } catch {
                report(
                    "query section `\(title)` needs a `where:` map of field and value, like `where: {status: adopted}`",
                    "list the fields to match; a list of values matches any of them: `where: {level: [beginner, intermediate]}`")
                continue
            }
            var problems: [SectionOptions.Problem] = []
            let options = SectionOptions.read({ entry[$0] }, problems: &problems)
            for problem in problems where problem.isWarning {
                diagnostics.append(.warning(path, line: line, "query section `\(title)`: \(problem.message)", hint: problem.hint))
            }
            for problem in problems where !problem.isWarning { report("query section `\(title)`: \(problem.message)", problem.hint) }
            var weight: Double?
            switch entry["weight"] {
            case .integer(let number)?: weight = Double(number)
            case .number(let number)?: weight = number
            case nil, .null?: break
            case let other?: report("query section `\(title)`: `weight` must be a number, found `\(other.text)`", "write it like `weight: 10`")
            }
            let slug = Slug.make(entry["slug"]?.stringValue ?? title)
            let matching = items.filter(query.matches)
            sections.append(
                Group(
                    anchor: slug.isEmpty ? "query-\(number)" : slug, title: title, weight: weight, depth: 1, expanded: nil,
                    introHTML: "", summary: entry["intro"]?.stringValue ?? "", fields: [],
                    entries: (options.sort.map { $0.sorted(matching) } ?? matching).map(OutlineEntry.item),
                    sourcePath: index.parsed.path, options: options, query: query))
        }
        return sections
    }
}
