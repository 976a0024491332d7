import Foundation

/// Work started on another thread now and waited for later, to overlap independent stages
/// (reading the manifest while the content loads).
///
/// Each runs on a thread of its own, not on a queue of libdispatch's: the build that waits
/// holds a worker of the pool that queue draws on (the Swift concurrency pool's, in
/// `foldout build`), and with one CPU it is the only one, so the work would not start until
/// libdispatch decided the pool was starved and added a thread, about a second later
/// (docs/benchmarks.md, session 13).
package final class Pending<Value>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var value: Value?

    package init(_ work: @escaping @Sendable () -> Value) {
        let thread = Thread {
            self.value = work()
            self.done.signal()
        }
        // As deep as the main thread's: the work may be a whole stage.
        thread.stackSize = 8 << 20
        thread.start()
    }

    package func wait() -> Value {
        done.wait()
        done.signal()
        return value!
    }
}
