import Foundation

/// Applies an `OutputSnapshot` to the output folder as a difference against the previous
/// build's manifest: new and changed files are written, files the previous build wrote and
/// this one no longer produces are removed, unchanged files are not touched (their
/// modification times stay).
///
/// Files Foldout did not write are never removed or overwritten: a produced path that
/// collides with one is an error naming it, unless `force` is set (or the file already holds
/// exactly the bytes Foldout would write, which happens when the manifest was lost).
///
/// All new contents are first written to hidden temporary files; only when every one of
/// them succeeded are they renamed into place. A failure before that point removes the
/// temporary files again, so the folder is left byte for byte as it was. A first build,
/// into a folder that does not exist yet, is written beside it and renamed into place
/// (`applyToNewFolder`).
public struct OutputWriter: Sendable {
    public var root: String
    /// Overwrite files Foldout did not write when a page needs their path.
    public var force: Bool

    public init(root: String, force: Bool = false) {
        self.root = root
        self.force = force
    }

    public struct Summary: Sendable, Equatable {
        public var written = 0
        public var unchanged = 0
        public var removed = 0
        /// Paths written or removed, sorted: what a live preview reloads for.
        public var changedPaths: [String] = []
        /// Files left in place although the manifest listed them (edited after Foldout wrote them).
        public var notices: [Diagnostic] = []
        public init() {}
    }

    /// Produced paths that belong to someone else; nothing was written.
    public struct Collision: Error, Sendable {
        public var diagnostics: [Diagnostic]
    }

    /// Applies `snapshot` and returns what was done and the new manifest, which has already
    /// been written into the folder. `base` supplies the manifest's other fields (fingerprint,
    /// page count, warnings). `intact` are the paths of `previous` whose files are untouched
    /// on disk (computed here when nil).
    public func apply(_ snapshot: OutputSnapshot, previous: OutputManifest, intact: Set<String>? = nil,
                      base: OutputManifest = OutputManifest(),
                      progress: BuildProgress.Reporter? = nil) throws -> (summary: Summary, manifest: OutputManifest) {
        if previous.files.isEmpty, let done = try applyToNewFolder(snapshot, base: base, progress: progress) { return done }
        let intact = intact ?? previous.intactPaths(root: root)
        var summary = Summary()
        var manifest = base
        manifest.files = [:]
        var problems: [Diagnostic] = []
        var pending: [(path: String, bytes: [UInt8], renderKey: UInt64?, hash: UInt64)] = []
        var checkedFolders: [String: FileSystem.EntryKind?] = [:]

        // Like `mkdir -p`: `--output site/public` works when `site` does not exist yet.
        var ancestor = root.hasPrefix("/") ? "" : "."
        for part in root.split(separator: "/") {
            ancestor += "/" + part
            try createFolder(ancestor, display: root)
        }
        let paths = snapshot.paths
        let steps = try Parallel.map(paths) { path in try self.plan(path, snapshot: snapshot, previous: previous, intact: intact) }
        for (path, step) in zip(paths, steps) {
            switch step {
            case .keep(let record):
                manifest.files[path] = record
                summary.unchanged += 1
            case .write(let bytes, let hash, let foreign):
                if let blocker = blockingAncestor(of: path, checked: &checkedFolders) {
                    let what = blocker.kind == FileSystem.EntryKind.symbolicLink ? "a symbolic link" : "a file"
                    problems.append(.error(display(blocker.path), "is \(what), "
                                           + "but Foldout needs a folder here for `\(path)`",
                                           hint: "move it out of the output folder"))
                    continue
                }
                if let foreign, !force {
                    problems.append(.error(display(path), "exists and was not written by Foldout; the build would overwrite it (\(foreign))",
                                           hint: "move it out of the output folder, or pass --force to overwrite it"))
                    continue
                }
                pending.append((path, bytes, snapshot.renderKeys[path], hash))
            case .blocked(let reason):
                problems.append(.error(display(path), reason, hint: "move it out of the output folder"))
            }
        }
        if !problems.isEmpty { throw Collision(diagnostics: problems) }

        // Files of the previous build that this one does not produce.
        var stale: [String] = []
        for path in previous.files.keys.sorted() where snapshot.files[path] == nil {
            if intact.contains(path) {
                stale.append(path)
            } else if FileStatus(root + "/" + path) != nil {
                summary.notices.append(.warning(display(path), "was changed after Foldout wrote it and is no longer produced; left in place",
                                                hint: "delete it if it is not needed"))
            }
        }

        // Phase 1: every new file to a temporary file; any failure undoes all of them.
        var createdFolders: [String] = []
        let statuses: [Result<FileStatus, any Error>]
        do {
            for folder in Self.folders(of: pending.map(\.path)) where FileStatus(root + "/" + folder)?.kind != .directory {
                try createFolder(root + "/" + folder, display: display(folder))
                createdFolders.append(root + "/" + folder)
            }
            let counter = progress.map { BuildProgress.Counter(stage: "write", total: pending.count, reporter: $0) }
            statuses = try Parallel.map(pending) { entry in
                defer { counter?.advance() }
                return Result { try AtomicFile.writeTemporary(entry.bytes, for: root + "/" + entry.path) }
            }
        } catch {
            for folder in createdFolders.reversed() { rmdir(folder) }
            throw error
        }
        if let failure = statuses.first(where: { if case .failure = $0 { true } else { false } }), case .failure(let error) = failure {
            for (entry, status) in zip(pending, statuses) {
                if case .success = status { AtomicFile.discard(root + "/" + entry.path) }
            }
            for folder in createdFolders.reversed() { rmdir(folder) }
            throw error
        }

        // Phase 2: rename into place, then remove what is stale.
        for (index, (entry, status)) in zip(pending, statuses).enumerated() {
            guard case .success(let info) = status else { continue }
            do {
                try AtomicFile.commit(root + "/" + entry.path)
            } catch {
                // Cannot happen short of a disk failure; record what is in place so the next build knows.
                for later in pending[(index + 1)...] { AtomicFile.discard(root + "/" + later.path) }
                for path in previous.files.keys where manifest.files[path] == nil && intact.contains(path) {
                    manifest.files[path] = previous.files[path]
                }
                try? manifest.write(root: root)
                throw error
            }
            manifest.files[entry.path] = .init(hash: entry.hash, size: info.size, modified: info.modified, renderKey: entry.renderKey)
        }
        summary.written = pending.count
        for path in stale {
            if unlink(root + "/" + path) == 0 || errno == ENOENT {
                summary.removed += 1
                removeEmptyFolders(above: path)
            } else {
                manifest.files[path] = previous.files[path]
            }
        }
        summary.changedPaths = (pending.map(\.path) + stale).sorted()
        try manifest.write(root: root)
        return (summary, manifest)
    }

    // MARK: Planning

    enum Step {
        /// The file on disk is right; record it.
        case keep(OutputManifest.Record)
        /// Write these bytes; `foreign` explains whose file is in the way, if any.
        case write([UInt8], hash: UInt64, foreign: String?)
        /// Something that must not be replaced is at the path.
        case blocked(String)
    }

    private func plan(_ path: String, snapshot: OutputSnapshot, previous: OutputManifest, intact: Set<String>) throws -> Step {
        let renderKey = snapshot.renderKeys[path]
        let record = previous.files[path]
        let isOurs = record != nil && intact.contains(path)
        let bytes: [UInt8]
        switch snapshot.files[path]! {
        case .kept:
            guard let record, isOurs else {
                throw FileSystemError(path: display(path), reason: "was to be kept, but is not Foldout's unchanged file")
            }
            return .keep(.init(hash: record.hash, size: record.size, modified: record.modified, renderKey: renderKey))
        case .bytes(let data):
            bytes = data
        case .copy(let source):
            if let record, isOurs, let digest = snapshot.contentDigests[path], digest == record.hash {
                return .keep(.init(hash: digest, size: record.size, modified: record.modified, renderKey: renderKey))
            }
            bytes = try FileSystem.local.readFile(source)
        }
        let hash = ContentHash.of(bytes)
        if let record, isOurs {
            if record.hash == hash { return .keep(.init(hash: hash, size: record.size, modified: record.modified, renderKey: renderKey)) }
            return .write(bytes, hash: hash, foreign: nil)
        }
        guard let status = FileStatus(root + "/" + path) else { return .write(bytes, hash: hash, foreign: nil) }
        switch status.kind {
        case .file:
            // Already holds exactly these bytes (a previous build whose manifest is gone): adopt it.
            if status.size == bytes.count, (try? FileSystem.local.readFile(root + "/" + path)) == bytes {
                return .keep(.init(hash: hash, size: status.size, modified: status.modified, renderKey: renderKey))
            }
            if record != nil { return .write(bytes, hash: hash, foreign: nil) }
            return .write(bytes, hash: hash, foreign: "its contents differ")
        case .directory:
            return .blocked("is a folder, but Foldout writes a file there")
        case .symbolicLink:
            return .blocked("is a symbolic link, but Foldout writes a file there")
        case .other:
            return .blocked("is not a regular file, but Foldout writes a file there")
        }
    }

    /// The first ancestor of `path` inside the output folder that exists as something other
    /// than a real folder. A symbolic link counts: writing through it could land outside.
    private func blockingAncestor(of path: String, checked: inout [String: FileSystem.EntryKind?])
        -> (path: String, kind: FileSystem.EntryKind)? {
        var prefix = ""
        for part in path.split(separator: "/").dropLast() {
            prefix = prefix.isEmpty ? String(part) : prefix + "/" + part
            let kind: FileSystem.EntryKind?
            if let known = checked[prefix] {
                kind = known
            } else {
                kind = FileStatus(root + "/" + prefix)?.kind
                checked[prefix] = kind
            }
            if let kind, kind != .directory { return (prefix, kind) }
        }
        return nil
    }

    // MARK: Folders

    static func folders(of paths: [String]) -> [String] {
        var folders = Set<String>()
        for path in paths {
            var parts = path.split(separator: "/").dropLast()
            while !parts.isEmpty, folders.insert(parts.joined(separator: "/")).inserted {
                parts = parts.dropLast()
            }
        }
        // Parents sort before their children.
        return folders.sorted()
    }

    private func createFolder(_ path: String, display: String) throws {
        if mkdir(path, 0o755) != 0, errno != EEXIST {
            throw FileSystemError(path: display, reason: String(cString: strerror(errno)))
        }
    }

    /// Removes folders left empty by a removal, up to the output folder itself. Folders that
    /// still hold anything (someone else's files among them) stay.
    private func removeEmptyFolders(above path: String) {
        var parts = path.split(separator: "/").dropLast()
        while !parts.isEmpty {
            guard rmdir(root + "/" + parts.joined(separator: "/")) == 0 else { return }
            parts = parts.dropLast()
        }
    }

    func display(_ path: String) -> String {
        root.hasSuffix("/") ? root + path : root + "/" + path
    }
}
