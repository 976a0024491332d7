/// Builds the section model from the source tree and the rendered pages: catalogs from
/// top-level folders, sections from the folders below them, groups from deeper folders,
/// items from Markdown files, each level ordered by weight then title.
public struct SiteModelBuilder {
    public var routes: Routes
    public var pages: [String: RenderedPage]

    public init(routes: Routes, pages: [String: RenderedPage]) {
        self.routes = routes
        self.pages = pages
    }

    public func build(_ root: SourceFolder) -> Site {
        let index = root.index.flatMap { pages[$0.path] }
        var catalogs: [Catalog] = []
        for folder in root.folders {
            guard let target = routes.targets[folder.path], target.fragment == nil, isIncluded(folder) else { continue }
            catalogs.append(catalog(folder, outputPath: target.path))
        }
        catalogs.sort {
            Ordering.precedes(weight: $0.weight, title: $0.title, id: $0.id, weight: $1.weight, title: $1.title, id: $1.id)
        }
        let looseEntries = items(in: root, catalogAnchor: "", trail: [])
        let looseItems = looseEntries.isEmpty ? nil : Group(
            anchor: "", title: "", weight: nil, depth: 1, expanded: nil, layout: nil, introHTML: "", summary: "",
            fields: [], entries: looseEntries, sourcePath: "")
        let fields = index?.parsed.frontMatter.fields.filter { !PageParser.reservedKeys.contains($0.key) } ?? []
        func text(_ key: String) -> String? { fields.first { $0.key == key }?.value.stringValue }
        return Site(
            title: index?.parsed.title ?? index?.title ?? "Catalog",
            description: text("description") ?? index?.parsed.summary ?? "",
            language: text("language") ?? "en",
            baseURL: text("base_url"),
            introHTML: index?.html ?? "",
            fields: fields,
            catalogs: catalogs,
            looseItems: looseItems)
    }

    private func isIncluded(_ folder: SourceFolder) -> Bool {
        guard let index = folder.index else { return true }
        return pages[index.path] != nil
    }

    private func catalog(_ folder: SourceFolder, outputPath: String) -> Catalog {
        let index = folder.index.flatMap { pages[$0.path] }
        let title = index?.title ?? Slug.readableTitle(fromFileName: folder.name)
        let id = outputPath.split(separator: "/").first.map(String.init) ?? ""
        let trail = [TrailStep(title: title, path: outputPath, fragment: nil)]
        var sections: [Group] = []
        let loose = items(in: folder, catalogAnchor: "", trail: trail)
        for child in folder.folders where isIncluded(child) {
            if let section = group(child, depth: 1, trail: trail, catalogPage: outputPath), section.itemCount > 0 {
                sections.append(section)
            }
        }
        sections.sort { Ordering.precedes(weight: $0.weight, title: $0.title, id: $0.anchor, weight: $1.weight, title: $1.title, id: $1.anchor) }
        if !loose.isEmpty {
            sections.insert(Group(anchor: "", title: "", weight: nil, depth: 1, expanded: nil, layout: nil, introHTML: "",
                                  summary: "", fields: [], entries: loose, sourcePath: folder.path), at: 0)
        }
        return Catalog(
            id: id, title: title, weight: index?.parsed.weight, introHTML: index?.html ?? "", summary: index?.summary ?? "",
            fields: index?.parsed.frontMatter.fields.filter { !PageParser.reservedKeys.contains($0.key) } ?? [],
            sections: sections, expanded: index?.parsed.expanded, outputPath: outputPath, sourcePath: folder.path)
    }

    private func group(_ folder: SourceFolder, depth: Int, trail: [TrailStep], catalogPage: String) -> Group? {
        guard let target = routes.targets[folder.path], let anchor = target.fragment else { return nil }
        let index = folder.index.flatMap { pages[$0.path] }
        let title = index?.title ?? Slug.readableTitle(fromFileName: folder.name)
        let trail = trail + [TrailStep(title: title, path: catalogPage, fragment: anchor)]
        var entries = items(in: folder, catalogAnchor: anchor, trail: trail)
        for child in folder.folders where isIncluded(child) {
            if let nested = group(child, depth: depth + 1, trail: trail, catalogPage: catalogPage), nested.itemCount > 0 {
                entries.append(.group(nested))
            }
        }
        entries = Self.ordered(entries)
        return Group(
            anchor: anchor, title: title, weight: index?.parsed.weight, depth: depth, expanded: index?.parsed.expanded,
            layout: index?.parsed.layout, introHTML: index?.html ?? "", summary: index?.summary ?? "",
            fields: index?.parsed.frontMatter.fields.filter { !PageParser.reservedKeys.contains($0.key) } ?? [],
            entries: entries, sourcePath: folder.path)
    }

    /// `entries` in outline order. Keys are taken once: comparing the entries themselves
    /// would copy whole items on every comparison.
    private static func ordered(_ entries: [OutlineEntry]) -> [OutlineEntry] {
        let keys = entries.map(sortKey)
        let order = keys.indices.sorted { l, r in
            Ordering.precedes(weight: keys[l].weight, title: keys[l].title, id: keys[l].id,
                              weight: keys[r].weight, title: keys[r].title, id: keys[r].id)
        }
        return order.map { entries[$0] }
    }

    private static func sortKey(_ entry: OutlineEntry) -> (weight: Double?, title: String, id: String) {
        switch entry {
        case .item(let item): return (item.weight, item.title, item.anchor)
        case .group(let group): return (group.weight, group.title, group.anchor)
        }
    }

    private func items(in folder: SourceFolder, catalogAnchor: String, trail: [TrailStep]) -> [OutlineEntry] {
        var entries: [OutlineEntry] = []
        for file in folder.pages {
            guard let page = pages[file.path], let target = routes.targets[file.path] else { continue }
            let slug = ContentRouter.pageSlug(page.parsed)
            let anchor = catalogAnchor.isEmpty ? slug : catalogAnchor + "/" + slug
            entries.append(.item(Item(
                id: String(target.path.dropLast(5)), anchor: anchor, title: page.title, weight: page.parsed.weight,
                date: page.parsed.date, summary: page.summary, image: page.image, tags: page.parsed.tags,
                fields: page.parsed.frontMatter.fields.filter { !PageParser.reservedKeys.contains($0.key) },
                bodyHTML: page.html, headingIDs: page.headingIDs, outputPath: target.path, sourcePath: file.path,
                trail: trail)))
        }
        entries = Self.ordered(entries)
        return entries
    }
}
