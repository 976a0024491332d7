import FoldoutBase

/// What `ContentLoader` found under `Content/`: folders, Markdown files and other files,
/// with paths relative to the content folder. No parsing has happened yet.
package struct SourceFolder: Sendable {
    /// Path relative to the content folder, "" for the content folder itself.
    package var path: String
    /// The folder's own name as written on disk ("" for the root).
    package var name: String
    /// `_index.md`, when the folder has one.
    package var index: SourceFile?
    /// Markdown files other than `_index.md`, sorted by name.
    package var pages: [SourceFile]
    /// Every other file (images, downloads), sorted by name.
    package var assets: [SourceAsset]
    /// Sub-folders, sorted by name.
    package var folders: [SourceFolder]

    /// Whether the folder holds a Markdown file at any depth.
    package var hasMarkdown: Bool {
        index != nil || !pages.isEmpty || folders.contains { $0.hasMarkdown }
    }
}

package struct SourceFile: Sendable {
    /// Path relative to the content folder, e.g. `pets/dogs/terriers/diego.md`.
    package var path: String
    package var bytes: [UInt8]
    /// Whether the page is the lead of an item folder (see `ItemFolders`), lifted into the
    /// folder above: it goes by its folder's name, and the folder's other parts are its pages.
    package var leadsItemFolder = false

    package init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    /// The file's name without its folder and without `.md` or `.markdown`: `diego`. Found by
    /// bytes, not characters: the loader and the router ask it of every page, on one core.
    package var baseName: Substring { Self.baseName(ofPath: path) }

    /// The name the page goes by as an item: its base name, or for a Hugo leaf bundle's
    /// `index.md` (or `index.LANG.md`, such as `index.en.md`) inside a folder, that folder's
    /// name (`blog/first-post/index.md` is `first-post`); the lead of an item folder goes by
    /// its folder's name too (`two-fer/description.md` is `two-fer`).
    package var itemName: Substring {
        guard leadsItemFolder else { return Self.itemName(ofPath: path) }
        let parts = path.split(separator: "/")
        return parts.count >= 2 ? parts[parts.count - 2] : Self.baseName(ofPath: path)
    }

    /// The item name of the Markdown file at `path` (see `itemName`).
    package static func itemName(ofPath path: String) -> Substring {
        let parts = path.split(separator: "/")
        guard parts.count >= 2, let last = parts.last, isBundleIndex(fileName: last) else { return baseName(ofPath: path) }
        return parts[parts.count - 2]
    }

    /// Whether `name` is a leaf bundle's page: `index.md`, `index.markdown`, or with a
    /// language code between (`index.en.md`, `index.pt-br.md`).
    package static func isBundleIndex(fileName name: Substring) -> Bool {
        let base = baseName(ofFileName: name)
        guard base.count < name.count, base.hasPrefix("index") else { return false }
        if base == "index" { return true }
        guard base.hasPrefix("index."), case let language = base.dropFirst("index.".count),
            (2...8).contains(language.count), language.first?.isLetter == true
        else { return false }
        return language.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "-" || $0 == "_" }
    }

    /// The base name of the Markdown file at `path` (see `baseName`).
    package static func baseName(ofPath path: String) -> Substring {
        let name = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path[path.utf8.index(after: $0)...] } ?? Substring(path)
        return baseName(ofFileName: name)
    }

    /// `name` without `.md` or `.markdown`.
    package static func baseName(ofFileName name: Substring) -> Substring {
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

package struct SourceAsset: Sendable {
    /// Path relative to the content folder.
    package var path: String
    /// Absolute path on disk, so large files are copied, not held in memory.
    package var absolutePath: String
    /// In a hidden folder walked for its files (`.github/`): published only when a page uses it.
    package var isPublishedWhenUsed = false
}

extension SourceFolder {
    /// The same tree without the Markdown files' bytes, for the stages after parsing, which
    /// need only the structure.
    package func droppingFileContents() -> SourceFolder {
        var folder = self
        folder.index?.bytes = []
        for index in folder.pages.indices { folder.pages[index].bytes = [] }
        folder.folders = folders.map { $0.droppingFileContents() }
        return folder
    }

    /// How many assets and folders there are in the tree, this folder's own included: with
    /// the pages, what the routes hold.
    package var assetAndFolderCount: Int { 1 + assets.count + folders.reduce(0) { $0 + $1.assetAndFolderCount } }
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
