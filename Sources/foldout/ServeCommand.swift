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

            Only files inside the output folder are served: paths with `..`, hidden files \
            and symbolic links leading out of the folder get 404. The server listens on \
            127.0.0.1 unless --host says otherwise; it is meant for previewing, not for \
            publishing.

            Stop it with Ctrl-C.
            """
    )

    @OptionGroup var site: SiteArguments

    @Option(name: .long, help: ArgumentHelp("The address to listen on.", valueName: "address"))
    var host: String = "127.0.0.1"

    @Option(name: .long, help: ArgumentHelp("The port to listen on (0 picks a free one).", valueName: "port"))
    var port: Int = 8000

    @Flag(name: .long, help: "Print every warning, even when there are many (by default, more than \(DiagnosticSummary.fullListLimit) are summarized by kind).")
    var verbose = false

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
    }

    func run() async throws {
        let output = site.output, verbose = self.verbose
        let session = PreviewSession(options: site.buildOptions, host: host, port: port) { event in
            switch event {
            case .previewed(let paths, let seconds):
                print("wrote \(paths.joined(separator: ", ")) in \(String(format: "%.3f", seconds)) s; rebuilding the rest")
            case .built(let outcome, let seconds):
                if !outcome.wasUpToDate { Console.report(outcome.warnings, verbose: verbose) }
                print(Console.summary(outcome, seconds: seconds))
            case .failed(let failure, _):
                Console.report(failure, quiet: false, verbose: verbose)
                Console.error("build failed: \(failure.errorCount) error\(failure.errorCount == 1 ? "" : "s"); "
                              + "still serving the last good \(output)")
            case .serving(let url):
                print("serving \(output) at \(url) (Ctrl-C to stop)")
            }
            fflush(nil)
        }
        let task = Task { try await session.run() }
        let signals = [SIGINT, SIGTERM].map { number -> any DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number)
            source.setEventHandler { task.cancel() }
            source.resume()
            return source
        }
        defer { signals.forEach { $0.cancel() } }
        do {
            try await task.value
        } catch is CancellationError {
        } catch {
            Console.error("foldout serve: \(error)")
            throw ExitCode(1)
        }
    }
}
