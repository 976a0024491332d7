import FoldoutBase
import FoldoutLoading
import FoldoutMarkdown

/// Folders that are one item each, made of a fixed set of parts: an exercise written as
/// `two-fer/description.md`, `instructions.md` and `metadata.toml`. Without this each such
/// folder is a group whose rows are all called "Description" and "Instructions".
///
/// A folder's sub-folders are item folders when its `_index.md` says `item_folder: true`, or,
/// unless it says `item_folder: false`, when there are two or more of them, none has an
/// `_index.md` or a folder with Markdown, each has a part named as a lead is (below), and
/// each of their Markdown file names is found in two of them at least (exercises of `description.md` alone beside exercises of
/// `instructions.md` and `introduction.md`; never `dogs/rex.md` beside `cats/tom.md`). One part
/// leads (`index.md`, `README.md`, `description.md`, `introduction.md`, `overview.md`, else
/// the first by name): it moves into the folder above, goes by its folder's name
/// (`SourceFile.leadsItemFolder`), and the router gives it the folder, whose other Markdown
/// files become its sub-pages and whose other files its assets (as for `lesson.md` and
/// `lesson/`).
package enum ItemFolders {
    /// The names a lead part is chosen by, first to last, before the others by name.
    package static let leadNames = ["index", "readme", "description", "introduction", "overview"]

    /// `tree` with every item folder's lead lifted into the folder above. `pages` holds the
    /// parsed pages that take part (drafts left out), where `item_folder:` is read.
    package static func lift(
        _ tree: SourceFolder, pages: [String: ParsedPage], displayPath: (String) -> String,
        diagnostics: inout [Diagnostic]
    ) -> SourceFolder {
        var tree = tree
        // The content folder's sub-folders are catalogs, never items.
        for index in tree.folders.indices {
            lift(in: &tree.folders[index], pages: pages, displayPath: displayPath, diagnostics: &diagnostics)
        }
        return tree
    }

    private static func lift(
        in folder: inout SourceFolder, pages: [String: ParsedPage], displayPath: (String) -> String,
        diagnostics: inout [Diagnostic]
    ) {
        guard !folder.folders.isEmpty else { return }
        for index in folder.folders.indices {
            lift(in: &folder.folders[index], pages: pages, displayPath: displayPath, diagnostics: &diagnostics)
        }
        let declared = declaration(of: folder, pages: pages, displayPath: displayPath, diagnostics: &diagnostics)
        guard declared != false else { return }
        // A folder that a page of its name owns is that page's already.
        let pageNames = Set(folder.pages.map(\.itemName))
        let withMarkdown = folder.folders.indices.filter { position in
            let child = folder.folders[position]
            return !pageNames.contains(Substring(child.name)) && ContentRouter.isIncluded(child, pages: pages)
                && !parts(of: child, pages: pages).isEmpty
        }
        let candidates = withMarkdown.filter { isCandidate(folder.folders[$0]) }
        if declared == true {
            if let index = folder.index, let page = pages[index.path] {
                for position in withMarkdown where !isCandidate(folder.folders[position]) {
                    diagnostics.append(
                        .warning(
                            displayPath(index.path), line: page.line(of: "item_folder"),
                            "`\(folder.folders[position].name)/` stays a group, not an item: it has \(folder.folders[position].index == nil ? "folders with Markdown" : "an `_index.md`") of its own",
                            hint: "an item folder holds its parts side by side; move the inner folders' pages up, or give the group its own items"))
                }
            }
        } else {
            // Inferred: every sibling with Markdown is made of parts the others have too, and
            // has a part named as a lead is: `week-1/day-1.md` beside `week-2/day-1.md` are a
            // course's lessons in groups, not two items.
            guard withMarkdown.count >= 2, candidates.count == withMarkdown.count,
                candidates.allSatisfy({ namedLead(parts(of: folder.folders[$0], pages: pages)) != nil })
            else { return }
            var folderCounts: [String: Int] = [:]
            for position in candidates {
                for name in Set(parts(of: folder.folders[position], pages: pages).map({ partName($0).lowercased() })) {
                    folderCounts[name, default: 0] += 1
                }
            }
            guard folderCounts.values.allSatisfy({ $0 >= 2 }) else { return }
        }
        var lifted: [SourceFile] = []
        for position in candidates {
            var child = folder.folders[position]
            let included = parts(of: child, pages: pages)
            guard var lead = chooseLead(included) else { continue }
            // A README the loader made the folder's index is a part like the others here.
            if let index = child.index {
                child.pages.append(index)
                child.pages.sort { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
                child.index = nil
            }
            child.pages.removeAll { $0.path == lead.path }
            lead.leadsItemFolder = true
            lifted.append(lead)
            folder.folders[position] = child
        }
        guard !lifted.isEmpty else { return }
        folder.pages = (folder.pages + lifted).sorted { $0.itemName.utf8.lexicographicallyPrecedes($1.itemName.utf8) }
    }

    /// `item_folder:` of the folder's `_index.md`: true, false, or nil when it does not say
    /// (or says something else, which is warned about).
    private static func declaration(
        of folder: SourceFolder, pages: [String: ParsedPage], displayPath: (String) -> String,
        diagnostics: inout [Diagnostic]
    ) -> Bool? {
        guard let index = folder.index, let page = pages[index.path], let value = page.frontMatter["item_folder"], value != .null else { return nil }
        if case .bool(let flag) = value { return flag }
        diagnostics.append(
            .warning(
                displayPath(index.path), line: page.line(of: "item_folder"),
                "`item_folder` must be true or false, found `\(value.text)`; the sub-folders are looked at as if it were not there",
                hint: "write `item_folder: true` to make each sub-folder one item, `item_folder: false` to keep them groups"))
        return nil
    }

    /// Whether the folder can be one item: no `_index.md` of its own (a README the loader
    /// made its index is a part) and no folder with Markdown below it.
    private static func isCandidate(_ folder: SourceFolder) -> Bool {
        if let index = folder.index, partName(index).lowercased() == "_index.md" { return false }
        return !folder.folders.contains(where: \.hasMarkdown)
    }

    /// The folder's Markdown files that take part, a README made its index among them.
    private static func parts(of folder: SourceFolder, pages: [String: ParsedPage]) -> [SourceFile] {
        var files = folder.pages
        if let index = folder.index { files.append(index) }
        return files.filter { pages[$0.path] != nil }
    }

    private static func partName(_ file: SourceFile) -> Substring {
        file.path.split(separator: "/").last ?? Substring(file.path)
    }

    /// The part that leads: the first of `leadNames` there is, else the first by name.
    private static func chooseLead(_ parts: [SourceFile]) -> SourceFile? {
        namedLead(parts) ?? parts.min { partName($0).utf8.lexicographicallyPrecedes(partName($1).utf8) }
    }

    /// The part named by the first of `leadNames` there is (the first by name among equals).
    private static func namedLead(_ parts: [SourceFile]) -> SourceFile? {
        let sorted = parts.sorted { partName($0).utf8.lexicographicallyPrecedes(partName($1).utf8) }
        for name in leadNames {
            if let lead = sorted.first(where: { SourceFile.baseName(ofFileName: partName($0)).lowercased() == name }) { return lead }
        }
        return nil
    }
}
