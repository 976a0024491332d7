import Foundation

/// How far a long stage has come, for the progress bar on an interactive terminal.
public struct BuildProgress: Sendable, Equatable {
    /// The stage's name, as in the timing line: `parse`, `markdown`, `render`, `write`.
    public var stage: String
    public var completed: Int
    public var total: Int

    public typealias Reporter = @Sendable (BuildProgress) -> Void

    /// Counts finished units from any thread and reports about every hundredth of the total.
    package final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private let stage: String
        private let total: Int
        private let step: Int
        private let reporter: Reporter
        private var completed = 0

        package init(stage: String, total: Int, reporter: @escaping Reporter) {
            self.stage = stage
            self.total = total
            self.step = max(1, total / 100)
            self.reporter = reporter
        }

        package func advance() {
            let done: Int? = lock.withLock {
                completed += 1
                return completed % step == 0 || completed == total ? completed : nil
            }
            if let done { reporter(BuildProgress(stage: stage, completed: done, total: total)) }
        }
    }
}
