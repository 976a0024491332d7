import FoldoutBase
import FoldoutImages
import FoldoutLoading
import FoldoutMarkdown
import FoldoutModel
import FoldoutRouting
import Foundation

/// The build record's file, `.foldout-cache/NAME.state` beside the output folder NAME (see
/// `BuildRecord`): the state as a full build left it, in two records, the file table first
/// (every build reads it, to tell unchanged content files by their stamps) and then the rest
/// (read only by a quick rebuild); then the changes of the quick rebuilds since, each a
/// record of its own. Every record has a checksum. A change applies only to the state it
/// was made from (it names that state's fingerprint), so a torn or damaged record ends the
/// state early, at an older fingerprint that no manifest has: the next build is then a full
/// one, which writes the file anew. A file written by another version of Foldout is
/// ignored. Like the build cache, the file only ever makes builds faster, never different.
package enum BuildRecordFile {
    private static let magic = Array("FOLDOUT-STATE 8\n".utf8)

    fileprivate enum Kind: UInt64 {
        case files = 1
        case rest = 2
        case delta = 3
    }

    /// Changes appended before the file is written whole again: each costs a little at every read.
    package static let deltaLimit = 64

    package static func defaultPath(forOutput output: String) -> String {
        SidecarFile.path(forOutput: output, suffix: ".state")
    }

    /// What the file holds, checked, with the changes appended to it read: the file table,
    /// which every build needs (see `Builder.readInputs`), and the rest of the state read
    /// and decoded only when a quick rebuild asks for it (`state()`).
    package struct Contents {
        /// The fingerprint and files after every change.
        package var fingerprint: UInt64
        package var settings: UInt64
        package var structure: UInt64
        package var files: [BuildRecord.FileRecord]
        /// Changes appended since the file was written whole.
        package var deltas: Int { changes.count }
        fileprivate var path: String
        fileprivate var fileSystem: FileSystem
        fileprivate var base: (fingerprint: UInt64, files: [BuildRecord.FileRecord])
        fileprivate var rest: Record
        fileprivate var changes: [BuildRecord.Delta]

        /// The whole state; nil when its file is damaged (or was replaced) after all.
        package func state() -> BuildRecord? {
            guard let file = OpenFile(path, fileSystem: fileSystem), let payload = file.payload(of: rest) else { return nil }
            var reader = BinaryReader(payload)
            guard
                var state = try? BuildRecordFile.decodeState(
                    &reader, fingerprint: base.fingerprint, settings: settings,
                    structure: structure, files: base.files)
            else { return nil }
            for delta in changes {
                guard delta.items.allSatisfy({ state.items.indices.contains($0.index) }) else { return nil }
                state.apply(delta)
            }
            return state
        }
    }

    /// The file's contents; nil when there is no usable state.
    package static func read(_ path: String, tool: UInt64 = ToolIdentity.digest, fileSystem: FileSystem = .local) -> Contents? {
        guard let file = OpenFile(path, fileSystem: fileSystem), let header = file.bytes(at: 0, count: magic.count + 8),
            header[0..<magic.count].elementsEqual(magic), BinaryReader(header).fixed(at: magic.count) == tool,
            let head = file.record(at: header.count), head.kind == .files, let headPayload = file.payload(of: head),
            let rest = file.record(at: head.end), rest.kind == .rest
        else { return nil }
        var reader = BinaryReader(headPayload)
        guard let fingerprint = try? reader.readFixed(), let settings = try? reader.readFixed(), let structure = try? reader.readFixed(),
            let files = try? decodeFileRecords(&reader), reader.isAtEnd
        else { return nil }
        var contents = Contents(
            fingerprint: fingerprint, settings: settings, structure: structure, files: files, path: path,
            fileSystem: fileSystem, base: (fingerprint, files), rest: rest, changes: [])
        var offset = rest.end
        while offset < file.size, let record = file.record(at: offset), record.kind == .delta, let payload = file.payload(of: record) {
            var reader = BinaryReader(payload)
            guard let (base, delta) = try? decodeDelta(&reader), base == contents.fingerprint,
                delta.files.allSatisfy({ contents.files.indices.contains($0.index) })
            else { break }
            contents.fingerprint = delta.fingerprint
            for (index, record) in delta.files { contents.files[index] = record }
            contents.changes.append(delta)
            offset = record.end
        }
        return contents
    }

    /// Where a record of the file lies: kind and length, the payload, then its checksum.
    fileprivate struct Record {
        package var kind: Kind
        package var offset: Int
        package var length: Int
        /// Where the next record starts.
        package var end: Int { offset + length + 8 }
    }

    /// The file, read a part at a time: only what a build needs of it is read.
    fileprivate struct OpenFile {
        package let file: FileSystem.OpenFile
        package var size: Int { file.size }

        package init?(_ path: String, fileSystem: FileSystem) {
            guard let file = try? fileSystem.openFile(path) else { return nil }
            self.file = file
        }

        package func bytes(at offset: Int, count: Int) -> [UInt8]? {
            file.bytes(at: offset, count: count)
        }

        /// The record that starts at `offset`; nil where none fits in the file.
        package func record(at offset: Int) -> Record? {
            guard let head = bytes(at: offset, count: min(20, size - offset)) else { return nil }
            var reader = BinaryReader(head)
            guard let rawKind = try? reader.readUInt64(), let kind = Kind(rawValue: rawKind), let length = try? reader.readUInt64(),
                length <= UInt64(size - offset - reader.offset), size - offset - reader.offset - Int(length) >= 8
            else { return nil }
            return Record(kind: kind, offset: offset + reader.offset, length: Int(length))
        }

        /// The record's payload; nil when its checksum is wrong.
        package func payload(of record: Record) -> [UInt8]? {
            guard let bytes = self.bytes(at: record.offset, count: record.length),
                let checksum = self.bytes(at: record.offset + record.length, count: 8),
                BinaryReader(checksum).fixed(at: 0) == bytes.withUnsafeBytes({ BinaryWriter.checksum(of: $0, seed: record.kind.rawValue) })
            else { return nil }
            return bytes
        }
    }

    /// Replaces the file with `state`.
    package static func write(
        _ state: BuildRecord, to path: String, tool: UInt64 = ToolIdentity.digest,
        fileSystem: FileSystem = .local
    ) throws {
        // Room for about twice what a state holds per item and per file on a typical site:
        // grown by doubling, a large state would touch up to twice its size in fresh memory,
        // and room never written to is never touched.
        var file = BinaryWriter(capacity: 1 << 16 + 1536 * state.items.count + 96 * state.files.count)
        file.append(magic)
        file.writeFixed(tool)
        appendRecord(.files, to: &file) { head in
            head.writeFixed(state.fingerprint)
            head.writeFixed(state.settings)
            head.writeFixed(state.structure)
            head.write(UInt64(state.files.count))
            for record in state.files { encode(record, into: &head) }
        }
        appendRecord(.rest, to: &file) { encodeRest(state, into: &$0) }
        try SidecarFile.write(to: path, in: fileSystem) { write in try file.withUnsafeBytes(write) }
    }

    /// Appends the changes that turned the state with fingerprint `base` into the current one.
    package static func append(_ changes: BuildRecord.Delta, base: UInt64, to path: String, fileSystem: FileSystem = .local) throws {
        var record = BinaryWriter()
        appendRecord(.delta, to: &record) { payload in
            payload.writeFixed(base)
            encode(changes, into: &payload)
        }
        try fileSystem.appendFile(path) { write in try record.withUnsafeBytes(write) }
    }

    private static func appendRecord(_ kind: Kind, to writer: inout BinaryWriter, payload: (inout BinaryWriter) -> Void) {
        writer.write(kind.rawValue)
        // The kind seeds the checksum: a changed kind fails it like a changed payload.
        writer.writeChecked(seed: kind.rawValue, payload)
    }

    // MARK: The whole state

    /// The state but its file table.
    private static func encodeRest(_ state: BuildRecord, into writer: inout BinaryWriter) {
        writer.write(state.allowsRawHTML)
        writer.write(state.showsImageVariants)
        writer.write(state.leavesOutUnusedFiles)
        writer.write(state.smartPunctuation)
        writer.write(UInt64(state.routes.targets.count))
        for (source, target) in state.routes.targets {
            writer.write(source)
            writer.write(target.path)
            writer.write(target.fragment)
            writer.write(!state.routes.folders.contains(source))
        }
        writer.write(UInt64(state.routes.indexFiles.count))
        for (path, folder) in state.routes.indexFiles {
            writer.write(path)
            writer.write(folder)
        }
        writer.write(UInt64(state.routes.groupPages.count))
        for (folder, path) in state.routes.groupPages {
            writer.write(folder)
            writer.write(path)
        }
        writer.write(strings: state.routes.drafts.sorted())
        writer.write(state.site, withBodies: false)
        writer.write(UInt64(state.items.count))
        for facts in state.items { encode(facts, into: &writer) }
        writer.write(UInt64(state.otherHeadings.count))
        for (page, ids) in state.otherHeadings {
            writer.write(page)
            writer.write(strings: ids)
        }
        writer.write(UInt64(state.anchorLinks.count))
        for (source, links) in state.anchorLinks.sorted(by: { $0.key < $1.key }) {
            writer.write(source)
            encode(links, into: &writer)
        }
        writer.write(UInt64(state.ownDiagnostics.count))
        for (source, diagnostics) in state.ownDiagnostics.sorted(by: { $0.key < $1.key }) {
            writer.write(source)
            encode(diagnostics, into: &writer)
        }
        encode(state.warnings, into: &writer)
        encode(state.readProblems, into: &writer)
        writer.write(UInt64(state.imageSizes.count))
        for (path, size) in state.imageSizes.sorted(by: { $0.key < $1.key }) {
            writer.write(path)
            writer.write(size)
        }
    }

    private static func decodeFileRecords(_ reader: inout BinaryReader) throws(BinaryReader.Truncated) -> [BuildRecord.FileRecord] {
        var files: [BuildRecord.FileRecord] = []
        let count = try reader.readCount()
        files.reserveCapacity(count)
        for _ in 0..<count { files.append(try decodeFileRecord(&reader)) }
        return files
    }

    /// The state after its file table, which `open` read.
    fileprivate static func decodeState(
        _ reader: inout BinaryReader, fingerprint: UInt64, settings: UInt64, structure: UInt64,
        files: [BuildRecord.FileRecord]
    ) throws(BinaryReader.Truncated) -> BuildRecord {
        let allowsRawHTML = try reader.readBool()
        let showsImageVariants = try reader.readBool()
        let leavesOutUnusedFiles = try reader.readBool()
        let smartPunctuation = try reader.readBool()
        var routes = Routes()
        for _ in 0..<(try reader.readCount()) {
            let source = try reader.readString()
            routes.add(
                source: source, target: .init(path: try reader.readString(), fragment: try reader.readOptionalString()),
                producesFile: try reader.readBool())
        }
        for _ in 0..<(try reader.readCount()) {
            routes.addIndex(try reader.readString(), ofFolder: try reader.readString())
        }
        for _ in 0..<(try reader.readCount()) {
            let folder = try reader.readString()
            routes.addGroupPage(try reader.readString(), ofFolder: folder)
        }
        routes.addDrafts(try reader.readStrings())
        let (site, siteItems) = try reader.readSite()
        var items: [BuildRecord.ItemFacts] = []
        let count = siteItems.reduce(0) { $0 + $1.count }
        guard try reader.readCount() == count else { throw BinaryReader.Truncated() }
        items.reserveCapacity(count)
        for run in siteItems {
            for item in run { items.append(try decodeItemFacts(&reader, of: item)) }
        }
        var otherHeadings: [(page: String, ids: [String])] = []
        for _ in 0..<(try reader.readCount()) { otherHeadings.append((try reader.readString(), try reader.readStrings())) }
        var anchorLinks: [String: [PageBodyRenderer.AnchorLink]] = [:]
        for _ in 0..<(try reader.readCount()) { anchorLinks[try reader.readString()] = try decodeAnchorLinks(&reader) }
        var ownDiagnostics: [String: [Diagnostic]] = [:]
        for _ in 0..<(try reader.readCount()) { ownDiagnostics[try reader.readString()] = try decodeDiagnostics(&reader) }
        let warnings = try decodeDiagnostics(&reader)
        let readProblems = try decodeDiagnostics(&reader)
        var imageSizes: [String: ImageSize?] = [:]
        for _ in 0..<(try reader.readCount()) { imageSizes[try reader.readString()] = .some(try reader.readImageSize()) }
        guard reader.isAtEnd else { throw BinaryReader.Truncated() }
        var state = BuildRecord(
            fingerprint: fingerprint, settings: settings, files: files, structure: structure, routes: routes, site: site,
            items: items, otherHeadings: otherHeadings, anchorLinks: anchorLinks, ownDiagnostics: ownDiagnostics,
            warnings: warnings, readProblems: readProblems, imageSizes: imageSizes, allowsRawHTML: allowsRawHTML)
        state.showsImageVariants = showsImageVariants
        state.leavesOutUnusedFiles = leavesOutUnusedFiles
        state.smartPunctuation = smartPunctuation
        return state
    }

    // MARK: Changes

    private static func encode(_ delta: BuildRecord.Delta, into writer: inout BinaryWriter) {
        writer.writeFixed(delta.fingerprint)
        writer.write(UInt64(delta.files.count))
        for (index, record) in delta.files {
            writer.write(index)
            encode(record, into: &writer)
        }
        writer.write(UInt64(delta.items.count))
        for (index, item, facts) in delta.items {
            writer.write(index)
            writer.write(item, withBody: false)
            encode(facts, into: &writer)
        }
        writer.write(UInt64(delta.sources.count))
        for source in delta.sources {
            writer.write(source.path)
            writer.write(source.displayPath)
            encode(source.anchorLinks, into: &writer)
            encode(source.ownDiagnostics, into: &writer)
            encode(source.reported, into: &writer)
        }
    }

    private static func decodeDelta(_ reader: inout BinaryReader) throws(BinaryReader.Truncated) -> (base: UInt64, changes: BuildRecord.Delta) {
        let base = try reader.readFixed()
        var delta = BuildRecord.Delta(fingerprint: try reader.readFixed(), files: [], items: [], sources: [])
        for _ in 0..<(try reader.readCount()) { delta.files.append((try reader.readInt(), try decodeFileRecord(&reader))) }
        for _ in 0..<(try reader.readCount()) {
            let index = try reader.readInt()
            let item = try reader.readItem()
            delta.items.append((index, item, try decodeItemFacts(&reader, of: item)))
        }
        for _ in 0..<(try reader.readCount()) {
            delta.sources.append(
                .init(
                    path: try reader.readString(), displayPath: try reader.readString(),
                    anchorLinks: try decodeAnchorLinks(&reader), ownDiagnostics: try decodeDiagnostics(&reader),
                    reported: try decodeDiagnostics(&reader)))
        }
        guard reader.isAtEnd else { throw BinaryReader.Truncated() }
        return (base, delta)
    }

    // MARK: Parts

    private static func encode(_ record: BuildRecord.FileRecord, into writer: inout BinaryWriter) {
        writer.writeFixed(record.digest)
        writer.write(record.stamp != nil)
        guard let stamp = record.stamp else { return }
        writer.write(stamp.size)
        writer.write(Int(stamp.modified))
        writer.write(Int(stamp.changed))
        writer.write(stamp.inode)
        writer.write(stamp.device)
    }

    private static func decodeFileRecord(_ reader: inout BinaryReader) throws(BinaryReader.Truncated) -> BuildRecord.FileRecord {
        let digest = try reader.readFixed()
        guard try reader.readBool() else { return .init(digest: digest, stamp: nil) }
        return .init(
            digest: digest,
            stamp: FileStamp(
                size: try reader.readInt(), modified: Int64(try reader.readInt()),
                changed: Int64(try reader.readInt()), inode: try reader.readUInt64(),
                device: try reader.readUInt64()))
    }

    private static func encode(_ facts: BuildRecord.ItemFacts, into writer: inout BinaryWriter) {
        writer.write(facts.frontMatter != nil)
        if let digest = facts.frontMatter { writer.writeFixed(digest) }
        writer.write(facts.bodyFirstLine)
        writer.writeFixed(facts.row)
    }

    private static func decodeItemFacts(_ reader: inout BinaryReader, of item: Item) throws(BinaryReader.Truncated) -> BuildRecord.ItemFacts {
        let frontMatter = try reader.readBool() ? try reader.readFixed() : nil
        return .init(
            id: item.id, sourcePath: item.sourcePath, frontMatter: frontMatter, bodyFirstLine: try reader.readInt(),
            row: try reader.readFixed())
    }

    private static func encode(_ links: [PageBodyRenderer.AnchorLink], into writer: inout BinaryWriter) {
        writer.write(UInt64(links.count))
        for link in links { writer.write(link) }
    }

    private static func decodeAnchorLinks(_ reader: inout BinaryReader) throws(BinaryReader.Truncated) -> [PageBodyRenderer.AnchorLink] {
        var links: [PageBodyRenderer.AnchorLink] = []
        for _ in 0..<(try reader.readCount()) { links.append(try reader.readAnchorLink()) }
        return links
    }

    private static func encode(_ diagnostics: [Diagnostic], into writer: inout BinaryWriter) {
        writer.write(UInt64(diagnostics.count))
        for diagnostic in diagnostics { writer.write(diagnostic) }
    }

    private static func decodeDiagnostics(_ reader: inout BinaryReader) throws(BinaryReader.Truncated) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for _ in 0..<(try reader.readCount()) { diagnostics.append(try reader.readDiagnostic()) }
        return diagnostics
    }
}
