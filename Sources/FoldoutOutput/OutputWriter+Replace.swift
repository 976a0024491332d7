import FoldoutBase
import Foundation

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
    /// each of `pages` whose bytes differ from the file the previous build wrote is staged and
    /// published as `publish` does; every other file of the previous build stays as it is.
    /// The caller has checked that every file the manifest lists is Foldout's and untouched,
    /// and that each page is one of them. Returns what was done and the new manifest, already
    /// written; `base` supplies its fingerprint, page count and warnings.
    package func replace(
        _ pages: [Replacement], previous: OutputManifest,
        base: OutputManifest
    ) throws -> (summary: Summary, manifest: OutputManifest) {
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
        let staging: OutputStaging
        do {
            staging = try OutputStaging.open(for: root, fileSystem: fileSystem)
        } catch {
            throw WriteFailure(error, root: root, outputChanged: false)
        }
        defer { staging.remove(fileSystem: fileSystem) }
        var staged: [StagedFile] = []
        for entry in pending {
            let path = entry.page.path
            do {
                if let slash = path.lastIndex(of: "/") {
                    var prefix = ""
                    for part in path[..<slash].split(separator: "/") {
                        prefix += (prefix.isEmpty ? "" : "/") + part
                        _ = try fileSystem.makeFolder(staging.site + "/" + prefix)
                    }
                }
                let status = try fileSystem.writeFile(staging.site + "/" + path) { write in try entry.page.bytes.withUnsafeBytes(write) }
                staged.append(
                    StagedFile(
                        path: path,
                        record: .init(
                            hash: entry.hash, size: status.size, modified: status.modified,
                            renderKey: entry.page.renderKey)))
            } catch {
                throw WriteFailure(error, file: display(path), root: root, outputChanged: false)
            }
        }
        var summary = Summary()
        try publish(staged, removing: [], previous: previous, manifest: &manifest, staging: staging, summary: &summary)
        summary.unchanged = manifest.files.count - staged.count
        return (summary, manifest)
    }
}
