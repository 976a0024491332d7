import FoldoutBase
import FoldoutIncremental
import FoldoutOutput
import FoldoutRendering
import Foundation

extension Builder {
    /// A build record read from its file, with the templates compiled.
    struct LoadedState {
        package var state: BuildRecord
        package var templates: TemplateSet
        package var deltasInFile: Int
    }

    /// Redoes only what edited items change, when that gives what a full build would (see
    /// `QuickRebuild`), starting from the state this process remembers or, failing that,
    /// the one `loaded` from the state file. Nil when the full build must run.
    func quickRebuild(
        _ inputs: BuildInputs, previous: OutputManifest, memory: SessionMemory?, firstSeen: [String: Timestamp], loaded: LoadedState?,
        statePath: String?, clock: inout StageClock
    ) throws(BuildFailure) -> (outcome: Outcome, leftovers: Leftovers)? {
        let remembered = memory?.current.flatMap { $0.build.fingerprint == previous.fingerprint ? $0 : nil }
        var state: BuildRecord
        var deltasInFile: Int
        var templates: TemplateSet
        if let remembered {
            state = remembered.build
            deltasInFile = remembered.deltasInStateFile
            templates = remembered.templates
        } else {
            guard let loaded, loaded.state.fingerprint == previous.fingerprint else { return nil }
            state = loaded.state
            deltasInFile = loaded.deltasInFile
            templates = loaded.templates
        }
        clock.lap("state")
        let quick = QuickRebuild(
            options: options, state: state, templates: templates,
            remembered: remembered.map { ($0.configurations, $0.shared) }, firstSeen: firstSeen)
        guard let result = quick.run(inputs, previous: previous) else { return nil }
        clock.lap("quick")
        try options.cancellation?.check()
        let root = options.outputPath
        var base = OutputManifest()
        base.fingerprint = result.delta.fingerprint
        base.pageCount = previous.pageCount
        base.warnings = result.state.warnings
        let summary: OutputWriter.Summary
        do {
            summary = try OutputWriter(root: root, force: options.force, fileSystem: options.fileSystem).replace(result.pages, previous: previous, base: base).summary
        } catch let failure as OutputWriter.WriteFailure {
            memory?.forget()
            throw BuildFailure(result.state.warnings + failure.diagnostics, outputChanged: failure.outputChanged)
        } catch {
            memory?.forget()
            throw BuildFailure(result.state.warnings + [.error(root, "cannot write output: \(error)", hint: "check that the folder is writable")])
        }
        // The state file follows the manifest: until it does, the file's state is an older
        // one, which no longer counts.
        if let statePath {
            if deltasInFile < BuildRecordFile.deltaLimit,
                (try? BuildRecordFile.append(result.delta, base: state.fingerprint, to: statePath, fileSystem: options.fileSystem)) != nil
            {
                deltasInFile += 1
            } else {
                try? BuildRecordFile.write(result.state, to: statePath, fileSystem: options.fileSystem)
                deltasInFile = 0
            }
        }
        clock.lap("write")
        if let memory, var kept = remembered {
            kept.build = result.state
            kept.deltasInStateFile = deltasInFile
            kept.shared = result.shared
            for (index, record) in result.delta.files { kept.stage.fileDigests[inputs.files[index].path] = record.digest }
            kept.items = SessionMemory.itemsBySource(result.state.site)
            memory.current = kept
        } else {
            // What this process remembered is older than the output: the next build fills it anew.
            memory?.forget()
        }
        let outcome = Outcome(
            pageCount: previous.pageCount, summary: summary, warnings: result.state.warnings,
            timings: clock.laps, wasUpToDate: false, rebuiltOnlyEditedItems: true)
        // The site's model is freed on another thread, as after a full build.
        return (outcome, Leftovers([state, result, quick]))
    }
}
