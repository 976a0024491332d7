import Foundation

/// Writes an `OutputSnapshot` to disk. Each file is written to a temporary name and renamed
/// into place, so a reader (a browser, a web server) never sees half a page.
public struct OutputWriter: Sendable {
    public var root: String

    public init(root: String) {
        self.root = root
    }

    public struct Summary: Sendable, Equatable {
        public var written = 0
        public var unchanged = 0
        public var removed = 0
    }

    /// Writes every file of `snapshot` whose bytes differ from what is on disk.
    public func write(_ snapshot: OutputSnapshot) throws -> Summary {
        if access(root, F_OK) != 0, errno == ENOENT { return try writeNewFolder(snapshot) }
        let paths = snapshot.paths
        // Folders made just now are empty: their files need no comparing with what is on disk.
        var created: Set<String> = []
        if try createDirectory(root) { created.insert("") }
        for directory in Self.folders(of: paths) {
            if try createDirectory(root + "/" + directory) { created.insert(directory) }
        }
        let emptyFolders = created
        let results = try Parallel.map(paths) { path -> Bool in
            let bytes: [UInt8]
            switch snapshot.files[path]! {
            case .bytes(let data): bytes = data
            case .copy(let source): bytes = try FileSystem.local.readFile(source)
            }
            let destination = root + "/" + path
            let folder = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[..<$0]) } ?? ""
            if !emptyFolders.contains(folder), let existing = try? FileSystem.local.readFile(destination), existing == bytes { return false }
            try Self.writeAtomically(bytes, to: destination)
            return true
        }
        var summary = Summary()
        for wrote in results { if wrote { summary.written += 1 } else { summary.unchanged += 1 } }
        return summary
    }

    /// Every folder that holds one of `paths`, parents before children.
    static func folders(of paths: [String]) -> [String] {
        var folders = Set<String>()
        for path in paths {
            // Each parent folder, deepest first; once one is known, so are those above it.
            var folder = Substring(path)
            while let slash = folder.utf8.lastIndex(of: UInt8(ascii: "/")) {
                folder = folder[..<slash]
                guard folders.insert(String(folder)).inserted else { break }
            }
        }
        return folders.sorted()
    }

    /// Whether the folder was made now (false when it was there already).
    func createDirectory(_ path: String) throws -> Bool {
        if mkdir(path, 0o755) == 0 { return true }
        if errno == EEXIST { return false }
        throw FileSystemError(path: path, reason: String(cString: strerror(errno)))
    }

    static func writeAtomically(_ bytes: [UInt8], to path: String) throws {
        let temporary = path + ".foldout-tmp"
        do {
            try writeFile(bytes, to: temporary)
        } catch {
            unlink(temporary)
            throw FileSystemError(path: path, reason: error.reason)
        }
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw FileSystemError(path: path, reason: String(cString: strerror(errno)))
        }
    }
}
