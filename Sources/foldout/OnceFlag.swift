import Foundation

/// A flag set once, from any thread: `set` says whether this call set it (the first Ctrl-C
/// of `build` or `serve`, as against a second one).
final class OnceFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false

    func set() -> Bool {
        lock.withLock {
            defer { flag = true }
            return !flag
        }
    }

    var isSet: Bool { lock.withLock { flag } }
}
