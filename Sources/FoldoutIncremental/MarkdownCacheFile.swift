import FoldoutBase
import FoldoutImages
import FoldoutMarkdown
import Foundation

/// Work a build can skip when its input did not change: parsed front matter and rendered
/// Markdown bodies, each keyed by a content digest of everything it was made from (never
/// by modification times). `foldout build` keeps it in a file outside `Output/`, so it is
/// never published (it holds drafts too); `foldout serve` keeps one in memory between
/// rebuilds and saves it as well.
///
/// The file is an append-only log: each build appends the entries it made; when the file
/// holds many more entries than the last build used, it is rewritten with only those. Each
/// entry carries a checksum, so a torn or damaged file loses only what is damaged; a file
/// written by another version of Foldout is ignored. A cache that cannot be read or
/// written only makes a build slower, never wrong.
public final class MarkdownCacheFile: @unchecked Sendable {
    /// A rendered Markdown body with what rendering noticed, and the links it resolved, so
    /// the entry is reused only while every link still resolves the same way.
    private enum Kind: UInt8 {
        case frontMatter = 1
        case body = 2
    }

    /// The cache file, or nil for a cache that lives in memory only.
    package let path: String?
    /// Whether later builds in this process use the entries in memory (`foldout serve`); when
    /// not (`foldout build`), only the file takes them to another build.
    package let servesLaterBuilds: Bool
    /// Where the cache file is.
    package let fileSystem: FileSystem
    private let tool: UInt64
    private let lock = NSLock()
    private var isLoaded = false
    private var frontMatters: [UInt64: FrontMatter] = [:]
    private var bodies: [UInt64: RenderedBody] = [:]
    private var used = Set<UInt64>()
    private var added: [(kind: Kind, key: UInt64)] = []
    private var entriesInFile = 0
    /// Whether the file was read to its end without damage, so appending to it is safe.
    private var fileIsClean = false

    private static let magic = Array("FOLDOUT-CACHE 4\n".utf8)

    /// The seed of an entry's checksum: its kind and key, which are read before its payload.
    private static func checksumSeed(_ kind: UInt64, _ key: UInt64) -> UInt64 {
        var hash = ContentHash()
        hash.combine(kind)
        hash.combine(key)
        return hash.finalize() | 1
    }

    /// The cache file at `path` on the disk, as `foldout build` keeps it: what bench/profile asks for.
    public convenience init(path: String) {
        self.init(path: path, servesLaterBuilds: true, tool: ToolIdentity.digest, fileSystem: .local)
    }

    package init(path: String?, servesLaterBuilds: Bool = true, tool: UInt64 = ToolIdentity.digest, fileSystem: FileSystem = .local) {
        self.path = path
        self.servesLaterBuilds = servesLaterBuilds
        self.fileSystem = fileSystem
        self.tool = tool
    }

    /// Whether a build that starts the file or not (`startsFile`, see `finishBuild`) gains
    /// anything from the cache: not when no file holds entries, none will be written and no
    /// later build in this process looks. Such a build then makes no entries: two per file,
    /// each table change under the lock, the cores waiting on each other.
    package func isWorthUsing(startsFile: Bool) -> Bool {
        servesLaterBuilds || startsFile || path.map { fileSystem.status($0)?.kind == .file } ?? false
    }

    /// The cache file for the output folder `output`: `.foldout-cache/NAME.cache` beside it,
    /// where NAME is the output folder's name. Outside the output folder, so it is neither
    /// served nor published.
    public static func defaultPath(forOutput output: String) -> String {
        SidecarFile.path(forOutput: output, suffix: ".cache")
    }

    // MARK: Lookups (any thread)

    package func frontMatter(_ key: UInt64) -> FrontMatter? { lookUp(key, in: \.frontMatters) }
    package func store(_ value: FrontMatter, for key: UInt64) { store(value, for: key, in: \.frontMatters, kind: .frontMatter) }
    package func body(_ key: UInt64) -> RenderedBody? { lookUp(key, in: \.bodies) }
    package func store(_ value: RenderedBody, for key: UInt64) { store(value, for: key, in: \.bodies, kind: .body) }

    private func lookUp<Value>(_ key: UInt64, in table: ReferenceWritableKeyPath<MarkdownCacheFile, [UInt64: Value]>) -> Value? {
        lock.withLock {
            loadIfNeeded()
            guard let value = self[keyPath: table][key] else { return nil }
            used.insert(key)
            return value
        }
    }

    private func store<Value>(
        _ value: Value, for key: UInt64, in table: ReferenceWritableKeyPath<MarkdownCacheFile, [UInt64: Value]>,
        kind: Kind
    ) {
        lock.withLock {
            if self[keyPath: table].updateValue(value, forKey: key) == nil { added.append((kind, key)) }
            used.insert(key)
        }
    }

    /// Entries in memory, for tests and the timing line.
    package var count: Int { lock.withLock { frontMatters.count + bodies.count } }

    // MARK: The build's end

    /// Writes what this build added. After a successful build (`prune`), entries the build
    /// did not use are dropped from memory, and from the file when they outnumber the rest.
    /// With `startsFile` false, a file that does not exist yet is not made: the entries stay
    /// in memory only (see `Builder` for when). Starts the next build's bookkeeping.
    package func finishBuild(prune: Bool, startsFile: Bool = true) {
        lock.withLock {
            defer {
                added = []
                used = []
            }
            guard isLoaded || !added.isEmpty else { return }
            loadIfNeeded()
            // Unused entries are dropped only once they outnumber the used ones: filtering
            // tens of thousands of entries after every build would cost more than it saves.
            let live = used.count
            let garbage = frontMatters.count + bodies.count > 2 * live + 256
            if prune, garbage {
                frontMatters = frontMatters.filter { used.contains($0.key) }
                bodies = bodies.filter { used.contains($0.key) }
            }
            guard let path else { return }
            let fileExists = fileSystem.status(path)?.kind == .file
            guard startsFile || fileExists else { return }
            if !fileExists || (prune && entriesInFile + added.count > 2 * live + 256) {
                // A new file holds every entry this build used, found in memory or made.
                rewrite(path)
            } else if !added.isEmpty {
                append(path)
            }
        }
    }

    // MARK: The file

    /// Reads the cache file now rather than at the first lookup (so the timing line shows it),
    /// and makes room for the entries of a build of `files` Markdown files: tables grown
    /// entry by entry re-hash everything at each doubling and touch fresh memory they end up
    /// not using.
    package func load(forFiles files: Int = 0) {
        lock.withLock {
            loadIfNeeded()
            frontMatters.reserveCapacity(files)
            bodies.reserveCapacity(files)
            used.reserveCapacity(2 * files)
            added.reserveCapacity(2 * files)
        }
    }

    private func loadIfNeeded() {
        guard !isLoaded else { return }
        isLoaded = true
        guard let path, let bytes = try? fileSystem.readFile(path), bytes.count >= Self.magic.count + 8,
            Array(bytes[0..<Self.magic.count]) == Self.magic
        else { return }
        var reader = BinaryReader(bytes, offset: Self.magic.count)
        guard (try? reader.readFixed()) == tool else { return }
        // First find every entry, then decode them in parallel: decoding is most of the cost.
        var entries: [(kind: Kind, key: UInt64, start: Int, length: Int)] = []
        while !reader.isAtEnd {
            guard let rawKind = try? reader.readUInt64(), let kind = Kind(rawValue: UInt8(truncatingIfNeeded: rawKind)),
                let key = try? reader.readFixed(), let length = try? reader.readUInt64(),
                length <= UInt64(bytes.count - reader.offset), bytes.count - reader.offset - Int(length) >= 8
            else { break }
            entries.append((kind, key, reader.offset, Int(length)))
            reader = BinaryReader(bytes, offset: reader.offset + Int(length) + 8)
        }
        fileIsClean = reader.isAtEnd
        enum Decoded { case frontMatter(FrontMatter), body(RenderedBody), damaged }
        let decoded = Parallel.map(entries) { entry -> Decoded in
            let checksum = bytes.withUnsafeBytes { buffer in
                BinaryWriter.checksum(
                    of: UnsafeRawBufferPointer(rebasing: buffer[entry.start..<(entry.start + entry.length)]),
                    seed: Self.checksumSeed(UInt64(entry.kind.rawValue), entry.key))
            }
            var trailer = BinaryReader(bytes, offset: entry.start + entry.length)
            guard (try? trailer.readFixed()) == checksum else { return .damaged }
            var payload = BinaryReader(bytes, offset: entry.start)
            switch entry.kind {
            case .frontMatter: return (try? Self.decodeFrontMatter(&payload)).map(Decoded.frontMatter) ?? .damaged
            case .body: return (try? Self.decodeBody(&payload)).map(Decoded.body) ?? .damaged
            }
        }
        frontMatters.reserveCapacity(entries.count / 2 + 16)
        bodies.reserveCapacity(entries.count / 2 + 16)
        for (entry, value) in zip(entries, decoded) {
            switch value {
            case .frontMatter(let frontMatter): frontMatters[entry.key] = frontMatter
            case .body(let body): bodies[entry.key] = body
            case .damaged:
                // Entries after a damaged one are still good, but the file is rewritten at the next save.
                fileIsClean = false
                continue
            }
            entriesInFile += 1
        }
    }

    private func encode(_ kind: Kind, _ key: UInt64, into writer: inout BinaryWriter) {
        // Entries are reached in place (`inout`, the tables' `_modify`): reading one out would
        // copy it, retaining and releasing each of its parts.
        switch kind {
        case .frontMatter:
            guard let index = frontMatters.index(forKey: key) else { return }
            writer.write(UInt64(kind.rawValue))
            writer.writeFixed(key)
            writer.writeChecked(seed: Self.checksumSeed(UInt64(kind.rawValue), key)) { Self.encode(&frontMatters.values[index], into: &$0) }
        case .body:
            guard let index = bodies.index(forKey: key) else { return }
            writer.write(UInt64(kind.rawValue))
            writer.writeFixed(key)
            writer.writeChecked(seed: Self.checksumSeed(UInt64(kind.rawValue), key)) { Self.encode(&bodies.values[index], into: &$0) }
        }
    }

    /// Entries are encoded into pieces of about this size, each written before the next is
    /// made: the whole file, as large as the site's Markdown and bodies, is never in memory.
    private static let pieceSize = 1 << 20

    /// Writes the file's header first when `withHeader` (a new file), then `entries`.
    private func encode(
        _ entries: [(kind: Kind, key: UInt64)], withHeader: Bool,
        writingPieces write: (UnsafeRawBufferPointer) throws -> Void
    ) rethrows {
        // One buffer for every piece, with room for the entry that ends one.
        var writer = BinaryWriter(capacity: Self.pieceSize + Self.pieceSize / 4)
        if withHeader {
            writer.append(Self.magic)
            writer.writeFixed(tool)
        }
        for entry in entries {
            encode(entry.kind, entry.key, into: &writer)
            if writer.count >= Self.pieceSize {
                try writer.withUnsafeBytes(write)
                writer.removeAll()
            }
        }
        if writer.count > 0 { try writer.withUnsafeBytes(write) }
    }

    private func append(_ path: String) {
        if !fileIsClean || entriesInFile == 0 {
            if writeFile(path, entries: added) {
                entriesInFile = added.count
                fileIsClean = true
            }
            return
        }
        // A file that cannot be opened is left as it is; one written in part is no longer clean.
        var opened = false
        do {
            try fileSystem.appendFile(path) { write in
                opened = true
                try encode(added, withHeader: false, writingPieces: write)
            }
        } catch {
            if opened { fileIsClean = false }
            return
        }
        entriesInFile += added.count
    }

    private func rewrite(_ path: String) {
        let frontMatterKeys = frontMatters.keys.filter(used.contains).sorted()
        let bodyKeys = bodies.keys.filter(used.contains).sorted()
        let entries = frontMatterKeys.map { (kind: Kind.frontMatter, key: $0) } + bodyKeys.map { (kind: Kind.body, key: $0) }
        if writeFile(path, entries: entries) {
            entriesInFile = entries.count
            fileIsClean = true
        }
    }

    /// Replaces the file with the header and `entries`.
    private func writeFile(_ path: String, entries: [(kind: Kind, key: UInt64)]) -> Bool {
        return (try? SidecarFile.write(to: path, in: fileSystem) { write in try encode(entries, withHeader: true, writingPieces: write) }) != nil
    }

    // MARK: Encoding

    private static func encode(_ value: inout FrontMatter, into writer: inout BinaryWriter) {
        writer.write(fields: value.fields)
        writer.write(UInt64(value.lines.count))
        // In key order, so an entry's bytes do not depend on the table's; sorted in a buffer on
        // the stack (`sorted` copied the table through a generic path, and freeing the sorted
        // array cost as much again).
        let lines = value.lines
        withUnsafeTemporaryAllocation(of: (key: String, line: Int).self, capacity: lines.count) { buffer in
            var buffer = buffer
            _ = buffer.initialize(from: lines.lazy.map { (key: $0.key, line: $0.value) })
            buffer.sort { $0.key < $1.key }
            for index in buffer.indices {
                writer.write(buffer[index].key)
                writer.write(buffer[index].line)
            }
            buffer.deinitialize()
        }
    }

    private static func decodeFrontMatter(_ reader: inout BinaryReader) throws(BinaryReader.Truncated) -> FrontMatter {
        let fields = try reader.readFields()
        var lines: [String: Int] = [:]
        for _ in 0..<(try reader.readUInt64()) {
            let key = try reader.readString()
            lines[key] = try reader.readInt()
        }
        return FrontMatter(fields: fields, lines: lines)
    }

    private static func encode(_ body: inout RenderedBody, into writer: inout BinaryWriter) {
        writer.write(body.html)
        writer.write(body.title)
        writer.write(body.summary)
        writer.write(UInt64(body.headingIDs.count))
        for id in body.headingIDs { writer.write(id) }
        writer.write(UInt64(body.anchorLinks.count))
        for link in body.anchorLinks { writer.write(link) }
        writer.write(UInt64(body.diagnostics.count))
        for diagnostic in body.diagnostics { writer.write(diagnostic) }
        writer.write(UInt64(body.links.count))
        for link in body.links {
            writer.write(link.destination)
            writer.write(link.isImage)
            switch link.resolution {
            case .rewritten(let url, let page, let fragment):
                writer.write(UInt64(1))
                writer.write(url)
                writer.write(page)
                writer.write(fragment)
            case .external: writer.write(UInt64(2))
            case .missing: writer.write(UInt64(3))
            case .draft(let source):
                writer.write(UInt64(6))
                writer.write(source)
            case .sameAnchor(let page, let fragment):
                writer.write(UInt64(4))
                writer.write(page)
                writer.write(fragment)
            case .picture(let markup, let page):
                writer.write(UInt64(5))
                writer.write(markup.beforeAlt)
                writer.write(markup.afterAlt)
                writer.write(markup.fallbackURL)
                writer.write(page)
            }
        }
    }

    private static func decodeBody(_ reader: inout BinaryReader) throws(BinaryReader.Truncated) -> RenderedBody {
        let html = try reader.readString()
        let title = try reader.readString()
        let summary = try reader.readString()
        var headingIDs: [String] = []
        for _ in 0..<(try reader.readUInt64()) { headingIDs.append(try reader.readString()) }
        var anchorLinks: [PageBodyRenderer.AnchorLink] = []
        for _ in 0..<(try reader.readCount()) { anchorLinks.append(try reader.readAnchorLink()) }
        var diagnostics: [Diagnostic] = []
        for _ in 0..<(try reader.readCount()) { diagnostics.append(try reader.readDiagnostic()) }
        var links: [RenderedBody.Link] = []
        for _ in 0..<(try reader.readUInt64()) {
            let destination = try reader.readString()
            let isImage = try reader.readBool()
            let resolution: PageBodyRenderer.Resolution
            switch try reader.readUInt64() {
            case 1: resolution = .rewritten(try reader.readString(), page: try reader.readString(), fragment: try reader.readOptionalString())
            case 2: resolution = .external
            case 3: resolution = .missing
            case 6: resolution = .draft(source: try reader.readString())
            case 4: resolution = .sameAnchor(page: try reader.readString(), fragment: try reader.readString())
            case 5:
                let markup = PictureMarkup(
                    beforeAlt: try reader.readString(), afterAlt: try reader.readString(),
                    fallbackURL: try reader.readString())
                resolution = .picture(markup, page: try reader.readString())
            default: throw BinaryReader.Truncated()
            }
            links.append((destination, isImage, resolution))
        }
        return RenderedBody(
            html: html, title: title, summary: summary, headingIDs: headingIDs, anchorLinks: anchorLinks,
            diagnostics: diagnostics, links: links)
    }
}

extension MarkdownCacheFile: MarkdownCache {}
