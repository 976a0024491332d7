import FoldoutBase
import FoldoutBuild
import FoldoutIncremental
import FoldoutOutput
import Foundation

/// `foldout serve`: builds the site, serves the output folder, watches the content and
/// templates folders, rebuilds incrementally on each change and tells open pages. A failed
/// build changes nothing in the output folder, so the last good output keeps being served,
/// with the errors shown over it.
package final class PreviewSession: @unchecked Sendable {
    /// One build's result, for the terminal.
    package enum Event: Sendable {
        /// Edited items' pages written ahead of the rebuild.
        case previewed([String], seconds: Double)
        case built(Builder.Outcome, seconds: Double)
        case failed(BuildFailure, seconds: Double)
        /// The port asked for was busy; the server listens on another.
        case movedPort(from: Int, to: Int)
        /// The server listens at this URL.
        case serving(String)
    }

    package let options: BuildOptions
    package let server: PreviewServer
    package let port: ListeningPort
    private let hub = LiveReloadHub()
    private let cache: MarkdownCacheFile
    private let memory = SessionMemory()
    private let report: @Sendable (Event) -> Void
    /// Held while a build runs; guards `hasEnded`.
    private let buildLock = NSLock()
    /// The session has ended: the watcher's changes start no build.
    private var hasEnded = false
    private var watcher: SiteWatcher?
    private let stateLock = NSLock()
    private var builds = 0
    /// Stops the build making what a draft build left (`makeImages`), so an edit or the end
    /// of the session need not wait for photos; guarded by `stateLock`.
    private var imageBuild: BuildCancellation?

    /// `report` hears about every build and when the server is up. `port` is the port asked
    /// for, and whether another may be taken when it is busy (the default port may move,
    /// one the user named may not).
    package init(
        options: BuildOptions, host: String = "127.0.0.1", port: ListeningPort = .init(requested: 8000, mayMove: true),
        report: @escaping @Sendable (Event) -> Void = { _ in }
    ) {
        self.options = options
        self.report = report
        self.port = port
        cache = MarkdownCacheFile(path: MarkdownCacheFile.defaultPath(forOutput: options.outputPath), fileSystem: options.fileSystem)
        server = PreviewServer(outputPath: options.outputPath, host: host, port: port.requested, hub: hub)
    }

    /// `init(options:host:port:report:)` with a port that may not move.
    package convenience init(options: BuildOptions, host: String = "127.0.0.1", port: Int, report: @escaping @Sendable (Event) -> Void = { _ in }) {
        self.init(options: options, host: host, port: ListeningPort(requested: port, mayMove: false), report: report)
    }

    /// Listens, builds, then serves and watches until the task is cancelled. The port is
    /// taken before the first build, so a busy one (`PortUnavailable`, `ListenFailure`) is
    /// said at once and nothing is built. Cancelled, it lets a build under way finish (so the
    /// output folder is whole and no temporary file is left) and starts no other.
    package func run() async throws {
        let chosen = try port.choose(host: server.host)
        if chosen != port.requested, port.requested != 0 { report(.movedPort(from: port.requested, to: chosen)) }
        let host = server.host.contains(":") ? "[\(server.host)]" : server.host
        try await withThrowingTaskGroup(of: Void.self) { group in
            let (ready, isReady) = AsyncStream<Int>.makeStream()
            group.addTask { [server] in
                defer { isReady.finish() }
                try await server.run(port: chosen) { isReady.yield($0) }
            }
            var readiness = ready.makeAsyncIterator()
            guard let listening = await readiness.next() else {
                // The server stopped before it listened: its error says why.
                do {
                    try await group.next()
                } catch  where !(error is CancellationError) {
                    throw ListenFailure(host: server.host, port: chosen, reason: "\(error)")
                }
                return
            }
            // The first build runs now, while the server already answers with the last output;
            // on a thread of its own, as the server's answers need the threads of Swift's tasks.
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                let thread = Thread { [self] in
                    build()
                    done.resume()
                }
                thread.name = "foldout build"
                thread.start()
            }
            guard !Task.isCancelled else {
                group.cancelAll()
                return
            }
            let folders = ([options.contentPath] + (options.templatesPath.map { [$0] } ?? [])).map(Self.withoutTrailingSlash)
            guard let watcher = SiteWatcher(roots: folders) else {
                group.cancelAll()
                throw WatchError(path: options.contentPath)
            }
            stateLock.withLock { self.watcher = watcher }
            let thread = Thread { [self] in
                while let changed = watcher.waitForChange() {
                    if !changed.isEmpty { build(changed: changed, unlessEnded: true) }
                }
            }
            thread.name = "foldout watcher"
            thread.start()
            report(.serving("http://\(host):\(listening)/"))
            defer {
                watcher.stop()
                hub.finish()
                group.cancelAll()
                stateLock.withLock { imageBuild?.cancel() }
                // A rebuild under way finishes before the session ends (the process may exit
                // next), and none starts after.
                buildLock.withLock { hasEnded = true }
            }
            try await withTaskCancellationHandler {
                try await group.next()
            } onCancel: {
                watcher.stop()
                self.hub.finish()
                self.stateLock.withLock { self.imageBuild?.cancel() }
            }
        }
    }

    /// Whether a build is under way (Ctrl-C then waits for it).
    package var isBuilding: Bool {
        guard buildLock.try() else { return true }
        buildLock.unlock()
        return false
    }

    /// One incremental build; open pages hear what changed, or why it failed. When the
    /// watcher says which files changed (`changed`, paths as watched), edited items' pages
    /// are written first (see `ItemPreview`).
    @discardableResult
    package func build(changed: [String]? = nil) -> Result<Builder.Outcome, BuildFailure> {
        build(changed: changed, unlessEnded: false)!
    }

    /// `build(changed:)`; nil without building when `unlessEnded` and the session has ended.
    /// `makingImages` is given to the build that makes what a draft build left (see
    /// `makeImages`); every other build stops that one first.
    private func build(
        changed: [String]?, unlessEnded: Bool, makingImages: BuildCancellation? = nil
    ) -> Result<Builder.Outcome, BuildFailure>? {
        if makingImages == nil { stateLock.withLock { imageBuild?.cancel() } }
        return buildLock.withLock {
            if unlessEnded, hasEnded { return nil }
            if let makingImages, makingImages.isCancelled { return nil }
            let started = DispatchTime.now().uptimeNanoseconds
            var buildOptions = options
            if let makingImages {
                buildOptions.draftImages = false
                buildOptions.cancellation = makingImages
            }
            let builder = Builder(options: buildOptions)
            var written: [String: OutputManifest.Record] = [:]
            if let changed {
                let prefix = Self.withoutTrailingSlash(options.contentPath) + "/"
                let inContent = changed.filter { $0.hasPrefix(prefix) }
                if inContent.count == changed.count {
                    written = ItemPreview(options: builder.options).write(inContent.map { String($0.dropFirst(prefix.count)) }, memory: memory, cache: cache)
                }
                if !written.isEmpty {
                    hub.publish(.changed(written.keys.sorted()))
                    report(.previewed(written.keys.sorted(), seconds: Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9))
                }
            }
            let result = Result { () throws(BuildFailure) in try builder.update(cache: cache, memory: memory, preWritten: written) }
            if case .failure = result { memory.forget() }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            switch result {
            case .failure(let failure) where makingImages != nil && failure.wasInterrupted:
                // Stopped for an edit or the session's end: the next draft build starts another.
                break
            case .success(let outcome):
                hub.publish(.changed(outcome.summary.changedPaths))
                report(.built(outcome, seconds: seconds))
                if outcome.imagesPending > 0, !hasEnded { makeImages() }
            case .failure(let failure):
                hub.publish(.failed(LiveReload.overlayText(of: failure)))
                report(.failed(failure, seconds: seconds))
            }
            stateLock.withLock { builds += 1 }
            return result
        }
    }

    /// Makes, on a thread of its own, the variants a draft build left out (`imagesPending`),
    /// in a full build after it: its pages name them, so open pages reload. Edits are built
    /// first (their draft builds stop this one and start another), since photos take long.
    private func makeImages() {
        let cancellation = BuildCancellation()
        stateLock.withLock {
            imageBuild?.cancel()
            imageBuild = cancellation
        }
        let thread = Thread { [self] in
            _ = build(changed: nil, unlessEnded: true, makingImages: cancellation)
        }
        thread.name = "foldout images"
        thread.start()
    }

    /// `path` as the watcher names what is under it (`Content/`, `Content` → `Content`).
    static func withoutTrailingSlash(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }

    /// Builds done so far (tests wait on it).
    package var buildCount: Int { stateLock.withLock { builds } }

    /// Open event streams (tests wait on it).
    package var openEventStreams: Int { hub.subscriberCount }
}

/// The folders could not be watched (out of inotify watches, say).
package struct WatchError: Error, CustomStringConvertible {
    package var path: String
    package var description: String {
        "\(path): cannot watch the folder for changes (on Linux, raise fs.inotify.max_user_watches)"
    }
}
