import FoldoutModel

/// The pager of item pages: for each item, the items before and after it in its section
/// (a catalog's folder section, or the site's loose items) and the title the pager names.
/// Made once per site, so item pages need not search their catalog, and shared by the
/// presenter and `PageDigest`, so what a page shows and what its render key covers agree.
public struct ItemPager: Sendable {
    public struct Neighbours: Sendable {
        /// The section's title, else its catalog's, else the site's.
        public var sectionTitle: String
        public var previous: Neighbour?
        public var next: Neighbour?
    }

    /// What the pager shows of an item next door.
    public struct Neighbour: Sendable, Equatable {
        public var title: String
        public var outputPath: String
    }

    private var byID: [String: Neighbours] = [:]

    public init(site: Site) {
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
    public subscript(id: String) -> Neighbours? { byID[id] }

    private mutating func add(_ section: Group, fallbackTitle: String) {
        var items: [(id: String, neighbour: Neighbour)] = []
        section.forEachItem { items.append(($0.id, Neighbour(title: $0.title, outputPath: $0.outputPath))) }
        let title = section.title.isEmpty ? fallbackTitle : section.title
        for (position, item) in items.enumerated() where byID[item.id] == nil {
            byID[item.id] = Neighbours(sectionTitle: title,
                                       previous: position > 0 ? items[position - 1].neighbour : nil,
                                       next: position + 1 < items.count ? items[position + 1].neighbour : nil)
        }
    }
}
