import Synchronization

/// A request to stop a build early (Ctrl-C in `foldout build`), made from any thread and
/// read by the build at its safe points: between stages, and between the pages and photos
/// of the long ones. A stopped build publishes nothing: the output folder is left as it
/// was, no temporary file stays in `.foldout-cache/` (finished image variants, named by
/// their content, are kept for the next build), and `Builder` throws
/// `BuildFailure.interrupted`.
package final class BuildCancellation: Sendable {
    private let requested = Atomic<Bool>(false)

    package init() {}

    package func cancel() {
        requested.store(true, ordering: .relaxed)
    }

    package var isCancelled: Bool {
        requested.load(ordering: .relaxed)
    }

    /// Throws `BuildFailure.interrupted` once the build was asked to stop.
    package func check() throws(BuildFailure) {
        if isCancelled { throw BuildFailure.interrupted }
    }
}
