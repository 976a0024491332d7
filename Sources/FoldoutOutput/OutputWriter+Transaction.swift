import Foundation
import FoldoutBase
import FoldoutRendering

extension OutputWriter {
    /// One build's writing, from before its first page is rendered to the new manifest. Pages
    /// are handed to `take` as they are rendered (from several threads) and dealt with at
    /// once, so they are never all in memory together; `finish` deals with the rest of the
    /// snapshot (assets, the sitemap) and makes the result visible, or undoes everything.
    ///
    /// A first build (the output folder does not exist) writes every file straight into a new
    /// folder in `.foldout-cache`, renamed into place by `finish` (see `openNewFolder`).
    /// Otherwise a page whose bytes equal the file the previous build wrote is left alone, and
    /// any other goes to a hidden temporary file beside its place: `finish` renames them into
    /// place only when no page collides with a file Foldout did not write and every write
    /// succeeded. Until then no file of the output folder is replaced, and a failure or a
    /// collision removes the temporary files and new folders again, so the folder is left as
    /// it was, byte for byte.
    public final class Transaction: OutputSink, @unchecked Sendable {
        package let writer: OutputWriter
        package let previous: OutputManifest
        private let givenIntact: Set<String>?
        package let progress: BuildProgress.Reporter?
        /// Whether a first build may go into a new folder (not when `finish` falls back from one).
        private let allowsNewFolder: Bool

        package let lock = NSLock()
        private var isOpen = false
        /// The new folder a first build fills, or nil.
        private(set) var staging: String?
        private(set) var intact: Set<String> = []
        /// The first error of a page's writing; later pages are not written.
        private var failure: (any Error)?
        /// Pages taken: their records once written into the new folder, or left alone.
        private(set) var records: [String: OutputManifest.Record] = [:]
        /// Pages taken and written to temporary files, to be renamed into place.
        private var pending: [Pending] = []
        /// Pages taken that must not be written.
        private var problems: [(path: String, diagnostic: Diagnostic)] = []
        /// Folders known to be there (relative to the output or the new folder), and those
        /// made for this build (absolute, parents first), removed again when it fails.
        private var knownFolders: Set<String> = []
        private var createdFolders: [String] = []
        private var checkedFolders: [String: FileSystem.EntryKind?] = [:]
        /// The new folder's folders, open, by path relative to it: a page is created by its
        /// name in its open folder, not by a path the kernel walks folder by folder, which
        /// deep in `.foldout-cache/NAME.new` is a fair part of creating the file.
        private var openFolders: [String: FileSystem.OpenFolder] = [:]

        package struct Pending {
            package var path: String
            package var hash: UInt64
            package var renderKey: UInt64?
            package var status: FileStatus
        }

        package init(writer: OutputWriter, previous: OutputManifest, intact: Set<String>?, progress: BuildProgress.Reporter?,
             allowsNewFolder: Bool = true) {
            self.writer = writer
            self.previous = previous
            self.givenIntact = intact
            self.progress = progress
            self.allowsNewFolder = allowsNewFolder
        }

        /// Gets the output folder ready: a first build's new folder, or the output folder and
        /// its parents (like `mkdir -p`). Called once every page is known to be wanted, right
        /// before rendering (`expect`), or by the first page; a problem here is reported by `finish`.
        public func open() {
            lock.withLock {
                guard !isOpen else { return }
                isOpen = true
                if previous.files.isEmpty, allowsNewFolder, let staging = writer.openNewFolder() {
                    self.staging = staging
                    return
                }
                intact = givenIntact ?? previous.intactPaths(root: writer.root, fileSystem: writer.fileSystem)
                do {
                    var ancestor = writer.root.hasPrefix("/") ? "" : "."
                    for part in writer.root.split(separator: "/") {
                        ancestor += "/" + part
                        try writer.createFolder(ancestor, display: writer.root)
                    }
                } catch {
                    failure = error
                }
            }
        }

        // MARK: Pages as they are rendered
        //
        // Writing into a new folder, the lock is held for table look-ups and changes only,
        // not over a call into the file system: on the disk, making or opening a folder can
        // wait for the disk to read a block of the inode table, and the other cores would
        // wait for the lock meanwhile. The table of records is sized before the pages
        // come, not grown, and rehashed, under the lock.

        public func expect(pages count: Int) {
            open()
            lock.withLock { records.reserveCapacity(records.count + count) }
        }

        /// A page stands when the previous build wrote it from the same inputs and the file
        /// is untouched since.
        public func keeps(_ path: String, renderKey: UInt64) -> Bool {
            previous.files[path]?.renderKey == renderKey && intact.contains(path)
        }

        public func take(_ path: String, _ bytes: [UInt8], renderKey: UInt64?) -> OutputSnapshot.Contents {
            open()
            guard lock.withLock({ failure == nil }) else { return .taken }
            do {
                if let staging {
                    let record = try writeIntoNewFolder(staging, path, bytes, renderKey: renderKey)
                    lock.withLock { records[path] = record }
                } else {
                    try takeIntoOutput(path, bytes, renderKey: renderKey)
                }
            } catch {
                lock.withLock { if failure == nil { failure = error } }
            }
            return .taken
        }

        /// Writes `bytes` into the new folder, with its parent folders.
        package func writeIntoNewFolder(_ staging: String, _ path: String, _ bytes: [UInt8], renderKey: UInt64?) throws -> OutputManifest.Record {
            let status: FileStatus
            do {
                if let (folder, name) = Self.split(path), let open = try openFolder(folder, under: staging) {
                    status = try open.writeFile(name) { write in try bytes.withUnsafeBytes(write) }
                } else {
                    status = try writer.fileSystem.writeFile(staging + "/" + path) { write in try bytes.withUnsafeBytes(write) }
                }
            } catch {
                throw FileSystemError.naming(writer.display(path), error)
            }
            return .init(hash: ContentHash.of(bytes), size: status.size, modified: status.modified, renderKey: renderKey)
        }

        /// How many folders `openFolder` keeps open at most: a site of thousands of folders
        /// would otherwise run out of file descriptors (1,024 by default). Pages in folders
        /// beyond it are created by their paths.
        package static let openFolderLimit = 64

        /// The folder `folder` of the new folder `staging`, made with its parents the first time
        /// it is asked for, and opened once: one look-up a page. Nil when it cannot be opened,
        /// or when `openFolderLimit` folders are open already (it is made all the same).
        private func openFolder(_ folder: String, under staging: String) throws -> FileSystem.OpenFolder? {
            if let open = lock.withLock({ openFolders[folder] }) { return open }
            try makeFolders(folder, under: staging, recordingCreated: false)
            guard lock.withLock({ openFolders.count < Self.openFolderLimit }),
                  let opened = writer.fileSystem.openFolder(staging + "/" + folder) else { return nil }
            // Another core may have opened it meanwhile: one is kept, the other closed as it goes.
            return lock.withLock {
                if let open = openFolders[folder] { return open }
                guard openFolders.count < Self.openFolderLimit else { return nil }
                openFolders[folder] = opened
                return opened
            }
        }

        /// Closes the folders `openFolder` opened; called once no page is written any more.
        package func closeOpenFolders() {
            lock.withLock { openFolders = [:] }
        }

        private func takeIntoOutput(_ path: String, _ bytes: [UInt8], renderKey: UInt64?) throws {
            switch writer.plan(path, bytes: bytes, renderKey: renderKey, previous: previous, intact: intact) {
            case .keep(let record):
                lock.withLock { records[path] = record }
            case .write(let bytes, let hash, let foreign):
                if let problem = lock.withLock({ writer.problem(writing: path, foreign: foreign, checked: &checkedFolders) }) {
                    lock.withLock { problems.append((path, problem)) }
                    return
                }
                if let (folder, _) = Self.split(path) { try makeFolders(folder, under: writer.root, recordingCreated: true) }
                let status = try AtomicFile.writeTemporary(bytes, for: writer.root + "/" + path, in: writer.fileSystem)
                lock.withLock { pending.append(Pending(path: path, hash: hash, renderKey: renderKey, status: status)) }
            case .blocked(let reason):
                lock.withLock { problems.append((path, .error(writer.display(path), reason, hint: "move it out of the output folder"))) }
            }
        }

        /// Makes the folder `folder` inside `base`, with its missing parents, parents first.
        /// Those made in the output folder itself are remembered, to be removed if the build fails.
        private func makeFolders(_ folder: String, under base: String, recordingCreated: Bool) throws {
            guard !lock.withLock({ knownFolders.contains(folder) }) else { return }
            // Folders made in the output folder itself are recorded, parents first, to be
            // removed again if the build fails: made under the lock. Those of a new folder go
            // with it: made outside the lock, where two cores may both make one (EEXIST).
            var prefix = ""
            for part in folder.split(separator: "/") {
                prefix = prefix.isEmpty ? String(part) : prefix + "/" + part
                let absolute = base + "/" + prefix
                if recordingCreated {
                    try lock.withLock {
                        guard knownFolders.insert(prefix).inserted, writer.fileSystem.status(absolute)?.kind != .directory else { return }
                        do {
                            if try writer.fileSystem.makeFolder(absolute) { createdFolders.append(absolute) }
                        } catch {
                            knownFolders.remove(prefix)
                            throw FileSystemError.naming(writer.display(prefix), error)
                        }
                    }
                } else {
                    guard !lock.withLock({ knownFolders.contains(prefix) }) else { continue }
                    do {
                        _ = try writer.fileSystem.makeFolder(absolute)
                    } catch {
                        throw FileSystemError.naming(writer.display(prefix), error)
                    }
                    lock.withLock { _ = knownFolders.insert(prefix) }
                }
            }
        }

        /// `path`'s folder and file name, split at its last `/` (found on its bytes, once per
        /// page); nil for a file at the top.
        private static func split(_ path: String) -> (folder: String, name: String)? {
            let utf8 = path.utf8
            let offset = utf8.withContiguousStorageIfAvailable { $0.lastIndex(of: UInt8(ascii: "/")) }
            guard let slash = offset.map({ $0.map { utf8.index(utf8.startIndex, offsetBy: $0) } }) ?? utf8.lastIndex(of: UInt8(ascii: "/"))
            else { return nil }
            return (String(utf8[..<slash])!, String(utf8[utf8.index(after: slash)...])!)
        }

        // MARK: The end

        /// Writes what the snapshot still holds, makes everything visible and writes the
        /// manifest (`base` supplies its other fields); or undoes everything and throws
        /// (`Collision` when pages collide with files Foldout did not write).
        public func finish(_ snapshot: OutputSnapshot, base: OutputManifest) throws -> (summary: Summary, manifest: OutputManifest) {
            open()
            defer { closeOpenFolders() }
            do {
                if let failure = lock.withLock({ failure }) { throw failure }
                if let staging {
                    if let done = try finishNewFolder(staging, snapshot, base: base) { return done }
                    return try finishFromNewFolder(staging, snapshot, base: base)
                }
                return try finishInOutput(snapshot, base: base)
            } catch {
                cancel()
                throw error
            }
        }

        /// Undoes what was written so far: the new folder, or the temporary files and the
        /// folders made for them. The output folder is as it was before the build.
        public func cancel() {
            closeOpenFolders()
            lock.withLock {
                if let staging {
                    writer.fileSystem.removeTree(staging)
                    return
                }
                for entry in pending { AtomicFile.discard(writer.root + "/" + entry.path, in: writer.fileSystem) }
                pending = []
                for folder in createdFolders.reversed() { try? writer.fileSystem.removeFolder(folder) }
                createdFolders = []
            }
        }

        /// A first build whose output folder appeared meanwhile: the usual way, with the
        /// files copied from the new folder, which is removed afterwards.
        private func finishFromNewFolder(_ staging: String, _ snapshot: OutputSnapshot,
                                         base: OutputManifest) throws -> (summary: Summary, manifest: OutputManifest) {
            var copy = OutputSnapshot()
            for path in snapshot.paths {
                if case .taken = snapshot.files[path]!, let record = records[path] {
                    copy.add(path, .copy(from: staging + "/" + path), renderKey: record.renderKey, contentDigest: record.hash)
                } else {
                    copy.add(path, snapshot.files[path]!, renderKey: snapshot.renderKeys[path], contentDigest: snapshot.contentDigests[path])
                }
            }
            let usual = Transaction(writer: writer, previous: previous, intact: givenIntact, progress: progress, allowsNewFolder: false)
            usual.open()
            defer { writer.fileSystem.removeTree(staging) }
            return try usual.finish(copy, base: base)
        }

        private func finishInOutput(_ snapshot: OutputSnapshot, base: OutputManifest) throws -> (summary: Summary, manifest: OutputManifest) {
            var summary = Summary()
            var manifest = base
            manifest.files = records
            summary.unchanged = records.count
            var problems = self.problems
            var newFiles: [(path: String, bytes: [UInt8], renderKey: UInt64?, hash: UInt64)] = []

            let paths = snapshot.paths.filter { if case .taken = snapshot.files[$0]! { false } else { true } }
            let steps = try Parallel.map(paths) { path in
                try self.writer.plan(path, snapshot: snapshot, previous: self.previous, intact: self.intact)
            }
            for (path, step) in zip(paths, steps) {
                switch step {
                case .keep(let record):
                    manifest.files[path] = record
                    summary.unchanged += 1
                case .write(let bytes, let hash, let foreign):
                    if let problem = writer.problem(writing: path, foreign: foreign, checked: &checkedFolders) {
                        problems.append((path, problem))
                    } else {
                        newFiles.append((path, bytes, snapshot.renderKeys[path], hash))
                    }
                case .blocked(let reason):
                    problems.append((path, .error(writer.display(path), reason, hint: "move it out of the output folder")))
                }
            }
            if !problems.isEmpty {
                throw Collision(diagnostics: problems.sorted { $0.path < $1.path }.map(\.diagnostic))
            }

            // Files of the previous build that this one does not produce.
            var stale: [String] = []
            for path in previous.files.keys.sorted() where snapshot.files[path] == nil {
                if intact.contains(path) {
                    stale.append(path)
                } else if writer.fileSystem.status(writer.root + "/" + path) != nil {
                    summary.notices.append(.warning(writer.display(path), "was changed after Foldout wrote it and is no longer produced; left in place",
                                                    hint: "delete it if it is not needed"))
                }
            }

            // Phase 1, for what the snapshot still held: temporary files; any failure undoes all.
            let counter = progress.map { BuildProgress.Counter(stage: "write", total: newFiles.count, reporter: $0) }
            let statuses = try Parallel.map(newFiles) { entry in
                defer { counter?.advance() }
                return Result {
                    if let (folder, _) = Self.split(entry.path) {
                        try self.makeFolders(folder, under: self.writer.root, recordingCreated: true)
                    }
                    return try AtomicFile.writeTemporary(entry.bytes, for: self.writer.root + "/" + entry.path, in: self.writer.fileSystem)
                }
            }
            for (entry, status) in zip(newFiles, statuses) {
                if case .success(let info) = status {
                    pending.append(Pending(path: entry.path, hash: entry.hash, renderKey: entry.renderKey, status: info))
                }
            }
            if let failure = statuses.first(where: { if case .failure = $0 { true } else { false } }), case .failure(let error) = failure {
                throw error
            }

            // Phase 2: rename into place, then remove what is stale.
            let all = pending.sorted { $0.path < $1.path }
            for (index, entry) in all.enumerated() {
                do {
                    try AtomicFile.commit(writer.root + "/" + entry.path, in: writer.fileSystem)
                } catch {
                    // Cannot happen short of a disk failure; record what is in place so the next build knows.
                    for later in all[(index + 1)...] { AtomicFile.discard(writer.root + "/" + later.path, in: writer.fileSystem) }
                    lock.withLock { pending = [] }
                    for path in previous.files.keys where manifest.files[path] == nil && intact.contains(path) {
                        manifest.files[path] = previous.files[path]
                    }
                    try? manifest.write(root: writer.root, fileSystem: writer.fileSystem)
                    throw error
                }
                manifest.files[entry.path] = .init(hash: entry.hash, size: entry.status.size, modified: entry.status.modified,
                                                   renderKey: entry.renderKey)
            }
            lock.withLock {
                pending = []
                createdFolders = []
            }
            summary.written = all.count
            for path in stale {
                if (try? writer.fileSystem.removeFile(writer.root + "/" + path)) != nil {
                    summary.removed += 1
                    writer.removeEmptyFolders(above: path)
                } else {
                    manifest.files[path] = previous.files[path]
                }
            }
            summary.changedPaths = (all.map(\.path) + stale).sorted()
            try manifest.write(root: writer.root, fileSystem: writer.fileSystem)
            return (summary, manifest)
        }
    }
}
