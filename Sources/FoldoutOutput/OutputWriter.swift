import FoldoutBase
import FoldoutRendering
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
/// All new contents are first written into a staging folder outside the output folder
/// (`OutputStaging`); only when every one of them succeeded and no page collides are they
/// published (`publish`: journal, renames, removals, manifest). A failure before that point
/// removes the staging folder, so the output folder is left byte for byte as it was, and a
/// build killed at any point leaves one the next build repairs. A first build, into a
/// folder that does not exist yet, is written beside it and renamed into place
/// (`openNewFolder`). A build writes through a `Transaction`, which takes pages as they are
/// rendered; `apply` is the same for a snapshot made beforehand.
package struct OutputWriter: Sendable {
    package var root: String
    /// Overwrite files Foldout did not write when a page needs their path.
    package var force: Bool
    /// Where the output folder is, and where copied files are read from.
    package var fileSystem: FileSystem

    package init(root: String, force: Bool = false, fileSystem: FileSystem = .local) {
        self.root = root
        self.force = force
        self.fileSystem = fileSystem
    }

    package struct Summary: Sendable, Equatable {
        package var written = 0
        package var unchanged = 0
        package var removed = 0
        /// Paths written or removed, sorted: what a live preview reloads for.
        package var changedPaths: [String] = []
        /// Files left in place although the manifest listed them (edited after Foldout wrote them).
        package var notices: [Diagnostic] = []
        package init() {}
    }

    /// Produced paths that belong to someone else; nothing was written.
    package struct Collision: Error, Sendable {
        package var diagnostics: [Diagnostic]
    }

    /// Writing failed (a full disk, a read-only folder). `outputChanged` says whether the
    /// output folder holds part of this build: only when a rename failed after others had
    /// succeeded, and then its manifest and journal say which files are which.
    package struct WriteFailure: Error, Sendable, CustomStringConvertible {
        package var diagnostics: [Diagnostic]
        package var outputChanged: Bool
        package var description: String { diagnostics.map(\.description).joined(separator: "\n") }

        /// `error` writing the file the user knows as `file`: what went wrong and what to do.
        package init(_ error: any Error, file: String? = nil, root: String, outputChanged: Bool) {
            self.outputChanged = outputChanged
            if let unreadable = error as? SourceUnreadable {
                self.diagnostics = [.unreadable(unreadable.source, unreadable.error)]
                return
            }
            let reason = (error as? FileSystemError)?.reason ?? "\(error)"
            let path = file ?? (error as? FileSystemError)?.path ?? root
            let message =
                outputChanged
                ? "cannot be published: \(reason); \(root) now holds part of this build (its manifest says which files)"
                : "cannot be written: \(reason)"
            self.diagnostics = [.error(path, message, hint: Self.hint(for: reason, root: root, outputChanged: outputChanged))]
        }

        /// What to do about a failure the system describes as `reason` (its `strerror` text).
        private static func hint(for reason: String, root: String, outputChanged: Bool) -> String {
            func text(_ code: Int32) -> String { String(cString: strerror(code)) }
            let fix: String
            switch reason {
            case text(ENOSPC), text(EDQUOT):
                fix =
                    "free space on the disk that holds \(root) (a build needs room for the files it changes, "
                    + "staged in .foldout-cache beside it)"
            case text(EROFS), text(EACCES), text(EPERM):
                fix = "make \(root) and the folder .foldout-cache beside it writable, or build into another folder with --output"
            case text(EXDEV):
                fix = "\(root) is on another file system than its parent folder; build into a folder inside it instead"
            default:
                fix = "check that \(root) is writable and its disk works"
            }
            return fix + (outputChanged ? ", then build again: the next build finishes the job" : ", then build again")
        }
    }

    /// A file to be copied from the content folder (an image, a PDF) could not be read: the
    /// source's problem, reported as such rather than as a folder that cannot be written.
    package struct SourceUnreadable: Error, Sendable {
        var source: String
        var error: FileSystemError
    }

    /// The bytes of `source`, a file the site copies.
    package func readSource(_ source: String) throws -> [UInt8] {
        do {
            return try fileSystem.readFile(source)
        } catch {
            throw SourceUnreadable(source: source, error: error as? FileSystemError ?? FileSystemError(path: source, reason: "\(error)"))
        }
    }

    /// Applies `snapshot` and returns what was done and the new manifest, which has already
    /// been written into the folder. `base` supplies the manifest's other fields (fingerprint,
    /// page count, warnings). `intact` are the paths of `previous` whose files are untouched
    /// on disk (computed here when nil).
    package func apply(
        _ snapshot: OutputSnapshot, previous: OutputManifest, intact: Set<String>? = nil,
        base: OutputManifest = OutputManifest(),
        progress: BuildProgress.Reporter? = nil
    ) throws -> (summary: Summary, manifest: OutputManifest) {
        let transaction = Transaction(writer: self, previous: previous, intact: intact, progress: progress)
        transaction.open()
        return try transaction.finish(snapshot, base: base)
    }

    /// A build's writing as one transaction (see `Transaction`): opened before the first page
    /// is rendered, so pages can be written as they come.
    package func transaction(
        previous: OutputManifest, intact: Set<String>? = nil,
        progress: BuildProgress.Reporter? = nil
    ) -> Transaction {
        Transaction(writer: self, previous: previous, intact: intact, progress: progress)
    }

    // MARK: Planning

    package enum Step {
        /// The file on disk is right; record it.
        case keep(OutputManifest.Record)
        /// Write these bytes; `foreign` explains whose file is in the way, if any.
        case write([UInt8], hash: UInt64, foreign: String?)
        /// Something that must not be replaced is at the path.
        case blocked(String)
    }

    /// The step for a path of the snapshot that was not handed to a transaction as it was rendered.
    package func plan(_ path: String, snapshot: OutputSnapshot, previous: OutputManifest, intact: Set<String>) throws -> Step {
        let renderKey = snapshot.renderKeys[path]
        let record = previous.files[path]
        let isOurs = record != nil && intact.contains(path)
        switch snapshot.files[path]! {
        case .kept:
            guard let record, isOurs else {
                throw FileSystemError(path: display(path), reason: "was to be kept, but is not Foldout's unchanged file")
            }
            return .keep(.init(hash: record.hash, size: record.size, modified: record.modified, renderKey: renderKey))
        case .bytes(let data):
            return plan(path, bytes: data, renderKey: renderKey, previous: previous, intact: intact)
        case .copy(let source):
            if let record, isOurs, let digest = snapshot.contentDigests[path], digest == record.hash {
                return .keep(.init(hash: digest, size: record.size, modified: record.modified, renderKey: renderKey))
            }
            return plan(path, bytes: try readSource(source), renderKey: renderKey, previous: previous, intact: intact)
        case .taken:
            preconditionFailure("a page taken by a transaction is planned when it is taken")
        }
    }

    /// The step for `bytes` at `path`: the file on disk may already hold them.
    package func plan(_ path: String, bytes: [UInt8], renderKey: UInt64?, previous: OutputManifest, intact: Set<String>) -> Step {
        let record = previous.files[path]
        let isOurs = record != nil && intact.contains(path)
        let hash = ContentHash.of(bytes)
        if let record, isOurs {
            if record.hash == hash { return .keep(.init(hash: hash, size: record.size, modified: record.modified, renderKey: renderKey)) }
            return .write(bytes, hash: hash, foreign: nil)
        }
        guard let status = fileSystem.status(root + "/" + path) else { return .write(bytes, hash: hash, foreign: nil) }
        switch status.kind {
        case .file:
            // Already holds exactly these bytes (a previous build whose manifest is gone): adopt it.
            if status.size == bytes.count, (try? fileSystem.readFile(root + "/" + path)) == bytes {
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

    /// The error for a planned write that must not happen (a file, link or foreign file in
    /// the way), or nil.
    package func problem(writing path: String, foreign: String?, checked: inout [String: FileSystem.EntryKind?]) -> Diagnostic? {
        if let blocker = blockingAncestor(of: path, checked: &checked) {
            let what = blocker.kind == FileSystem.EntryKind.symbolicLink ? "a symbolic link" : "a file"
            return .error(
                display(blocker.path), "is \(what), but Foldout needs a folder here for `\(path)`",
                hint: "move it out of the output folder")
        }
        if let foreign, !force {
            return .error(
                display(path), "exists and was not written by Foldout; the build would overwrite it (\(foreign))",
                hint: "move it out of the output folder, or pass --force to overwrite it")
        }
        return nil
    }

    /// The first ancestor of `path` inside the output folder that exists as something other
    /// than a real folder. A symbolic link counts: writing through it could land outside.
    package func blockingAncestor(of path: String, checked: inout [String: FileSystem.EntryKind?])
        -> (path: String, kind: FileSystem.EntryKind)?
    {
        var prefix = ""
        for part in path.split(separator: "/").dropLast() {
            prefix = prefix.isEmpty ? String(part) : prefix + "/" + part
            let kind: FileSystem.EntryKind?
            if let known = checked[prefix] {
                kind = known
            } else {
                kind = fileSystem.status(root + "/" + prefix)?.kind
                checked[prefix] = kind
            }
            if let kind, kind != .directory { return (prefix, kind) }
        }
        return nil
    }

    // MARK: Folders

    package static func folders(of paths: [String]) -> [String] {
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

    package func createFolder(_ path: String, display: String) throws {
        do {
            _ = try fileSystem.makeFolder(path)
        } catch {
            throw FileSystemError.naming(display, error)
        }
    }

    /// Removes folders left empty by a removal, up to the output folder itself. Folders that
    /// still hold anything (someone else's files among them) stay.
    package func removeEmptyFolders(above path: String) {
        var parts = path.split(separator: "/").dropLast()
        while !parts.isEmpty {
            guard (try? fileSystem.removeFolder(root + "/" + parts.joined(separator: "/"))) != nil else { return }
            parts = parts.dropLast()
        }
    }

    package func display(_ path: String) -> String {
        root.hasSuffix("/") ? root + path : root + "/" + path
    }
}
