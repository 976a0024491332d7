import FoldoutBase

/// What the loading stage read of the content folder: the tree with each Markdown file's
/// bytes, a digest of each file, and the problems met reading them. The pipeline's input,
/// beside the templates; the incremental build (`BuildInputs`) adds what it needs to skip work.
package struct LoadedContent {
    package var loader: ContentLoader
    package var tree: SourceFolder
    /// Digest of each Markdown file's and asset's bytes, by path relative to the content folder.
    package var fileDigests: [String: UInt64]
    /// Files and folders that could not be read, reported with the other stages' problems.
    package var problems: [Diagnostic]

    package init(loader: ContentLoader, tree: SourceFolder, fileDigests: [String: UInt64], problems: [Diagnostic]) {
        self.loader = loader
        self.tree = tree
        self.fileDigests = fileDigests
        self.problems = problems
    }
}
