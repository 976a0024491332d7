import FoldoutBase
import FoldoutLoading
import FoldoutMarkdown

extension Routes {
    /// The pixel size of every content image, by the output path it is copied to, read once
    /// per build (many items name the same picture). Nil for a file that is not an image
    /// Foldout can read. `known` are sizes the image stage has already (its photos, whose
    /// files are not read again).
    package func imageSizes(in tree: SourceFolder, fileSystem: FileSystem, known: [String: ImageSize] = [:]) -> [String: ImageSize?] {
        var assets: [(path: String, asset: SourceAsset)] = []
        func walk(_ folder: SourceFolder) {
            for asset in folder.assets {
                if let target = targets[asset.path], known[target.path] == nil { assets.append((target.path, asset)) }
            }
            folder.folders.forEach(walk)
        }
        walk(tree)
        let sizes = Parallel.map(assets) { entry -> ImageSize? in
            ImageSize(file: entry.asset.absolutePath, fileSystem: fileSystem)
        }
        var result: [String: ImageSize?] = known.mapValues(Optional.some)
        for (entry, size) in zip(assets, sizes) { result[entry.path] = size }
        return result
    }

    /// Every content file copied as it is, with the output path it goes to, in folders
    /// that take part in the build.
    package func assets(in folder: SourceFolder, pages: [String: ParsedPage]) -> [(path: String, asset: SourceAsset)] {
        guard ContentRouter.isIncluded(folder, pages: pages) else { return [] }
        var found: [(path: String, asset: SourceAsset)] = []
        for asset in folder.assets {
            if let target = targets[asset.path] { found.append((target.path, asset)) }
        }
        for child in folder.folders { found += assets(in: child, pages: pages) }
        return found
    }
}

extension ContentRouter {
    /// The ids the home page (key "") and each catalog's page (key: its folder) give their
    /// sections and loose rows: the slugs of the folder's sub-folders and pages. The intros of
    /// `_index.md` files show on those pages, so their heading ids must avoid these.
    package static func outlineIDs(of tree: SourceFolder, pages: [String: ParsedPage]) -> [String: Set<String>] {
        func ids(_ folder: SourceFolder) -> Set<String> {
            var ids = Set(folder.folders.map { folderSlug($0, pages: pages) })
            for file in folder.pages {
                if let page = pages[file.path] { ids.insert(pageSlug(page)) }
            }
            return ids
        }
        var result = ["": ids(tree)]
        for catalog in tree.folders { result[catalog.path] = ids(catalog) }
        return result
    }
}
