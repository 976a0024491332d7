import FoldoutBase

/// Where every source file and folder ends up in `Output/`. Built from the source tree and
/// the parsed front matter (for `slug:`), before any body is rendered, so links between
/// pages can be rewritten while rendering.
public struct Routes: Sendable {
    public struct Target: Sendable, Equatable {
        /// Path in `Output/` of the file a link should point at.
        public var path: String
        /// Anchor on that page (sections and groups live on their catalog's page).
        public var fragment: String?

        package init(path: String, fragment: String?) {
            self.path = path
            self.fragment = fragment
        }
    }

    /// Keyed by source path relative to the content folder: pages (`a/b.md`), folders (`a`,
    /// also reachable as `a/_index.md`) and assets (`a/b.jpg`).
    public private(set) var targets: [String: Target] = [:]
    /// Each produced output path, in lower case, and the source it comes from: to report
    /// collisions, and to find a page from a link written for a site with lowercased URLs.
    public private(set) var producers: [String: String] = [:]

    /// Each folder's index file (`_index.md`, or a `README.md` standing in for it) and the
    /// folder it introduces; the file shows on its folder's page.
    public private(set) var indexFiles: [String: String] = [:]
    /// Sources that produce no file of their own: folders shown as groups, and folders a page owns.
    public private(set) var folders: Set<String> = []
    /// `folders` by their path in lower case, in the content folder and in the output (the
    /// least path where two share one), for links written for a site whose tool lowercases
    /// its URLs.
    private var foldersWithoutCase: [String: String] = [:]
    /// Folders that belong to a page of their name (`lesson/` to `lesson.md`), with that page.
    public private(set) var ownedFolders: [String: String] = [:]
    /// Image files by their path without case or extension, made when a name first misses.
    let imagesWithoutCase = ImagesWithoutCase()

    public init() {}

    /// Room for about `count` sources. Tables of paths that grow as they fill are looked up
    /// at up to three quarters full, where a lookup takes more probes (each probe compares a
    /// path stored elsewhere in memory).
    public init(capacity count: Int) {
        targets.reserveCapacity(2 * count)
        producers.reserveCapacity(2 * count)
    }

    /// Records a target; returns the source that already produces the same output path
    /// (compared without case, as on macOS and Windows disks), if any.
    @discardableResult
    public mutating func add(source: String, target: Target, producesFile: Bool) -> String? {
        targets[source] = target
        guard producesFile else {
            folders.insert(source)
            // By its path in the content folder and, as a tool that lowercases its URLs would
            // have published it, in the output (`Big Cats/` is the group `big-cats`).
            for key in [source.lowercased(), Self.outputFolder(of: target).lowercased()] where !key.isEmpty {
                if foldersWithoutCase[key].map({ source < $0 }) ?? true { foldersWithoutCase[key] = source }
            }
            return nil
        }
        return Self.claim(target.path.lowercased(), for: source, in: &producers)
    }

    /// Where a folder that produces no file would be in the output: its catalog page's folder
    /// and its anchor there (`pets/index.html#big-cats` is `pets/big-cats`), or for a folder a
    /// page owns, that page's path without `.html`.
    static func outputFolder(of target: Target) -> String {
        guard let fragment = target.fragment else {
            return target.path.hasSuffix(".html") ? String(target.path.dropLast(".html".count)) : target.path
        }
        let page = target.path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(target.path[..<$0]) } ?? ""
        return page.isEmpty ? fragment : page + "/" + fragment
    }

    /// Records `path` as the index file of `folder`, which must be routed too: links to the
    /// file lead where links to the folder do.
    public mutating func addIndex(_ path: String, ofFolder folder: String) {
        indexFiles[path] = folder
    }

    public mutating func addOwnedFolder(_ folder: String, ownedBy page: String) {
        ownedFolders[folder] = page
    }

    /// The route key of the page a Markdown file shows on: an index file shows on its folder's.
    public func owner(of path: String) -> String {
        indexFiles[path] ?? path
    }

    /// Records `source` under `key` unless the key is taken, and returns who has it: one
    /// lookup where "look, then insert" takes two (the default value is made only when the
    /// key is missing).
    package static func claim(_ key: String, for source: String, in table: inout [String: String]) -> String? {
        var inserted = false
        var owner: String?
        func look(_ value: inout String) { owner = value }
        look(&table[key, default: { inserted = true; return source }()])
        return inserted ? nil : owner
    }

    /// The target of `destination`, a local link written in the file at `sourcePath`.
    public func target(ofLink destination: String, inSource sourcePath: String) -> Target? {
        let folder = sourcePath.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(sourcePath[..<$0]) } ?? ""
        guard let resolved = OutputPath.resolve(OutputPath.percentDecode(destination), inFolder: folder) else { return nil }
        if let target = targets[resolved] ?? indexFiles[resolved].flatMap({ targets[$0] }) { return target }
        if resolved.hasSuffix("/_index.md") { return targets[String(resolved.dropLast("/_index.md".count))] }
        if resolved == "_index.md" { return targets[""] }
        return target(ofBuiltName: resolved)
    }

    /// Links written for a site another tool built (mdBook, Jekyll: `ch02-guessing.html`,
    /// `../index.html`; Hugo: `/functions/lang/translate/`) or without an extension (`setup`)
    /// name a Markdown file by its stem: when nothing in the content folder has that name, the
    /// page of `stem.md` is meant and `index.html` means its folder; else, without case, since
    /// Hugo lowercases the URLs of `Translate.md` and `Big Cats/`, the page whose output path
    /// it is, or (with no extension, or as `index.html`) the folder.
    private func target(ofBuiltName path: String) -> Target? {
        let slash = path.utf8.lastIndex(of: UInt8(ascii: "/"))
        let name = slash.map { path[path.utf8.index(after: $0)...] } ?? Substring(path)
        let folder = slash.map { String(path[..<$0]) } ?? ""
        let stem: Substring
        let hasExtension: Bool
        if let dot = name.lastIndex(of: ".") {
            let ext = name[name.index(after: dot)...].lowercased()
            guard ext == "html" || ext == "htm" else { return nil }
            stem = name[..<dot]
            hasExtension = true
        } else {
            stem = name
            hasExtension = false
        }
        guard !stem.isEmpty else { return nil }
        let prefix = folder.isEmpty ? "" : folder + "/"
        let markdown = prefix + stem + ".md"
        if let target = targets[markdown] ?? indexFiles[markdown].flatMap({ targets[$0] }) { return target }
        if stem == "index", let target = targets[folder] { return target }
        let isIndex = stem.lowercased() == "index"
        let built = (isIndex ? folder : prefix + stem).lowercased()
        if !isIndex, let source = producers[built + ".html"] { return targets[source] }
        guard isIndex || !hasExtension else { return nil }
        if built.isEmpty { return targets[""] }
        guard let source = foldersWithoutCase[built] ?? producers[built + "/index.html"] else { return nil }
        return targets[source]
    }
}
