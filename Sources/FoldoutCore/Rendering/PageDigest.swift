import Foundation

/// The render key of each page: a digest of everything the page is rendered from. When a
/// page's key equals the one the manifest recorded for the file already in `Output/`, the
/// page is not rendered again. So every part of the model a page's presenter reads must be
/// fed in here, or an edit of that part would leave the page stale:
///
/// - every page: the templates it uses (its page template, `base` and the partials they
///   reach), the tool itself (a new Foldout renders differently) and the layout (`base.html`
///   reads the site's title, description, language and fields, and each catalog's id,
///   title and output path for the navigation);
/// - an item page: the whole item, and the id, title and output path of its catalog;
/// - a catalog page: the catalog with its sections, groups and rows (every item property
///   but the body, which only the item's own page shows);
/// - the home page: the site, and every catalog as on its own page.
///
/// `coveredProperties` lists which stored properties of the model types are fed (or left
/// out on purpose); a test compares it with the types, so a new property cannot be forgotten.
public struct PageDigest: Sendable {
    /// The tool and the templates used by each page template, by page template name.
    private let templateDigests: [String: UInt64]
    private let layout: UInt64

    public init(site: Site, templates: TemplateSet, tool: UInt64 = ToolIdentity.digest) {
        var digests: [String: UInt64] = [:]
        for page in ["home", "catalog", "item"] {
            var hasher = ContentHash()
            hasher.combine(tool)
            for name in Self.templatesUsed(startingAt: ["base", page], in: templates) {
                hasher.combine(name)
                hasher.combine(templates.sources[name] ?? "")
            }
            digests[page] = hasher.finalize()
        }
        templateDigests = digests
        var hasher = ContentHash()
        hasher.combine(site.title)
        hasher.combine(site.description)
        hasher.combine(site.language)
        hasher.combine(site.baseURL)
        Self.feed(site.fields, into: &hasher)
        hasher.combine(site.catalogs.count)
        for catalog in site.catalogs {
            hasher.combine(catalog.id)
            hasher.combine(catalog.title)
            hasher.combine(catalog.outputPath)
        }
        layout = hasher.finalize()
    }

    public func item(_ item: Item, catalog: Catalog?) -> UInt64 {
        var hasher = start("item")
        Self.feed(item, withBody: true, into: &hasher)
        hasher.combine(catalog != nil)
        if let catalog {
            hasher.combine(catalog.id)
            hasher.combine(catalog.title)
            hasher.combine(catalog.outputPath)
        }
        return hasher.finalize()
    }

    /// The digest of what a catalog page shows of `catalog`; `catalog(_:)` and `home(_:)` build on it.
    public static func contents(of catalog: Catalog) -> UInt64 {
        var hasher = ContentHash()
        hasher.combine(catalog.id)
        hasher.combine(catalog.title)
        hasher.combine(catalog.weight)
        hasher.combine(catalog.introHTML)
        hasher.combine(catalog.summary)
        feed(catalog.fields, into: &hasher)
        hasher.combine(catalog.expanded.map { $0 ? 1 : 0 } ?? 2)
        hasher.combine(catalog.outputPath)
        hasher.combine(catalog.sourcePath)
        hasher.combine(catalog.sections.count)
        for section in catalog.sections { feed(section, into: &hasher) }
        return hasher.finalize()
    }

    public func catalog(contents: UInt64) -> UInt64 {
        var hasher = start("catalog")
        hasher.combine(contents)
        return hasher.finalize()
    }

    public func home(_ site: Site, catalogContents: [UInt64]) -> UInt64 {
        var hasher = start("home")
        hasher.combine(site.introHTML)
        hasher.combine(catalogContents.count)
        for contents in catalogContents { hasher.combine(contents) }
        hasher.combine(site.looseItems != nil)
        if let loose = site.looseItems { Self.feed(loose, into: &hasher) }
        return hasher.finalize()
    }

    /// `names` and every partial they reach, sorted. A dynamic partial (`{{>*name}}`) could
    /// reach any template, so then all of them count.
    static func templatesUsed(startingAt names: [String], in templates: TemplateSet) -> [String] {
        var used = Set<String>()
        var queue = names
        while let name = queue.popLast() {
            guard used.insert(name).inserted, let text = templates.sources[name] else { continue }
            let compact = text.replacingOccurrences(of: " ", with: "")
            if compact.contains("{{>*") || compact.contains("{{<*") { return templates.sources.keys.sorted() }
            queue += TemplateSet.partialReferences(in: text).map(\.name)
        }
        return used.sorted()
    }

    private func start(_ page: String) -> ContentHash {
        var hasher = ContentHash()
        hasher.combine(templateDigests[page] ?? 0)
        hasher.combine(layout)
        return hasher
    }

    // MARK: Feeding model values

    /// Stored properties of the model types, as fed above or deliberately left out (the
    /// value after the colon says why). Checked against the types by a test.
    public static let coveredProperties: [String: [String]] = [
        "Site": ["title", "description", "language", "baseURL", "introHTML", "fields", "catalogs", "looseItems"],
        "Catalog": ["id", "title", "weight", "introHTML", "summary", "fields", "sections", "expanded", "outputPath", "sourcePath"],
        "Group": ["anchor", "title", "weight", "depth", "expanded", "layout", "introHTML", "summary", "fields", "entries", "sourcePath"],
        "Item": ["id", "anchor", "title", "weight", "date", "summary", "image", "tags", "fields", "bodyHTML: item page only",
                 "headingIDs: item page only", "outputPath", "sourcePath", "trail"],
        "TrailStep": ["title", "path", "fragment"],
        "ImageReference": ["location", "isExternal", "alt"],
    ]

    static func feed(_ group: Group, into hasher: inout ContentHash) {
        hasher.combine(group.anchor)
        hasher.combine(group.title)
        hasher.combine(group.weight)
        hasher.combine(group.depth)
        hasher.combine(group.expanded.map { $0 ? 1 : 0 } ?? 2)
        hasher.combine(group.layout)
        hasher.combine(group.introHTML)
        hasher.combine(group.summary)
        feed(group.fields, into: &hasher)
        hasher.combine(group.sourcePath)
        hasher.combine(group.entries.count)
        for entry in group.entries {
            switch entry {
            case .group(let child):
                hasher.combine(1)
                feed(child, into: &hasher)
            case .item(let item):
                hasher.combine(2)
                feed(item, withBody: false, into: &hasher)
            }
        }
    }

    static func feed(_ item: Item, withBody: Bool, into hasher: inout ContentHash) {
        hasher.combine(item.id)
        hasher.combine(item.anchor)
        hasher.combine(item.title)
        hasher.combine(item.weight)
        hasher.combine(item.date)
        hasher.combine(item.summary)
        hasher.combine(item.image != nil)
        if let image = item.image {
            hasher.combine(image.location)
            hasher.combine(image.isExternal)
            hasher.combine(image.alt)
        }
        hasher.combine(item.tags.count)
        for tag in item.tags { hasher.combine(tag) }
        feed(item.fields, into: &hasher)
        hasher.combine(withBody)
        if withBody {
            hasher.combine(item.bodyHTML)
            hasher.combine(item.headingIDs.count)
            for id in item.headingIDs { hasher.combine(id) }
        }
        hasher.combine(item.outputPath)
        hasher.combine(item.sourcePath)
        hasher.combine(item.trail.count)
        for step in item.trail {
            hasher.combine(step.title)
            hasher.combine(step.path)
            hasher.combine(step.fragment)
        }
    }

    static func feed(_ fields: [(key: String, value: FieldValue)], into hasher: inout ContentHash) {
        hasher.combine(fields.count)
        for field in fields {
            hasher.combine(field.key)
            feed(field.value, into: &hasher)
        }
    }

    static func feed(_ value: FieldValue, into hasher: inout ContentHash) {
        switch value {
        case .string(let text):
            hasher.combine(1)
            hasher.combine(text)
        case .integer(let number):
            hasher.combine(2)
            hasher.combine(number)
        case .number(let number):
            hasher.combine(3)
            hasher.combine(number)
        case .bool(let flag):
            hasher.combine(4)
            hasher.combine(flag)
        case .list(let values):
            hasher.combine(5)
            hasher.combine(values.count)
            for element in values { feed(element, into: &hasher) }
        case .map(let pairs):
            hasher.combine(6)
            feed(pairs, into: &hasher)
        case .null:
            hasher.combine(7)
        }
    }
}
