import FoldoutBase

/// What a build is about to change in the output folder, kept there as `.foldout-journal`
/// while it publishes: the new record of every file it is about to rename into place. It is
/// written (atomically) before the first rename and removed once the manifest lists those
/// files, so at any moment the manifest and the journal together name every file Foldout
/// wrote. A build that finds one was stopped mid-way: each path in it is Foldout's, either
/// version may be on disk, and `OutputManifest.read` records whichever it is.
///
/// The same text as the manifest, under its own first line, with `file` lines only.
package struct OutputJournal: Sendable, Equatable {
    package static let fileName = ".foldout-journal"
    package static let formatLine = "foldout-journal 1"

    package var files: [String: OutputManifest.Record] = [:]

    package init(files: [String: OutputManifest.Record] = [:]) {
        self.files = files
    }

    /// The journal of the output folder `root`; nil when there is none or it cannot be read
    /// (it is renamed into place whole, so a damaged one was not written by Foldout).
    package static func read(root: String, fileSystem: FileSystem) -> OutputJournal? {
        guard let bytes = try? fileSystem.readFile(root + "/" + fileName),
            let parsed = OutputManifest.parse(bytes, formatLine: formatLine)
        else { return nil }
        return OutputJournal(files: parsed.files)
    }

    package func serialized() -> [UInt8] {
        var manifest = OutputManifest()
        manifest.files = files
        return manifest.serialized(formatLine: Self.formatLine)
    }

    /// Writes the journal into `root` by way of `temporary`, a path outside it.
    package func write(root: String, via temporary: String, fileSystem: FileSystem) throws {
        try AtomicFile.write(serialized(), to: root + "/" + Self.fileName, via: temporary, in: fileSystem)
    }

    /// Removes the journal of `root`; false when it is still there.
    @discardableResult
    package static func remove(root: String, fileSystem: FileSystem) -> Bool {
        (try? fileSystem.removeFile(root + "/" + fileName)) != nil
    }
}
