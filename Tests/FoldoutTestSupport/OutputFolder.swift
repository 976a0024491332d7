import FoldoutBase
import FoldoutBuild
import FoldoutIncremental
import FoldoutMarkdown
import FoldoutOutput
import FoldoutRendering
import Foundation

// `lstat` and its mode bits, from the C library of each system.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every file under an output folder with its bytes, modification time (nanoseconds) and
/// inode, hidden files included: what "left exactly as it was" is checked against. Foldout
/// replaces a file by renaming a new one over it, so a rewritten file has a new inode even
/// when the clock has not moved on.
package struct OutputFolderState: Equatable {
    package struct File: Equatable {
        package var bytes: [UInt8]
        package var modified: Int64
        package var inode: UInt64
    }

    package var files: [String: File]

    package init(_ root: String) throws {
        files = [:]
        guard let walker = FileManager.default.enumerator(atPath: root) else { return }
        while let relative = walker.nextObject() as? String {
            var info = stat()
            guard lstat(root + "/" + relative, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            files[relative] = File(
                bytes: try FileSystem.local.readFile(root + "/" + relative), modified: FileStatus(info).modified,
                inode: UInt64(info.st_ino))
        }
    }

    /// The same for an output folder in memory.
    package init(_ root: String, in memory: MemoryFileSystem) {
        files = memory.files(under: root).mapValues { File(bytes: $0.bytes, modified: $0.modified, inode: $0.inode) }
    }

    /// Paths whose bytes or modification time differ from `other`, or that only one has.
    package func changed(since other: OutputFolderState) -> Set<String> {
        Set(files.keys).union(other.files.keys).filter { files[$0] != other.files[$0] }
    }

    /// The pages and files, without Foldout's manifest.
    package var sitePaths: Set<String> { Set(files.keys).subtracting([OutputManifest.fileName]) }
}

/// A site on disk (Content/ and Output/ in a temporary folder) built the way the command
/// line builds it, with a build cache beside the output folder.
package final class DiskSite {
    package let folder: TemporaryFolder
    package var templatesPath: String?
    package var force = false
    package var strict = false
    package var fileSystem = FileSystem.local

    package init(_ files: [String: String], templates: [String: String]? = nil) throws {
        folder = try TemporaryFolder()
        try write(files)
        if let templates {
            try folder.write(templates.reduce(into: [:]) { $0["Templates/" + $1.key] = $1.value })
            templatesPath = folder.path + "/Templates"
        }
    }

    package func remove(_ path: String) throws {
        try FileManager.default.removeItem(atPath: content + "/" + path)
    }

    /// An incremental build, as `foldout build` runs it.
    @discardableResult
    package func build() throws(BuildFailure) -> Builder.Outcome {
        try Builder(options: options).update(cache: MarkdownCacheFile(path: MarkdownCacheFile.defaultPath(forOutput: output), servesLaterBuilds: false))
    }

    package var state: OutputFolderState {
        get throws { try OutputFolderState(output) }
    }

    package func text(_ path: String) throws -> String {
        try String(contentsOfFile: output + "/" + path, encoding: .utf8)
    }

    /// Flips bits in the file at `path` (absolute), every `step`th byte from `fraction` of the
    /// way in: a side file damaged as a crash or a bad disk would leave it.
    package static func damage(_ path: String, from fraction: Int, every step: Int) throws {
        var bytes = try FileSystem.local.readFile(path)
        for index in stride(from: bytes.count / fraction, to: bytes.count, by: step) { bytes[index] ^= 0x5A }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
}
