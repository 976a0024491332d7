import Foundation

/// Keeps two Foldout processes (a `foldout serve` and a `foldout build`, say) from writing
/// the same output folder at once: each build holds an exclusive lock on
/// `.foldout-cache/NAME.lock` beside the output folder NAME while it reads the manifest and
/// applies its snapshot. The lock lives outside the output folder, so a failed build leaves
/// no trace there. Where the lock file cannot be made, builds go ahead unlocked.
package final class BuildLock {
    private let descriptor: Int32

    /// Waits for the lock of the output folder `output`; nil when it cannot be taken.
    package init?(output: String) {
        let path = SidecarFile.path(forOutput: output, suffix: ".lock")
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            mkdir(String(path[..<slash]), 0o755)
        }
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return nil }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                close(descriptor)
                return nil
            }
        }
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
