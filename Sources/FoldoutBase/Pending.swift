import Dispatch

/// Work started on another thread now and waited for later, to overlap independent stages
/// (reading the manifest while the content loads). The work must not wait for another
/// `Pending`: on two cores both could hold the only threads, and the wait would last until
/// the system adds a thread, about a second later.
package final class Pending<Value>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var value: Value?

    package init(_ work: @escaping @Sendable () -> Value) {
        DispatchQueue.global().async {
            self.value = work()
            self.done.signal()
        }
    }

    package func wait() -> Value {
        done.wait()
        done.signal()
        return value!
    }
}
