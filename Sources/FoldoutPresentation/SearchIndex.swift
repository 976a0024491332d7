import FoldoutBase
import FoldoutImages
import FoldoutMarkdown
import FoldoutModel
import Foundation

/// What each item gives the site-wide search box (`assets/search.js`): one shard per catalog,
/// and one for the items placed directly in `Content/`, each the catalog's items in outline
/// order with what a result shows (the row's title, secondary line and thumbnail, as the
/// catalog's `row:` makes them, and the trail to it) and the words the search matches
/// besides the title, by where they were found: fields (and the names of fields that are
/// `true`, so "good with kids" finds `good_with_kids: true`), tags, and text (the summary,
/// and with `search_body: true` the start of the body). The catalog's sections and groups
/// are results of their own (`places`), found by their titles; search.js uses the titles
/// around an item only to narrow what the item's own words found. A catalog's synonyms
/// (`SearchSynonyms`) are added to the words of the items they find. `SearchShard`
/// (FoldoutRendering) writes a shard as a script.
package struct SearchIndex {
    /// One result: what it shows and the words it is found by.
    package struct Entry: Sendable, Equatable {
        /// The row's title.
        package var title: String
        /// Titles of the catalog, section and groups around the item (empty titles left out).
        package var trail: [String]
        /// The item's page (an output path).
        package var path: String
        /// The row's secondary line, as the catalog's `row:` renders it ("" for none).
        package var secondary: String
        /// The smallest file of the row's thumbnail, relative to the output folder.
        package var thumbnail: String?
        /// Words of the item's fields, folded (`SearchIndex.words`), in the order found; a
        /// word found twice is there twice (the shard's index keeps it once).
        package var fieldWords: [String]
        /// Words of its tags.
        package var tagWords: [String]
        /// Words of its summary (and body, when the site asks).
        package var textWords: [String]

        package init(
            title: String, trail: [String], path: String, secondary: String, thumbnail: String?,
            fieldWords: [String], tagWords: [String] = [], textWords: [String] = []
        ) {
            self.title = title
            self.trail = trail
            self.path = path
            self.secondary = secondary
            self.thumbnail = thumbnail
            self.fieldWords = fieldWords
            self.tagWords = tagWords
            self.textWords = textWords
        }
    }

    /// A catalog, section or group: a result of its own, found by its title.
    package struct Place: Sendable, Equatable {
        package var title: String
        /// The place around it (its number in the shard's places), nil for the catalog.
        package var parent: Int?
        /// Its page and the anchor on it: `pets/index.html#cats`.
        package var link: String
    }

    package struct Shard: Sendable, Equatable {
        /// The shard's file name without `.js`: the catalog's id, or `looseShardID`.
        package var id: String
        package var title: String
        package var entries: [Entry]
        package var places: [Place] = []
        /// The catalog's synonyms: each word and what it stands for, as a result says.
        package var synonyms: [(word: String, description: String)] = []

        package init(
            id: String, title: String, entries: [Entry], places: [Place] = [],
            synonyms: [(word: String, description: String)] = []
        ) {
            self.id = id
            self.title = title
            self.entries = entries
            self.places = places
            self.synonyms = synonyms
        }

        package static func == (a: Shard, b: Shard) -> Bool {
            a.id == b.id && a.title == b.title && a.entries == b.entries && a.places == b.places
                && a.synonyms.elementsEqual(b.synonyms) { $0.word == $1.word && $0.description == $1.description }
        }

        /// The shard's file in the output folder.
        package var path: String { SearchIndex.folder + "/" + id + ".js" }
    }

    /// The search settings of `Content/_index.md`.
    package struct Settings: Sendable, Equatable {
        /// `search_body`: also match words of each item's body text (default false).
        package var includesBody = false
        /// `search_body_limit`: how many characters of each body are read (default 1000).
        package var bodyLimit = 1000

        package init(includesBody: Bool = false, bodyLimit: Int = 1000) {
            self.includesBody = includesBody
            self.bodyLimit = bodyLimit
        }

        package init(site: Site) {
            if case .bool(let flag)? = site.field("search_body") { includesBody = flag }
            switch site.field("search_body_limit") {
            case .integer(let limit)?: bodyLimit = max(0, limit)
            case .number(let limit)?: bodyLimit = max(0, Int(limit))
            default: break
            }
        }
    }

    /// Where the shards go in the output folder.
    package static let folder = "search"

    package var site: Site
    package var presenter: SitePresenter
    package var settings: Settings

    /// `presenter` gives the rows' secondary lines and thumbnails: its configurations and images.
    package init(presenter: SitePresenter) {
        self.site = presenter.site
        self.presenter = presenter
        self.settings = Settings(site: presenter.site)
    }

    /// The shard of the items placed directly in `Content/`: a name no catalog has.
    package static func looseShardID(of site: Site) -> String {
        var id = "_site"
        while site.catalogs.contains(where: { $0.id == id }) { id = "_" + id }
        return id
    }

    /// The shards' paths in the output folder, in search order, as the pages list them:
    /// every catalog's (an empty catalog's shard holds no items), then the loose items'.
    package static func shardPaths(of site: Site) -> [String] {
        var ids = site.catalogs.map(\.id)
        if let loose = site.looseItems, loose.itemCount > 0 { ids.append(looseShardID(of: site)) }
        return ids.map { folder + "/" + $0 + ".js" }
    }

    /// Every shard, in search order (the catalogs in site order, then the loose items).
    package func shards() -> [Shard] {
        var shards = site.catalogs.indices.map(shard(ofCatalog:))
        if let loose = looseShard() { shards.append(loose) }
        return shards
    }

    /// The shard of the catalog at `index`.
    package func shard(ofCatalog index: Int) -> Shard {
        let catalog = site.catalogs[index]
        let items = catalog.allItems
        let synonyms = presenter.configurations[catalog.id]?.searchSynonyms.synonyms ?? []
        return Shard(
            id: catalog.id, title: catalog.title, entries: entries(items, catalog: catalog), places: Self.places(of: items),
            synonyms: synonyms.map { ($0.word, $0.description) })
    }

    /// The catalog, sections and groups around `items`, in order of first use, each after the
    /// place around it; not a group that is an item's own folder (the item is the result).
    static func places(of items: [Item]) -> [Place] {
        var places: [Place] = []
        var numbers: [String: Int] = [:]
        let pages = Set(items.map(\.outputPath))
        for item in items {
            var parent: Int?
            for step in item.trail where !step.title.isEmpty {
                let link = step.path + (step.fragment.map { "#" + $0 } ?? "")
                if pages.contains(step.path), step.fragment == nil { continue }
                if let number = numbers[link] {
                    parent = number
                    continue
                }
                numbers[link] = places.count
                places.append(Place(title: step.title, parent: parent, link: link))
                parent = places.count - 1
            }
        }
        return places
    }

    /// The shard of the items placed directly in `Content/`; nil when there are none.
    package func looseShard() -> Shard? {
        guard let loose = site.looseItems, loose.itemCount > 0 else { return nil }
        return Shard(id: Self.looseShardID(of: site), title: site.title, entries: entries(loose.allItems, catalog: nil))
    }

    private func entries(_ items: [Item], catalog: Catalog?) -> [Entry] {
        let row = presenter.rowConfiguration(of: catalog)
        let configuration = catalog.flatMap { presenter.configurations[$0.id] }
        let synonyms = configuration?.searchSynonyms.synonyms ?? []
        // Names a field that is `true` is found by: its key's words and its facet's label.
        var flagNames: [String: [String]] = [:]
        for facet in configuration?.facets ?? [] where facet.label != DetailFieldList.label(for: facet.field) {
            flagNames[facet.field, default: []] += Self.words(in: facet.label)
        }
        // Thumbnails' URLs relative to the output folder: as written on the home page.
        let links = presenter.links(from: "index.html")
        return items.map { item in
            // The row as the catalog page shows it: its title, secondary line and thumbnail.
            let (title, secondary) = presenter.rowText(item, configuration: row)
            var thumbnail: String?
            if let image = presenter.rowThumbnail(item, configuration: row, links: links), case .text(let src)? = image[.src], !src.isEmpty {
                thumbnail = src
            }
            var trail = item.trail.map(\.title).filter { !$0.isEmpty }
            if catalog == nil, trail.isEmpty { trail = [site.title] }
            var entry = Entry(
                title: title, trail: trail, path: item.outputPath, secondary: secondary, thumbnail: thumbnail,
                fieldWords: [], tagWords: [], textWords: [])
            addWords(of: item, flagNames: flagNames, to: &entry)
            if !synonyms.isEmpty { Self.addSynonyms(synonyms, item: item, to: &entry) }
            return entry
        }
    }

    /// Gives `entry` the word of each synonym that finds `item`, where the words it stands
    /// for were found (a filter's: among the fields).
    static func addSynonyms(_ synonyms: [SearchSynonyms.Synonym], item: Item, to entry: inout Entry) {
        let titleWords = words(in: entry.title)
        let fields = Set(titleWords + entry.fieldWords), tags = Set(entry.tagWords), text = Set(entry.textWords)
        let all = fields.union(tags).union(text)
        for synonym in synonyms where SearchSynonyms.finds(synonym, item: item, words: all) {
            guard case .words(let phrases) = synonym.meaning else {
                entry.fieldWords.append(synonym.word)
                continue
            }
            let found = phrases.filter { $0.allSatisfy(all.contains) }
            if found.contains(where: { $0.allSatisfy(fields.contains) }) {
                entry.fieldWords.append(synonym.word)
            } else if found.contains(where: { $0.allSatisfy { fields.contains($0) || tags.contains($0) } }) {
                entry.tagWords.append(synonym.word)
            } else {
                entry.textWords.append(synonym.word)
            }
        }
    }

    /// The words an item is found by besides its title and trail, by where they are: its
    /// fields' values (not images, not links) and the names of its fields that are `true`,
    /// its tags, its summary and the start of the body when the site asks.
    private func addWords(of item: Item, flagNames: [String: [String]], to entry: inout Entry) {
        func add(_ text: String, to found: inout [String]) {
            var text = text
            text.withUTF8 { Self.words(inUTF8: $0, into: &found) }
        }
        let images = item.images
        for field in item.fields where (images.isEmpty || images[field.key] == nil) && !Self.unsearchedFields.contains(field.key) {
            if field.value == .bool(true) {
                add(field.key, to: &entry.fieldWords)
                entry.fieldWords += flagNames[field.key] ?? []
            }
            for value in field.value.listValue ?? [field.value] {
                let text = SitePresenter.displayText(value)
                if text.hasPrefix("https://") || text.hasPrefix("http://") { continue }
                add(text, to: &entry.fieldWords)
            }
        }
        for tag in item.tags { add(tag, to: &entry.tagWords) }
        add(item.summary, to: &entry.textWords)
        if settings.includesBody, settings.bodyLimit > 0 {
            add(String(Self.plainText(ofHTML: item.bodyHTML).prefix(settings.bodyLimit)), to: &entry.textWords)
        }
    }

    /// Settings an item's front matter holds that are not words a reader would look for.
    static let unsearchedFields: Set<String> = ["image_alt", "image_focus", "slug", "draft", "weight", "date"]

    /// The words of `text` as the search compares them: decomposed (NFD), without combining
    /// marks, lowercased, split at everything that is not a letter or a digit. search.js
    /// folds the query the same way.
    package static func words(in text: String) -> [String] {
        var text = text
        return text.withUTF8(words(inUTF8:))
    }

    /// `words(in:)` byte by byte: ASCII punctuation and spaces (and General Punctuation) end a word in every script, so
    /// the text is cut there, an ASCII stretch is lowercased as it is, and only a stretch
    /// holding other characters goes through `unicodeWords` (normalization and a character
    /// property per scalar, which made the search index a tenth of a build's time).
    static func words(inUTF8 bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        var found: [String] = []
        words(inUTF8: bytes, into: &found)
        return found
    }

    /// `words(inUTF8:)` appended to `words`: an item's texts add to one list.
    static func words(inUTF8 bytes: UnsafeBufferPointer<UInt8>, into words: inout [String]) {
        var start = 0
        var isASCII = true
        func finish(_ end: Int) {
            if end > start {
                let stretch = UnsafeBufferPointer(rebasing: bytes[start..<end])
                if isASCII {
                    words.append(
                        String(unsafeUninitializedCapacity: stretch.count) { buffer in
                            for (index, byte) in stretch.enumerated() {
                                buffer[index] = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
                            }
                            return stretch.count
                        })
                } else {
                    words += unicodeWords(in: String(decoding: stretch, as: UTF8.self))
                }
            }
            isASCII = true
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80 || (bytes[index + 1] == 0x81 && bytes[index + 2] <= 0xAF) {
                // U+2000 to U+206F, General Punctuation (dashes, quotes, `…`): no letter or
                // digit, so they end a word as ASCII punctuation does.
                finish(index)
                index += 3
                start = index
                continue
            }
            index += 1
            if byte >= 0x80 { isASCII = false; continue }
            let isWord = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            if !isWord {
                finish(index - 1)
                start = index
            }
        }
        finish(bytes.count)
    }

    /// `words(in:)` for any text.
    static func unicodeWords(in text: String) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in fold(text).unicodeScalars {
            if isWordScalar(scalar) {
                current.append(scalar)
            } else if !current.isEmpty {
                words.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { words.append(String(current)) }
        return words
    }

    /// `text` decomposed, without combining marks, lowercased.
    package static func fold(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: continue
            default: scalars.append(scalar)
            }
        }
        return String(scalars).lowercased()
    }

    /// A letter or a digit (search.js: `[\p{L}\p{N}]`).
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber:
            return true
        default: return false
        }
    }

    /// The text of an item's body: its HTML without tags, with the five entities `HTMLEscaping`
    /// writes read back (others stay as they are: they only add a word or two).
    static func plainText(ofHTML html: String) -> String {
        var text = ""
        text.reserveCapacity(html.utf8.count)
        var inTag = false
        for character in html {
            if character == "<" { inTag = true; text.append(" ") } else if character == ">" { inTag = false } else if !inTag { text.append(character) }
        }
        return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
