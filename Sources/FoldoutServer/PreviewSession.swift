import Foundation
import FoldoutBase
import FoldoutOutput
import FoldoutIncremental
import FoldoutBuild

/// `foldout serve`: builds the site, serves the output folder, watches the content and
/// templates folders, rebuilds incrementally on each change and tells open pages. A failed
/// build changes nothing in the output folder, so the last good output keeps being served,
/// with the errors shown over it.
public final class PreviewSession: @unchecked Sendable {
    /// One build's result, for the terminal.
    public enum Event: Sendable {
        /// Edited items' pages written ahead of the rebuild.
        case previewed([String], seconds: Double)
        case built(Builder.Outcome, seconds: Double)
        case failed(BuildFailure, seconds: Double)
        /// The server listens at this URL.
        case serving(String)
    }

    public let options: BuildOptions
    public let server: PreviewServer
    private let hub = LiveReloadHub()
    private let cache: MarkdownCacheFile
    private let memory = SessionMemory()
    private let report: @Sendable (Event) -> Void
    private let buildLock = NSLock()
    private var watcher: SiteWatcher?
    private let stateLock = NSLock()
    private var builds = 0

    /// `report` hears about every build and when the server is up.
    public init(options: BuildOptions, host: String = "127.0.0.1", port: Int = 8000,
                report: @escaping @Sendable (Event) -> Void = { _ in }) {
        self.options = options
        self.report = report
        cache = MarkdownCacheFile(path: MarkdownCacheFile.defaultPath(forOutput: options.outputPath), fileSystem: options.fileSystem)
        server = PreviewServer(outputPath: options.outputPath, host: host, port: port, hub: hub)
    }

    /// Builds, then serves and watches until the task is cancelled.
    public func run() async throws {
        build()
        let folders = ([options.contentPath] + (options.templatesPath.map { [$0] } ?? [])).map(Self.withoutTrailingSlash)
        guard let watcher = SiteWatcher(roots: folders) else { throw WatchError(path: options.contentPath) }
        stateLock.withLock { self.watcher = watcher }
        let thread = Thread { [self] in
            while let changed = watcher.waitForChange() {
                if !changed.isEmpty { build(changed: changed) }
            }
        }
        thread.name = "foldout watcher"
        thread.start()
        defer {
            watcher.stop()
            hub.finish()
        }
        let host = server.host.contains(":") ? "[\(server.host)]" : server.host
        try await withTaskCancellationHandler {
            try await server.run { [report] port in report(.serving("http://\(host):\(port)/")) }
        } onCancel: {
            watcher.stop()
            self.hub.finish()
        }
    }

    /// One incremental build; open pages hear what changed, or why it failed. When the
    /// watcher says which files changed (`changed`, paths as watched), edited items' pages
    /// are written first (see `ItemPreview`).
    @discardableResult
    public func build(changed: [String]? = nil) -> Result<Builder.Outcome, BuildFailure> {
        buildLock.withLock {
            let started = DispatchTime.now().uptimeNanoseconds
            let builder = Builder(options: options)
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
            case .success(let outcome):
                hub.publish(.changed(outcome.summary.changedPaths))
                report(.built(outcome, seconds: seconds))
            case .failure(let failure):
                hub.publish(.failed(failure.description))
                report(.failed(failure, seconds: seconds))
            }
            stateLock.withLock { builds += 1 }
            return result
        }
    }

    /// `path` as the watcher names what is under it (`Content/`, `Content` → `Content`).
    static func withoutTrailingSlash(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }

    /// Builds done so far (tests wait on it).
    public var buildCount: Int { stateLock.withLock { builds } }

    /// Open event streams (tests wait on it).
    public var openEventStreams: Int { hub.subscriberCount }
}

/// The folders could not be watched (out of inotify watches, say).
public struct WatchError: Error, CustomStringConvertible {
    public var path: String
    public var description: String {
        "\(path): cannot watch the folder for changes (on Linux, raise fs.inotify.max_user_watches)"
    }
}
