import Foundation
import FoldoutBase

extension OutputWriter {
    /// A page a rebuild rendered again, with its new render key (nil for a file made without
    /// one, such as a search shard).
    package struct Replacement: Sendable {
        package var path: String
        package var bytes: [UInt8]
        package var renderKey: UInt64?

        package init(path: String, bytes: [UInt8], renderKey: UInt64?) {
            self.path = path
            self.bytes = bytes
            self.renderKey = renderKey
        }
    }

    /// Applies a rebuild that knows the only pages that can have changed (see `QuickRebuild`):
    /// each of `pages` whose bytes differ from the file the previous build wrote is written
    /// (atomically, all to temporary files first, as `apply` does); every other file of the
    /// previous build stays as it is. The caller has checked that every file the manifest
    /// lists is Foldout's and untouched, and that each page is one of them. Returns what was
    /// done and the new manifest, already written; `base` supplies its fingerprint, page
    /// count and warnings.
    package func replace(_ pages: [Replacement], previous: OutputManifest,
                 base: OutputManifest) throws -> (summary: Summary, manifest: OutputManifest) {
        var manifest = base
        manifest.files = previous.files
        var pending: [(page: Replacement, hash: UInt64)] = []
        for page in pages {
            let hash = ContentHash.of(page.bytes)
            guard var record = previous.files[page.path] else {
                throw FileSystemError(path: display(page.path), reason: "was to be replaced, but is not Foldout's file")
            }
            if record.hash == hash {
                record.renderKey = page.renderKey
                manifest.files[page.path] = record
            } else {
                pending.append((page, hash))
            }
        }
        var statuses: [FileStatus] = []
        do {
            for entry in pending { statuses.append(try AtomicFile.writeTemporary(entry.page.bytes, for: root + "/" + entry.page.path, in: fileSystem)) }
        } catch {
            for entry in pending { AtomicFile.discard(root + "/" + entry.page.path, in: fileSystem) }
            throw error
        }
        for (index, (entry, status)) in zip(pending, statuses).enumerated() {
            do {
                try AtomicFile.commit(root + "/" + entry.page.path, in: fileSystem)
            } catch {
                // Cannot happen short of a disk failure; record what is in place so the next build knows.
                // Not every page is up to date, so no later build may take the folder as such.
                for later in pending[(index + 1)...] { AtomicFile.discard(root + "/" + later.page.path, in: fileSystem) }
                manifest.fingerprint = nil
                try? manifest.write(root: root, fileSystem: fileSystem)
                throw error
            }
            manifest.files[entry.page.path] = .init(hash: entry.hash, size: status.size, modified: status.modified,
                                                    renderKey: entry.page.renderKey)
        }
        try manifest.write(root: root, fileSystem: fileSystem)
        var summary = Summary()
        summary.written = pending.count
        summary.unchanged = manifest.files.count - pending.count
        summary.changedPaths = pending.map(\.page.path).sorted()
        return (summary, manifest)
    }
}
