import FoldoutBase
import FoldoutImages
import FoldoutLoading
import FoldoutMarkdown
import FoldoutModel

/// The values the build cache and the build record store, in `BinaryWriter`'s byte format:
/// front matter values, diagnostics, anchor links, and the section model itself.
extension BinaryWriter {
    package mutating func write(_ value: FieldValue) {
        switch value {
        case .string(let text):
            write(UInt64(1))
            write(text)
        case .integer(let number):
            write(UInt64(2))
            write(number)
        case .number(let number):
            write(UInt64(3))
            write(number)
        case .bool(let flag):
            write(UInt64(4))
            write(flag)
        case .list(let values):
            write(UInt64(5))
            write(UInt64(values.count))
            for element in values { write(element) }
        case .map(let pairs):
            write(UInt64(6))
            write(fields: pairs)
        case .null:
            write(UInt64(7))
        }
    }

    package mutating func write(fields: [(key: String, value: FieldValue)]) {
        write(UInt64(fields.count))
        for field in fields {
            write(field.key)
            write(field.value)
        }
    }

    package mutating func write(_ diagnostic: Diagnostic) {
        // 0 and 1 as the flag `isError` was written before notes existed.
        write(UInt64(diagnostic.severity == .error ? 1 : diagnostic.severity == .note ? 2 : 0))
        write(diagnostic.path)
        write(diagnostic.line.map(String.init))
        write(diagnostic.column.map(String.init))
        write(diagnostic.message)
        write(diagnostic.hint)
    }

    package mutating func write(_ link: PageBodyRenderer.AnchorLink) {
        write(link.line)
        write(link.written)
        write(link.page)
        write(link.fragment)
    }

    package mutating func write(_ number: Double?) {
        write(number != nil)
        if let number { write(number) }
    }

    package mutating func write(_ flag: Bool?) {
        write(UInt64(flag.map { $0 ? 1 : 0 } ?? 2))
    }

    package mutating func write(strings: [String]) {
        write(UInt64(strings.count))
        for text in strings { write(text) }
    }

    // MARK: The section model

    /// The site with every item once, in `site.allItems` order; sections refer to items by
    /// their place in that list. Items' bodies are left out unless `withBodies`.
    package mutating func write(_ site: Site, withBodies: Bool) {
        write(site.title)
        write(site.description)
        write(site.language)
        write(site.baseURL)
        write(site.image)
        write(site.introHTML)
        write(fields: site.fields)
        // In runs that are read side by side, each with its own item count and byte length.
        // Folder sections list their items in this order; query sections refer to them by number.
        var queried = Set<String>()
        for catalog in site.catalogs {
            for section in catalog.sections where section.query != nil { section.forEachItem { queried.insert($0.id) } }
        }
        var numbers: [String: Int] = [:]
        // Collected once (a reference each) so that each run is written in place, its length
        // filled in after it, rather than written apart and copied.
        let items = site.allItems
        write(UInt64(items.count))
        write(UInt64((items.count + Self.itemsPerRun - 1) / Self.itemsPerRun))
        for start in stride(from: 0, to: items.count, by: Self.itemsPerRun) {
            let run = items[start..<min(start + Self.itemsPerRun, items.count)]
            write(UInt64(run.count))
            writeSized { writer in
                var previousTrail: [TrailStep]?
                for (number, item) in zip(run.indices, run) {
                    if queried.contains(item.id) { numbers[item.id] = number }
                    writer.write(item, withBody: withBodies, previousTrail: previousTrail)
                    previousTrail = item.trail
                }
            }
        }
        var number = 0
        write(UInt64(site.catalogs.count))
        for catalog in site.catalogs {
            write(catalog.id)
            write(catalog.title)
            write(catalog.weight)
            write(catalog.introHTML)
            write(catalog.summary)
            write(fields: catalog.fields)
            write(catalog.expanded)
            write(catalog.outputPath)
            write(catalog.sourcePath)
            write(catalog.options)
            write(catalog.image)
            write(UInt64(catalog.sections.count))
            for section in catalog.sections { write(section, numbers: numbers, next: &number) }
        }
        write(site.looseItems != nil)
        if let loose = site.looseItems { write(loose, numbers: numbers, next: &number) }
    }

    /// Items are written in runs of this many.
    package static let itemsPerRun = 512

    /// An item; its trail is written only when it differs from the item before (items of one
    /// group follow each other and share theirs).
    package mutating func write(_ item: Item, withBody: Bool, previousTrail: [TrailStep]? = nil) {
        write(item.id)
        write(item.anchor)
        write(item.title)
        write(item.weight)
        write(item.date)
        write(item.summary)
        let image = item.image
        write(image)
        write(strings: item.tags)
        write(fields: item.fields)
        write(withBody ? item.bodyHTML : "")
        write(strings: item.headingIDs)
        write(item.outputPath)
        write(item.sourcePath)
        if let previousTrail, previousTrail == item.trail {
            write(UInt64(0))
        } else {
            write(UInt64(item.trail.count + 1))
            for step in item.trail {
                write(step.title)
                write(step.path)
                write(step.fragment)
            }
        }
        // Mostly an item's only image is its `image`, written already.
        // (Compared in place: a dictionary made to compare with costs more than the item's text.)
        let images = item.images
        let onlyItsImage = image.map { images.count == 1 && images["image"] == $0 } ?? images.isEmpty
        write(onlyItsImage)
        guard !onlyItsImage else { return }
        write(UInt64(images.count))
        for key in images.keys.sorted() {
            write(key)
            write(images[key])
        }
    }

    package mutating func write(_ image: ImageReference?) {
        write(image != nil)
        guard let image else { return }
        write(image.location)
        write(image.isExternal)
        write(image.alt)
        write(image.altIsWritten)
        write(image.size)
    }

    package mutating func write(_ size: ImageSize?) {
        write(size != nil)
        guard let size else { return }
        write(size.width)
        write(size.height)
    }

    /// `numbers` are the numbers of the items in query sections; a folder section's items
    /// are numbered in order from `next`.
    private mutating func write(_ group: Group, numbers: [String: Int], next: inout Int) {
        write(group.anchor)
        write(group.title)
        write(group.weight)
        write(group.depth)
        write(group.expanded)
        write(group.introHTML)
        write(group.summary)
        write(fields: group.fields)
        write(group.sourcePath)
        write(group.options)
        write(group.pagePath)
        write(group.query != nil)
        if let query = group.query {
            write(UInt64(query.conditions.count))
            for condition in query.conditions {
                write(condition.key)
                write(strings: condition.accepted)
            }
        }
        write(group.lead != nil)
        if group.lead != nil {
            write(UInt64(next + 1))
            next += 1
        }
        write(UInt64(group.entries.count))
        for entry in group.entries {
            switch entry {
            case .group(let child):
                write(UInt64(0))
                write(child, numbers: numbers, next: &next)
            case .item(let item):
                if group.query != nil {
                    write(UInt64(numbers[item.id]! + 1))
                } else {
                    write(UInt64(next + 1))
                    next += 1
                }
            }
        }
    }

    private mutating func write(_ options: SectionOptions) {
        write(options.layout)
        write(options.appearance)
        write(options.columns != nil)
        if let columns = options.columns { write(columns) }
        write(options.footer)
        write(options.exclusive)
        write(options.sort != nil)
        guard let sort = options.sort else { return }
        switch sort.key {
        case .weight: write(UInt64(0))
        case .title: write(UInt64(1))
        case .date: write(UInt64(2))
        case .field(let name):
            write(UInt64(3))
            write(name)
        }
        write(sort.descending)
    }
}

extension BinaryReader {
    package mutating func readFieldValue() throws(Truncated) -> FieldValue {
        switch try readUInt64() {
        case 1: return .string(try readString())
        case 2: return .integer(try readInt())
        case 3: return .number(try readDouble())
        case 4: return .bool(try readBool())
        case 5:
            var values: [FieldValue] = []
            for _ in 0..<(try readCount()) { values.append(try readFieldValue()) }
            return .list(values)
        case 6: return .map(try readFields())
        case 7: return .null
        default: throw Truncated()
        }
    }

    package mutating func readFields() throws(Truncated) -> [(key: String, value: FieldValue)] {
        var fields: [(key: String, value: FieldValue)] = []
        for _ in 0..<(try readCount()) {
            let key = try readString()
            fields.append((key, try readFieldValue()))
        }
        return fields
    }

    package mutating func readDiagnostic() throws(Truncated) -> Diagnostic {
        let severity = try readUInt64()
        let path = try readString()
        let line = try readOptionalString().flatMap { Int($0) }
        let column = try readOptionalString().flatMap { Int($0) }
        let message = try readString()
        let hint = try readOptionalString()
        return Diagnostic(severity == 1 ? .error : severity == 2 ? .note : .warning, path: path, line: line, column: column, message: message, hint: hint)
    }

    package mutating func readAnchorLink() throws(Truncated) -> PageBodyRenderer.AnchorLink {
        .init(line: try readInt(), written: try readString(), page: try readString(), fragment: try readString())
    }

    package mutating func readOptionalDouble() throws(Truncated) -> Double? {
        try readBool() ? try readDouble() : nil
    }

    package mutating func readOptionalBool() throws(Truncated) -> Bool? {
        switch try readUInt64() {
        case 0: return false
        case 1: return true
        case 2: return nil
        default: throw Truncated()
        }
    }

    package mutating func readStrings() throws(Truncated) -> [String] {
        var strings: [String] = []
        for _ in 0..<(try readCount()) { strings.append(try readString()) }
        return strings
    }

    /// A count of things that follow, each at least one byte long: a damaged count larger
    /// than the bytes left is refused before anything is allocated for it.
    package mutating func readCount() throws(Truncated) -> Int {
        let count = try readUInt64()
        guard count <= UInt64(bytes.count - offset) else { throw Truncated() }
        return Int(count)
    }

    // MARK: The section model

    /// The site, and its items in `site.allItems` order, in runs of `itemsPerRun`.
    package mutating func readSite() throws(Truncated) -> (site: Site, items: [[Item]]) {
        let title = try readString()
        let description = try readString()
        let language = try readString()
        let baseURL = try readOptionalString()
        let image = try readImage()
        let introHTML = try readString()
        let fields = try readFields()
        let itemCount = try readUInt64()
        var runs: [(count: Int, reader: BinaryReader)] = []
        var counted: UInt64 = 0
        for _ in 0..<(try readCount()) {
            // Every run is full but the last, so an item's run is its number divided by the run length.
            guard counted % UInt64(BinaryWriter.itemsPerRun) == 0 else { throw Truncated() }
            let count = try readCount()
            let length = try readCount()
            runs.append((count, BinaryReader(bytes, offset: offset)))
            counted += UInt64(count)
            try skip(length)
        }
        let decoded = try? Parallel.map(runs) { (run: (count: Int, reader: BinaryReader)) throws -> [Item] in
            var reader = run.reader
            var items: [Item] = []
            items.reserveCapacity(run.count)
            var previousTrail: [TrailStep] = []
            for _ in 0..<run.count {
                let item = try reader.readItem(previousTrail: previousTrail)
                previousTrail = item.trail
                items.append(item)
            }
            return items
        }
        guard let items = decoded, counted == itemCount else { throw Truncated() }
        var catalogs: [Catalog] = []
        for _ in 0..<(try readCount()) {
            var catalog = Catalog(
                id: try readString(), title: try readString(), weight: try readOptionalDouble(),
                introHTML: try readString(), summary: try readString(), fields: try readFields(),
                sections: [], expanded: try readOptionalBool(), outputPath: try readString(),
                sourcePath: try readString(), options: try readSectionOptions(), image: try readImage())
            for _ in 0..<(try readCount()) { catalog.sections.append(try readGroup(items: items)) }
            catalogs.append(catalog)
        }
        let looseItems = try readBool() ? try readGroup(items: items) : nil
        return (
            Site(
                title: title, description: description, language: language, baseURL: baseURL, introHTML: introHTML,
                fields: fields, catalogs: catalogs, looseItems: looseItems, image: image), items
        )
    }

    /// An item as `write(_:withBody:previousTrail:)` wrote it.
    package mutating func readItem(previousTrail: [TrailStep] = []) throws(Truncated) -> Item {
        var item = Item(
            id: try readString(), anchor: try readString(), title: try readString(), weight: try readOptionalDouble(),
            date: try readOptionalString(), summary: try readString(), image: try readImage(), tags: try readStrings(),
            fields: try readFields(), bodyHTML: try readString(), headingIDs: try readStrings(),
            outputPath: try readString(), sourcePath: try readString(), trail: previousTrail)
        let trailCount = try readCount()
        if trailCount > 0 {
            item.trail = []
            for _ in 0..<(trailCount - 1) {
                item.trail.append(TrailStep(title: try readString(), path: try readString(), fragment: try readOptionalString()))
            }
        }
        if try readBool() {
            item.images = item.image.map { ["image": $0] } ?? [:]
            return item
        }
        for _ in 0..<(try readCount()) {
            let key = try readString()
            item.images[key] = try readImage()
        }
        return item
    }

    package mutating func readImage() throws(Truncated) -> ImageReference? {
        guard try readBool() else { return nil }
        return ImageReference(
            location: try readString(), isExternal: try readBool(), alt: try readString(),
            altIsWritten: try readBool(), size: try readImageSize())
    }

    package mutating func readImageSize() throws(Truncated) -> ImageSize? {
        guard try readBool() else { return nil }
        return ImageSize(width: try readInt(), height: try readInt())
    }

    private mutating func readGroup(items: [[Item]]) throws(Truncated) -> Group {
        var group = Group(
            anchor: try readString(), title: try readString(), weight: try readOptionalDouble(), depth: try readInt(),
            expanded: try readOptionalBool(), introHTML: try readString(), summary: try readString(),
            fields: try readFields(), entries: [], sourcePath: try readString(), options: try readSectionOptions())
        group.pagePath = try readOptionalString()
        if try readBool() {
            var conditions: [ItemQuery.Condition] = []
            for _ in 0..<(try readCount()) {
                conditions.append(ItemQuery.Condition(key: try readString(), accepted: try readStrings()))
            }
            group.query = ItemQuery(conditions: conditions)
        }
        func item(numbered tag: UInt64) throws(Truncated) -> Item {
            let (run, place) = (Int(tag) - 1).quotientAndRemainder(dividingBy: BinaryWriter.itemsPerRun)
            guard tag > 0, run < items.count, place < items[run].count else { throw Truncated() }
            return items[run][place]
        }
        if try readBool() { group.lead = try item(numbered: try readUInt64()) }
        let count = try readCount()
        group.entries.reserveCapacity(count)
        for _ in 0..<count {
            let tag = try readUInt64()
            if tag == 0 {
                group.entries.append(.group(try readGroup(items: items)))
            } else {
                group.entries.append(.item(try item(numbered: tag)))
            }
        }
        return group
    }

    private mutating func readSectionOptions() throws(Truncated) -> SectionOptions {
        var options = SectionOptions()
        options.layout = try readOptionalString()
        options.appearance = try readOptionalString()
        if try readBool() { options.columns = try readInt() }
        options.footer = try readString()
        options.exclusive = try readOptionalBool()
        if try readBool() {
            let key: ItemSort.Key
            switch try readUInt64() {
            case 0: key = .weight
            case 1: key = .title
            case 2: key = .date
            case 3: key = .field(try readString())
            default: throw Truncated()
            }
            options.sort = ItemSort(key: key, descending: try readBool())
        }
        return options
    }
}
