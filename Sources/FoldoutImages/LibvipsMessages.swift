import CVipsShim
import Foundation

/// libvips' own warnings ("VIPS-WARNING **: read gave 2 warnings" on stderr, among Foldout's
/// messages), caught and told to the photo they are about, so the build reports them as
/// Foldout's warnings naming the file. A message logged on the thread making a photo is that
/// photo's; one logged on a thread of libvips' own is the photo's when only one is being
/// made, else every photo being made at that moment hears it, saying so; one logged while
/// none is being made is kept for the build to report (`takeStrays`), never printed raw. Each
/// making is its own listener, not its path: sites built at once in one process (tests)
/// share paths.
package final class LibvipsMessages: @unchecked Sendable {
    package static let shared = LibvipsMessages()

    private let lock = NSLock()
    /// The listener on each thread making a photo, by its `pthread_self`.
    private var making: [UInt: Int] = [:]
    /// What each listener has heard so far.
    private var heard: [Int: [String]] = [:]
    private var lastListener = 0
    /// Who is making photos: any number at once (`photosBeingMade`), or one alone (`exclusive`), which
    /// waits for the others to end and holds new ones back (`exclusiveWaiting`).
    private let access = NSCondition()
    private var photosBeingMade = 0
    private var exclusive = false
    private var exclusiveWaiting = 0
    /// Messages logged while no photo was being made, until a build takes them.
    private var strays: [String] = []
    private static let strayLimit = 100

    private init() {
        fv_set_log_function { message, thread in
            guard let message else { return }
            LibvipsMessages.shared.hear(String(cString: message), thread: UInt(thread))
        }
    }

    /// One that libvips does not talk to, for tests: `shared` hears photos made by any test.
    package init(hearingNothing: Void) {}

    /// Runs `body`, which makes one photo on this thread, and returns what libvips said about
    /// it meanwhile, each message once; when `failed` says it failed, runs it once more while
    /// no other photo is being made. libvips' error text is one buffer for the process: a
    /// photo failing while another fails may carry the other's words, or none; alone, it
    /// carries its own, so every build words the failure alike.
    package func during<Result>(_ body: () -> Result, retryingAloneIf failed: (Result) -> Bool) -> (result: Result, messages: [String]) {
        let first = during(body)
        guard failed(first.result) else { return first }
        access.lock()
        exclusiveWaiting += 1
        while exclusive || photosBeingMade > 0 { access.wait() }
        exclusiveWaiting -= 1
        exclusive = true
        access.unlock()
        defer {
            access.lock()
            exclusive = false
            access.broadcast()
            access.unlock()
        }
        ImageCodec.discardError()
        return listening(body)
    }

    /// Runs `body`, which makes one photo on this thread, and returns what libvips said about
    /// it meanwhile, each message once.
    package func during<Result>(_ body: () -> Result) -> (result: Result, messages: [String]) {
        access.lock()
        while exclusive || exclusiveWaiting > 0 { access.wait() }
        photosBeingMade += 1
        access.unlock()
        defer {
            access.lock()
            photosBeingMade -= 1
            access.broadcast()
            access.unlock()
        }
        return listening(body)
    }

    /// Runs `body`, a call into libvips on this thread that is no photo's making (a drawing of
    /// the starter site, a test reading a header), as a listener whose messages are dropped:
    /// while it runs, what libvips logs on its own threads is not told to a photo made beside
    /// it as surely that photo's. Within a making (`during`), it only runs `body`.
    package func calling<Result>(_ body: () -> Result) -> Result {
        let thread = UInt(pthread_self())
        guard let listener = lock.withLock({ making[thread] == nil ? listen(on: thread) : nil }) else { return body() }
        defer { lock.withLock { _ = stopListening(listener, on: thread) } }
        return body()
    }

    /// A new listener for `thread`, hearing nothing yet. Called holding `lock`.
    private func listen(on thread: UInt) -> Int {
        lastListener += 1
        making[thread] = lastListener
        heard[lastListener] = []
        return lastListener
    }

    /// What `listener` on `thread` heard, its listening ended. Called holding `lock`.
    private func stopListening(_ listener: Int, on thread: UInt) -> [String] {
        making[thread] = nil
        return heard.removeValue(forKey: listener) ?? []
    }

    private func listening<Result>(_ body: () -> Result) -> (result: Result, messages: [String]) {
        let thread = UInt(pthread_self())
        let listener = lock.withLock { listen(on: thread) }
        let result = body()
        let messages = lock.withLock { stopListening(listener, on: thread) }
        var seen: Set<String> = []
        return (result, messages.filter { seen.insert($0).inserted })
    }

    /// The messages libvips logged while no photo was being made (on a thread of its own,
    /// once every making had ended), each once, marked as maybe another photo's: the build
    /// that made photos last reports them, rather than libvips printing them raw.
    package func takeStrays() -> [String] {
        let taken = lock.withLock {
            defer { strays = [] }
            return strays
        }
        var seen: Set<String> = []
        return taken.filter { seen.insert($0).inserted }.map { "\($0) (logged after the photos were made: it may be about another of them)" }
    }

    /// `message`, logged by libvips on `thread`, told to the photo it is about.
    package func hear(_ message: String, thread: UInt) {
        // libvips joins what a loader said into one message, a line each, often twice over.
        for line in message.split(separator: "\n") {
            let text = line.trimmingCharacters(in: .whitespaces)
            if !text.isEmpty { hear(line: text, thread: thread) }
        }
    }

    /// What ends a message logged while `count` photos were being made.
    private static func heardAmongOthers(_ count: Int) -> String {
        " (logged while \(count) photos were being made: it may be about another of them)"
    }

    /// Whether `message` was logged while other photos were being made, and so may be about one
    /// of them.
    package static func wasHeardAmongOthers(_ message: String) -> Bool {
        message.hasSuffix(": it may be about another of them)")
    }

    /// Whether `text` is libvips' note that a tile of an image failed to compute ("error in
    /// tile 0 x 72"), logged on its worker thread. The making of that image then fails with
    /// libvips' own words, which the build reports naming the photo; told to every photo
    /// being made at that moment, the note blamed sound ones.
    package static func isFailedTileNote(_ text: some StringProtocol) -> Bool {
        text.hasPrefix("error in tile ")
    }

    private func hear(line text: String, thread: UInt) {
        if Self.isFailedTileNote(text) { return }
        lock.withLock {
            if let listener = making[thread] {
                heard[listener, default: []].append(text)
                return
            }
            let listeners = Set(making.values)
            guard listeners.count > 1 else {
                if let listener = listeners.first {
                    heard[listener, default: []].append(text)
                } else if strays.count < Self.strayLimit {
                    // No photo is being made: kept for the build to report (`takeStrays`), never
                    // printed among Foldout's messages as libvips would.
                    strays.append(text)
                }
                return
            }
            for listener in listeners {
                heard[listener, default: []].append("\(text)\(Self.heardAmongOthers(listeners.count))")
            }
        }
    }
}
