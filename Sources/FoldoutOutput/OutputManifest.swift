import FoldoutBase
import Foundation

/// What the last successful build wrote into `Output/`, kept there as `.foldout-manifest`:
/// every file with the digest of its bytes, its size and modification time just after it was
/// written, and for pages the digest of what they were rendered from. It is how a build
/// knows which files are its own (only those are ever replaced or removed), which are
/// unchanged on disk, and which pages need not be rendered again.
///
/// A line-based text file, so a person can read it: a header, then one `file` line per file
/// (`file HASH SIZE MTIME KEY PATH`, tab-separated, `-` for no key).
package struct OutputManifest: Sendable, Equatable {
    package static let fileName = ".foldout-manifest"
    package static let formatLine = "foldout-manifest 1"

    package struct Record: Sendable, Equatable {
        /// Digest of the file's bytes.
        package var hash: UInt64
        package var size: Int
        /// Modification time in nanoseconds since 1970, read right after writing.
        package var modified: Int64
        /// Digest of the page's inputs (see `PageDigest`); nil for copied files.
        package var renderKey: UInt64?

        package init(hash: UInt64, size: Int, modified: Int64, renderKey: UInt64?) {
            self.hash = hash
            self.size = size
            self.modified = modified
            self.renderKey = renderKey
        }
    }

    /// Digest of every input of the build (see `Builder`): equal means nothing changed.
    package var fingerprint: UInt64?
    package var pageCount = 0
    /// Warnings of the build that wrote this, repeated when a later build finds nothing changed.
    package var warnings: [Diagnostic] = []
    package var files: [String: Record] = [:]
    /// Paths taken in from a journal (see `takeIn`): until a manifest lists them, the next
    /// publishing journals them again, so they stay Foldout's whatever happens.
    package var recoveredPaths: Set<String> = []

    package init() {}

    // MARK: Reading and writing

    /// Reads the manifest of the output folder `root`; an empty manifest when there is none
    /// or it cannot be read (then every file in the folder counts as not Foldout's). A journal
    /// left by a build that stopped while publishing (see `OutputJournal`) is taken in: each
    /// of its paths is Foldout's, recorded as the version the disk holds.
    package static func read(root: String, fileSystem: FileSystem = .local) -> OutputManifest {
        var manifest = (try? fileSystem.readFile(root + "/" + fileName)).flatMap { parse($0) } ?? OutputManifest()
        if let journal = OutputJournal.read(root: root, fileSystem: fileSystem) {
            manifest.takeIn(journal, root: root, fileSystem: fileSystem)
        }
        return manifest
    }

    /// Records each path of `journal` as the version on disk: the journal's (the new one) or
    /// this manifest's (the old one), told apart by size and time, or else by digest. A path
    /// holding neither gets the journal's record: it is Foldout's all the same. The
    /// fingerprint goes, so no build takes the folder as up to date without looking.
    package mutating func takeIn(_ journal: OutputJournal, root: String, fileSystem: FileSystem) {
        fingerprint = nil
        let paths = Array(journal.files.keys)
        let old = files
        let chosen = Parallel.map(paths) { path -> Record in
            let new = journal.files[path]!
            guard let previous = old[path], previous.hash != new.hash,
                let status = fileSystem.status(root + "/" + path), status.kind == .file
            else { return new }
            func matches(_ record: Record) -> Bool { status.size == record.size && status.modified == record.modified }
            if matches(new), !matches(previous) { return new }
            guard let bytes = try? fileSystem.readFile(root + "/" + path) else { return new }
            return ContentHash.of(bytes) == previous.hash ? previous : new
        }
        for (path, record) in zip(paths, chosen) { files[path] = record }
        recoveredPaths.formUnion(paths)
    }

    package static func parse(_ bytes: [UInt8], formatLine: String = OutputManifest.formatLine) -> OutputManifest? {
        var manifest = OutputManifest()
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)[...]
        guard let first = lines.popFirst(), first.elementsEqual(formatLine.utf8) else { return nil }
        manifest.files.reserveCapacity(lines.count)
        for line in lines {
            let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
            guard let kind = fields.first else { return nil }
            if kind.elementsEqual("file".utf8) {
                // The common line, read without making strings of its numbers.
                guard fields.count == 6, let hash = hexNumber(fields[1]), let size = decimalNumber(fields[2]),
                    let modified = decimalNumber(fields[3])
                else { return nil }
                let key = fields[4].elementsEqual("-".utf8) ? nil : hexNumber(fields[4])
                let path = unescape(fields[5])
                manifest.files[path] = Record(hash: hash, size: Int(size), modified: modified, renderKey: key)
                continue
            }
            switch String(decoding: kind, as: UTF8.self) {
            case "fingerprint":
                guard fields.count == 2, let value = hexNumber(fields[1]) else { return nil }
                manifest.fingerprint = value
            case "pages":
                guard fields.count == 2, let value = decimalNumber(fields[1]) else { return nil }
                manifest.pageCount = Int(value)
            case "warning":
                guard fields.count == 7 else { return nil }
                let text = fields.map { unescape($0) }
                manifest.warnings.append(
                    Diagnostic(
                        Diagnostic.Severity(rawValue: text[1]) ?? .warning, path: text[2], line: Int(text[3]), column: Int(text[4]),
                        message: text[5], hint: text[6].isEmpty ? nil : text[6]))
            default:
                return nil
            }
        }
        return manifest
    }

    private static func hexNumber(_ digits: ArraySlice<UInt8>) -> UInt64? {
        guard !digits.isEmpty, digits.count <= 16 else { return nil }
        var value: UInt64 = 0
        for digit in digits {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = value << 4 | UInt64(digit - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = value << 4 | UInt64(digit - UInt8(ascii: "a") + 10)
            default: return nil
            }
        }
        return value
    }

    private static func decimalNumber(_ digits: ArraySlice<UInt8>) -> Int64? {
        guard !digits.isEmpty, digits.count <= 19 else { return nil }
        var value: Int64 = 0
        for digit in digits {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
            let (times, overflowA) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowB) = times.addingReportingOverflow(Int64(digit - UInt8(ascii: "0")))
            guard !overflowA, !overflowB else { return nil }
            value = sum
        }
        return value
    }

    /// The manifest's text, a line per file in path order. `sortedPaths`, when given, are the
    /// files' paths sorted already, so a caller that sorted them anyway spares a second sort.
    package func serialized(sortedPaths: [String]? = nil, formatLine: String = OutputManifest.formatLine) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(files.count * 96 + 256)
        func append(_ text: String) { bytes.append(contentsOf: text.utf8) }
        func appendHex(_ value: UInt64) { Self.appendHex(value, to: &bytes) }
        append(formatLine + "\n")
        if let fingerprint {
            append("fingerprint\t")
            appendHex(fingerprint)
            append("\n")
        }
        append("pages\t\(pageCount)\n")
        for warning in warnings {
            let fields = [
                warning.severity.rawValue, warning.path, warning.line.map(String.init) ?? "",
                warning.column.map(String.init) ?? "", warning.message, warning.hint ?? "",
            ]
            append("warning\t" + fields.map(Self.escape).joined(separator: "\t") + "\n")
        }
        let paths = sortedPaths.flatMap { $0.count == files.count ? $0 : nil } ?? files.keys.sorted()
        // A line per output file, put together byte by byte, a stretch of the list per task:
        // made on one core, they would lengthen the build's last, otherwise single-threaded, step.
        let stretch = 4096
        let stretches = try? Parallel.map(Array(stride(from: 0, to: paths.count, by: stretch)), chunkSize: 1) { start -> [UInt8] in
            guard let lines = fileLines(paths[start..<min(paths.count, start + stretch)]) else { throw MissingRecord() }
            return lines
        }
        // Paths that are not the files' own: sorted here after all.
        guard let stretches else { return serialized(formatLine: formatLine) }
        for lines in stretches { bytes += lines }
        return bytes
    }

    private struct MissingRecord: Error {}

    private static func appendHex(_ value: UInt64, to bytes: inout [UInt8]) {
        for shift in stride(from: 60, through: 0, by: -4) {
            let digit = UInt8((value >> UInt64(shift)) & 0xF)
            bytes.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
        }
    }

    /// The lines of the files at `paths`; nil when one of them has no record.
    private func fileLines(_ paths: ArraySlice<String>) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(paths.count * 96)
        func appendHex(_ value: UInt64) { Self.appendHex(value, to: &bytes) }
        func appendDecimal(_ value: Int64) {
            if value < 0 { bytes.append(UInt8(ascii: "-")) }
            let start = bytes.count
            var rest = value.magnitude
            repeat {
                bytes.append(UInt8(ascii: "0") + UInt8(rest % 10))
                rest /= 10
            } while rest > 0
            bytes[start...].reverse()
        }
        for path in paths {
            guard let record = files[path] else { return nil }
            bytes.append(contentsOf: "file\t".utf8)
            appendHex(record.hash)
            bytes.append(Self.tab)
            appendDecimal(Int64(record.size))
            bytes.append(Self.tab)
            appendDecimal(record.modified)
            bytes.append(Self.tab)
            if let key = record.renderKey { appendHex(key) } else { bytes.append(UInt8(ascii: "-")) }
            bytes.append(Self.tab)
            Self.appendEscaped(path, to: &bytes)
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
    }

    private static let tab = UInt8(ascii: "\t")
    private static let backslash = UInt8(ascii: "\\")

    /// Whether `byte` must be escaped in a field: it would end the field or the line.
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte == backslash || byte == tab || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    /// Appends `text` with `\`, tab, LF and CR escaped. Done on UTF-8 bytes, never on
    /// `Character`s: CR LF is one `Character`, and a name holding it must keep both bytes.
    package static func appendEscaped(_ text: String, to bytes: inout [UInt8]) {
        var utf8 = text
        utf8.withUTF8 { utf8 in
            guard utf8.contains(where: needsEscape) else {
                bytes.append(contentsOf: utf8)
                return
            }
            for byte in utf8 {
                switch byte {
                case backslash: bytes += [backslash, backslash]
                case tab: bytes += [backslash, UInt8(ascii: "t")]
                case UInt8(ascii: "\n"): bytes += [backslash, UInt8(ascii: "n")]
                case UInt8(ascii: "\r"): bytes += [backslash, UInt8(ascii: "r")]
                default: bytes.append(byte)
                }
            }
        }
    }

    package static func escape(_ text: String) -> String {
        var bytes: [UInt8] = []
        appendEscaped(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The text of an escaped field, undone byte by byte (see `appendEscaped`).
    package static func unescape<Field: Collection<UInt8>>(_ field: Field) -> String {
        guard field.contains(backslash) else { return String(decoding: field, as: UTF8.self) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(field.count)
        var escaping = false
        for byte in field {
            if escaping {
                switch byte {
                case UInt8(ascii: "t"): bytes.append(tab)
                case UInt8(ascii: "n"): bytes.append(UInt8(ascii: "\n"))
                case UInt8(ascii: "r"): bytes.append(UInt8(ascii: "\r"))
                default: bytes.append(byte)
                }
                escaping = false
            } else if byte == backslash {
                escaping = true
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes the manifest atomically into `root` (see `serialized` for `sortedPaths`), by
    /// way of `temporary` when given: the output folder's manifest is staged outside it.
    package func write(root: String, via temporary: String? = nil, fileSystem: FileSystem, sortedPaths: [String]? = nil) throws {
        try AtomicFile.write(serialized(sortedPaths: sortedPaths), to: root + "/" + Self.fileName, via: temporary, in: fileSystem)
    }

    // MARK: The files on disk

    /// The paths whose file on disk is still exactly what this manifest recorded (same size
    /// and modification time). A file that was edited, replaced or deleted since is not.
    package func intactPaths(root: String, fileSystem: FileSystem = .local) -> Set<String> {
        // Looked at folder by folder (see `FileSystem.statuses(of:in:)`).
        var folders: [Substring: [(path: String, name: String)]] = [:]
        for path in files.keys {
            let slash = path.utf8.lastIndex(of: UInt8(ascii: "/"))
            let folder = slash.map { path[..<$0] } ?? ""
            folders[folder, default: []].append((path, slash.map { String(path[path.utf8.index(after: $0)...]) } ?? path))
        }
        let groups = Array(folders)
        let intact = Parallel.map(groups, chunkSize: 1) { folder, group -> [String] in
            let statuses = fileSystem.statuses(of: group.map(\.name), in: folder.isEmpty ? root : root + "/" + folder)
            return zip(group, statuses).compactMap { entry, status in
                guard let status else { return nil }
                let record = files[entry.path]!
                return status.kind == .file && status.size == record.size && status.modified == record.modified ? entry.path : nil
            }
        }
        var result = Set<String>()
        result.reserveCapacity(files.count)
        for paths in intact { result.formUnion(paths) }
        return result
    }
}
