import FoldoutBase
import FoldoutBuild
import Foundation

/// A one-line progress bar on standard error, for builds that take longer than a moment:
/// nothing shows during the first half second (a rebuild is usually done by then), nor when
/// standard error is not a terminal (a log file, CI), and the line is erased when the build
/// ends, so only the summary line stays.
final class ProgressBar: @unchecked Sendable {
    private let lock = NSLock()
    private let started = DispatchTime.now().uptimeNanoseconds
    private var lastDrawn: UInt64 = 0
    private var isShowing = false
    private var isFinished = false
    private let width = 30
    static let delay: UInt64 = 500_000_000
    static let interval: UInt64 = 100_000_000

    /// Nil when standard error is not an interactive terminal.
    init?() {
        guard isatty(STDERR_FILENO) == 1, ProcessInfo.processInfo.environment["TERM"] != "dumb" else { return nil }
    }

    var reporter: BuildProgress.Reporter {
        { [self] progress in self.show(progress) }
    }

    private func show(_ progress: BuildProgress) {
        let now = DispatchTime.now().uptimeNanoseconds
        lock.withLock {
            guard !isFinished, now - started >= Self.delay, now - lastDrawn >= Self.interval || progress.completed == progress.total else { return }
            lastDrawn = now
            isShowing = true
            let fraction = progress.total == 0 ? 1 : Double(progress.completed) / Double(progress.total)
            let filled = Int(fraction * Double(width))
            let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
            let line = "\r\u{1B}[2K[\(bar)] \(progress.stage) \(Console.grouped(progress.completed))/\(Console.grouped(progress.total))"
            FileHandle.standardError.write(Data(line.utf8))
        }
    }

    /// Erases the bar, if it was drawn.
    func finish() {
        lock.withLock {
            if isShowing { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
            isShowing = false
            isFinished = true
        }
    }
}
