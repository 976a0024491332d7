/// Walks the content folder and reads every Markdown file. Symbolic links are followed only
/// when they stay inside the content folder, and a folder is never entered twice, so link
/// loops end. Hidden files and folders (`.git`, `.DS_Store`) are skipped.
public struct ContentLoader: Sendable {
    public var fileSystem: FileSystem
    /// How the content folder is named in messages, e.g. `Content`.
    public var displayRoot: String
    /// Folders nest to any depth a page can show, which is this many levels below the content
    /// folder; deeper ones are an error. Each level is three elements deep in the catalog
    /// page (`<ul><li><details>`), and browsers stop nesting elements at about 512 (Chrome,
    /// Firefox), so a deeper outline would not display as nested.
    public static let maximumDepth = 128

    public init(fileSystem: FileSystem, displayRoot: String) {
        self.fileSystem = fileSystem
        self.displayRoot = displayRoot
    }

    public func displayPath(_ relative: String) -> String {
        relative.isEmpty ? displayRoot : displayRoot + "/" + relative
    }

    /// Loads the tree rooted at `root` (an absolute or working-directory-relative path).
    /// Throws only when there is no content folder; a file or folder that cannot be used is
    /// reported in `diagnostics` and left out, so the other stages still find their problems.
    public func load(root: String, diagnostics: inout [Diagnostic]) throws(BuildFailure) -> SourceFolder {
        guard fileSystem.kindOfItem(root) == .directory, let canonicalRoot = fileSystem.resolvePath(root) else {
            throw BuildFailure([.error(displayRoot, "content folder not found",
                                       hint: "create it (`foldout init` makes a starter site) or pass --content DIR")])
        }
        var visited = [canonicalRoot: ""]
        var reads: [(relative: String, absolute: String)] = []
        var tree = loadFolder(absolute: root, relative: "", name: "", depth: 0, canonicalRoot: canonicalRoot,
                              visited: &visited, reads: &reads, diagnostics: &diagnostics)
        // The walk only notes which Markdown files to read; they are read here, on every core.
        let fileSystem = fileSystem
        let contents = try! Parallel.map(reads) { read in Result { try fileSystem.readFile(read.absolute) } }
        var bytes: [String: [UInt8]] = [:]
        bytes.reserveCapacity(reads.count)
        for (read, content) in zip(reads, contents) {
            switch content {
            case .success(let data): bytes[read.relative] = data
            case .failure(let error):
                diagnostics.append(.error(displayPath(read.relative), "cannot read file: \(error)", hint: "check its permissions"))
            }
        }
        fill(&tree, from: bytes)
        return tree
    }

    /// Puts the bytes read into the tree's Markdown files; files that could not be read are left out.
    private func fill(_ folder: inout SourceFolder, from bytes: [String: [UInt8]]) {
        if let index = folder.index { folder.index = bytes[index.path].map { SourceFile(path: index.path, bytes: $0) } }
        folder.pages = folder.pages.compactMap { page in bytes[page.path].map { SourceFile(path: page.path, bytes: $0) } }
        for index in folder.folders.indices { fill(&folder.folders[index], from: bytes) }
    }

    /// `visited` maps the canonical path of every folder loaded so far to its path in the tree;
    /// `reads` collects the Markdown files to read.
    private func loadFolder(absolute: String, relative: String, name: String, depth: Int, canonicalRoot: String,
                            visited: inout [String: String], reads: inout [(relative: String, absolute: String)],
                            diagnostics: inout [Diagnostic]) -> SourceFolder {
        var folder = SourceFolder(path: relative, name: name, index: nil, pages: [], assets: [], folders: [])
        let entries: [FileSystem.Entry]
        do {
            entries = try fileSystem.listDirectory(absolute)
        } catch {
            diagnostics.append(.error(displayPath(relative), "cannot read folder: \(error)", hint: "check its permissions"))
            return folder
        }
        for entry in entries.sorted(by: { $0.name < $1.name }) where !entry.name.hasPrefix(".") {
            let childAbsolute = absolute + "/" + entry.name
            let childRelative = relative.isEmpty ? entry.name : relative + "/" + entry.name
            var kind = entry.kind
            if kind == .symbolicLink {
                guard let target = fileSystem.resolvePath(childAbsolute) else {
                    diagnostics.append(.warning(displayPath(childRelative), "symbolic link points to nothing (or to a link loop); skipped",
                                                hint: "remove the link or make it point at a file in the content folder"))
                    continue
                }
                guard target == canonicalRoot || target.hasPrefix(canonicalRoot + "/") else {
                    diagnostics.append(.warning(displayPath(childRelative), "symbolic link leads outside the content folder (to \(target)); skipped",
                                                hint: "copy the file or folder into the content folder instead"))
                    continue
                }
                kind = fileSystem.kindOfItem(target) ?? .other
            }
            switch kind {
            case .directory:
                guard depth + 1 <= Self.maximumDepth else {
                    diagnostics.append(.error(displayPath(childRelative), "folders are nested more than \(Self.maximumDepth) deep; this one and everything in it is left out",
                                              hint: "flatten the folder structure: catalog pages cannot show an outline this deep"))
                    continue
                }
                guard let canonical = fileSystem.resolvePath(childAbsolute) else { continue }
                if let earlier = visited[canonical] {
                    let what = childRelative.hasPrefix(earlier + "/") || earlier.isEmpty ? "a folder that contains it (a symbolic link loop)"
                                                                                          : "`\(displayPath(earlier))`, loaded already"
                    diagnostics.append(.warning(displayPath(childRelative), "folder is the same as \(what); skipped",
                                                hint: "remove the symbolic link, or copy the folder if it should appear twice"))
                    continue
                }
                visited[canonical] = childRelative
                folder.folders.append(loadFolder(absolute: childAbsolute, relative: childRelative, name: entry.name,
                                                 depth: depth + 1, canonicalRoot: canonicalRoot,
                                                 visited: &visited, reads: &reads, diagnostics: &diagnostics))
            case .file:
                if entry.name.hasSuffix(".md") || entry.name.hasSuffix(".markdown") {
                    let file = SourceFile(path: childRelative, bytes: [])
                    reads.append((childRelative, childAbsolute))
                    if entry.name == "_index.md" { folder.index = file } else { folder.pages.append(file) }
                } else {
                    folder.assets.append(SourceAsset(path: childRelative, absolutePath: childAbsolute))
                }
            case .symbolicLink, .other:
                continue
            }
        }
        return folder
    }
}
