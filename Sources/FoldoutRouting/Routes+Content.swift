import FoldoutBase
import FoldoutLoading
import FoldoutMarkdown

extension Routes {
    /// Every content file copied as it is, with the output path it goes to, in any folder
    /// (pages may name a file of a folder that takes no part).
    package func allAssets(in tree: SourceFolder) -> [(path: String, asset: SourceAsset)] {
        var assets: [(path: String, asset: SourceAsset)] = []
        func walk(_ folder: SourceFolder) {
            for asset in folder.assets {
                if let target = targets[asset.path] { assets.append((target.path, asset)) }
            }
            folder.folders.forEach(walk)
        }
        walk(tree)
        return assets
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
                if let page = pages[file.path] { ids.insert(pageSlug(page, itemName: file.itemName)) }
            }
            return ids
        }
        var result = ["": ids(tree)]
        for catalog in tree.folders { result[catalog.path] = ids(catalog) }
        return result
    }
}
