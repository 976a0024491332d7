import FoldoutBase
import FoldoutMarkdown
import FoldoutModel
import FoldoutPresentation
import Foundation

/// The render key of each page: a digest of everything the page is rendered from. When a
/// page's key equals the one the manifest recorded for the file already in `Output/`, the
/// page is not rendered again. So every part of the model a page's presenter reads must be
/// fed in here, or an edit of that part would leave the page stale:
///
/// - every page: its templates (its page template, `base`, and the partials they reach),
///   the tool itself (a new Foldout renders differently), and the layout: `base.html` reads
///   the site's title, description, language, base URL and fields, each catalog's id, title
///   and output path (the navigation), whether there are tag pages, and the feeds;
/// - an item page: the whole item; its catalog's id, title, output path and fields (row and
///   detail settings); its pager (section title, the titles and paths of the items before
///   and after it, from `ItemPager`, the presenter's own source); the pages its field values
///   link to (`ItemNames`), which another item's new title can make or unmake;
/// - a catalog page: the catalog with its options, sections, groups and rows (every item
///   property but the body, which only the item's own page shows);
/// - the home page and the 404 page: the site's intro, every catalog as on its page, and the
///   loose items;
/// - the tag index: every tag's name, slug and count; a tag page: its catalogs, sections and rows.
///
/// `coveredProperties` lists the stored properties of the model types fed here (or left out
/// on purpose); a test compares it with the types, so a new property cannot be forgotten.
/// A test also builds incrementally after many kinds of edits and compares with a clean build.
package struct PageDigest {
    private let site: Site
    private let tagIndex: TagIndex?
    private let pager: ItemPager
    private let itemNames: ItemNames
    /// The tool and the templates each page template uses, by page template name.
    private let templateDigests: [String: UInt64]
    private let layout: UInt64
    /// What each catalog's page shows of it, by catalog index.
    private let catalogContents: [UInt64]
    /// What a row shows of each item (every property but the body), by item id.
    package let rows: [String: UInt64]

    /// `rows`, when given, are the items' row digests (`rowDigest(of:)`) known already. When
    /// `itemPagesOnly`, only the keys of item pages whose rows are in `rows` are asked for:
    /// what the other pages show is not digested.
    package init(
        site: Site, templates: TemplateSet, tagIndex: TagIndex?, pager: ItemPager, itemNames: ItemNames? = nil,
        rows knownRows: [String: UInt64]? = nil, itemPagesOnly: Bool = false, tool: UInt64 = ToolIdentity.digest
    ) {
        self.site = site
        self.tagIndex = tagIndex
        self.pager = pager
        self.itemNames = itemNames ?? ItemNames(site: site)
        var digests: [String: UInt64] = [:]
        var references = PartialReferences(templates: templates)
        for page in ["home", "catalog", "item", "tags", "tag", "404"] {
            var hasher = DigestInput()
            hasher.combine(tool)
            hasher.combine(page)
            for name in references.templatesUsed(startingAt: ["base", page]) {
                hasher.combine(name)
                hasher.combine(templates.sources[name] ?? "")
            }
            digests[page] = hasher.finalize()
        }
        templateDigests = digests
        var hasher = DigestInput()
        hasher.combine(site.title)
        hasher.combine(site.description)
        hasher.combine(site.language)
        hasher.combine(site.baseURL)
        // Every page's link preview falls back to the site's image.
        Self.feed(site.image, into: &hasher)
        Self.feed(site.fields, into: &hasher)
        hasher.combine(site.catalogs.count)
        for catalog in site.catalogs {
            hasher.combine(catalog.id)
            hasher.combine(catalog.title)
            hasher.combine(catalog.outputPath)
        }
        hasher.combine(tagIndex != nil)
        hasher.combine(tagIndex?.tags.isEmpty ?? true)
        // The search box names every shard (an item placed in `Content/` adds one).
        hasher.combine(SearchIndex.shardPaths(of: site).joined(separator: " "))
        // Pages link to the feeds there are (a catalog's first item, or `feed_limit: 0`, adds or takes one).
        hasher.combine(SiteFeeds(site: site).renderKeyText)
        layout = hasher.finalize()
        if let knownRows {
            rows = knownRows
        } else {
            let items = site.allItems
            let rowDigests = Parallel.map(items, Self.rowDigest)
            var rows: [String: UInt64] = [:]
            rows.reserveCapacity(items.count)
            for (item, digest) in zip(items, rowDigests) { rows[item.id] = digest }
            self.rows = rows
        }
        let rows = self.rows
        catalogContents = itemPagesOnly ? [] : Parallel.map(site.catalogs) { Self.contents(of: $0, rows: rows) }
    }

    /// The output path and render key of `page`.
    package func key(of page: SiteRenderer.Page) -> (path: String, key: UInt64) {
        switch page {
        case .home:
            var hasher = start("home")
            hasher.combine(site.introHTML)
            feedCatalogsAndLooseItems(into: &hasher)
            return ("index.html", hasher.finalize())
        case .catalog(let index):
            var hasher = start("catalog")
            hasher.combine(catalogContents[index])
            return (site.catalogs[index].outputPath, hasher.finalize())
        case .item(let item, let index):
            var hasher = start("item")
            // The row's digest covers every property but the body, which follows.
            Self.feedRow(item, rows: rows, into: &hasher)
            hasher.combine(item.bodyHTML)
            hasher.combine(item.headingIDs.count)
            for id in item.headingIDs { hasher.combine(id) }
            hasher.combine(index != nil)
            if let index {
                let catalog = site.catalogs[index]
                hasher.combine(catalog.id)
                hasher.combine(catalog.title)
                hasher.combine(catalog.outputPath)
                Self.feed(catalog.fields, into: &hasher)
                // The link preview of an item without a photo shows its catalog's image.
                Self.feed(catalog.image, into: &hasher)
                for field in item.fields {
                    for part in itemNames.parts(of: field.value, in: catalog.id, from: item) where part.path != nil {
                        hasher.combine(part.path)
                    }
                }
            }
            let neighbours = pager[item.id]
            hasher.combine(neighbours?.sectionTitle)
            for neighbour in [neighbours?.previous, neighbours?.next] {
                hasher.combine(neighbour?.title)
                hasher.combine(neighbour?.outputPath)
            }
            // The sub-pages an item's page lists.
            hasher.combine(neighbours?.pages.count ?? 0)
            for page in neighbours?.pages ?? [] {
                hasher.combine(page.title)
                hasher.combine(page.outputPath)
            }
            return (item.outputPath, hasher.finalize())
        case .group(let group, let index):
            // What the catalog page shows covers the group's intro, titles and rows; the
            // group's page shows no more of them.
            var hasher = start("item")
            hasher.combine("group")
            hasher.combine(catalogContents[index])
            hasher.combine(group.anchor)
            return (group.pagePath ?? site.catalogs[index].outputPath, hasher.finalize())
        case .tagIndex:
            var hasher = start("tags")
            let tags = tagIndex?.tags ?? []
            hasher.combine(tags.count)
            for tag in tags {
                hasher.combine(tag.name)
                hasher.combine(tag.slug)
                hasher.combine(tag.itemCount)
            }
            return (TagIndex.indexPath, hasher.finalize())
        case .tag(let index):
            var hasher = start("tag")
            let tag = tagIndex!.tags[index]
            hasher.combine(tag.name)
            hasher.combine(tag.slug)
            hasher.combine(tag.groups.count)
            for group in tag.groups {
                hasher.combine(group.catalog != nil)
                if let catalog = group.catalog {
                    var header = catalog
                    header.sections = []
                    hasher.combine(Self.contents(of: header, rows: rows))
                }
                hasher.combine(group.sections.count)
                for section in group.sections {
                    var header = section.section
                    header.entries = []
                    Self.feed(header, rows: rows, into: &hasher)
                    hasher.combine(section.items.count)
                    for item in section.items { Self.feedRow(item, rows: rows, into: &hasher) }
                }
            }
            return (tag.outputPath, hasher.finalize())
        case .notFound:
            var hasher = start("404")
            feedCatalogsAndLooseItems(into: &hasher)
            return ("404.html", hasher.finalize())
        }
    }

    private func feedCatalogsAndLooseItems(into hasher: inout DigestInput) {
        hasher.combine(catalogContents.count)
        for contents in catalogContents { hasher.combine(contents) }
        hasher.combine(site.looseItems != nil)
        if let loose = site.looseItems { Self.feed(loose, rows: rows, into: &hasher) }
    }

    private func start(_ page: String) -> DigestInput {
        var hasher = DigestInput()
        hasher.combine(templateDigests[page] ?? 0)
        hasher.combine(layout)
        return hasher
    }

    /// The partials each template names, read once per template (the six kinds of page share
    /// most of theirs).
    package struct PartialReferences {
        package let templates: TemplateSet
        /// Partial names by template; nil for a template with a dynamic partial (`{{>*name}}`).
        private var known: [String: [String]?] = [:]

        package init(templates: TemplateSet) {
            self.templates = templates
        }

        /// Whether `text`, its spaces left out, holds `{{>*` or `{{<*`: a dynamic partial.
        package static func hasDynamicPartial(_ text: String) -> Bool {
            // The three bytes before this one, spaces left out.
            var (first, second, third): (UInt8, UInt8, UInt8) = (0, 0, 0)
            for byte in text.utf8 where byte != 0x20 {
                if first == 0x7B, second == 0x7B, third == 0x3E || third == 0x3C, byte == 0x2A { return true }
                (first, second, third) = (second, third, byte)
            }
            return false
        }

        /// `names` and every partial they reach, sorted. A dynamic partial could reach any
        /// template, so then all of them count.
        package mutating func templatesUsed(startingAt names: [String]) -> [String] {
            var used = Set<String>()
            var queue = names
            while let name = queue.popLast() {
                guard used.insert(name).inserted, let text = templates.sources[name] else { continue }
                if known[name] == nil {
                    let dynamic = Self.hasDynamicPartial(text)
                    known[name] = .some(dynamic ? nil : TemplateSet.partialReferences(in: text).map(\.name))
                }
                guard let partials = known[name]! else { return templates.sources.keys.sorted() }
                queue += partials
            }
            return used.sorted()
        }
    }

    // MARK: Feeding model values

    /// Stored properties of the model types, as fed here or deliberately left out (the text
    /// after the colon says why). Checked against the types by a test.
    package static let coveredProperties: [String: [String]] = [
        "Site": ["title", "description", "language", "baseURL", "image", "introHTML", "fields", "catalogs", "looseItems"],
        "Catalog": [
            "id", "title", "weight", "introHTML", "summary", "image", "fields", "sections", "expanded", "outputPath",
            "sourcePath", "options",
        ],
        "Group": [
            "anchor", "title", "weight", "depth", "expanded", "introHTML", "summary", "fields", "entries",
            "sourcePath", "options", "query", "lead", "pagePath",
        ],
        "Item": [
            "id", "anchor", "title", "weight", "date", "summary", "image", "tags", "fields", "bodyHTML: item page only",
            "headingIDs: item page only", "outputPath", "sourcePath", "trail", "images",
        ],
        "TrailStep": ["title", "path", "fragment"],
        "ImageReference": ["location", "isExternal", "alt", "altIsWritten", "size"],
    ]

    /// What a catalog's page shows of it; `rows` holds the items' row digests.
    package static func contents(of catalog: Catalog, rows: [String: UInt64]) -> UInt64 {
        var hasher = DigestInput()
        hasher.combine(catalog.id)
        hasher.combine(catalog.title)
        hasher.combine(catalog.weight)
        hasher.combine(catalog.introHTML)
        hasher.combine(catalog.summary)
        feed(catalog.image, into: &hasher)
        feed(catalog.fields, into: &hasher)
        hasher.combine(catalog.expanded.map { $0 ? 1 : 0 } ?? 2)
        hasher.combine(catalog.outputPath)
        hasher.combine(catalog.sourcePath)
        feedDescription(of: catalog.options, into: &hasher)
        hasher.combine(catalog.sections.count)
        for section in catalog.sections { feed(section, rows: rows, into: &hasher) }
        return hasher.finalize()
    }

    package static func feed(_ group: Group, rows: [String: UInt64], into hasher: inout DigestInput) {
        hasher.combine(group.anchor)
        hasher.combine(group.title)
        hasher.combine(group.weight)
        hasher.combine(group.depth)
        hasher.combine(group.expanded.map { $0 ? 1 : 0 } ?? 2)
        hasher.combine(group.introHTML)
        hasher.combine(group.summary)
        feed(group.fields, into: &hasher)
        hasher.combine(group.sourcePath)
        hasher.combine(group.pagePath)
        feedDescription(of: group.options, into: &hasher)
        hasher.combine(group.query != nil)
        if let query = group.query { feedDescription(of: query, into: &hasher) }
        hasher.combine(group.lead != nil)
        if let lead = group.lead { feedRow(lead, rows: rows, into: &hasher) }
        hasher.combine(group.entries.count)
        for entry in group.entries {
            switch entry {
            case .group(let child):
                hasher.combine(1)
                feed(child, rows: rows, into: &hasher)
            case .item(let item):
                hasher.combine(2)
                feedRow(item, rows: rows, into: &hasher)
            }
        }
    }

    /// An item as a row shows it: its row digest when known, else the item without its body.
    package static func feedRow(_ item: Item, rows: [String: UInt64], into hasher: inout DigestInput) {
        if let digest = rows[item.id] {
            hasher.combine(digest)
        } else {
            feedRowFields(of: item, into: &hasher)
        }
    }

    /// The digest of what a row shows of `item`.
    package static func rowDigest(of item: Item) -> UInt64 {
        var hasher = DigestInput()
        feedRowFields(of: item, into: &hasher)
        return hasher.finalize()
    }

    /// Every property of an item but its body.
    package static func feedRowFields(of item: Item, into hasher: inout DigestInput) {
        hasher.combine(item.id)
        hasher.combine(item.anchor)
        hasher.combine(item.title)
        hasher.combine(item.weight)
        hasher.combine(item.date)
        hasher.combine(item.summary)
        feed(item.image, into: &hasher)
        hasher.combine(item.tags.count)
        for tag in item.tags { hasher.combine(tag) }
        feed(item.fields, into: &hasher)
        hasher.combine(item.outputPath)
        hasher.combine(item.sourcePath)
        hasher.combine(item.trail.count)
        for step in item.trail {
            hasher.combine(step.title)
            hasher.combine(step.path)
            hasher.combine(step.fragment)
        }
        hasher.combine(item.images.count)
        for key in item.images.keys.sorted() {
            hasher.combine(key)
            feed(item.images[key], into: &hasher)
        }
    }

    package static func feed(_ image: ImageReference?, into hasher: inout DigestInput) {
        hasher.combine(image != nil)
        guard let image else { return }
        hasher.combine(image.location)
        hasher.combine(image.isExternal)
        hasher.combine(image.alt)
        hasher.combine(image.altIsWritten)
        hasher.combine(image.size?.width ?? -1)
        hasher.combine(image.size?.height ?? -1)
    }

    /// Small settings values (section options, queries) are fed as their reflected text:
    /// every field counts without listing it here. They hold no dictionary or set, whose
    /// order would change from run to run (a test checks).
    package static func feedDescription(of value: Any, into hasher: inout DigestInput) {
        hasher.combine(String(reflecting: value))
    }

    package static func feed(_ fields: [(key: String, value: FieldValue)], into hasher: inout DigestInput) {
        hasher.combine(fields.count)
        for field in fields {
            hasher.combine(field.key)
            feed(field.value, into: &hasher)
        }
    }

    package static func feed(_ value: FieldValue, into hasher: inout DigestInput) {
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

/// What a render key is made from, laid out as bytes (each string after its length, each
/// value after its kind where it has one) and digested in one pass (`ContentHash`, XXH64):
/// feeding the digest value by value spent most of the time on its bookkeeping, and every
/// item's row and page is digested each build.
package struct DigestInput: ~Copyable {
    private var bytes = PageBytes(capacity: 512)

    package mutating func combine(_ text: String) {
        let count = text.utf8.count
        combine(UInt64(count))
        // A long text (an item's body) is digested where it lies, and its digest laid out.
        if count > 256 { combine(ContentHash.of(text)) } else { bytes.append(text) }
    }

    package mutating func combine(_ text: String?) {
        combine(text != nil)
        if let text { combine(text) }
    }

    package mutating func combine(_ value: UInt64) {
        bytes.append(littleEndian: value)
    }

    package mutating func combine(_ value: Int) { combine(UInt64(bitPattern: Int64(value))) }
    package mutating func combine(_ value: Bool) { bytes.append(value ? 1 : 0) }
    package mutating func combine(_ value: Double) { combine(value.bitPattern) }

    package mutating func combine(_ value: Double?) {
        combine(value != nil)
        if let value { combine(value) }
    }

    package consuming func finalize() -> UInt64 {
        bytes.withBytes { ContentHash.of(UnsafeRawBufferPointer($0)) }
    }
}
