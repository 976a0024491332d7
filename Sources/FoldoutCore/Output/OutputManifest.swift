import Foundation

/// What the last successful build wrote into `Output/`, kept there as `.foldout-manifest`:
/// every file with the digest of its bytes, its size and modification time just after it was
/// written, and for pages the digest of what they were rendered from. It is how a build
/// knows which files are its own (only those are ever replaced or removed), which are
/// unchanged on disk, and which pages need not be rendered again.
///
/// A line-based text file, so a person can read it: a header, then one `file` line per file
/// (`file HASH SIZE MTIME KEY PATH`, tab-separated, `-` for no key).
public struct OutputManifest: Sendable, Equatable {
    public static let fileName = ".foldout-manifest"
    static let formatLine = "foldout-manifest 1"

    public struct Record: Sendable, Equatable {
        /// Digest of the file's bytes.
        public var hash: UInt64
        public var size: Int
        /// Modification time in nanoseconds since 1970, read right after writing.
        public var modified: Int64
        /// Digest of the page's inputs (see `PageDigest`); nil for copied files.
        public var renderKey: UInt64?

        public init(hash: UInt64, size: Int, modified: Int64, renderKey: UInt64?) {
            self.hash = hash
            self.size = size
            self.modified = modified
            self.renderKey = renderKey
        }
    }

    /// Digest of every input of the build (see `Builder`): equal means nothing changed.
    public var fingerprint: UInt64?
    public var pageCount = 0
    /// Warnings of the build that wrote this, repeated when a later build finds nothing changed.
    public var warnings: [Diagnostic] = []
    public var files: [String: Record] = [:]

    public init() {}

    // MARK: Reading and writing

    /// Reads the manifest of the output folder `root`; an empty manifest when there is none
    /// or it cannot be read (then every file in the folder counts as not Foldout's).
    public static func read(root: String) -> OutputManifest {
        guard let bytes = try? FileSystem.local.readFile(root + "/" + fileName) else { return OutputManifest() }
        return parse(bytes) ?? OutputManifest()
    }

    static func parse(_ bytes: [UInt8]) -> OutputManifest? {
        var manifest = OutputManifest()
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)[...]
        guard let first = lines.popFirst(), String(decoding: first, as: UTF8.self) == formatLine else { return nil }
        for line in lines {
            let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
            guard let kind = fields.first else { return nil }
            switch String(decoding: kind, as: UTF8.self) {
            case "fingerprint":
                guard fields.count == 2, let value = UInt64(String(decoding: fields[1], as: UTF8.self), radix: 16) else { return nil }
                manifest.fingerprint = value
            case "pages":
                guard fields.count == 2, let value = Int(String(decoding: fields[1], as: UTF8.self)) else { return nil }
                manifest.pageCount = value
            case "warning":
                guard fields.count == 7 else { return nil }
                let text = fields.map { unescape(String(decoding: $0, as: UTF8.self)) }
                manifest.warnings.append(Diagnostic(
                    text[1] == "error" ? .error : .warning, path: text[2], line: Int(text[3]), column: Int(text[4]),
                    message: text[5], hint: text[6].isEmpty ? nil : text[6]))
            case "file":
                guard fields.count == 6,
                      let hash = UInt64(String(decoding: fields[1], as: UTF8.self), radix: 16),
                      let size = Int(String(decoding: fields[2], as: UTF8.self)),
                      let modified = Int64(String(decoding: fields[3], as: UTF8.self)) else { return nil }
                let keyText = String(decoding: fields[4], as: UTF8.self)
                let key = keyText == "-" ? nil : UInt64(keyText, radix: 16)
                let path = unescape(String(decoding: fields[5], as: UTF8.self))
                manifest.files[path] = Record(hash: hash, size: size, modified: modified, renderKey: key)
            default:
                return nil
            }
        }
        return manifest
    }

    func serialized() -> [UInt8] {
        var text = Self.formatLine + "\n"
        if let fingerprint { text += "fingerprint\t" + ContentHash.hex(fingerprint) + "\n" }
        text += "pages\t\(pageCount)\n"
        for warning in warnings {
            let fields = [warning.severity.rawValue, warning.path, warning.line.map(String.init) ?? "",
                          warning.column.map(String.init) ?? "", warning.message, warning.hint ?? ""]
            text += "warning\t" + fields.map(Self.escape).joined(separator: "\t") + "\n"
        }
        for path in files.keys.sorted() {
            let record = files[path]!
            text += "file\t\(ContentHash.hex(record.hash))\t\(record.size)\t\(record.modified)\t"
            text += (record.renderKey.map(ContentHash.hex) ?? "-") + "\t" + Self.escape(path) + "\n"
        }
        return Array(text.utf8)
    }

    /// Writes the manifest atomically into `root`.
    func write(root: String) throws {
        _ = try AtomicFile.write(serialized(), to: root + "/" + Self.fileName)
    }

    private static func escape(_ text: String) -> String {
        guard text.contains(where: { $0 == "\\" || $0 == "\t" || $0 == "\n" || $0 == "\r" }) else { return text }
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\\\"
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            default: result.append(character)
            }
        }
        return result
    }

    private static func unescape(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var result = ""
        var escaping = false
        for character in text {
            if escaping {
                switch character {
                case "t": result += "\t"
                case "n": result += "\n"
                case "r": result += "\r"
                default: result.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }

    // MARK: The files on disk

    /// The paths whose file on disk is still exactly what this manifest recorded (same size
    /// and modification time). A file that was edited, replaced or deleted since is not.
    public func intactPaths(root: String) -> Set<String> {
        let paths = Array(files.keys)
        let intact = (try? Parallel.map(paths) { path -> Bool in
            guard let status = FileStatus(root + "/" + path), status.kind == .file else { return false }
            let record = files[path]!
            return status.size == record.size && status.modified == record.modified
        }) ?? []
        var result = Set<String>()
        for (path, isIntact) in zip(paths, intact) where isIntact { result.insert(path) }
        return result
    }
}

/// What `lstat` says about a path: its kind (links are not followed), size and modification time.
struct FileStatus {
    var kind: FileSystem.EntryKind
    var size: Int
    var modified: Int64

    init?(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    init(_ info: stat) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .file
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symbolicLink
        default: kind = .other
        }
        size = Int(info.st_size)
        #if canImport(Darwin)
        let time = info.st_mtimespec
        #else
        let time = info.st_mtim
        #endif
        modified = Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
