import FoldoutBase
import FoldoutBuild
import FoldoutOutput
import Foundation

/// What the tests of incremental builds ask of a site, whether it lives in memory
/// (`MemorySite`, most of them) or on the disk (`DiskSite`, where the disk is the point).
package protocol BuiltSite: AnyObject {
    /// The folder holding Content/, Output/ and Templates/.
    var root: String { get }
    var templatesPath: String? { get }
    var strict: Bool { get set }
    var force: Bool { get set }
    var fileSystem: FileSystem { get }
    var state: OutputFolderState { get throws }

    /// Writes files (paths relative to `root`).
    func writeInRoot(_ files: [String: String]) throws
    /// Writes a content file's bytes (path relative to Content/).
    func writeContent(_ path: String, bytes: [UInt8]) throws
    func remove(_ path: String) throws
    /// An incremental build, as `foldout build` runs it.
    @discardableResult
    func build() throws(BuildFailure) -> Builder.Outcome
    func text(_ path: String) throws -> String
    /// Flips bits in the file at `path` (absolute), every `step`th byte from `fraction` of the
    /// way in: a side file damaged as a crash or a bad disk would leave it.
    func damage(_ path: String, from fraction: Int, every step: Int) throws
    /// Cuts `count` bytes off the end of the file at `path` (absolute), as a torn write would.
    func truncate(_ path: String, by count: Int) throws
    /// The time builds date items they see for the first time by (`BuildOptions.clock`).
    var clock: @Sendable () -> Timestamp { get }
    /// A clean build of the same content (templates, strictness, clock) into a new output folder.
    func cleanBuild() throws -> (report: Builder.Report, state: OutputFolderState, manifest: OutputManifest)
}

extension BuiltSite {
    package var content: String { root + "/Content" }
    package var output: String { root + "/Output" }

    package var options: BuildOptions {
        var options = BuildOptions(
            contentPath: content, templatesPath: templatesPath, outputPath: output, strict: strict,
            contentDisplayName: "Content", templatesDisplayName: "Templates", fileSystem: fileSystem)
        options.force = force
        options.clock = clock
        return options
    }

    /// Writes content files (paths relative to Content/).
    package func write(_ files: [String: String]) throws {
        try writeInRoot(files.reduce(into: [:]) { $0["Content/" + $1.key] = $1.value })
    }

    package func writeTemplate(_ path: String, _ text: String) throws {
        try writeInRoot(["Templates/" + path: text])
    }
}

extension DiskSite: BuiltSite {
    package var root: String { folder.path }
    package var clock: @Sendable () -> Timestamp { { Timestamp.now() } }

    package func writeInRoot(_ files: [String: String]) throws {
        try folder.write(files)
    }

    package func writeContent(_ path: String, bytes: [UInt8]) throws {
        try folder.write("Content/" + path, bytes: bytes)
    }

    package func damage(_ path: String, from fraction: Int, every step: Int) throws {
        try Self.damage(path, from: fraction, every: step)
    }

    package func truncate(_ path: String, by count: Int) throws {
        let bytes = try FileSystem.local.readFile(path)
        try Data(bytes.dropLast(count)).write(to: URL(fileURLWithPath: path))
    }

    /// Built from the real disk, not through `fileSystem`, which a test may be watching.
    package func cleanBuild() throws -> (report: Builder.Report, state: OutputFolderState, manifest: OutputManifest) {
        let clean = try TemporaryFolder()
        let options = BuildOptions(
            contentPath: content, templatesPath: templatesPath, outputPath: clean.path + "/Output",
            strict: strict, contentDisplayName: "Content", templatesDisplayName: "Templates")
        let report = try Builder(options: options).build().report
        return (report, try OutputFolderState(clean.path + "/Output"), OutputManifest.read(root: clean.path + "/Output"))
    }
}
