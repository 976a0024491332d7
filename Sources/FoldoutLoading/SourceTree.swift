import FoldoutBase

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

    /// Whether the folder holds a Markdown file at any depth.
    public var hasMarkdown: Bool {
        index != nil || !pages.isEmpty || folders.contains { $0.hasMarkdown }
    }
}

public struct SourceFile: Sendable {
    /// Path relative to the content folder, e.g. `pets/dogs/terriers/diego.md`.
    public var path: String
    public var bytes: [UInt8]

    package init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    /// The file's name without its folder and without `.md` or `.markdown`: `diego`. Found by
    /// bytes, not characters: the loader and the router ask it of every page, on one core.
    public var baseName: Substring { Self.baseName(ofPath: path) }

    /// The base name of the Markdown file at `path` (see `baseName`).
    public static func baseName(ofPath path: String) -> Substring {
        let name = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path[path.utf8.index(after: $0)...] } ?? Substring(path)
        return baseName(ofFileName: name)
    }

    /// `name` without `.md` or `.markdown`.
    public static func baseName(ofFileName name: Substring) -> Substring {
        func dropping(_ suffix: StaticString) -> Substring? {
            let count = suffix.utf8CodeUnitCount
            guard name.utf8.count >= count else { return nil }
            let start = name.utf8.index(name.utf8.endIndex, offsetBy: -count)
            let matches = suffix.withUTF8Buffer { name.utf8[start...].elementsEqual($0) }
            return matches ? name[..<start] : nil
        }
        return dropping(".markdown") ?? dropping(".md") ?? name
    }
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

extension SourceFolder {
    /// A Markdown file or an asset, as `files` lists them.
    package struct FileEntry: Sendable {
        package var path: String
        package var isMarkdown: Bool
    }

    /// Every Markdown file and asset, in the order builds record them: a folder's
    /// `_index.md`, its pages and its assets, then its folders' files.
    package var files: [FileEntry] {
        var entries: [FileEntry] = []
        func collect(_ folder: SourceFolder) {
            if let index = folder.index { entries.append(FileEntry(path: index.path, isMarkdown: true)) }
            for page in folder.pages { entries.append(FileEntry(path: page.path, isMarkdown: true)) }
            for asset in folder.assets { entries.append(FileEntry(path: asset.path, isMarkdown: false)) }
            folder.folders.forEach(collect)
        }
        collect(self)
        return entries
    }

    /// Every Markdown file and asset below, in `files` order.
    package var allFiles: (markdown: [SourceFile], assets: [SourceAsset]) {
        var markdown: [SourceFile] = []
        var assets: [SourceAsset] = []
        func collect(_ folder: SourceFolder) {
            if let index = folder.index { markdown.append(index) }
            markdown += folder.pages
            assets += folder.assets
            folder.folders.forEach(collect)
        }
        collect(self)
        return (markdown, assets)
    }

    /// The Markdown file at `path` (relative to the content folder), if the tree has it.
    package func markdownFile(at path: String) -> SourceFile? {
        if let index, index.path == path { return index }
        if let page = pages.first(where: { $0.path == path }) { return page }
        return folders.first { path.hasPrefix($0.path + "/") }?.markdownFile(at: path)
    }

    /// A digest of the tree's shape: its folders and the paths of its files, in `files` order.
    package var structureDigest: UInt64 {
        var hasher = ContentHash()
        func feed(_ folder: SourceFolder) {
            hasher.combine(folder.path)
            hasher.combine(folder.index != nil)
            hasher.combine(folder.pages.count)
            for page in folder.pages { hasher.combine(page.path) }
            hasher.combine(folder.assets.count)
            for asset in folder.assets {
                hasher.combine(asset.path)
                hasher.combine(asset.absolutePath)
            }
            hasher.combine(folder.folders.count)
            folder.folders.forEach(feed)
        }
        feed(self)
        return hasher.finalize()
    }
}
