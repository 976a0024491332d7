import FoldoutBase
import FoldoutLoading

/// What an incremental build reads: the loading stage's content (the pipeline's input) with
/// what tells unchanged files and builds apart — the files' stamps, the settings' and the
/// whole input's digests, and the Markdown files not read because their stamps say unchanged.
package struct BuildInputs {
    package var content: LoadedContent
    /// The tree's `files`.
    package var files: [SourceFolder.FileEntry]
    /// What `stat` said of each of `files` before it was read, where it can be trusted next time.
    package var stamps: [FileStamp?] = []
    /// Digest of the program, the options and the templates; nil when the templates could not be read.
    package var settings: UInt64?
    /// Digest of every input together (the settings, the content folder's structure and
    /// every file's digest); nil when the templates could not be read.
    package var fingerprint: UInt64?
    /// The tree's `structureDigest`.
    package var structure: UInt64
    /// Markdown files not read, known unchanged by their stamps (their bytes in `tree` are empty).
    package var unread: [ContentLoader.FoundFile]
    /// Unchanged files whose stamps the build record lacked and can now record (by their
    /// places in `SourceFolder.files`).
    package var restamped: [(index: Int, record: BuildRecord.FileRecord)] = []

    package var loader: ContentLoader { content.loader }
    package var tree: SourceFolder { content.tree }
    package var fileDigests: [String: UInt64] { content.fileDigests }
    package var readProblems: [Diagnostic] { content.problems }

    /// Reads the Markdown files that were not read, for a build that parses them all.
    package mutating func readUnread() {
        content.loader.read(unread, into: &content.tree, diagnostics: &content.problems)
        unread = []
    }
}
