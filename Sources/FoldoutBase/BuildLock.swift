/// Keeps two Foldout processes (a `foldout serve` and a `foldout build`, say) from writing
/// the same output folder at once: each build holds an exclusive lock on
/// `.foldout-cache/NAME.lock` beside the output folder NAME while it reads the manifest and
/// applies its snapshot. The lock lives outside the output folder, so a failed build leaves
/// no trace there. Where the lock file cannot be made, builds go ahead unlocked.
///
/// Once it holds the lock, a build removes what `.foldout-cache/` keeps for output folders
/// that are gone (`SidecarFile.removeStale`): a folder deleted or renamed by hand leaves no
/// files behind for good.
package final class BuildLock {
    private let held: FileSystem.HeldLock

    /// Waits for the lock of the output folder `output`; nil when it cannot be taken.
    package init?(output: String, fileSystem: FileSystem) {
        let path = SidecarFile.path(forOutput: output, suffix: ".lock")
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            _ = try? fileSystem.makeFolder(String(path[..<slash]))
        }
        guard let held = fileSystem.lockFile(path) else { return nil }
        self.held = held
        SidecarFile.removeStale(besideOutput: output, in: fileSystem)
    }
}
