import FoldoutBase
import FoldoutIncremental
import FoldoutModel
import FoldoutOutput
import FoldoutRendering
import Foundation

/// The incremental build around `Pipeline`: it brings `Output/` up to date doing only what
/// changed input needs. Nothing changed: nothing is read beyond the files' stamps. Only items'
/// files changed: `QuickRebuild` redoes just those. Otherwise the pipeline runs with the
/// Markdown cache and the output folder as the pages' sink, and the build record is kept
/// for the next build.
public struct Builder: Sendable {
    package var options: BuildOptions

    public init(options: BuildOptions) {
        self.options = options
    }

    /// What a successful build produced and noticed.
    package struct Report: Sendable {
        package var snapshot: OutputSnapshot
        package var site: Site
        package var pageCount: Int
        package var warnings: [Diagnostic]
        /// Seconds spent in each named stage, in order.
        package var timings: [(stage: String, seconds: Double)]
        /// Everything the stages made, kept so the memory of a `foldout serve` session can
        /// take its parts, and freed with the report.
        package var built: Pipeline.Built?
    }

    /// What `update(cache:)` did.
    public struct Outcome: Sendable {
        public var pageCount: Int
        package var summary: OutputWriter.Summary
        package var warnings: [Diagnostic]
        public var timings: [(stage: String, seconds: Double)]
        /// Nothing changed since the last build, so nothing was parsed, rendered or written.
        package var wasUpToDate: Bool
        /// Only edited items' bodies were rendered again, with the pages showing them (see `QuickRebuild`).
        package var rebuiltOnlyEditedItems = false
        /// Photos a draft build (`BuildOptions.draftImages`) showed as their originals,
        /// leaving their variants to a build without it.
        package var imagesPending = 0
    }

    /// Runs every stage up to the output snapshot, without writing anything.
    package func makeSnapshot() throws(BuildFailure) -> Report {
        var clock = StageClock()
        let templates = TemplateInput.read(options)
        clock.lap("templates")
        var inputs = try InputReader(options: options).read(templateFiles: templates.files, clock: &clock, known: { nil })
        var pipeline = Pipeline(options: options)
        pipeline.firstSeen = FeedDatesFile.read(FeedDatesFile.defaultPath(forOutput: options.outputPath), fileSystem: options.fileSystem)
        let built = try pipeline.run(&inputs.content, templates: templates)
        clock.append(built.timings)
        return Report(
            snapshot: built.snapshot, site: built.modeled.site, pageCount: built.pageCount,
            warnings: built.warnings, timings: clock.laps, built: built)
    }

    /// Builds and writes `Output/`, applying the result as a difference against what the
    /// previous build wrote (see `OutputWriter`). Nothing is written when any stage reports an
    /// error. Pages whose inputs did not change are not rendered again.
    package func build() throws(BuildFailure) -> (report: Report, summary: OutputWriter.Summary) {
        let run = try run(cache: nil, allowUpToDate: false, keepsReport: true)
        return (run.report!, run.outcome.summary)
    }

    /// A build as `foldout build` runs it, outside `serve`: what bench/profile calls.
    public func update(cache: MarkdownCacheFile?) throws(BuildFailure) -> Outcome {
        try update(cache: cache, memory: nil, preWritten: [:])
    }

    /// Brings `Output/` up to date, doing only the work that changed input needs: when no
    /// input changed since the last build (the manifest's fingerprint) and its files are
    /// untouched, nothing is parsed, rendered or written. `cache` remembers parsed front
    /// matter and rendered Markdown across builds; `memory` keeps what this build learns for
    /// `ItemPreview` (`foldout serve`); `preWritten` are the files it wrote since.
    package func update(
        cache: MarkdownCacheFile?, memory: SessionMemory? = nil,
        preWritten: [String: OutputManifest.Record] = [:]
    ) throws(BuildFailure) -> Outcome {
        var run = try run(cache: cache, memory: memory, preWritten: preWritten, allowUpToDate: true)
        // The build has returned, so this holds the only references to what it leaves.
        Leftovers.free(&run.leftovers)
        return run.outcome
    }

    /// One build: what was built before and what the inputs are now decide which of three
    /// paths it takes — nothing to do (`upToDate`), only edited items to redo
    /// (`quickRebuild`), or the whole pipeline (`fullBuild`).
    private func run(
        cache: MarkdownCacheFile?, memory: SessionMemory? = nil, preWritten: [String: OutputManifest.Record] = [:],
        allowUpToDate: Bool, keepsReport: Bool = false
    ) throws(BuildFailure) -> (report: Report?, outcome: Outcome, leftovers: Leftovers?) {
        var clock = StageClock()
        let lock = BuildLock(output: options.outputPath, fileSystem: options.fileSystem)
        defer { withExtendedLifetime(lock) {} }
        let start: Start
        do {
            start = try look(cache: cache, memory: memory, preWritten: preWritten, allowUpToDate: allowUpToDate, clock: &clock)
        } catch {
            cache?.finishBuild(prune: false)
            throw error
        }
        // Ctrl-C's first safe point: nothing is written yet, nor will be.
        try options.cancellation?.check()
        if allowUpToDate, !start.fullBuildRequired, start.outputIsIntact {
            if preWritten.isEmpty, let outcome = upToDate(start, memory: memory, clock: clock) {
                return (nil, outcome, nil)
            }
            if let (outcome, leftovers) = try quickRebuild(
                start.inputs, previous: start.previous, memory: memory, firstSeen: start.firstSeen.wait(),
                loaded: start.stateFile?.fingerprint == start.previous.fingerprint ? start.loadedState?.wait() : nil,
                statePath: start.statePath, clock: &clock)
            {
                cache?.finishBuild(prune: false)
                return (nil, outcome, leftovers)
            }
        }
        return try fullBuild(start, cache: cache, memory: memory, keepsReport: keepsReport, clock: &clock)
    }

    /// What a build starts from: the inputs as read now, and what earlier builds left.
    private struct Start {
        var inputs: BuildInputs
        var templates: TemplateInput
        /// What the previous build wrote, and which of its files are still as it wrote them.
        var previous: OutputManifest
        var intact: Set<String>
        /// Where the build record is kept, by builds that keep one.
        var statePath: String?
        /// The build record read from its file, when this process remembers none.
        var stateFile: BuildRecordFile.Contents?
        /// The record's model, read from its file while the output folder is checked, when
        /// only items' files changed.
        var loadedState: Pending<LoadedState?>?
        /// When earlier builds first saw each undated item (`FeedDates`).
        var firstSeen: Pending<[String: Timestamp]>
        /// A session's first build runs in full, so its memory is filled.
        var fullBuildRequired: Bool
        var outputIsIntact: Bool
    }

    /// Reads the templates and the content, with what the previous build wrote and recorded
    /// (read meanwhile on other threads).
    private func look(
        cache: MarkdownCacheFile?, memory: SessionMemory?, preWritten: [String: OutputManifest.Record],
        allowUpToDate: Bool, clock: inout StageClock
    ) throws(BuildFailure) -> Start {
        let root = options.outputPath
        let statePath = allowUpToDate && cache?.path != nil ? BuildRecordFile.defaultPath(forOutput: root) : nil
        let previousBuild = Pending { () -> (OutputManifest, Set<String>) in
            // A build that was stopped may have left files it was about to publish.
            OutputStaging.removeLeftovers(of: root, fileSystem: options.fileSystem)
            let manifest = OutputManifest.read(root: root, fileSystem: options.fileSystem)
            let intact = manifest.intactPaths(root: root, fileSystem: options.fileSystem)
            return (manifest, intact)
        }
        let feedDatesPath = FeedDatesFile.defaultPath(forOutput: root)
        let firstSeen = Pending { FeedDatesFile.read(feedDatesPath, fileSystem: options.fileSystem) }
        let remembered = memory?.current
        let stateFile = remembered == nil ? statePath.map { path in Pending { BuildRecordFile.read(path, fileSystem: options.fileSystem) } } : nil
        let templates = TemplateInput.read(options)
        clock.lap("templates")
        var inputs: BuildInputs
        do {
            // Stamps and digests are facts about the files, whichever build recorded them.
            inputs = try InputReader(options: options).read(templateFiles: templates.files, clock: &clock) {
                if let remembered { return InputReader.KnownFiles(structure: remembered.build.structure, files: remembered.build.files) }
                return stateFile?.wait().map { InputReader.KnownFiles(structure: $0.structure, files: $0.files) }
            }
        } catch {
            throw BuildFailure(templates.problems + error.diagnostics)
        }
        let contents = remembered == nil && allowUpToDate ? stateFile?.wait() : nil
        var loadedState: Pending<LoadedState?>?
        if let contents, QuickRebuild.editedFiles(inputs, settings: contents.settings, structure: contents.structure, files: contents.files) != nil,
            case .success(let compiled)? = templates.compiled?.wait()
        {
            loadedState = Pending {
                guard let state = contents.state() else { return nil }
                return LoadedState(state: state, templates: compiled, deltasInFile: contents.deltas)
            }
        }
        var (previous, intact) = previousBuild.wait()
        for (path, record) in preWritten {
            previous.files[path] = record
            intact.insert(path)
        }
        clock.lap("check")
        return Start(
            inputs: inputs, templates: templates, previous: previous, intact: intact, statePath: statePath, stateFile: contents,
            loadedState: loadedState, firstSeen: firstSeen, fullBuildRequired: memory != nil && memory?.current == nil,
            outputIsIntact: !previous.files.isEmpty && intact.count == previous.files.count)
    }

    /// Nothing changed since the last build (the manifest's fingerprint is the inputs') and its
    /// files are untouched: nothing is parsed, rendered or written, only stamps newly worth
    /// recording are. Nil when something changed.
    private func upToDate(_ start: Start, memory: SessionMemory?, clock: StageClock) -> Outcome? {
        let inputs = start.inputs, previous = start.previous
        guard let fingerprint = inputs.fingerprint, previous.fingerprint == fingerprint else { return nil }
        if !inputs.restamped.isEmpty {
            let delta = BuildRecord.Delta(fingerprint: fingerprint, files: inputs.restamped, items: [], sources: [])
            if var kept = memory?.current, kept.build.fingerprint == fingerprint {
                kept.build.apply(delta)
                memory?.current = kept
            } else if let statePath = start.statePath, let contents = start.stateFile, contents.fingerprint == fingerprint,
                contents.deltas < BuildRecordFile.deltaLimit
            {
                try? BuildRecordFile.append(delta, base: fingerprint, to: statePath, fileSystem: options.fileSystem)
            }
        }
        var summary = OutputWriter.Summary()
        summary.unchanged = previous.files.count
        return Outcome(pageCount: previous.pageCount, summary: summary, warnings: previous.warnings, timings: clock.laps, wasUpToDate: true)
    }

    /// Every stage of the pipeline, with the Markdown cache and the output folder as the
    /// pages' sink, and the build record kept for the next build.
    private func fullBuild(
        _ start: Start, cache: MarkdownCacheFile?, memory: SessionMemory?, keepsReport: Bool,
        clock: inout StageClock
    ) throws(BuildFailure) -> (report: Report?, outcome: Outcome, leftovers: Leftovers?) {
        let root = options.outputPath
        var inputs = start.inputs
        let previous = start.previous, intact = start.intact, statePath = start.statePath
        inputs.readUnread()
        let output = OutputWriter(root: root, force: options.force, fileSystem: options.fileSystem)
            .transaction(previous: previous, intact: intact, progress: options.progress)
        // A build into a new output folder (a first build, a clean build on a server) does not
        // start the cache file. The file is as large as the site's Markdown and rendered
        // bodies together, a large share of all such a build writes, and only a later full
        // build of the same folder reads it; so that build starts it.
        let startsCacheFile = !previous.files.isEmpty
        let usedCache = cache.flatMap { $0.isWorthUsing(startsFile: startsCacheFile) ? $0 : nil }
        if let usedCache {
            usedCache.load(forFiles: inputs.files.count)
            clock.lap("cache")
        }
        // Pages are written as they are rendered, into the output folder's transaction.
        var pipeline = Pipeline(options: options, cache: usedCache, sink: output)
        pipeline.firstSeen = start.firstSeen.wait()
        let modeled: Pipeline.Modeled
        do {
            modeled = try pipeline.model(&inputs.content, templates: start.templates)
            try options.cancellation?.check()
        } catch {
            output.cancel()
            // A stopped build leaves the cache file as it was.
            if !error.wasInterrupted { cache?.finishBuild(prune: false, startsFile: startsCacheFile) }
            throw error
        }
        // The cache file is written while the pages are rendered: every file was parsed and
        // every body rendered, so the entries this build used are the ones any build of the
        // same input uses, and only those are kept.
        let cacheFinished = cache.map { cache in Pending { cache.finishBuild(prune: true, startsFile: startsCacheFile) } }
        // So is the state, which needs nothing the pages do.
        // A site of several languages is built in full each time: its items are not kept for a
        // quick rebuild, and a record an earlier build left must not be taken for its.
        let quickRebuilds = modeled.translations.isEmpty
        if !quickRebuilds {
            if let statePath { try? options.fileSystem.removeFile(statePath) }
            memory?.current = nil
        }
        let stateWritten = quickRebuilds && (statePath != nil || memory != nil) ? recordState(of: modeled, inputs: inputs, to: statePath) : nil
        let built = pipeline.render(modeled)
        if options.cancellation?.isCancelled == true {
            // Stopped while rendering: the pages made so far are removed, nothing is
            // published, and the side files being written are finished whole.
            output.cancel()
            cacheFinished?.wait()
            _ = stateWritten?.wait()
            throw BuildFailure.interrupted
        }
        clock.append(built.timings)
        let report = Report(
            snapshot: built.snapshot, site: built.modeled.site, pageCount: built.pageCount,
            warnings: built.warnings, timings: clock.laps, built: built)
        var base = OutputManifest()
        // A build that missed images for reasons outside its input is not one to repeat.
        base.fingerprint = built.isRepeatable ? inputs.fingerprint : nil
        base.pageCount = report.pageCount
        base.warnings = report.warnings
        // The state file names the inputs it was made from: it counts only once a manifest
        // says that its build wrote the output.
        let summary: OutputWriter.Summary
        do {
            summary = try output.finish(report.snapshot, base: base).summary
        } catch let collision as OutputWriter.Collision {
            cacheFinished?.wait()
            _ = stateWritten?.wait()
            throw BuildFailure(report.warnings + collision.diagnostics)
        } catch let failure as OutputWriter.WriteFailure {
            cacheFinished?.wait()
            _ = stateWritten?.wait()
            throw BuildFailure(report.warnings + failure.diagnostics, outputChanged: failure.outputChanged)
        } catch {
            cacheFinished?.wait()
            _ = stateWritten?.wait()
            throw BuildFailure(report.warnings + [.error(root, "cannot write output: \(error)", hint: "check that the folder is writable")])
        }
        cacheFinished?.wait()
        _ = stateWritten?.wait()
        // The output now dates items first seen by this build: the next builds must too.
        if modeled.shared.feeds?.feeds.isEmpty == false {
            let dates = modeled.feedDates.recording(modeled.site)
            if dates != modeled.feedDates.firstSeen {
                try? FeedDatesFile.write(dates, to: FeedDatesFile.defaultPath(forOutput: root), fileSystem: options.fileSystem)
            }
        }
        clock.lap("write")
        if let memory, let state = stateWritten?.wait() {
            memory.current = SessionMemory.State(
                build: state, templates: modeled.templates, configurations: modeled.presentation,
                shared: modeled.shared, stage: modeled.markdown, items: SessionMemory.itemsBySource(state.site))
        }
        var outcome = Outcome(
            pageCount: report.pageCount, summary: summary, warnings: report.warnings + summary.notices,
            timings: clock.laps, wasUpToDate: false)
        outcome.imagesPending = modeled.images.pending.count
        if keepsReport {
            var kept = report
            kept.timings = clock.laps
            return (kept, outcome, nil)
        }
        // Freed on another thread once this has returned; a command-line build prints its
        // summary and exits without waiting for that.
        let leftovers = Leftovers([
            report, inputs, previous, intact, modeled, built, output, pipeline, stateWritten as Any,
            cacheFinished as Any, start.stateFile as Any, start.loadedState as Any,
        ])
        return (nil, outcome, leftovers)
    }

    /// What a later build needs to redo only edited items (see `QuickRebuild`), made on
    /// another thread and written to the state file at `path`, if any.
    private func recordState(of modeled: Pipeline.Modeled, inputs: BuildInputs, to path: String?) -> Pending<BuildRecord>? {
        guard let fingerprint = inputs.fingerprint else { return nil }
        return Pending {
            let site = modeled.site, pages = modeled.pages, rows = modeled.digest.rows
            var items: [BuildRecord.ItemFacts] = []
            items.reserveCapacity(site.allItemCount)
            site.forEachItem { item in
                // Read in place: a page copied out of the table retains each of its parts.
                let position = pages.index(forKey: item.sourcePath)
                items.append(
                    .init(
                        id: item.id, sourcePath: item.sourcePath, frontMatter: position.flatMap { pages.values[$0].frontMatterDigest },
                        bodyFirstLine: position.map { pages.values[$0].bodyFirstLine } ?? 0, row: rows[item.id] ?? 0))
            }
            let itemSources = Set(items.map(\.sourcePath))
            var state = BuildRecord(
                fingerprint: fingerprint, settings: inputs.settings ?? 0,
                files: zip(inputs.files, inputs.stamps).map { .init(digest: inputs.fileDigests[$0.path] ?? 0, stamp: $1) },
                structure: inputs.structure, routes: modeled.routes, site: site, items: items,
                otherHeadings: modeled.bodies.headings.filter { !itemSources.contains($0.source) }.map { ($0.page, $0.ids) },
                anchorLinks: Dictionary(uniqueKeysWithValues: modeled.bodies.linking.map { ($0.source, $0.links) }),
                ownDiagnostics: modeled.ownDiagnostics.mapValues { $0.sorted { ($0.line ?? 0) < ($1.line ?? 0) } },
                warnings: modeled.warnings, readProblems: inputs.readProblems, imageSizes: modeled.markdown.imageSizes,
                allowsRawHTML: modeled.markdown.renderer.markdown.options.allowRawHTML)
            // A quick rebuild knows no images: pages that take sizes from them need a full build.
            state.smartPunctuation = modeled.markdown.renderer.markdown.options.smartPunctuation
            state.showsImageVariants = !modeled.imageVariants.files.isEmpty || modeled.imageVariants.previewsShowOriginals
            state.leavesOutUnusedFiles = modeled.publishing.leavesOutUnused(in: modeled.tree)
            if let path { try? BuildRecordFile.write(state, to: path, fileSystem: options.fileSystem) }
            return state
        }
    }
}
