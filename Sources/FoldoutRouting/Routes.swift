import FoldoutBase

/// Where every source file and folder ends up in `Output/`. Built from the source tree and
/// the parsed front matter (for `slug:`), before any body is rendered, so links between
/// pages can be rewritten while rendering.
package struct Routes: Sendable {
    package struct Target: Sendable, Hashable {
        /// Path in `Output/` of the file a link should point at.
        package var path: String
        /// Anchor on that page (sections and groups live on their catalog's page).
        package var fragment: String?

        package init(path: String, fragment: String?) {
            self.path = path
            self.fragment = fragment
        }
    }

    /// Keyed by source path relative to the content folder: pages (`a/b.md`), folders (`a`,
    /// also reachable as `a/_index.md`) and assets (`a/b.jpg`).
    package private(set) var targets: [String: Target] = [:]
    /// Each produced output path, in lower case, and the source it comes from: to report
    /// collisions, and to find a page from a link written for a site with lowercased URLs.
    package private(set) var producers: [String: String] = [:]

    /// Each folder's index file (`_index.md`, or a `README.md` standing in for it) and the
    /// folder it introduces; the file shows on its folder's page.
    package private(set) var indexFiles: [String: String] = [:]
    /// `indexFiles` the other way: each folder's index file.
    private var indexFileOfFolder: [String: String] = [:]
    /// Sources that produce no file of their own: folders shown as groups, and folders a page owns.
    package private(set) var folders: Set<String> = []
    /// `folders` by their path in lower case, in the content folder and in the output (the
    /// least path where two share one), for links written for a site whose tool lowercases
    /// its URLs.
    private var foldersWithoutCase: [String: String] = [:]
    /// Folders that belong to a page of their name (`lesson/` to `lesson.md`), with that page.
    package private(set) var ownedFolders: [String: String] = [:]
    /// Whether any folder has an `_index.md`, as in a Hugo site: its pages are published as
    /// folder URLs, which relative links are written from.
    package private(set) var hasHugoIndexFiles = false
    /// In a site of several languages, their codes: a link from the root that starts with
    /// one (`/en/docs/setup/`, as Hugo writes links when every language has its folder) is
    /// read without it, in the page's own language, when nothing has the name as written.
    package var languageFolders: Set<String> = []
    /// The pages' old addresses (`aliases:`, see `Redirect`) by their output path in lower
    /// case: a link written to an old address leads to the page itself.
    private var aliasTargets: [String: Target] = [:]
    /// Sections and groups whose `_index.md` body is long enough for a page of its own
    /// (`IntroPages`): the folder, and that page's output path.
    package private(set) var groupPages: [String: String] = [:]
    /// The same pages by the place on the catalog page they stand for (`pets/index.html#dogs`),
    /// where links to the folder or its `_index.md` would otherwise lead.
    private var groupPagesByAnchor: [String: String] = [:]
    /// Markdown files this build leaves out as drafts (`draft: true`, built without
    /// `--drafts`): a link to one is told apart from a link to nothing (`Routes+Drafts`).
    package internal(set) var drafts: Set<String> = []
    /// Image files by their path without case or extension, made when a name first misses.
    let imagesWithoutCase = ImagesWithoutCase()

    package init() {}

    /// Room for about `count` sources. Tables of paths that grow as they fill are looked up
    /// at up to three quarters full, where a lookup takes more probes (each probe compares a
    /// path stored elsewhere in memory).
    package init(capacity count: Int) {
        targets.reserveCapacity(2 * count)
        producers.reserveCapacity(2 * count)
    }

    /// Records a target; returns the source that already produces the same output path
    /// (compared without case, as on macOS and Windows disks), if any.
    @discardableResult
    package mutating func add(source: String, target: Target, producesFile: Bool) -> String? {
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
    package mutating func addIndex(_ path: String, ofFolder folder: String) {
        indexFiles[path] = folder
        indexFileOfFolder[folder] = path
        if path == "_index.md" || path.hasSuffix("/_index.md") { hasHugoIndexFiles = true }
    }

    /// Records the redirects' paths as old addresses of their pages.
    package mutating func addAliases(_ redirects: [Redirect]) {
        for redirect in redirects { aliasTargets[redirect.path.lowercased()] = redirect.target }
    }

    /// Records the page of its own of `folder`, already routed to its place on its catalog
    /// page: links to the folder and to its index file lead to `path` instead.
    package mutating func addGroupPage(_ path: String, ofFolder folder: String) {
        groupPages[folder] = path
        if let target = targets[folder], let fragment = target.fragment { groupPagesByAnchor[target.path + "#" + fragment] = path }
        _ = Self.claim(path.lowercased(), for: folder, in: &producers)
    }

    /// `target`, or the page of its own of the section or group it is the place of.
    func groupPage(for target: Target) -> Target {
        guard !groupPagesByAnchor.isEmpty, let fragment = target.fragment, let page = groupPagesByAnchor[target.path + "#" + fragment] else {
            return target
        }
        return Target(path: page, fragment: nil)
    }

    package mutating func addOwnedFolder(_ folder: String, ownedBy page: String) {
        ownedFolders[folder] = page
    }

    /// The route key of the page a Markdown file shows on: an index file shows on its folder's.
    package func owner(of path: String) -> String {
        indexFiles[path] ?? path
    }

    /// Records `source` under `key` unless the key is taken, and returns who has it: one
    /// lookup where "look, then insert" takes two (the default value is made only when the
    /// key is missing).
    package static func claim(_ key: String, for source: String, in table: inout [String: String]) -> String? {
        var inserted = false
        var owner: String?
        func look(_ value: inout String) { owner = value }
        look(
            &table[
                key,
                default: {
                    inserted = true; return source
                }()])
        return inserted ? nil : owner
    }

    /// The index file (`_index.md`, or the README standing in for it) whose body shows where
    /// `destination`, a link path (no fragment) written in `sourcePath`, leads: it names it or
    /// its folder. Several such bodies may share a page, so a fragment is read among its
    /// headings. Asked only of links with a fragment on pages showing several intros.
    package func indexFile(ofLinkPath destination: String, inSource sourcePath: String) -> String? {
        guard let target = target(ofLink: destination, inSource: sourcePath) else { return nil }
        return indexFileOfFolder.filter { targets[$0.key] == target }.min { $0.key < $1.key }?.value
    }

    /// The target of `destination`, a local link written in the file at `sourcePath`.
    package func target(ofLink destination: String, inSource sourcePath: String) -> Target? {
        writtenTarget(ofLink: destination, inSource: sourcePath).map(groupPage(for:))
    }

    private func writtenTarget(ofLink destination: String, inSource sourcePath: String) -> Target? {
        let folder = sourcePath.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(sourcePath[..<$0]) } ?? ""
        // Hugo publishes `docs/a.md` as `docs/a/`, and its authors write `../sibling/` from
        // that URL: in a site of `_index.md` files, a folder-style link (`…/`) from a page
        // that is no index is read from the page's URL first, then from its file.
        // Only a link that names something (`../x/`): a bare `../` is the file's folder's parent
        // in Foldout's own sites, as on GitHub.
        if hasHugoIndexFiles, destination.hasPrefix("../"), destination.hasSuffix("/"), sourcePath.hasSuffix(".md"),
            destination.split(separator: "/").contains(where: { $0 != ".." && $0 != "." }),
            indexFiles[sourcePath] == nil, !sourcePath.hasPrefix("/")
        {
            let pageURL = String(sourcePath.dropLast(".md".count))
            if let target = target(ofLink: destination, inFolder: pageURL) { return target }
        }
        return target(ofLink: destination, inFolder: folder)
    }

    /// The target of `destination` read from `folder`.
    private func target(ofLink destination: String, inFolder folder: String) -> Target? {
        guard let resolved = OutputPath.resolve(OutputPath.percentDecode(destination), inFolder: folder) else { return nil }
        if let target = targets[resolved] ?? indexFiles[resolved].flatMap({ targets[$0] }) { return target }
        if resolved.hasSuffix("/_index.md") { return targets[String(resolved.dropLast("/_index.md".count))] }
        if resolved == "_index.md" { return targets[""] }
        if !languageFolders.isEmpty, folder.isEmpty, let slash = resolved.firstIndex(of: "/"),
            languageFolders.contains(resolved[..<slash].lowercased()),
            let target = target(ofLink: String(resolved[resolved.index(after: slash)...]), inFolder: "")
        {
            return target
        }
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
        if let dot = name.lastIndex(of: "."), case let ext = name[name.index(after: dot)...].lowercased(), ext == "html" || ext == "htm" {
            stem = name[..<dot]
            hasExtension = true
        } else {
            // A dot that starts no `.html` is part of the name: `/licenses/apache-2.0/`,
            // `react@0.14`.
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
        // An old address of a page (Hugo's `aliases: [docsy-0.7]`, linked as `../docsy-0.7/`).
        if !isIndex, hasExtension, let target = aliasTargets[built + ".html"] { return target }
        guard isIndex || !hasExtension else { return nil }
        if built.isEmpty { return targets[""] }
        guard let source = foldersWithoutCase[built] ?? producers[built + "/index.html"] else { return aliasTargets[built + "/index.html"] }
        return targets[source]
    }
}
