import FoldoutBase
import FoldoutBuild
import FoldoutIncremental
import FoldoutOutput
import FoldoutRendering
import Foundation
import Testing

/// A site in memory: the one way tests describe a site without the disk. Content files by
/// path under `Content/` (text or bytes), templates by path under `Templates/` when the
/// built-in ones will not do, all in a `MemoryFileSystem` at `/site`, named in messages as
/// the command line names them (`Content/…`, `Templates/…`). It builds as `foldout build`
/// does, into memory only (`report()`) or into `/site/Output` with a build cache beside it
/// (`build()`), and gives each stage's input to the tests at a stage's door
/// (`MemorySite+Stages.swift`).
package final class MemorySite: BuiltSite {
    package let memory = MemoryFileSystem()
    package let folder: Folder
    package var templatesPath: String?
    package var force = false
    package var strict = false
    package var includeDrafts = false
    /// A fixed time by default, so clean builds date new items as the incremental ones do.
    package var clock: @Sendable () -> Timestamp = { Timestamp(seconds: 1_780_000_000) }

    /// The site's folder, written to as a person would (paths relative to `/site`).
    package struct Folder {
        package let memory: MemoryFileSystem
        package let path = "/site"

        package func write(_ files: [String: String]) throws {
            for (relative, text) in files { memory.write(path + "/" + relative, text) }
        }

        package func write(_ relative: String, bytes: [UInt8]) throws {
            memory.write(path + "/" + relative, bytes: bytes)
        }

        package func text(_ relative: String) throws -> String {
            try memory.text(path + "/" + relative)
        }

        package func exists(_ relative: String) -> Bool {
            memory.exists(path + "/" + relative)
        }
    }

    /// `content` by path under `Content/`; with no content there is no `Content/` folder.
    package convenience init(
        _ content: [String: String] = [:], templates: [String: String]? = nil, strict: Bool = false,
        includeDrafts: Bool = false
    ) {
        self.init(bytes: content.mapValues { Array($0.utf8) }, templates: templates, strict: strict, includeDrafts: includeDrafts)
    }

    /// Content files as bytes, for files that are not valid UTF-8 text.
    package init(bytes content: [String: [UInt8]], templates: [String: String]? = nil, strict: Bool = false, includeDrafts: Bool = false) {
        folder = Folder(memory: memory)
        self.strict = strict
        self.includeDrafts = includeDrafts
        memory.makeFolders(folder.path)
        for (path, bytes) in content { memory.write(folder.path + "/Content/" + path, bytes: bytes) }
        if let templates {
            for (path, text) in templates { memory.write(folder.path + "/Templates/" + path, text) }
            templatesPath = folder.path + "/Templates"
        }
    }

    package var fileSystem: FileSystem { memory.fileSystem }
    package var root: String { folder.path }

    // MARK: Building in memory

    /// Runs every stage up to the snapshot of `Output/`, writing nothing.
    package func report() throws(BuildFailure) -> Builder.Report {
        var options = options
        options.includeDrafts = includeDrafts
        return try Builder(options: options).makeSnapshot()
    }

    package func result() -> Result<Builder.Report, BuildFailure> {
        Result { () throws(BuildFailure) in try report() }
    }

    /// What a build expected to fail reports; nil when it succeeded.
    package func failure() -> BuildFailure? {
        if case .failure(let failure) = result() { return failure }
        return nil
    }

    /// The problems of a build expected to fail; empty when it succeeded.
    package func failureDiagnostics() -> [Diagnostic] {
        failure()?.diagnostics ?? []
    }

    /// Every problem the build reported, whether it failed or not.
    package func diagnostics() -> [Diagnostic] {
        switch result() {
        case .success(let report): return report.warnings
        case .failure(let failure): return failure.diagnostics
        }
    }

    package func errors() -> [Diagnostic] { diagnostics().filter { $0.severity == .error } }
    package func warnings() -> [Diagnostic] { diagnostics().filter { $0.severity == .warning } }

    /// The snapshot of a build that must succeed.
    package func snapshot(sourceLocation: SourceLocation = #_sourceLocation) throws -> OutputSnapshot {
        switch result() {
        case .success(let report): return report.snapshot
        case .failure(let failure):
            Issue.record("build failed:\n\(failure)", sourceLocation: sourceLocation)
            throw failure
        }
    }

    // MARK: Building into the output folder

    package func writeInRoot(_ files: [String: String]) throws {
        try folder.write(files)
    }

    /// Removes a content file or folder (path relative to Content/).
    package func remove(_ path: String) throws {
        memory.remove(content + "/" + path)
    }

    /// An incremental build, as `foldout build` runs it.
    @discardableResult
    package func build() throws(BuildFailure) -> Builder.Outcome {
        try Builder(options: options).update(
            cache: MarkdownCacheFile(
                path: MarkdownCacheFile.defaultPath(forOutput: output), servesLaterBuilds: false,
                fileSystem: fileSystem))
    }

    package var state: OutputFolderState {
        get throws { OutputFolderState(output, in: memory) }
    }

    /// The text of a file in the output folder.
    package func text(_ path: String) throws -> String {
        try memory.text(output + "/" + path)
    }

    /// Clean builds go into folders of their own, numbered.
    private var cleanBuilds = 0

    package func cleanBuild() throws -> (report: Builder.Report, state: OutputFolderState, manifest: OutputManifest) {
        cleanBuilds += 1
        let parent = "/clean/\(cleanBuilds)"
        memory.makeFolders(parent)
        defer { memory.remove(parent) }
        var options = BuildOptions(
            contentPath: content, templatesPath: templatesPath, outputPath: parent + "/Output",
            strict: strict, contentDisplayName: "Content", templatesDisplayName: "Templates",
            fileSystem: fileSystem)
        options.clock = clock
        let report = try Builder(options: options).build().report
        return (report, OutputFolderState(parent + "/Output", in: memory), OutputManifest.read(root: parent + "/Output", fileSystem: fileSystem))
    }

    package func writeContent(_ path: String, bytes: [UInt8]) throws {
        try folder.write("Content/" + path, bytes: bytes)
    }

    package func damage(_ path: String, from fraction: Int, every step: Int) throws {
        var bytes = try memory.fileSystem.readFile(path)
        for index in stride(from: bytes.count / fraction, to: bytes.count, by: step) { bytes[index] ^= 0x5A }
        memory.write(path, bytes: bytes)
    }

    package func truncate(_ path: String, by count: Int) throws {
        memory.write(path, bytes: Array(try memory.fileSystem.readFile(path).dropLast(count)))
    }

    /// The output folder's files but the manifest, sorted.
    package var outputFiles: [String] {
        memory.files(under: output).keys.filter { $0 != OutputManifest.fileName }.sorted()
    }
}
