import ArgumentParser
import Foundation
import FoldoutBuild
import FoldoutIncremental

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
        let progressBar = quiet ? nil : ProgressBar()
        options.progress = progressBar?.reporter
        let started = DispatchTime.now().uptimeNanoseconds
        let interrupted = Self.finishingOnInterrupt()
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
                if timings {
                    print(outcome.timings.map { "\($0.stage) \(String(format: "%.3f", $0.seconds)) s" }.joined(separator: ", "))
                }
            }
        } catch {
            progressBar?.finish()
            Console.report(error, quiet: quiet, verbose: verbose)
            Console.error("build failed: \(error.errorCount) error\(error.errorCount == 1 ? "" : "s"); \(site.output) "
                          + (error.outputChanged ? "holds part of this build; build again to finish it" : "was left unchanged"))
            throw ExitCode(1)
        }
        if interrupted.flag.isSet { throw ExitCode(130) }
    }

    /// Ctrl-C (or SIGTERM) lets the build under way finish, so the output folder is whole and
    /// no temporary file is left in .foldout-cache/; the exit status is then 130. A second one
    /// stops at once, leaving what a killed build leaves (the next build removes it).
    private static func finishingOnInterrupt() -> (flag: OnceFlag, sources: [any DispatchSourceSignal]) {
        let flag = OnceFlag()
        let sources = [SIGINT, SIGTERM].map { number -> any DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                guard flag.set() else {
                    Console.error("stopped during the build")
                    _exit(130)
                }
                Console.error("stopping after the build under way (Ctrl-C again stops at once)")
            }
            source.resume()
            return source
        }
        return (flag, sources)
    }
}
