import FoldoutBase
import Foundation

/// A file system in memory, read and written through `fileSystem` as a build uses the disk,
/// so tests of the output folder, the cache and the state file need no temporary folder.
/// It behaves as POSIX does where Foldout depends on it: `rename` replaces a file or an
/// empty folder in one step, `mkdir` wants the parent, names longer than 255 bytes fail,
/// a rewritten file gets a new modification time and a renamed one keeps its inode.
/// Symbolic links and permissions are left to the tests on the real disk.
package final class MemoryFileSystem: @unchecked Sendable {
    package enum Node {
        case file(bytes: [UInt8], modified: Int64, inode: UInt64)
        case folder(modified: Int64)
    }

    /// A file as `files(under:)` gives it.
    package struct File: Equatable {
        package var bytes: [UInt8]
        package var modified: Int64
        package var inode: UInt64
    }

    private let lock = NSCondition()
    /// Every file and folder by its normalized path (`/` the root).
    private var nodes: [String: Node] = ["/": .folder(modified: 0)]
    private var children: [String: Set<String>] = ["/": []]
    /// Paths locked with `lockFile`.
    private var locked: Set<String> = []
    /// Modification times and inodes are counted, so each write has a time of its own.
    private var clock: Int64 = 1_700_000_000_000_000_000
    private var nextInode: UInt64 = 1

    /// `files` are text files by absolute path, made with their folders.
    package init(_ files: [String: String] = [:]) {
        for (path, text) in files { write(path, text) }
    }

    // MARK: For tests

    /// Writes a file as a person would, making its folders.
    package func write(_ path: String, _ text: String) {
        write(path, bytes: Array(text.utf8))
    }

    package func write(_ path: String, bytes: [UInt8]) {
        let key = Self.normalized(path)
        makeFolders(Self.parent(of: key))
        locked { _ = try? storeFile(key, bytes) }
    }

    /// Makes the folder and its missing parents.
    package func makeFolders(_ path: String) {
        var prefix = ""
        for part in Self.normalized(path).split(separator: "/") {
            prefix += "/" + part
            locked { _ = try? makeFolder(prefix) }
        }
    }

    package func bytes(_ path: String) -> [UInt8]? {
        locked {
            guard case .file(let bytes, _, _)? = nodes[Self.normalized(path)] else { return nil }
            return bytes
        }
    }

    package func text(_ path: String) throws -> String {
        guard let bytes = bytes(path) else { throw FileSystemError(path: path, errno: ENOENT) }
        return String(decoding: bytes, as: UTF8.self)
    }

    package func exists(_ path: String) -> Bool {
        locked { nodes[Self.normalized(path)] != nil }
    }

    package func isFolder(_ path: String) -> Bool {
        locked {
            if case .folder? = nodes[Self.normalized(path)] { return true }
            return false
        }
    }

    /// Removes a file, or a folder with everything in it.
    package func remove(_ path: String) {
        fileSystem.removeTree(Self.normalized(path))
    }

    /// The names in a folder, sorted; empty when there is no such folder.
    package func names(in path: String) -> [String] {
        locked { (children[Self.normalized(path)] ?? []).map { Self.name(of: $0) }.sorted() }
    }

    /// Every file below `root`, by path relative to it.
    package func files(under root: String) -> [String: File] {
        let base = Self.normalized(root)
        let prefix = base == "/" ? "/" : base + "/"
        return locked {
            var result: [String: File] = [:]
            for (path, node) in nodes where path.hasPrefix(prefix) {
                if case .file(let bytes, let modified, let inode) = node {
                    result[String(path.dropFirst(prefix.count))] = File(bytes: bytes, modified: modified, inode: inode)
                }
            }
            return result
        }
    }

    /// Every folder below `root`, by path relative to it.
    package func folders(under root: String) -> Set<String> {
        let base = Self.normalized(root)
        let prefix = base == "/" ? "/" : base + "/"
        return locked {
            Set(
                nodes.compactMap { path, node in
                    guard path.hasPrefix(prefix), case .folder = node else { return nil }
                    return String(path.dropFirst(prefix.count))
                })
        }
    }

    // MARK: The file system

    package var fileSystem: FileSystem {
        FileSystem(
            listDirectory: { path in try self.locked { try self.list(Self.normalized(path)) } },
            kindOfItem: { path in self.locked { self.status(Self.normalized(path))?.kind } },
            readFile: { path in
                try self.locked {
                    switch self.nodes[Self.normalized(path)] {
                    case .file(let bytes, _, _)?: return bytes
                    case .folder?: throw FileSystemError(path: path, errno: EISDIR)
                    case nil: throw FileSystemError(path: path, errno: ENOENT)
                    }
                }
            },
            resolvePath: { path in self.locked { self.nodes[Self.normalized(path)] == nil ? nil : Self.normalized(path) } },
            status: { path in self.locked { self.status(Self.normalized(path)) } },
            writeFile: { path, fill in
                var bytes: [UInt8] = []
                try self.locked { try self.checkWritable(Self.normalized(path), reportedAs: path) }
                do {
                    try fill { bytes.append(contentsOf: $0) }
                } catch {
                    self.locked { self.removeNode(Self.normalized(path)) }
                    throw error
                }
                return try self.locked { try self.storeFile(Self.normalized(path), bytes, reportedAs: path) }
            },
            appendFile: { path, fill in
                let key = Self.normalized(path)
                try self.locked {
                    guard case .file? = self.nodes[key] else { throw FileSystemError(path: path, errno: self.nodes[key] == nil ? ENOENT : EISDIR) }
                }
                var bytes: [UInt8] = []
                defer {
                    self.locked {
                        if case .file(let old, _, let inode)? = self.nodes[key] {
                            self.nodes[key] = .file(bytes: old + bytes, modified: self.tick(), inode: inode)
                        }
                    }
                }
                try fill { bytes.append(contentsOf: $0) }
            },
            rename: { source, target in try self.locked { try self.move(Self.normalized(source), to: Self.normalized(target), reportedAs: source) } },
            removeFile: { path in
                try self.locked {
                    let key = Self.normalized(path)
                    if case .folder? = self.nodes[key] { throw FileSystemError(path: path, errno: EISDIR) }
                    self.removeNode(key)
                }
            },
            removeFolder: { path in
                try self.locked {
                    let key = Self.normalized(path)
                    guard case .folder? = self.nodes[key] else { throw FileSystemError(path: path, errno: self.nodes[key] == nil ? ENOENT : ENOTDIR) }
                    guard key != "/", self.children[key]?.isEmpty ?? true else { throw FileSystemError(path: path, errno: ENOTEMPTY) }
                    self.removeNode(key)
                }
            },
            makeFolder: { path in try self.locked { try self.makeFolder(Self.normalized(path), reportedAs: path) } },
            lockFile: { path in self.lockFile(Self.normalized(path)) },
            lockFileIfFree: { path in self.lockFile(Self.normalized(path), waiting: false) }
        )
    }

    // MARK: Inside the lock

    private func locked<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    private func tick() -> Int64 {
        clock += 1
        return clock
    }

    private func status(_ key: String) -> FileStatus? {
        switch nodes[key] {
        case .file(let bytes, let modified, _)?: return FileStatus(kind: .file, size: bytes.count, modified: modified)
        case .folder(let modified)?: return FileStatus(kind: .directory, size: 0, modified: modified)
        case nil: return nil
        }
    }

    private func list(_ key: String) throws -> [FileSystem.Entry] {
        guard case .folder? = nodes[key] else { throw FileSystemError(path: key, errno: nodes[key] == nil ? ENOENT : ENOTDIR) }
        return (children[key] ?? []).map { child in
            if case .folder? = nodes[child] { return FileSystem.Entry(name: Self.name(of: child), kind: .directory) }
            return FileSystem.Entry(name: Self.name(of: child), kind: .file)
        }
    }

    /// Throws what making `key` would: a missing or wrong parent, a name too long.
    private func checkPlace(_ key: String, reportedAs path: String?) throws {
        let path = path ?? key
        guard Self.name(of: key).utf8.count <= 255 else { throw FileSystemError(path: path, errno: ENAMETOOLONG) }
        switch nodes[Self.parent(of: key)] {
        case .folder?: break
        case .file?: throw FileSystemError(path: path, errno: ENOTDIR)
        case nil: throw FileSystemError(path: path, errno: ENOENT)
        }
    }

    /// Throws what `open(O_CREAT)` would for `key`: `checkPlace`, or a folder in the way.
    private func checkWritable(_ key: String, reportedAs path: String? = nil) throws {
        try checkPlace(key, reportedAs: path)
        if case .folder? = nodes[key] { throw FileSystemError(path: path ?? key, errno: EISDIR) }
    }

    /// Makes or replaces the file's bytes; a file that was there keeps its inode, as `O_TRUNC` does.
    private func storeFile(_ key: String, _ bytes: [UInt8], reportedAs path: String? = nil) throws -> FileStatus {
        try checkWritable(key, reportedAs: path)
        let inode: UInt64
        if case .file(_, _, let old)? = nodes[key] {
            inode = old
        } else {
            inode = nextInode
            nextInode += 1
            children[Self.parent(of: key), default: []].insert(key)
        }
        let modified = tick()
        nodes[key] = .file(bytes: bytes, modified: modified, inode: inode)
        return FileStatus(kind: .file, size: bytes.count, modified: modified)
    }

    private func makeFolder(_ key: String, reportedAs path: String? = nil) throws -> Bool {
        if nodes[key] != nil { return false }
        try checkPlace(key, reportedAs: path)
        nodes[key] = .folder(modified: tick())
        children[key] = []
        children[Self.parent(of: key), default: []].insert(key)
        return true
    }

    /// Removes the node and, for a folder, everything under it.
    private func removeNode(_ key: String) {
        guard nodes.removeValue(forKey: key) != nil else { return }
        for child in children.removeValue(forKey: key) ?? [] { removeNode(child) }
        children[Self.parent(of: key)]?.remove(key)
    }

    private func move(_ source: String, to target: String, reportedAs path: String) throws {
        guard let node = nodes[source] else { throw FileSystemError(path: path, errno: ENOENT) }
        if source == target { return }
        try checkPlace(target, reportedAs: path)
        switch (node, nodes[target]) {
        case (.file, .folder?):
            throw FileSystemError(path: path, errno: EISDIR)
        case (.folder, .file?):
            throw FileSystemError(path: path, errno: ENOTDIR)
        case (.folder, .folder?):
            guard children[target]?.isEmpty ?? true else { throw FileSystemError(path: path, errno: ENOTEMPTY) }
        default:
            break
        }
        if target.hasPrefix(source + "/") { throw FileSystemError(path: path, errno: EINVAL) }
        removeNode(target)
        // The node and everything under it change their paths; nothing else changes.
        let moved = nodes.filter { $0.key == source || $0.key.hasPrefix(source + "/") }
        let movedChildren = children.filter { $0.key == source || $0.key.hasPrefix(source + "/") }
        for key in moved.keys { nodes.removeValue(forKey: key) }
        for key in movedChildren.keys { children.removeValue(forKey: key) }
        children[Self.parent(of: source)]?.remove(source)
        func renamed(_ key: String) -> String { target + key.dropFirst(source.count) }
        for (key, value) in moved { nodes[renamed(key)] = value }
        for (key, value) in movedChildren { children[renamed(key)] = Set(value.map(renamed)) }
        children[Self.parent(of: target), default: []].insert(target)
    }

    /// Waits while another holds the lock (or, without `waiting`, gives nil); the file is
    /// made as `open(O_CREAT)` would.
    private func lockFile(_ key: String, waiting: Bool = true) -> FileSystem.HeldLock? {
        lock.lock()
        defer { lock.unlock() }
        if nodes[key] == nil {
            guard (try? storeFile(key, [])) != nil else { return nil }
        } else if case .folder? = nodes[key] {
            return nil
        }
        if !waiting, locked.contains(key) { return nil }
        while locked.contains(key) { lock.wait() }
        locked.insert(key)
        return FileSystem.HeldLock {
            self.lock.lock()
            self.locked.remove(key)
            self.lock.broadcast()
            self.lock.unlock()
        }
    }

    // MARK: Paths

    /// The absolute path without `.`, `..`, repeated or trailing slashes; relative paths start at `/`.
    package static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    package static func parent(of key: String) -> String {
        guard let slash = key.lastIndex(of: "/"), slash != key.startIndex else { return "/" }
        return String(key[..<slash])
    }

    package static func name(of key: String) -> String {
        String(key[key.index(after: key.lastIndex(of: "/")!)...])
    }
}
