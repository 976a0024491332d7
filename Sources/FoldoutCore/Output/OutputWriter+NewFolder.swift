import Foundation

extension OutputWriter {
    /// A first build, when the output folder does not exist yet: every file is written
    /// straight into a new folder in Foldout's own `.foldout-cache` beside the output folder
    /// (held under the build lock), the manifest with them, and that folder is renamed into
    /// place, so readers see no site and then the whole site. No file needs a temporary name
    /// of its own, a rename, or a look at the disk first: on this kind of disk, writing 10,000
    /// files directly took half the time of writing them under temporary names and renaming
    /// each. A failure removes the new folder, so there is still no output folder.
    ///
    /// Returns nil, having changed nothing, where this cannot be done (the output folder or
    /// `.foldout-cache` cannot be made, or the output folder appeared meanwhile): `apply`
    /// then goes the usual way.
    func applyToNewFolder(_ snapshot: OutputSnapshot, base: OutputManifest,
                          progress: BuildProgress.Reporter?) throws -> (summary: Summary, manifest: OutputManifest)? {
        var target = Substring(root)
        while target.count > 1, target.hasSuffix("/") { target = target.dropLast() }
        let staging = BuildCache.sidecarPath(forOutput: root, suffix: ".new")
        guard FileStatus(String(target)) == nil, let slash = staging.lastIndex(of: "/"),
              snapshot.paths.allSatisfy({ if case .kept = snapshot.files[$0]! { false } else { true } }) else { return nil }
        let sidecar = String(staging[..<slash])
        if mkdir(sidecar, 0o755) != 0, errno != EEXIST { return nil }
        // A folder of that name is what a stopped build left in Foldout's own folder.
        if FileStatus(staging) != nil { try? FileManager.default.removeItem(atPath: staging) }
        guard mkdir(staging, 0o755) == 0 else { return nil }

        let paths = snapshot.paths
        var manifest = base
        manifest.files = [:]
        do {
            for folder in Self.folders(of: paths) {
                guard mkdir(staging + "/" + folder, 0o755) == 0 else {
                    throw FileSystemError(path: display(folder), reason: String(cString: strerror(errno)))
                }
            }
            let counter = progress.map { BuildProgress.Counter(stage: "write", total: paths.count, reporter: $0) }
            let records = try Parallel.map(paths) { path -> OutputManifest.Record in
                defer { counter?.advance() }
                let bytes: [UInt8]
                switch snapshot.files[path]! {
                case .bytes(let data): bytes = data
                case .copy(let source): bytes = try FileSystem.local.readFile(source)
                case .kept: preconditionFailure("checked above")
                }
                let status = try AtomicFile.writeWhole(bytes, to: staging + "/" + path, reportedAs: display(path))
                return .init(hash: ContentHash.of(bytes), size: status.size, modified: status.modified,
                             renderKey: snapshot.renderKeys[path])
            }
            for (path, record) in zip(paths, records) { manifest.files[path] = record }
            try manifest.write(root: staging)
        } catch {
            try? FileManager.default.removeItem(atPath: staging)
            throw error
        }
        // rename() replaces only an empty folder; one made meanwhile with files in it stays.
        guard rename(staging, String(target)) == 0 else {
            try? FileManager.default.removeItem(atPath: staging)
            return nil
        }
        var summary = Summary()
        summary.written = paths.count
        summary.changedPaths = paths.sorted()
        return (summary, manifest)
    }
}
