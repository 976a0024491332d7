/// What `ContentLoader` found under `Content/`: folders, Markdown files and other files,
/// with paths relative to the content folder. No parsing has happened yet.
public struct SourceFolder: Sendable {
    /// Path relative to the content folder, "" for the content folder itself.
    public var path: String
    /// The folder's own name as written on disk ("" for the root).
    public var name: String
    /// `_index.md`, when the folder has one.
    public var index: SourceFile?
    /// Markdown files other than `_index.md`, sorted by name.
    public var pages: [SourceFile]
    /// Every other file (images, downloads), sorted by name.
    public var assets: [SourceAsset]
    /// Sub-folders, sorted by name.
    public var folders: [SourceFolder]
}

public struct SourceFile: Sendable {
    /// Path relative to the content folder, e.g. `pets/dogs/terriers/diego.md`.
    public var path: String
    public var bytes: [UInt8]
}

public struct SourceAsset: Sendable {
    /// Path relative to the content folder.
    public var path: String
    /// Absolute path on disk, so large files are copied, not held in memory.
    public var absolutePath: String
}

extension SourceFolder {
    /// The same tree without the Markdown files' bytes, for the stages after parsing, which
    /// need only the structure.
    public func droppingFileContents() -> SourceFolder {
        var folder = self
        folder.index?.bytes = []
        for index in folder.pages.indices { folder.pages[index].bytes = [] }
        folder.folders = folders.map { $0.droppingFileContents() }
        return folder
    }

    /// How many assets and folders there are in the tree, this folder's own included: with
    /// the pages, what the routes hold.
    public var assetAndFolderCount: Int { 1 + assets.count + folders.reduce(0) { $0 + $1.assetAndFolderCount } }
}
