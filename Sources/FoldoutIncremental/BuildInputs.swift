import FoldoutBase
import FoldoutLoading
import FoldoutRendering

/// The templates' files and the content tree as read from disk, with a digest of each
/// content file and of everything together.
package struct BuildInputs {
    package var templateFiles: [TemplateSet.File]?
    /// The templates compiled, started as soon as they were read: they compile on the
    /// other core while this one walks the content folder, which it does alone (compiled
    /// after the content had loaded, they kept one core idle).
    package var templates: Pending<Result<TemplateSet, BuildFailure>>?
    /// Problems reading the templates and the content, reported with the other stages'.
    package var readProblems: [Diagnostic]
    package var loader: ContentLoader
    package var tree: SourceFolder
    /// The tree's `files`.
    package var files: [SourceFolder.FileEntry]
    /// Digest of each Markdown file's and asset's bytes, by path relative to the content folder.
    package var fileDigests: [String: UInt64]
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

    /// Reads the Markdown files that were not read, for a build that parses them all.
    package mutating func readUnread() {
        loader.read(unread, into: &tree, diagnostics: &readProblems)
        unread = []
    }

    /// The templates once compiled; nil, with the problems added to `diagnostics`, when they
    /// could not be read or compiled.
    package func compiledTemplates(reportingTo diagnostics: inout [Diagnostic]) -> TemplateSet? {
        switch templates?.wait() {
        case .success(let compiled)?: return compiled
        case .failure(let error)?:
            diagnostics += error.diagnostics
            return nil
        case nil: return nil
        }
    }
}
