import Dispatch

/// What a finished build no longer needs, freed on another thread: its model, pages and
/// tables are tens of thousands of values, and freeing them on the build's own thread held a
/// command-line build's summary and exit back (docs/benchmarks.md, session 13).
///
/// Whoever lets go of a value last frees it. So the build returns its leftovers to its caller
/// rather than handing them over itself (its locals, copies of the same values, are freed only
/// as it returns), and `free(_:)` takes the caller's only reference before another thread
/// lets go of them.
package final class Leftovers: @unchecked Sendable {
    private let values: [Any]

    package init(_ values: [Any]) {
        self.values = values
    }

    /// Frees the values on another thread, leaving `leftovers` nil.
    package static func free(_ leftovers: inout Leftovers?) {
        guard let held = leftovers.take().map(Unmanaged.passRetained) else { return }
        DispatchQueue.global(qos: .utility).async { held.release() }
    }
}
