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
        let paths = snapshot.paths
        var directories = Set<String>()
        for path in paths {
            // Each parent folder, deepest first; once one is known, so are those above it.
            var folder = Substring(path)
            while let slash = folder.utf8.lastIndex(of: UInt8(ascii: "/")) {
                folder = folder[..<slash]
                guard directories.insert(String(folder)).inserted else { break }
            }
        }
        // Folders made just now are empty: their files need no comparing with what is on disk.
        var created: Set<String> = []
        if try createDirectory(root) { created.insert("") }
        for directory in directories.sorted() {
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

    /// Whether the folder was made now (false when it was there already).
    private func createDirectory(_ path: String) throws -> Bool {
        if mkdir(path, 0o755) == 0 { return true }
        if errno == EEXIST { return false }
        throw FileSystemError(path: path, reason: String(cString: strerror(errno)))
    }

    static func writeAtomically(_ bytes: [UInt8], to path: String) throws {
        let temporary = path + ".foldout-tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw FileSystemError(path: path, reason: String(cString: strerror(errno))) }
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + done, $0.count - done) }
            if count < 0 {
                close(fd)
                unlink(temporary)
                throw FileSystemError(path: path, reason: String(cString: strerror(errno)))
            }
            done += count
        }
        close(fd)
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw FileSystemError(path: path, reason: String(cString: strerror(errno)))
        }
    }
}
