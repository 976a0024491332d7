import FoldoutBase
import FoldoutLoading
import FoldoutMarkdown

/// Which of the content's files (`SourceAsset`s) a build publishes: every one (`publish: all`,
/// the default), or, where `Content/_index.md` or a catalog's `_index.md` says
/// `publish: referenced`, only those some page links to or shows, as Hugo publishes a page
/// bundle's resources only when used. Files of hidden folders (`.github/images/`) are
/// published only when used, whatever the setting.
package struct AssetPublishing: Sendable, Equatable {
    /// Whether the site's `_index.md` says `publish: referenced`.
    private var siteReferenced = false
    /// What each catalog's `_index.md` says (true for `referenced`), by its folder; a catalog
    /// that says nothing goes by the site.
    private var catalogReferenced: [String: Bool] = [:]

    package static let all = AssetPublishing()

    /// Reads `publish:` from the site's `_index.md` and each catalog's (a catalog's own value
    /// wins over the site's); a value other than `all` or `referenced` is an error at its line.
    package init(tree: SourceFolder, pages: [String: ParsedPage], displayPath: (String) -> String, diagnostics: inout [Diagnostic]) {
        func read(_ folder: SourceFolder) -> Bool? {
            guard let index = folder.index, let page = pages[index.path], let value = page.frontMatter["publish"] else { return nil }
            switch value.stringValue?.lowercased() {
            case "referenced"?: return true
            case "all"?: return false
            default:
                diagnostics.append(
                    .error(
                        displayPath(index.path), line: page.line(of: "publish"),
                        "`publish` must be `all` (every file of the content folder, the default) or `referenced` (only the files some page links to or shows), found `\(value.text)`",
                        hint: "write `publish: referenced`, or delete the line"))
                return nil
            }
        }
        siteReferenced = read(tree) ?? false
        for catalog in tree.folders {
            if let referenced = read(catalog) { catalogReferenced[catalog.path] = referenced }
        }
    }

    private init() {}

    private var anyReferenced: Bool { siteReferenced || catalogReferenced.values.contains(true) }

    /// Whether `asset` is published only when a page uses it.
    package func onlyWhenUsed(_ asset: SourceAsset) -> Bool {
        if asset.isPublishedWhenUsed { return true }
        guard anyReferenced else { return false }
        if asset.path.contains("/"), let own = catalogReferenced[String(asset.path.prefix { $0 != "/" })] { return own }
        return siteReferenced
    }

    /// Whether the asset published at `path` goes into the output: `used` holds the output
    /// paths of every file a page links to or shows.
    package func publishes(_ asset: SourceAsset, at path: String, used: Set<String>) -> Bool {
        !onlyWhenUsed(asset) || used.contains(path)
    }

    /// Whether some file may be left out for not being used: a quick rebuild, which renders
    /// only the edited pages, cannot tell whether another page still uses a file.
    package func leavesOutUnused(in tree: SourceFolder) -> Bool {
        if anyReferenced { return true }
        func hasHidden(_ folder: SourceFolder) -> Bool {
            folder.assets.contains(where: \.isPublishedWhenUsed) || folder.folders.contains(where: hasHidden)
        }
        return hasHidden(tree)
    }
}
