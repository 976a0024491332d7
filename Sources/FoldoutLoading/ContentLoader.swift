import FoldoutBase

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Walks the content folder and reads every Markdown file. Symbolic links are followed only
/// when they stay inside the content folder, and a folder is never entered twice, so link
/// loops end. Hidden files and folders (`.git`, `.DS_Store`) are skipped, but for hidden
/// folders of files pages may use (`.github/images/`), whose files are published when used.
package struct ContentLoader: Sendable {
    package var fileSystem: FileSystem
    /// How the content folder is named in messages, e.g. `Content`.
    package var displayRoot: String
    /// Folders nest to any depth a page can show, which is this many levels below the content
    /// folder; deeper ones are an error. Each level is three elements deep in the catalog
    /// page (`<ul><li><details>`), and browsers stop nesting elements at about 512 (Chrome,
    /// Firefox), so a deeper outline would not display as nested.
    package static let maximumDepth = 128

    package init(fileSystem: FileSystem, displayRoot: String) {
        self.fileSystem = fileSystem
        self.displayRoot = displayRoot
    }

    /// In a language's site (`SiteLanguages`), the files that go by the default language's
    /// names, by that name: `docs/page.md` is `docs/page.fr.md` on disk.
    package var originalPaths: [String: String] = [:]

    package func displayPath(_ relative: String) -> String {
        let relative = originalPaths.isEmpty ? relative : originalPaths[relative] ?? relative
        return relative.isEmpty ? displayRoot : displayRoot + "/" + relative
    }

    /// The path on disk (relative to the content folder) of the file the tree names `relative`.
    package func originalPath(_ relative: String) -> String {
        originalPaths.isEmpty ? relative : originalPaths[relative] ?? relative
    }

    /// Loads the tree rooted at `root` (an absolute or working-directory-relative path).
    /// Throws only when there is no content folder; a file or folder that cannot be used is
    /// reported in `diagnostics` and left out, so the other stages still find their problems.
    package func load(root: String, diagnostics: inout [Diagnostic]) throws(BuildFailure) -> SourceFolder {
        var (tree, files) = try walk(root: root, diagnostics: &diagnostics)
        read(files, into: &tree, diagnostics: &diagnostics)
        return tree
    }

    /// A Markdown file found by `walk`: its path relative to the content folder, and on disk.
    package typealias FoundFile = (relative: String, absolute: String)

    /// The tree rooted at `root` with no Markdown file read yet (their bytes are empty), and
    /// the Markdown files to read, in the tree's order.
    package func walk(root: String, diagnostics: inout [Diagnostic]) throws(BuildFailure) -> (tree: SourceFolder, markdown: [FoundFile]) {
        guard fileSystem.kindOfItem(root) == .directory, let canonicalRoot = fileSystem.resolvePath(root) else {
            throw BuildFailure([
                .error(
                    displayRoot, "content folder not found",
                    hint: "create it (`foldout init` makes a starter site) or pass --content DIR")
            ])
        }
        var visited = [canonicalRoot: ""]
        var tree = loadFolder(
            absolute: root, relative: "", name: "", depth: 0, canonicalRoot: canonicalRoot,
            visited: &visited, diagnostics: &diagnostics)
        noteMarkdownInAssetsFolders(tree, diagnostics: &diagnostics)
        Self.liftLeafBundles(in: &tree)
        Self.useReadmeAsIndex(in: &tree)
        // A file's path on disk is its path in the tree below `root` (a linked folder's files too).
        let reads = tree.files.filter(\.isMarkdown).map { (relative: $0.path, absolute: root + "/" + $0.path) }
        return (tree, reads)
    }

    /// Reads the Markdown files `files` (some of the tree's, in the tree's order, as `walk`
    /// lists them) into `tree`, on every core, and returns the digest of each file's bytes
    /// (taken as it is read, while the bytes are in the core's cache) and its stamp, by its
    /// place in `files`; nil for a file that could not be read. A file that cannot be read is
    /// reported and left out of the tree. Other files are left as they are.
    @discardableResult
    package func read(
        _ files: [FoundFile], into tree: inout SourceFolder,
        diagnostics: inout [Diagnostic]
    ) -> [(digest: UInt64, stamp: FileStamp?)?] {
        let fileSystem = fileSystem
        let contents = Parallel.map(files) { read in
            Result { () throws -> (bytes: [UInt8], digest: UInt64, stamp: FileStamp?) in
                let (bytes, stamp) = try fileSystem.readStampedFile(read.absolute)
                return (bytes, ContentHash.of(bytes), stamp)
            }
        }
        var results = [(digest: UInt64, stamp: FileStamp?)?](repeating: nil, count: files.count)
        var failed: Set<String> = []
        for (index, content) in contents.enumerated() {
            switch content {
            case .success(let file): results[index] = (file.digest, file.stamp)
            case .failure(let error):
                failed.insert(files[index].relative)
                diagnostics.append(Diagnostic.unreadable(displayPath(files[index].relative), error))
            }
        }
        // The files come in the tree's order, so each is the next one the tree's walk meets:
        // no table of paths, which would hash every path twice, on one core.
        var next = 0
        fill(&tree, from: contents, of: files, next: &next, leavingOut: failed)
        precondition(next == files.count, "the files to read must be the tree's, in its order")
        return results
    }

    /// Puts the bytes read into the tree's Markdown files, `next` being the place in `files` of
    /// the next one read; files that could not be read are left out.
    private func fill(
        _ folder: inout SourceFolder, from contents: [Result<(bytes: [UInt8], digest: UInt64, stamp: FileStamp?), any Error>],
        of files: [FoundFile], next: inout Int, leavingOut failed: Set<String>
    ) {
        func take(_ path: String) -> [UInt8]? {
            guard next < files.count, files[next].relative == path else { return nil }
            defer { next += 1 }
            guard case .success(let read) = contents[next] else { return nil }
            return read.bytes
        }
        if let index = folder.index {
            if let read = take(index.path) { folder.index?.bytes = read } else if failed.contains(index.path) { folder.index = nil }
        }
        for page in folder.pages.indices {
            if let read = take(folder.pages[page].path) { folder.pages[page].bytes = read }
        }
        if !failed.isEmpty { folder.pages.removeAll { failed.contains($0.path) } }
        for index in folder.folders.indices { fill(&folder.folders[index], from: contents, of: files, next: &next, leavingOut: failed) }
    }

    /// Names starting with `.` are tools' (`.git`, `.github`, `.DS_Store`, an editor's lock
    /// file `.#a.md`, macOS's `._a.md`) and are skipped, but for content that says it is
    /// content: a Markdown file whose name goes on with a letter or digit (`.net.md`, a course
    /// on .NET) or is only dots (`..md`, the `.` command), and a folder with an `_index.md` of
    /// its own (`.net/`). `foldout serve` watches by the same rule.
    package static func isContent(hiddenName name: String, isFolder: Bool, hasIndex: () -> Bool) -> Bool {
        guard name.hasPrefix(".") else { return false }
        let stem = name.hasSuffix(".md") ? name.dropLast(3) : name.hasSuffix(".markdown") ? name.dropLast(9) : nil
        // The page of the `.` command (`..md` in a command reference) is named by its stem alone.
        if !isFolder, let stem, !stem.isEmpty, stem.allSatisfy({ $0 == "." }) { return true }
        guard let second = name.dropFirst().first, second.isLetter || second.isNumber else { return false }
        if isFolder { return hasIndex() }
        return stem.map { !$0.isEmpty } ?? false
    }

    /// What Jekyll and Hugo build a site with, found in a content folder that was theirs:
    /// layouts, includes, plugins, their settings and Ruby's. It is no content, so it is
    /// neither shown nor published (templates and Gemfiles on the web site).
    package static func isOtherToolsMachinery(name: String, isFolder: Bool) -> Bool {
        if isFolder { return ["_layouts", "_includes", "_sass", "_plugins", "_site", "node_modules"].contains(name) }
        return [
            "_config.yml", "_config.yaml", "_config.toml", "Gemfile", "Gemfile.lock", "Rakefile", "config.toml", "hugo.toml",
            "package-lock.json",
        ].contains(name)
            || name.hasSuffix(".rb") || name.hasSuffix(".gemspec")
    }

    private func isHiddenContent(_ entry: FileSystem.Entry, at path: String) -> Bool {
        let isFolder = entry.kind == .directory || (entry.kind == .symbolicLink && fileSystem.kindOfItem(path) == .directory)
        return Self.isContent(hiddenName: entry.name, isFolder: isFolder) { fileSystem.kindOfItem(path + "/_index.md") == .file }
    }

    /// `visited` maps the canonical path of every folder loaded so far to its path in the tree.
    /// The order of names in a folder: Swift's (canonical equivalence), and byte order
    /// between names it holds equal. Two ASCII names are equal only if their bytes are, so
    /// one comparison does (a folder of thousands of lessons is sorted on one core while
    /// the others wait).
    static func precedes(_ first: String, _ second: String, bothASCII: Bool) -> Bool {
        guard bothASCII else { return first != second ? first < second : first.utf8.lexicographicallyPrecedes(second.utf8) }
        return first < second
    }

    private func loadFolder(
        absolute: String, relative: String, name: String, depth: Int, canonicalRoot: String, onlyFiles: Bool = false,
        visited: inout [String: String], diagnostics: inout [Diagnostic]
    ) -> SourceFolder {
        var folder = SourceFolder(path: relative, name: name, index: nil, pages: [], assets: [], folders: [])
        let entries: [FileSystem.Entry]
        do {
            entries = try fileSystem.listDirectory(absolute)
        } catch {
            diagnostics.append(Diagnostic.unreadable(displayPath(relative), error, isFolder: true))
            return folder
        }
        // Swift compares strings by canonical equivalence: `é` typed as one character and as `e`
        // plus an accent are one name to every table of paths in the build, so only the first
        // of them in byte order can be loaded (a disk on macOS holds only one of them anyway).
        var names = Set<String>()
        // Markdown in an assets folder is an asset: asked once per folder, not per file.
        let isAssetsFolder = onlyFiles || Self.isInAssetsFolder(relative)
        let sorted = entries.map { (entry: $0, isASCII: $0.name.utf8.allSatisfy { $0 < 0x80 }) }
            .sorted { Self.precedes($0.entry.name, $1.entry.name, bothASCII: $0.isASCII && $1.isASCII) }.map(\.entry)
        for entry in sorted {
            let childAbsolute = absolute + "/" + entry.name
            // A hidden folder of files (`.github/images/`) is walked for the files pages use
            // from it, which alone are published; its Markdown is no page of the site.
            var isHiddenFiles = false
            if entry.name.hasPrefix("."), !isHiddenContent(entry, at: childAbsolute) {
                guard entry.kind == .directory, Self.holdsFiles(hiddenFolder: entry.name) else { continue }
                isHiddenFiles = true
            }
            if Self.isOtherToolsMachinery(name: entry.name, isFolder: entry.kind == .directory) { continue }
            let childRelative = relative.isEmpty ? entry.name : relative + "/" + entry.name
            // Every table of the build is keyed by names in Swift strings, which cannot hold
            // such a name: it is refused, by what it shows as, never dropped in silence.
            guard entry.nameIsValidUTF8 else {
                diagnostics.append(
                    .error(
                        displayPath(childRelative),
                        "this name is not valid UTF-8 (the bytes shown as `\u{FFFD}` are not), so Foldout cannot read \(entry.kind == .directory ? "this folder" : "this file")",
                        hint: "rename it in UTF-8, as an old archive's Latin-1 names are by `convmv -f latin1 -t utf-8 -r --notest \(displayRoot)`"))
                continue
            }
            guard names.insert(entry.name).inserted else {
                let first = names.first { $0 == entry.name } ?? entry.name
                diagnostics.append(
                    .warning(
                        displayPath(childRelative), "has the name of `\(first)` in this folder, typed with other Unicode code points (composed and decomposed accents); skipped",
                        hint: "rename one of them: disks on macOS and Windows cannot hold both"))
                continue
            }
            var kind = entry.kind
            if kind == .symbolicLink {
                guard let target = fileSystem.resolvePath(childAbsolute) else {
                    diagnostics.append(
                        .warning(
                            displayPath(childRelative), "symbolic link points to nothing (or to a link loop); skipped",
                            hint: "remove the link or make it point at a file in the content folder"))
                    continue
                }
                guard target == canonicalRoot || target.hasPrefix(canonicalRoot + "/") else {
                    diagnostics.append(
                        .warning(
                            displayPath(childRelative), "symbolic link leads outside the content folder (to \(target)); skipped",
                            hint: "copy the file or folder into the content folder instead"))
                    continue
                }
                kind = fileSystem.kindOfItem(target) ?? .other
            }
            switch kind {
            case .directory:
                guard depth + 1 <= Self.maximumDepth else {
                    diagnostics.append(
                        .error(
                            displayPath(childRelative), "folders are nested more than \(Self.maximumDepth) deep; this one and everything in it is left out",
                            hint: "flatten the folder structure: catalog pages cannot show an outline this deep"))
                    continue
                }
                guard let canonical = fileSystem.resolvePath(childAbsolute) else { continue }
                if let earlier = visited[canonical] {
                    let what =
                        childRelative.hasPrefix(earlier + "/") || earlier.isEmpty
                        ? "a folder that contains it (a symbolic link loop)"
                        : "`\(displayPath(earlier))`, loaded already"
                    diagnostics.append(
                        .warning(
                            displayPath(childRelative), "folder is the same as \(what); skipped",
                            hint: "remove the symbolic link, or copy the folder if it should appear twice"))
                    continue
                }
                visited[canonical] = childRelative
                folder.folders.append(
                    loadFolder(
                        absolute: childAbsolute, relative: childRelative, name: entry.name,
                        depth: depth + 1, canonicalRoot: canonicalRoot, onlyFiles: onlyFiles || isHiddenFiles,
                        visited: &visited, diagnostics: &diagnostics))
            case .file:
                if !isAssetsFolder, entry.name.hasSuffix(".md") || entry.name.hasSuffix(".markdown") {
                    let file = SourceFile(path: childRelative, bytes: [])
                    if entry.name == "_index.md" { folder.index = file } else { folder.pages.append(file) }
                } else {
                    folder.assets.append(SourceAsset(path: childRelative, absolutePath: childAbsolute, isPublishedWhenUsed: onlyFiles))
                }
            case .symbolicLink, .other:
                continue
            }
        }
        // The sub-folders' indexes are settled here, where it is known which of them a page
        // of their name owns (see `ContentRouter`): in those, a README is a page like the others.
        // The pages' names are gathered once: a folder can hold thousands of each.
        guard !folder.folders.isEmpty else { return folder }
        let pageNames = Set(folder.pages.map(\.itemName))
        for index in folder.folders.indices where !pageNames.contains(Substring(folder.folders[index].name)) {
            Self.useReadmeAsIndex(in: &folder.folders[index])
        }
        return folder
    }

    /// Hidden folders that hold no files a page would use: version control's and tools'
    /// caches, often large (a virtual environment's thousands of files), never walked.
    package static let unwalkedHiddenFolders: Set<String> = [
        ".git", ".hg", ".svn", ".bzr", ".jj", ".cache", ".venv", ".tox", ".nox", ".npm", ".yarn", ".pnpm-store",
        ".next", ".nuxt", ".gradle", ".build", ".swiftpm", ".idea", ".vscode", ".terraform", ".pytest_cache",
        ".mypy_cache", ".ruff_cache", ".sass-cache", ".jekyll-cache", ".foldout-cache", ".Trash", ".Spotlight-V100",
        ".fseventsd", ".bundle", ".direnv", ".eggs", ".hypothesis", ".ipynb_checkpoints", ".nyc_output", ".parcel-cache",
        ".turbo", ".angular", ".astro", ".docusaurus", ".svelte-kit", ".quarto", ".stack-work", ".vercel", ".netlify",
    ]

    /// Whether the hidden folder `name` (one `isContent(hiddenName:)` does not take as content)
    /// is walked for files pages use from it (`.github/images/shot.png`, which a README shows):
    /// its files are assets whatever they are, published only when a page links to them.
    package static func holdsFiles(hiddenFolder name: String) -> Bool {
        name.count > 1 && !unwalkedHiddenFolders.contains(name) && !name.hasPrefix("._") && !name.hasPrefix(".#")
    }

    /// Names of folders whose files are assets whatever they are: a site's own `assets/`
    /// and Hugo's `static/` hold stylesheets, scripts and vendored libraries, whose READMEs
    /// are no pages of the site.
    package static let assetsFolderNames: Set<String> = ["assets", "static"]

    /// Whether the folder at `relative` is, or is inside, an assets folder.
    static func isInAssetsFolder(_ relative: String) -> Bool {
        relative.split(separator: "/").contains { assetsFolderNames.contains($0.lowercased()) }
    }

    /// One note for each outermost assets folder holding Markdown, which is copied as it is;
    /// shown only with `--verbose`, as the layout is meant and stays from build to build.
    private func noteMarkdownInAssetsFolders(_ folder: SourceFolder, diagnostics: inout [Diagnostic]) {
        func markdownCount(_ folder: SourceFolder) -> Int {
            folder.assets.filter { $0.path.hasSuffix(".md") || $0.path.hasSuffix(".markdown") }.count
                + folder.folders.reduce(0) { $0 + markdownCount($1) }
        }
        for child in folder.folders {
            guard Self.assetsFolderNames.contains(child.name.lowercased()) else {
                noteMarkdownInAssetsFolders(child, diagnostics: &diagnostics)
                continue
            }
            let count = markdownCount(child)
            guard count > 0 else { continue }
            let it = count == 1 ? "it" : "them"
            diagnostics.append(
                .note(
                    displayPath(child.path) + "/",
                    "\(count) Markdown file\(count == 1 ? " is" : "s are") copied as \(count == 1 ? "a file, not made a page" : "files, not made pages"): `\(child.name)/` holds assets",
                    hint: "move \(it) out of `\(child.name)/` to make pages of \(it)"
                ).verboseOnly)
        }
    }

    /// A folder whose only Markdown is its `index.md` (Hugo's leaf bundle: a post and its
    /// pictures) is one item, not a group of one: its page moves up into the folder above,
    /// keeping its path (its relative links still start in its folder), and goes by the
    /// folder's name (`SourceFile.itemName`); the router then gives it the folder, whose
    /// files become its assets. Not in a folder that a page of its name owns already, nor
    /// with an `_index.md` beside it (a Hugo branch bundle).
    package static func liftLeafBundles(in folder: inout SourceFolder) {
        guard !folder.folders.isEmpty else { return }
        let pageNames = Set(folder.pages.map(\.baseName))
        var lifted: [SourceFile] = []
        for index in folder.folders.indices {
            Self.liftLeafBundles(in: &folder.folders[index])
            let child = folder.folders[index]
            guard child.index == nil, child.pages.count == 1, !pageNames.contains(Substring(child.name)),
                SourceFile.isBundleIndex(fileName: Substring(child.pages[0].path.split(separator: "/").last ?? "")),
                !child.folders.contains(where: \.hasMarkdown)
            else { continue }
            lifted.append(child.pages[0])
            folder.folders[index].pages = []
        }
        guard !lifted.isEmpty else { return }
        folder.pages = (folder.pages + lifted).sorted { precedes(String($0.itemName), String($1.itemName), bothASCII: false) }
    }

    /// In a folder without `_index.md`, a `README.md` (any letter case) is its index, as on
    /// GitHub: its first heading titles the folder and its body is the intro. A README that
    /// is the folder's only Markdown stays a page: a folder with nothing else to list is not
    /// shown, and the README's text would be lost with it.
    package static func useReadmeAsIndex(in folder: inout SourceFolder) {
        guard folder.index == nil,
            let readme = folder.pages.firstIndex(where: { $0.path.split(separator: "/").last?.lowercased() == "readme.md" }),
            folder.pages.count > 1 || folder.folders.contains(where: \.hasMarkdown)
        else { return }
        folder.index = folder.pages.remove(at: readme)
    }
}
