import FoldoutBase

/// Where a rebuild writes the files it is about to publish, so that no half-made or
/// temporary file is ever where a web server publishes: `.foldout-cache/NAME.staging` beside
/// the output folder NAME, on the same file system as its parent, so each file (or a whole
/// new folder) moves into place by one rename. Where the output folder is a file system of
/// its own (a mount point, which rename cannot cross into) it is the hidden folder
/// `.foldout-staging` inside it. Either is removed when the build ends, and any a stopped
/// build left is removed by the next.
package struct OutputStaging: Sendable {
    /// The folder as a whole.
    package let folder: String
    /// The staged files, by their paths in the output folder.
    package var site: String { folder + "/site" }
    /// The temporary names of the journal and the manifest, renamed into the output folder.
    package var journal: String { folder + "/journal" }
    package var manifest: String { folder + "/manifest" }

    package static let nameInside = ".foldout-staging"

    /// Removes what a stopped build left (a staging folder and, unless `keepingNewFolder`, a
    /// first build's new folder) and makes an empty staging folder for the output folder
    /// `root`, which exists.
    package static func open(for root: String, fileSystem: FileSystem, keepingNewFolder: Bool = false) throws -> OutputStaging {
        removeLeftovers(of: root, fileSystem: fileSystem, keepingNewFolder: keepingNewFolder)
        let beside = SidecarFile.path(forOutput: root, suffix: ".staging")
        let folder = isMountPoint(root, fileSystem: fileSystem) ? root + "/" + nameInside : beside
        var made: [String] = []
        if folder == beside, let slash = beside.lastIndex(of: "/") { made.append(String(beside[..<slash])) }
        made += [folder, folder + "/site"]
        for path in made {
            do {
                _ = try fileSystem.makeFolder(path)
            } catch {
                throw FileSystemError.naming(path, error)
            }
        }
        return OutputStaging(folder: folder)
    }

    /// Removes the staging folder and all it still holds.
    package func remove(fileSystem: FileSystem) {
        fileSystem.removeTree(folder)
    }

    /// Removes the folders a stopped build may have left for the output folder `root`.
    package static func removeLeftovers(of root: String, fileSystem: FileSystem, keepingNewFolder: Bool = false) {
        var folders = [SidecarFile.path(forOutput: root, suffix: ".staging"), root + "/" + nameInside]
        if !keepingNewFolder { folders.append(SidecarFile.path(forOutput: root, suffix: ".new")) }
        for folder in folders where fileSystem.status(folder) != nil {
            fileSystem.removeTree(folder)
        }
    }

    /// Whether the output folder is on another device than Foldout's folder beside it, told
    /// by two files known to be there (the build lock and the manifest); false when unknown.
    private static func isMountPoint(_ root: String, fileSystem: FileSystem) -> Bool {
        let lock = SidecarFile.path(forOutput: root, suffix: ".lock")
        guard let slash = lock.lastIndex(of: "/"),
              let beside = fileSystem.stamps(String(lock[..<slash]), [String(lock[lock.index(after: slash)...])]).first ?? nil,
              let inside = fileSystem.stamps(root, [OutputManifest.fileName]).first ?? nil else { return false }
        return beside.device != inside.device
    }
}
