import FoldoutModel

/// The pager of item pages: for each item, the items before and after it in its section
/// (a catalog's folder section, or the site's loose items) and the title the pager names.
/// Made once per site, so item pages need not search their catalog, and shared by the
/// presenter and `PageDigest`, so what a page shows and what its render key covers agree.
package struct ItemPager: Sendable {
    package struct Neighbours: Sendable {
        /// The section's title, else its catalog's, else the site's.
        package var sectionTitle: String
        package var previous: Neighbour?
        package var next: Neighbour?
        /// For an item that owns a folder (an item folder's lead, `lesson.md` beside
        /// `lesson/`): its sub-pages, in outline order, which its page lists.
        package var pages: [Neighbour] = []
    }

    /// What the pager shows of an item next door.
    package struct Neighbour: Sendable, Equatable {
        package var title: String
        package var outputPath: String
    }

    private var byID: [String: Neighbours] = [:]

    package init(site: Site) {
        self.init(site: site, onlySectionsHolding: nil)
    }

    /// The neighbours of the items in the sections that hold the files `paths` (relative to
    /// the content folder) only, or of all items when nil: for a rebuild that renders the
    /// pages of a few items only.
    package init(site: Site, onlySectionsHolding paths: [String]?) {
        if paths == nil { byID.reserveCapacity(site.allItemCount) }
        func wanted(_ section: Group) -> Bool {
            paths?.contains { section.sourcePath.isEmpty ? !$0.contains("/") : $0.hasPrefix(section.sourcePath + "/") } ?? true
        }
        for catalog in site.catalogs {
            for section in catalog.sections where section.query == nil && wanted(section) {
                add(section, fallbackTitle: catalog.title)
            }
        }
        if let loose = site.looseItems, wanted(loose) { add(loose, fallbackTitle: site.title) }
    }

    /// The neighbours of the item with id `id`; nil when it is in no section.
    package subscript(id: String) -> Neighbours? { byID[id] }

    private mutating func add(_ section: Group, fallbackTitle: String) {
        // Each item in outline order, with the item folder it belongs to (its lead's id): a lead
        // and its sub-pages share one, other items have none.
        var items: [(id: String, neighbour: Neighbour, folder: String?, lead: String?)] = []
        func walk(_ group: Group, lead: Item?) {
            if let own = group.lead { items.append((own.id, Neighbour(title: own.title, outputPath: own.outputPath), own.id, nil)) }
            for entry in group.entries {
                switch entry {
                case .item(let item):
                    items.append((item.id, Neighbour(title: item.title, outputPath: item.outputPath), lead?.id, lead?.title))
                case .group(let child): walk(child, lead: child.lead ?? lead)
                }
            }
        }
        walk(section, lead: nil)
        let title = section.title.isEmpty ? fallbackTitle : section.title
        for (position, item) in items.enumerated() where byID[item.id] == nil {
            // A sub-page of another item folder is named with its lead's title: next to
            // "Zebra puzzle", the page before is "Yacht: Instructions", not "Instructions".
            func neighbour(_ index: Int) -> Neighbour? {
                guard items.indices.contains(index) else { return nil }
                var other = items[index]
                if let lead = other.lead, other.folder != item.folder { other.neighbour.title = "\(lead): \(other.neighbour.title)" }
                return other.neighbour
            }
            byID[item.id] = Neighbours(sectionTitle: title, previous: neighbour(position - 1), next: neighbour(position + 1))
        }
        addPages(below: section)
    }

    /// Each lead's sub-pages: its folder's items and the leads of folders inside it.
    private mutating func addPages(below group: Group) {
        for entry in group.entries {
            guard case .group(let child) = entry else { continue }
            if let lead = child.lead, byID[lead.id] != nil {
                byID[lead.id]!.pages = child.entries.compactMap { entry in
                    switch entry {
                    case .item(let item): Neighbour(title: item.title, outputPath: item.outputPath)
                    case .group(let inner): inner.lead.map { Neighbour(title: $0.title, outputPath: $0.outputPath) }
                    }
                }
            }
            addPages(below: child)
        }
    }
}
