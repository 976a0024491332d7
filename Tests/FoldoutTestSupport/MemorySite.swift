import Foundation
import FoldoutBase
import FoldoutIncremental
import FoldoutOutput
import FoldoutBuild

/// A site in a `MemoryFileSystem` (`/site/Content`, `/site/Output`, `/site/Templates`), built
/// the way `DiskSite` builds one on disk, with a build cache beside the output folder: for
/// tests of what a build does to its output folder that need no real disk.
package final class MemorySite: BuiltSite {
    package let memory = MemoryFileSystem()
    package let folder: Folder
    package var templatesPath: String?
    package var force = false
    package var strict = false
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

    package init(_ files: [String: String], templates: [String: String]? = nil) throws {
        folder = Folder(memory: memory)
        memory.makeFolders(content)
        try write(files)
        if let templates {
            try folder.write(templates.reduce(into: [:]) { $0["Templates/" + $1.key] = $1.value })
            templatesPath = folder.path + "/Templates"
        }
    }

    package var fileSystem: FileSystem { memory.fileSystem }
    package var root: String { folder.path }

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
        try Builder(options: options).update(cache: MarkdownCacheFile(path: MarkdownCacheFile.defaultPath(forOutput: output), servesLaterBuilds: false,
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
        var options = BuildOptions(contentPath: content, templatesPath: templatesPath, outputPath: parent + "/Output",
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
