import FoldoutBase
import FoldoutLoading
import FoldoutMarkdown

/// Decides the output path of every page, folder and asset (see `Routes`): folder names and
/// file names become slugs (`Slug.fileName`) unless `slug:` says otherwise; a catalog is
/// `pets/index.html`, an item `pets/dogs/terriers/diego.html`, an asset keeps its file name
/// beside its page.
///
/// Every source file gets its own output name. Names that still meet in one output folder
/// (`a_b.md` and `a-b.md`, `Foo.md` and `foo.md`, a page and a folder, a repeated `slug:`)
/// are told apart by a numbered suffix, given in name order so every build and every disk's
/// listing order agree, with a warning naming both (an error with `--strict`). Names are
/// compared without case, as sites get copied to disks that do.
///
/// An item owns the folder of its name that has no `_index.md` (`lesson.md` and `lesson/`):
/// the folder's files are the lesson's assets and its Markdown files the lesson's sub-pages,
/// routed below the lesson (`…/lesson/part-two.html`, anchor `…/lesson/part-two`). A folder
/// with no Markdown at any depth holds only assets; it is never a section or a group.
package struct ContentRouter {
    /// Output names the site itself uses at the top level.
    package static let reservedTopLevelNames: Set<String> = ["assets", "tags"]

    package var displayPath: (String) -> String

    package init(displayPath: @escaping (String) -> String) {
        self.displayPath = displayPath
    }

    /// `pages` holds the parsed pages that take part in the build (drafts already left out),
    /// keyed by source path; folders whose `_index.md` is missing from it are skipped.
    package func route(_ root: SourceFolder, pages: [String: ParsedPage], diagnostics: inout [Diagnostic]) -> Routes {
        var routes = Routes(capacity: pages.count + root.assetAndFolderCount)
        routes.add(source: "", target: .init(path: "index.html", fragment: nil), producesFile: true)
        if let index = root.index { routes.addIndex(index.path, ofFolder: "") }
        // Page slugs (front matter or file name) are worked out on all cores first, by folder.
        var folders: [SourceFolder] = []
        func collect(_ folder: SourceFolder) {
            folders.append(folder)
            folder.folders.forEach(collect)
        }
        collect(root)
        let slugs = Parallel.map(folders, chunkSize: 1) { folder in folder.pages.map { file in pages[file.path].map { Self.pageSlug($0, itemName: file.itemName) } } }
        var pageSlugs: [String: [String?]] = [:]
        pageSlugs.reserveCapacity(folders.count)
        for (folder, found) in zip(folders, slugs) { pageSlugs[folder.path] = found }

        var walker = Walker(router: self, pages: pages, pageSlugs: pageSlugs, routes: routes)
        walker.introPages = IntroPages(
            siteIndex: root.index?.path,
            catalogIndexes: root.folders.compactMap { folder in folder.index.map { (folder.path, $0.path) } },
            pages: pages, displayPath: displayPath, diagnostics: &walker.diagnostics)
        walker.visit(root, place: Place(outputFolder: "", catalogPage: "index.html", anchor: "", depth: 0), ownedBy: nil)
        diagnostics += walker.diagnostics
        return walker.routes
    }

    /// Where a folder's files go: the output folder, the catalog page its rows and groups
    /// show on, the folder's anchor there ("" for a catalog's own folder), and how deep the
    /// folder is (0 for the content folder, 1 for a catalog).
    package struct Place {
        package var outputFolder: String
        package var catalogPage: String
        package var anchor: String
        package var depth: Int

        package func file(_ name: String) -> String { outputFolder.isEmpty ? name : outputFolder + "/" + name }
        package func anchor(_ name: String) -> String { anchor.isEmpty ? name : anchor + "/" + name }
    }

    /// One thing that takes a name in an output folder.
    private enum Claimant {
        /// A page, with the folder it owns, if any.
        case page(SourceFile, slug: String, owns: SourceFolder?)
        /// A catalog, section or group.
        case folder(SourceFolder, slug: String)
        /// A folder with no Markdown at any depth: assets only.
        case assetFolder(SourceFolder, slug: String)
        case asset(SourceAsset, name: String)

        /// The name the source has on disk, which orders claims.
        package var sourceName: Substring {
            let path: String
            switch self {
            case .page(let file, _, _): return file.itemName
            case .folder(let folder, _), .assetFolder(let folder, _): path = folder.path
            case .asset(let asset, _): path = asset.path
            }
            return path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path[path.utf8.index(after: $0)...] } ?? Substring(path)
        }

        /// Pages come before folders of the same name, folders before assets.
        package var rank: Int {
            switch self {
            case .page: return 0
            case .folder, .assetFolder: return 1
            case .asset: return 2
            }
        }
    }

    /// The walk of the tree that names everything, folder by folder.
    private struct Walker {
        package let router: ContentRouter
        package let pages: [String: ParsedPage]
        package let pageSlugs: [String: [String?]]
        package var routes: Routes
        package var diagnostics: [Diagnostic] = []
        /// Which sections and groups have a page of their own.
        package var introPages = IntroPages()

        package init(router: ContentRouter, pages: [String: ParsedPage], pageSlugs: [String: [String?]], routes: Routes) {
            self.router = router
            self.pages = pages
            self.pageSlugs = pageSlugs
            self.routes = routes
        }

        /// Names the pages, folders and assets of `folder`, which goes to `place`; `owner` is
        /// the page that owns it, if any (its pages are that page's sub-pages).
        package mutating func visit(_ folder: SourceFolder, place: Place, ownedBy owner: String?) {
            // Each name's keys, and the source that took them ("" for a page the site itself makes).
            var taken: [String: String] = [:]
            // The pages the site itself makes in this folder.
            if place.depth <= 1, owner == nil { taken[Self.fileKey("index.html")] = "" }
            if place.depth == 0 { for name in ContentRouter.reservedTopLevelNames { taken[Self.fileKey(name)] = "" } }

            var claimants: [Claimant] = []
            var owned = Set<String>()
            let slugs = pageSlugs[folder.path] ?? []
            let foldersByName = Dictionary(folder.folders.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            for (position, file) in folder.pages.enumerated() {
                guard let slug = slugs[position] else { continue }
                let name = String(file.itemName)
                var ownedFolder: SourceFolder?
                if let candidate = foldersByName[name], candidate.index == nil, ContentRouter.isIncluded(candidate, pages: pages) {
                    ownedFolder = candidate
                    owned.insert(candidate.path)
                }
                claimants.append(.page(file, slug: slug, owns: ownedFolder))
            }
            for child in folder.folders where !owned.contains(child.path) && ContentRouter.isIncluded(child, pages: pages) {
                let slug = ContentRouter.folderSlug(child, pages: pages)
                if place.depth == 0, ContentRouter.reservedTopLevelNames.contains(slug), hasMarkdown(child) {
                    diagnostics.append(
                        .error(
                            router.displayPath(child.path), "a catalog cannot be named `\(slug)`: Foldout uses that folder itself",
                            hint: "rename the folder or set another `slug:` in its _index.md"))
                    continue
                }
                claimants.append(hasMarkdown(child) ? .folder(child, slug: slug) : .assetFolder(child, slug: slug))
            }
            for asset in folder.assets {
                claimants.append(.asset(asset, name: asset.path.split(separator: "/").last.map(String.init) ?? asset.path))
            }
            // Byte order of the names on disk, whatever order the disk listed them in.
            // The names are found once, not in every comparison.
            claimants = claimants.map { ($0.sourceName, $0.rank, $0) }.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2)

            taken.reserveCapacity(taken.count + claimants.count * 2)
            for claimant in claimants {
                switch claimant {
                case .page(let file, let slug, let ownedFolder):
                    let name = claim(
                        slug, keys: { [Self.fileKey($0 + ".html"), Self.anchorKey($0)] + (ownedFolder == nil ? [] : [Self.fileKey($0)]) },
                        for: file.path, shownAs: { place.file($0 + ".html") }, taken: &taken,
                        fitted: { String(OutputNameLength.fitted($0, suffix: ".html").dropLast(".html".count)) },
                        line: pages[file.path]?.slug == nil ? nil : pages[file.path]?.line(of: "slug"))
                    let path = place.file(name + ".html")
                    add(file.path, .init(path: path, fragment: nil), producesFile: true)
                    if let ownedFolder {
                        routes.addOwnedFolder(ownedFolder.path, ownedBy: file.path)
                        add(ownedFolder.path, .init(path: path, fragment: nil), producesFile: false)
                        let inner = Place(
                            outputFolder: place.file(name), catalogPage: place.catalogPage, anchor: place.anchor(name),
                            depth: max(place.depth + 1, 2))
                        visit(ownedFolder, place: inner, ownedBy: file.path)
                    }
                case .folder(let child, let slug):
                    // A section or group with a long intro has a page beside its folder, as an
                    // item has beside the folder it owns (`dogs.html` and `dogs/`).
                    let hasPage =
                        place.depth >= 1 && owner == nil
                        && child.index.flatMap { pages[$0.path] }.map { introPages.isLong($0, catalog: catalogFolder(of: child.path)) } == true
                    let name = claim(
                        slug, keys: { [Self.fileKey($0), Self.anchorKey($0)] + (hasPage ? [Self.fileKey($0 + ".html")] : []) }, for: child.path,
                        shownAs: { place.file($0) + "/" }, taken: &taken, fitted: { OutputNameLength.fitted($0) },
                        line: slugLine(of: child))
                    let output = place.file(name)
                    let childPlace: Place
                    if place.depth == 0 {
                        childPlace = Place(outputFolder: output, catalogPage: output + "/index.html", anchor: "", depth: 1)
                        add(child.path, .init(path: childPlace.catalogPage, fragment: nil), producesFile: true)
                    } else {
                        childPlace = Place(outputFolder: output, catalogPage: place.catalogPage, anchor: place.anchor(name), depth: place.depth + 1)
                        add(child.path, .init(path: place.catalogPage, fragment: childPlace.anchor), producesFile: false)
                        if hasPage { routes.addGroupPage(place.file(name + ".html"), ofFolder: child.path) }
                    }
                    if let index = child.index { routes.addIndex(index.path, ofFolder: child.path) }
                    visit(child, place: childPlace, ownedBy: owner)
                case .assetFolder(let child, let slug):
                    let name = claim(
                        slug, keys: { [Self.fileKey($0)] }, for: child.path,
                        shownAs: { place.file($0) + "/" }, taken: &taken, fitted: { OutputNameLength.fitted($0) },
                        line: slugLine(of: child))
                    visit(
                        child,
                        place: Place(
                            outputFolder: place.file(name), catalogPage: place.catalogPage, anchor: place.anchor(name),
                            depth: place.depth + 1), ownedBy: owner)
                case .asset(let asset, let fileName):
                    let name = claim(
                        fileName, keys: { [Self.fileKey($0)] }, for: asset.path, shownAs: { place.file($0) },
                        taken: &taken, suffixed: Self.suffixingFileName, fitted: { OutputNameLength.fitted(fileName: $0) })
                    add(asset.path, .init(path: place.file(name), fragment: nil), producesFile: true)
                }
            }
        }

        /// The catalog a folder belongs to: its top-level folder.
        private func catalogFolder(of path: String) -> String {
            String(path.prefix { $0 != "/" })
        }

        /// Whether the folder has a Markdown file that takes part, at any depth.
        private func hasMarkdown(_ folder: SourceFolder) -> Bool {
            if let index = folder.index, pages[index.path] != nil { return true }
            if folder.pages.contains(where: { pages[$0.path] != nil }) { return true }
            return folder.folders.contains { ContentRouter.isIncluded($0, pages: pages) && hasMarkdown($0) }
        }

        /// The line of the `slug:` of a folder's `_index.md`, when it has one.
        private func slugLine(of folder: SourceFolder) -> Int? {
            guard let index = folder.index, let page = pages[index.path], page.slug != nil else { return nil }
            return page.line(of: "slug")
        }

        /// The first of `name`, `name-2`, `name-3`, … whose keys are all free, taken for
        /// `source`, each made `fitted` (see `OutputNameLength`). When it is not `name`, a
        /// warning names the source that has `name`, or says that `name` was too long (at
        /// `line`, that of a `slug:`).
        private mutating func claim(
            _ name: String, keys: (String) -> [String], for source: String, shownAs: (String) -> String,
            taken: inout [String: String],
            suffixed: (String, Int) -> String = { "\($0)-\($1)" },
            fitted: (String) -> String, line: Int? = nil
        ) -> String {
            var chosen = fitted(name)
            var chosenKeys = keys(chosen)
            var number = 1
            while chosenKeys.contains(where: { taken[$0] != nil }) {
                number += 1
                chosen = fitted(suffixed(name, number))
                chosenKeys = keys(chosen)
            }
            if number == 1, chosen != name {
                diagnostics.append(
                    .warning(
                        router.displayPath(source), line: line,
                        "would be named `\(shownAs(name))` in the output, longer than a file name may be (\(shownAs(name).split(separator: "/").last?.utf8.count ?? 0) bytes, at most \(OutputNameLength.limit)); it is `\(shownAs(chosen))` instead",
                        hint: "give it a shorter name\(line == nil ? " or a shorter `slug:`" : " in `slug:`"); links to it lead to the shortened name"))
            }
            if number > 1 {
                let holder = keys(name).compactMap { taken[$0] }.first { !$0.isEmpty }
                if line == nil, let holder, let page = pages[holder], let slug = page.slug, let slugLine = page.line(of: "slug") {
                    // The name was taken by a `slug:`: that line is the one to change.
                    diagnostics.append(
                        .warning(
                            router.displayPath(holder), line: slugLine,
                            "`slug: \(slug)` takes `\(shownAs(name))` from `\(router.displayPath(source))`, which is `\(shownAs(chosen))` instead",
                            hint: "choose another `slug:` (names are compared without letter case); --strict makes this an error"))
                } else if holder == nil, shownAs(name).hasSuffix("/"), ContentRouter.reservedTopLevelNames.contains(name.lowercased()) {
                    // A site's own top-level `assets/` meets the folder of Foldout's stylesheet
                    // and scripts; Markdown links follow it, but HTML and CSS that name it do not.
                    diagnostics.append(
                        .warning(
                            router.displayPath(source), line: line,
                            "is published as `\(shownAs(chosen))`: `\(shownAs(name))` in the output holds Foldout's own stylesheet and scripts",
                            hint: "links in Markdown follow it; rename the folder (say `files/`) if raw HTML or CSS names `\(shownAs(name))`; --strict makes this an error"))
                } else {
                    let other = holder.map { "`\(router.displayPath($0))`" } ?? "a page Foldout makes itself"
                    diagnostics.append(
                        .warning(
                            router.displayPath(source), line: line,
                            "would be `\(shownAs(name))` in the output, like \(other); it is `\(shownAs(chosen))` instead",
                            hint: "rename one of them or give one a different `slug:` (names are compared without letter case); --strict makes this an error"))
                }
            }
            for key in chosenKeys { taken[key] = source }
            return chosen
        }

        private mutating func add(_ source: String, _ target: Routes.Target, producesFile: Bool) {
            // Names are settled folder by folder above; this catches what crosses folders.
            if let existing = routes.add(source: source, target: target, producesFile: producesFile) {
                diagnostics.append(
                    .error(
                        router.displayPath(source),
                        "produces `\(target.path)`, which \(existing.isEmpty ? "the home page" : "`" + router.displayPath(existing) + "`") also produces",
                        hint: "rename one of them or give one a different `slug:`"))
            }
        }

        /// A file or folder name in an output folder, and an anchor on the catalog page, as
        /// compared: without letter case.
        package static func fileKey(_ name: String) -> String { "/" + name.lowercased() }
        package static func anchorKey(_ name: String) -> String { "#" + name.lowercased() }

        /// `logo.png` numbered before its extension: `logo-2.png`.
        package static func suffixingFileName(_ name: String, _ number: Int) -> String {
            guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "\(name)-\(number)" }
            return "\(name[..<dot])-\(number)\(name[dot...])"
        }
    }

    /// Whether the folder takes part: its `_index.md` is not a draft left out.
    package static func isIncluded(_ folder: SourceFolder, pages: [String: ParsedPage]) -> Bool {
        guard let index = folder.index else { return true }
        return pages.keys.contains(index.path)
    }

    /// The slug a folder asks for; the name it gets may carry a suffix (see `route`).
    package static func folderSlug(_ folder: SourceFolder, pages: [String: ParsedPage]) -> String {
        if let index = folder.index, let slug = pages[index.path]?.slug { return slug }
        return Slug.fileName(folder.name)
    }

    /// The slug a page asks for; the name it gets may carry a suffix (see `route`).
    /// `itemName`, the name its file goes by (`SourceFile.itemName`), when the caller has it:
    /// an item folder's lead goes by its folder's name, which its path alone does not tell.
    package static func pageSlug(_ page: ParsedPage, itemName: Substring? = nil) -> String {
        if let slug = page.slug { return slug }
        return Slug.fileName(String(itemName ?? SourceFile.itemName(ofPath: page.path)))
    }
}
