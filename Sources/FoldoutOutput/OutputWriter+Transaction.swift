import FoldoutBase
import FoldoutRendering
import Foundation

extension OutputWriter {
    /// One build's writing, from before its first page is rendered to the new manifest. Pages
    /// are handed to `take` as they are rendered (from several threads) and dealt with at
    /// once, so they are never all in memory together; `finish` deals with the rest of the
    /// snapshot (assets, the sitemap) and makes the result visible, or undoes everything.
    ///
    /// A first build (the output folder does not exist) writes every file straight into a new
    /// folder in `.foldout-cache`, renamed into place by `finish` (see `openNewFolder`).
    /// Otherwise a page whose bytes equal the file the previous build wrote is left alone, and
    /// any other is written into the staging folder outside the output folder
    /// (`OutputStaging`): `finish` publishes them (`publish`) only when no page collides with
    /// a file Foldout did not write and every write succeeded. Until then nothing in the
    /// output folder changes, and a failure or a collision removes the staging folder, so the
    /// folder is left as it was, byte for byte.
    package final class Transaction: OutputSink, @unchecked Sendable {
        package let writer: OutputWriter
        package let previous: OutputManifest
        private let givenIntact: Set<String>?
        package let progress: BuildProgress.Reporter?
        /// Whether a first build may go into a new folder (not when `finish` falls back from one).
        private let allowsNewFolder: Bool

        package let lock = NSLock()
        private var isOpen = false
        /// The new folder a first build fills, or nil.
        private(set) var newFolder: String?
        /// Where a rebuild's changed files wait to be published, or nil.
        private(set) var staging: OutputStaging?
        private(set) var intact: Set<String> = []
        /// The first error of a page's writing; later pages are not written.
        private var failure: (any Error)?
        /// Pages taken: their records once written into the new folder, or left alone.
        private(set) var records: [String: OutputManifest.Record] = [:]
        /// Pages taken and written into the staging folder, to be renamed into place.
        private var staged: [StagedFile] = []
        /// Pages taken that must not be written.
        private var problems: [(path: String, diagnostic: Diagnostic)] = []
        /// Folders known to be there, relative to the folder pages are written into (the new
        /// folder or the staging folder's `site`); what is in the output folder, by path.
        private var knownFolders: Set<String> = []
        private var checkedFolders: [String: FileSystem.EntryKind?] = [:]
        /// The new folder's folders, open, by path relative to it: a page is created by its
        /// name in its open folder, not by a path the kernel walks folder by folder, which
        /// deep in `.foldout-cache/NAME.new` is a fair part of creating the file.
        private var openFolders: [String: FileSystem.OpenFolder] = [:]

        package init(
            writer: OutputWriter, previous: OutputManifest, intact: Set<String>?, progress: BuildProgress.Reporter?,
            allowsNewFolder: Bool = true
        ) {
            self.writer = writer
            self.previous = previous
            self.givenIntact = intact
            self.progress = progress
            self.allowsNewFolder = allowsNewFolder
        }

        /// Gets the output folder ready: a first build's new folder, or the output folder and
        /// its parents (like `mkdir -p`). Called once every page is known to be wanted, right
        /// before rendering (`expect`), or by the first page; a problem here is reported by `finish`.
        package func open() {
            lock.withLock {
                guard !isOpen else { return }
                isOpen = true
                if previous.files.isEmpty, allowsNewFolder, let folder = writer.openNewFolder() {
                    newFolder = folder
                    return
                }
                intact = givenIntact ?? previous.intactPaths(root: writer.root, fileSystem: writer.fileSystem)
                do {
                    var ancestor = writer.root.hasPrefix("/") ? "" : "."
                    for part in writer.root.split(separator: "/") {
                        ancestor += "/" + part
                        try writer.createFolder(ancestor, display: writer.root)
                    }
                    staging = try OutputStaging.open(for: writer.root, fileSystem: writer.fileSystem, keepingNewFolder: !allowsNewFolder)
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

        package func expect(pages count: Int) {
            open()
            lock.withLock { records.reserveCapacity(records.count + count) }
        }

        /// A page stands when the previous build wrote it from the same inputs and the file
        /// is untouched since.
        package func keeps(_ path: String, renderKey: UInt64) -> Bool {
            previous.files[path]?.renderKey == renderKey && intact.contains(path)
        }

        package func take(_ path: String, _ bytes: [UInt8], renderKey: UInt64?) -> OutputSnapshot.Contents {
            open()
            guard lock.withLock({ failure == nil }) else { return .taken }
            do {
                if let newFolder {
                    let record = try writeIntoNewFolder(newFolder, path, bytes, renderKey: renderKey)
                    lock.withLock { records[path] = record }
                } else {
                    try takeIntoOutput(path, bytes, renderKey: renderKey)
                }
            } catch {
                lock.withLock { if failure == nil { failure = error } }
            }
            return .taken
        }

        /// Writes `bytes` into the new folder or the staging folder `staging`, with its parent
        /// folders; `hash` is their digest when known already.
        package func writeIntoNewFolder(
            _ staging: String, _ path: String, _ bytes: [UInt8], renderKey: UInt64?,
            hash: UInt64? = nil
        ) throws -> OutputManifest.Record {
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
            return .init(hash: hash ?? ContentHash.of(bytes), size: status.size, modified: status.modified, renderKey: renderKey)
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
            try makeFolders(folder, under: staging)
            guard lock.withLock({ openFolders.count < Self.openFolderLimit }),
                let opened = writer.fileSystem.openFolder(staging + "/" + folder)
            else { return nil }
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
                let record = try writeIntoNewFolder(staging!.site, path, bytes, renderKey: renderKey, hash: hash)
                lock.withLock { staged.append(StagedFile(path: path, record: record)) }
            case .blocked(let reason):
                lock.withLock { problems.append((path, .error(writer.display(path), reason, hint: "move it out of the output folder"))) }
            }
        }

        /// Makes the folder `folder` inside `base` (the new or the staging folder), with its
        /// missing parents, parents first. Made outside the lock, where two cores may both
        /// make one (EEXIST); the folder goes with `base` when the build fails.
        private func makeFolders(_ folder: String, under base: String) throws {
            guard !lock.withLock({ knownFolders.contains(folder) }) else { return }
            var prefix = ""
            for part in folder.split(separator: "/") {
                prefix = prefix.isEmpty ? String(part) : prefix + "/" + part
                guard !lock.withLock({ knownFolders.contains(prefix) }) else { continue }
                do {
                    _ = try writer.fileSystem.makeFolder(base + "/" + prefix)
                } catch {
                    throw FileSystemError.naming(writer.display(prefix), error)
                }
                lock.withLock { _ = knownFolders.insert(prefix) }
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
        /// (`Collision` when pages collide with files Foldout did not write, `WriteFailure`
        /// when a file cannot be written).
        package func finish(_ snapshot: OutputSnapshot, base: OutputManifest) throws -> (summary: Summary, manifest: OutputManifest) {
            open()
            defer { closeOpenFolders() }
            do {
                if let failure = lock.withLock({ failure }) { throw failure }
                if let newFolder {
                    if let done = try finishNewFolder(newFolder, snapshot, base: base) { return done }
                    return try finishFromNewFolder(newFolder, snapshot, base: base)
                }
                return try finishInOutput(snapshot, base: base)
            } catch let error as Collision {
                cancel()
                throw error
            } catch let error as WriteFailure {
                cancel()
                throw error
            } catch {
                cancel()
                throw WriteFailure(error, root: writer.root, outputChanged: false)
            }
        }

        /// Undoes what was written so far: the new folder or the staging folder goes. The
        /// output folder is as it was before the build.
        package func cancel() {
            closeOpenFolders()
            lock.withLock {
                if let newFolder { writer.fileSystem.removeTree(newFolder) }
                staging?.remove(fileSystem: writer.fileSystem)
                staged = []
            }
        }

        /// A first build whose output folder appeared meanwhile: the usual way, with the
        /// files copied from the new folder, which is removed afterwards.
        private func finishFromNewFolder(
            _ newFolder: String, _ snapshot: OutputSnapshot,
            base: OutputManifest
        ) throws -> (summary: Summary, manifest: OutputManifest) {
            var copy = OutputSnapshot()
            for path in snapshot.paths {
                if case .taken = snapshot.files[path]!, let record = records[path] {
                    copy.add(path, .copy(from: newFolder + "/" + path), renderKey: record.renderKey, contentDigest: record.hash)
                } else {
                    copy.add(path, snapshot.files[path]!, renderKey: snapshot.renderKeys[path], contentDigest: snapshot.contentDigests[path])
                }
            }
            let usual = Transaction(writer: writer, previous: previous, intact: givenIntact, progress: progress, allowsNewFolder: false)
            usual.open()
            defer { writer.fileSystem.removeTree(newFolder) }
            return try usual.finish(copy, base: base)
        }

        private func finishInOutput(_ snapshot: OutputSnapshot, base: OutputManifest) throws -> (summary: Summary, manifest: OutputManifest) {
            guard let staging else { preconditionFailure("a rebuild's transaction has a staging folder once open") }
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

            // Files of the previous build that this one does not produce; and those no longer
            // on disk, whose folders may have been left empty by a build that was stopped.
            var stale: [String] = []
            var vanished: [String] = []
            for path in previous.files.keys.sorted() where snapshot.files[path] == nil {
                if intact.contains(path) {
                    stale.append(path)
                } else if writer.fileSystem.status(writer.root + "/" + path) != nil {
                    summary.notices.append(
                        .warning(
                            writer.display(path), "was changed after Foldout wrote it and is no longer produced; left in place",
                            hint: "delete it if it is not needed"))
                } else {
                    vanished.append(path)
                }
            }

            // What the snapshot still held goes into the staging folder too.
            let counter = progress.map { BuildProgress.Counter(stage: "write", total: newFiles.count, reporter: $0) }
            let written = try Parallel.map(newFiles) { entry in
                defer { counter?.advance() }
                return StagedFile(
                    path: entry.path,
                    record: try self.writeIntoNewFolder(
                        staging.site, entry.path, entry.bytes, renderKey: entry.renderKey, hash: entry.hash))
            }
            let all = lock.withLock { staged + written }
            closeOpenFolders()
            try writer.publish(
                all, removing: stale, vanished: vanished, previous: previous, manifest: &manifest,
                staging: staging, summary: &summary)
            staging.remove(fileSystem: writer.fileSystem)
            lock.withLock { staged = [] }
            return (summary, manifest)
        }
    }
}
