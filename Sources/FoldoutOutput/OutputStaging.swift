import FoldoutBase
import Foundation

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
        let inside = root + "/" + nameInside
        func make(_ path: String) throws {
            do {
                _ = try fileSystem.makeFolder(path)
            } catch {
                throw FileSystemError.naming(path, error)
            }
        }
        var folder = beside
        if let slash = beside.lastIndex(of: "/") { try make(String(beside[..<slash])) }
        try make(beside)
        if !canRename(from: beside, into: root, fileSystem: fileSystem) {
            fileSystem.removeTree(beside)
            folder = inside
            try make(inside)
        }
        try make(folder + "/site")
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

    /// Whether a rename from the staging folder `beside` can reach into the output folder:
    /// not where the output folder is a file system of its own. Told by the devices of two
    /// files known to be there (the build lock and the manifest) when both are; otherwise
    /// by renaming the empty staging folder into the output folder and back.
    private static func canRename(from beside: String, into root: String, fileSystem: FileSystem) -> Bool {
        let lock = SidecarFile.path(forOutput: root, suffix: ".lock")
        if let slash = lock.lastIndex(of: "/"),
            let lockStamp = fileSystem.stamps(String(lock[..<slash]), [String(lock[lock.index(after: slash)...])]).first ?? nil,
            let manifestStamp = fileSystem.stamps(root, [OutputManifest.fileName]).first ?? nil
        {
            return lockStamp.device == manifestStamp.device
        }
        let probe = root + "/" + nameInside
        do {
            try fileSystem.rename(beside, probe)
        } catch {
            // Any other failure (a read-only output folder) is reported when publishing.
            return (error as? FileSystemError)?.reason != String(cString: strerror(EXDEV))
        }
        do {
            try fileSystem.rename(probe, beside)
        } catch {
            // Left inside, it would be removed with the other leftovers; made anew beside.
            fileSystem.removeTree(probe)
            _ = try? fileSystem.makeFolder(beside)
        }
        return true
    }
}
