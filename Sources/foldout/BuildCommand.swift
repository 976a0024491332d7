import ArgumentParser
import Foundation
import FoldoutBuild
import FoldoutIncremental

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build the site from Content/ and Templates/ into Output/.",
        discussion: """
            Reads every Markdown file under the content folder, renders it through the \
            templates and writes the site to the output folder. The output is applied as a \
            difference against the previous build: only new and changed files are written \
            (each atomically), files the previous build wrote and this one no longer \
            produces are removed, and unchanged files keep their modification times. Files \
            in the output folder that Foldout did not write are never removed or \
            overwritten (a page that needs such a path is an error unless --force).

            Work is cached across builds: parsed Markdown (from a folder's second full \
            build on) and the build record (the site's model, and each content file's \
            digest and stat) in .foldout-cache/ beside the output folder, rendered pages \
            in the output folder itself (its .foldout-manifest records what each page was \
            rendered from). A rebuild with nothing changed finds \
            the content unchanged (reading only files whose stat changed) and writes nothing; \
            one after items' bodies were edited renders only those items and the pages that \
            show their rows.

            Without --templates, ./Templates is used when it exists, else the built-in \
            default templates, so `foldout build --content NOTES --output SITE` works from \
            any directory.

            Problems are printed as `path:line:column: error: message` with a hint; every \
            problem of the build is printed, not only the first. When there is any error the \
            build exits with status 1 and the output folder is left as it was.

            Warnings (a missing image, an image without alt text, a link or #anchor that \
            leads nowhere, a symbolic link that was skipped) are printed the same way and do \
            not stop the build, unless --strict makes them errors. When there are more than \
            \(DiagnosticSummary.fullListLimit), the first \(DiagnosticSummary.examplesPerKind) of each kind are \
            printed, then every kind with its count; --verbose prints every one.
            """
    )

    @OptionGroup var site: SiteArguments

    @Flag(name: .long, help: "Treat warnings as errors: fail on missing images, missing alt text, broken links and anchors.")
    var strict = false

    @Flag(name: .long, help: "Print nothing but errors.")
    var quiet = false

    @Flag(name: .long, help: "Print every warning, even when there are many (by default, more than \(DiagnosticSummary.fullListLimit) are summarized by kind).")
    var verbose = false

    @Flag(name: .long, help: "Print the time each stage took.")
    var timings = false

    func run() throws {
        var options = site.buildOptions
        options.strict = strict
        let progressBar = quiet ? nil : ProgressBar()
        options.progress = progressBar?.reporter
        let started = DispatchTime.now().uptimeNanoseconds
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
    }
}
