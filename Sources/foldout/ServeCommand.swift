import ArgumentParser
import FoldoutBase
import FoldoutBuild
import FoldoutServer
import Foundation

struct ServeCommand: AsyncParsableCommand, HelpDetails {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Build the site, serve it, and rebuild and reload on every change.",
        usage: "foldout serve [<options>]"
    )

    static let details = """
        The port is taken before anything is built: 8000, or the next free one (serve
        says which); a port given with -p is that port or an error. Each change rebuilds
        and reloads the open pages; errors show here and over the page, and the last
        good site keeps being served. Ctrl-C stops after the build under way.
        """

    @OptionGroup var site: SiteArguments

    @Option(name: .long, help: ArgumentHelp("The address to listen on.", valueName: "address"))
    var host: String = "127.0.0.1"

    @Option(name: [.short, .long], help: ArgumentHelp("The port (default: 8000 or the next free one; 0: any free one).", valueName: "port"))
    var port: Int?

    @Flag(name: [.short, .long], help: "Print every warning, not a summary by kind.")
    var verbose = false

    func validate() throws {
        guard (0...65535).contains(port ?? 0) else { throw ValidationError("--port must be between 0 and 65535") }
    }

    func run() async throws {
        let output = site.output, verbose = self.verbose
        let notes = NotesSaid()
        let listening = ListeningPort(requested: port ?? 8000, mayMove: port == nil)
        // Pages first, with new photos as their originals; the session makes their variants next.
        var options = site.buildOptions
        options.draftImages = true
        let session = PreviewSession(options: options, host: host, port: listening) { event in
            switch event {
            case .movedPort(let busy, let free):
                print("port \(busy) is in use (another foldout serve?); listening on \(free) instead")
            case .previewed(let paths, let seconds):
                print("wrote \(paths.joined(separator: ", ")) in \(String(format: "%.3f", seconds)) s; rebuilding the rest")
            case .built(let outcome, let seconds):
                if !outcome.wasUpToDate { Console.report(notes.unsaid(outcome.warnings), verbose: verbose) }
                print(Console.summary(outcome, seconds: seconds))
                if outcome.imagesPending > 0 { print(Console.pendingImagesNote(outcome.imagesPending, then: "making the variants; pages reload when they are made")) }
            case .failed(let failure, _):
                Console.report(notes.unsaid(failure.diagnostics), verbose: verbose)
                Console.error(
                    "build failed: \(failure.errorCount) error\(failure.errorCount == 1 ? "" : "s"); "
                        + (failure.outputChanged
                            ? "\(output) holds part of this build; the next one finishes it"
                            : "still serving the last good \(output)"))
            case .serving(let url):
                print("serving \(output) at \(url) (Ctrl-C to stop)")
            }
            fflush(nil)
        }
        let task = Task { try await session.run() }
        // The first signal ends the session, after the build under way; a second ends the
        // process at once (a build killed then is put right by the next one).
        let stopping = OnceFlag()
        let signals = [SIGINT, SIGTERM].map { number -> any DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number)
            source.setEventHandler {
                guard stopping.set() else {
                    Console.error("stopped during the build")
                    _exit(130)
                }
                if session.isBuilding { Console.error("stopping after the build under way (Ctrl-C again stops at once)") }
                task.cancel()
            }
            source.resume()
            return source
        }
        defer { signals.forEach { $0.cancel() } }
        do {
            try await task.value
        } catch is CancellationError {
        } catch {
            // A busy port (`PortUnavailable`, `ListenFailure`) is said before anything is built.
            Console.error("foldout serve: \(error)")
            throw ExitCode(1)
        }
    }
}

/// The notes a session has printed: each is said once (a missing `base_url` is news at the
/// first build, noise at the fiftieth), while warnings and errors are said at every build.
private final class NotesSaid: @unchecked Sendable {
    private let lock = NSLock()
    private var said: Set<String> = []

    /// `diagnostics` without the notes said before; the others are said from now on.
    func unsaid(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        lock.withLock {
            diagnostics.filter { $0.severity != .note || said.insert($0.description).inserted }
        }
    }
}
