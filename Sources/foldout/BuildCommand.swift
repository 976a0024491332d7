import ArgumentParser
import FoldoutBase
import FoldoutBuild
import FoldoutIncremental
import Foundation

struct BuildCommand: ParsableCommand, HelpDetails {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build the site from Content/ and Templates/ into Output/.",
        usage: "foldout build [<options>]"
    )

    @OptionGroup var site: SiteArguments

    @Flag(name: .long, help: "Treat warnings as errors.")
    var strict = false

    @Flag(name: [.short, .long], help: "Print nothing but errors.")
    var quiet = false

    @Flag(name: [.short, .long], help: "Print every warning, not a summary by kind.")
    var verbose = false

    @Flag(name: .long, help: "Print the time each stage took.")
    var timings = false

    @Flag(name: .long, help: "A quick look: show new photos as their originals, making none of their variants.")
    var draftImages = false

    static let details = """
        Only new and changed files are written; files Foldout did not write are never
        touched. Unchanged work is reused from .foldout-cache/ beside the output folder.
        Problems print as `path:line:column: error: message` with a hint, every one of
        them; on an error the exit status is 1 and the output folder is left as it was.
        Without --templates: ./Templates when it exists, else the built-in templates.
        """

    func run() throws {
        var options = site.buildOptions
        options.strict = strict
        options.draftImages = draftImages
        let progressBar = quiet ? nil : ProgressBar()
        options.progress = progressBar?.reporter
        let started = DispatchTime.now().uptimeNanoseconds
        let cancellation = BuildCancellation()
        options.cancellation = cancellation
        let interrupted = Self.stoppingOnInterrupt(cancellation)
        defer { interrupted.sources.forEach { $0.cancel() } }
        do {
            // The process ends after one build: only the file keeps entries for the next.
            let cache = MarkdownCacheFile(path: MarkdownCacheFile.defaultPath(forOutput: site.output), servesLaterBuilds: false)
            // Never freed: the process ends right after the build, and freeing tens of
            // thousands of cached bodies one by one would only delay that.
            _ = Unmanaged.passRetained(cache)
            let outcome = try Builder(options: options).update(cache: cache)
            progressBar?.finish()
            if !quiet {
                Console.report(outcome.warnings, verbose: verbose)
                print(Console.summary(outcome, seconds: Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9))
                if outcome.imagesPending > 0 { print(Console.pendingImagesNote(outcome.imagesPending, then: "a build without --draft-images makes the variants")) }
                if timings {
                    print(outcome.timings.map { "\($0.stage) \(String(format: "%.3f", $0.seconds)) s" }.joined(separator: ", "))
                }
            }
        } catch  where error.wasInterrupted {
            progressBar?.finish()
            Console.error("stopped: nothing of this build was published; \(site.output) was left as it was")
            throw ExitCode(130)
        } catch {
            progressBar?.finish()
            Console.report(error, quiet: quiet, verbose: verbose)
            Console.error(
                "build failed: \(error.errorCount) error\(error.errorCount == 1 ? "" : "s"); \(site.output) "
                    + (error.outputChanged ? "holds part of this build; build again to finish it" : "was left unchanged"))
            throw ExitCode(1)
        }
        if interrupted.flag.isSet { throw ExitCode(130) }
    }

    /// Ctrl-C (or SIGTERM) stops the build at its next safe point (between stages, between
    /// pages and photos): nothing is published, the output folder is left as it was, no
    /// temporary file stays in .foldout-cache/, and the exit status is 130. Once publishing
    /// has begun, it finishes first. A second one stops at once, leaving what a killed build
    /// leaves (the next build removes it).
    private static func stoppingOnInterrupt(_ cancellation: BuildCancellation) -> (flag: OnceFlag, sources: [any DispatchSourceSignal]) {
        let flag = OnceFlag()
        let sources = [SIGINT, SIGTERM].map { number -> any DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                guard flag.set() else {
                    Console.error("stopped during the build")
                    _exit(130)
                }
                cancellation.cancel()
                Console.error("stopping the build (Ctrl-C again stops at once)")
            }
            source.resume()
            return source
        }
        return (flag, sources)
    }
}
