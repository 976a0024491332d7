import ArgumentParser
import FoldoutBuild
import FoldoutServer
import Foundation

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Build the site, serve it, and rebuild and reload on every change.",
        discussion: """
            Builds the site like `foldout build`, serves the output folder at \
            http://127.0.0.1:8000/ and watches the content and templates folders. Each \
            change rebuilds incrementally (only what the change affects is rendered and \
            written) and reloads the open browser tabs it concerns. The reload script is \
            added to the pages as they are served; the files in the output folder stay as \
            `foldout build` writes them.

            When a build fails, the errors are printed here and shown over the page in the \
            browser, and the last good output keeps being served.

            The port is taken before anything is built. Without --port, the server \
            listens on 8000, or when that is busy on the next free port after it, and says \
            so; a port given with --port is that port or nothing: when it is busy, serve \
            stops at once with status 1.

            Only files inside the output folder are served: paths with `..`, hidden files \
            (the manifest, Foldout's temporary files) and symbolic links leading out of the \
            folder or to a hidden file get 404. The server listens on 127.0.0.1 unless \
            --host says otherwise; it is meant for previewing, not for publishing.

            Stop it with Ctrl-C (or SIGTERM): a build under way is finished first, so the \
            output folder is whole and no temporary file is left, and serve exits with \
            status 0. A second Ctrl-C stops at once, with status 130, leaving what a build \
            killed at that moment leaves (the next build puts it right).
            """
    )

    @OptionGroup var site: SiteArguments

    @Option(name: .long, help: ArgumentHelp("The address to listen on.", valueName: "address"))
    var host: String = "127.0.0.1"

    @Option(name: .long, help: ArgumentHelp("The port to listen on (0 picks a free one). Default: 8000, or the next free port when it is busy.", valueName: "port"))
    var port: Int?

    @Flag(name: .long, help: "Print every warning, even when there are many (by default, more than \(DiagnosticSummary.fullListLimit) are summarized by kind).")
    var verbose = false

    func validate() throws {
        guard (0...65535).contains(port ?? 0) else { throw ValidationError("--port must be between 0 and 65535") }
    }

    func run() async throws {
        let output = site.output, verbose = self.verbose
        let listening = ListeningPort(requested: port ?? 8000, mayMove: port == nil)
        let session = PreviewSession(options: site.buildOptions, host: host, port: listening) { event in
            switch event {
            case .movedPort(let busy, let free):
                print("port \(busy) is in use (another foldout serve?); listening on \(free) instead")
            case .previewed(let paths, let seconds):
                print("wrote \(paths.joined(separator: ", ")) in \(String(format: "%.3f", seconds)) s; rebuilding the rest")
            case .built(let outcome, let seconds):
                if !outcome.wasUpToDate { Console.report(outcome.warnings, verbose: verbose) }
                print(Console.summary(outcome, seconds: seconds))
            case .failed(let failure, _):
                Console.report(failure, quiet: false, verbose: verbose)
                Console.error("build failed: \(failure.errorCount) error\(failure.errorCount == 1 ? "" : "s"); "
                              + (failure.outputChanged ? "\(output) holds part of this build; the next one finishes it"
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

/// A flag set once, from any thread: `set` says whether this call set it.
private final class OnceFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var isSet = false

    func set() -> Bool {
        lock.withLock {
            defer { isSet = true }
            return !isSet
        }
    }
}
