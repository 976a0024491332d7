import FoldoutBase
import FoldoutRendering
import Foundation

extension OutputWriter {
    /// A first build, when the output folder does not exist yet: every file is written
    /// straight into a new folder in Foldout's own `.foldout-cache` beside the output folder
    /// (held under the build lock), the manifest with them, and that folder is renamed into
    /// place, so readers see no site and then the whole site. No file needs a temporary name
    /// of its own, a rename, or a look at the disk first, each another change or look-up in
    /// its folder. A failure removes the new folder, so there is still no output folder.
    ///
    /// Makes that folder and returns its path; nil, having changed nothing, where this cannot
    /// be done (the output folder exists, or `.foldout-cache` cannot be made): the build then
    /// goes the usual way.
    package func openNewFolder() -> String? {
        let staging = SidecarFile.path(forOutput: root, suffix: ".new")
        guard fileSystem.status(newFolderTarget) == nil, let slash = staging.lastIndex(of: "/") else { return nil }
        let sidecar = String(staging[..<slash])
        guard (try? fileSystem.makeFolder(sidecar)) != nil else { return nil }
        // A folder of that name is what a stopped build left in Foldout's own folder.
        if fileSystem.status(staging) != nil { fileSystem.removeTree(staging) }
        guard (try? fileSystem.makeFolder(staging)) == true else { return nil }
        return staging
    }

    /// The output folder's path without trailing slashes, as `rename` wants it.
    package var newFolderTarget: String {
        var target = Substring(root)
        while target.count > 1, target.hasSuffix("/") { target = target.dropLast() }
        return String(target)
    }
}

extension OutputWriter.Transaction {
    /// Writes what the snapshot still holds into the new folder `staging`, with the manifest,
    /// and renames the folder into place. Nil where that cannot be done, having changed
    /// nothing outside the new folder: the output folder appeared meanwhile, or a page was to
    /// be kept from a previous build, which a first build does not have.
    package func finishNewFolder(
        _ staging: String, _ snapshot: OutputSnapshot,
        base: OutputManifest
    ) throws -> (summary: OutputWriter.Summary, manifest: OutputManifest)? {
        if snapshot.files.values.contains(.kept) { return nil }
        let rest = snapshot.files.compactMap { path, contents -> String? in
            if case .taken = contents { return nil }
            return path
        }
        let counter = progress.map { BuildProgress.Counter(stage: "write", total: rest.count, reporter: $0) }
        let written = try Parallel.map(rest) { path -> OutputManifest.Record in
            defer { counter?.advance() }
            let bytes: [UInt8]
            switch snapshot.files[path]! {
            case .bytes(let data): bytes = data
            case .copy(let source): bytes = try writer.readSource(source)
            case .kept, .taken: preconditionFailure("left out above")
            }
            return try self.writeIntoNewFolder(staging, path, bytes, renderKey: snapshot.renderKeys[path])
        }
        var manifest = base
        manifest.files = lock.withLock { records }
        for (path, record) in zip(rest, written) { manifest.files[path] = record }
        // Sorted once, for the manifest and the summary, beside the check: both go over every path.
        let (paths, unwritten) = Parallel.both(
            { snapshot.paths },
            { [manifest] in
                snapshot.files.keys.first { manifest.files[$0] == nil }
            })
        if let unwritten { throw FileSystemError(path: writer.display(unwritten), reason: "was rendered but not written") }
        try manifest.write(root: staging, fileSystem: writer.fileSystem, sortedPaths: paths)
        // rename() replaces only an empty folder; one made meanwhile with files in it stays.
        guard (try? writer.fileSystem.rename(staging, writer.newFolderTarget)) != nil else { return nil }
        var summary = OutputWriter.Summary()
        summary.written = snapshot.files.count
        summary.changedPaths = paths
        return (summary, manifest)
    }
}
