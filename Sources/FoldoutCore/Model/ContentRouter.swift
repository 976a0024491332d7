/// Decides the output path of every page, folder and asset (see `Routes`): folder names and
/// file names become slugs unless `slug:` says otherwise; a catalog is `pets/index.html`,
/// an item `pets/dogs/terriers/diego.html`, an asset keeps its file name beside its page.
public struct ContentRouter {
    /// Output names the site itself uses at the top level.
    public static let reservedTopLevelNames: Set<String> = ["assets", "tags"]

    public var displayPath: (String) -> String

    public init(displayPath: @escaping (String) -> String) {
        self.displayPath = displayPath
    }

    /// `pages` holds the parsed pages that take part in the build (drafts already left out),
    /// keyed by source path; folders whose `_index.md` is missing from it are skipped.
    public func route(_ root: SourceFolder, pages: [String: ParsedPage], diagnostics: inout [Diagnostic]) -> Routes {
        var routes = Routes(capacity: pages.count + root.assetAndFolderCount)
        var anchors: [String: String] = [:]
        anchors.reserveCapacity(2 * pages.count)
        routes.add(source: "", target: .init(path: "index.html", fragment: nil), producesFile: true)
        routeFolder(root, depth: 0, outputFolder: "", catalogPage: "index.html", anchor: "",
                    pages: pages, routes: &routes, anchors: &anchors, diagnostics: &diagnostics)
        return routes
    }

    /// Whether the folder takes part: its `_index.md` is not a draft left out.
    public static func isIncluded(_ folder: SourceFolder, pages: [String: ParsedPage]) -> Bool {
        guard let index = folder.index else { return true }
        return pages.keys.contains(index.path)
    }

    public static func folderSlug(_ folder: SourceFolder, pages: [String: ParsedPage]) -> String {
        if let index = folder.index, let slug = pages[index.path]?.slug { return slug }
        let slug = Slug.make(folder.name)
        return slug.isEmpty ? "untitled" : slug
    }

    public static func pageSlug(_ page: ParsedPage) -> String {
        if let slug = page.slug { return slug }
        let name = page.path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(page.path[page.path.index(after: $0)...]) } ?? page.path
        let base = name.hasSuffix(".markdown") ? String(name.dropLast(9)) : String(name.dropLast(3))
        let slug = Slug.make(base)
        return slug.isEmpty ? "untitled" : slug
    }

    /// `anchors` maps each `page#anchor` of a row, section or group (lower-cased) to its source,
    /// as two things with one anchor on one page are a collision too.
    private func routeFolder(_ folder: SourceFolder, depth: Int, outputFolder: String, catalogPage: String, anchor: String,
                             pages: [String: ParsedPage], routes: inout Routes, anchors: inout [String: String],
                             diagnostics: inout [Diagnostic]) {
        func place(_ file: String) -> String { outputFolder.isEmpty ? file : outputFolder + "/" + file }
        func collision(_ source: String, _ existing: String, _ path: String) {
            diagnostics.append(.error(displayPath(source), "produces `\(path)`, which \(existing.isEmpty ? "the home page" : "`" + displayPath(existing) + "`") also produces",
                                      hint: "rename one of them or give one a different `slug:`"))
        }
        func claim(anchor: String, for source: String) {
            if let existing = Routes.claim(catalogPage + "#" + anchor.lowercased(), for: source, in: &anchors) {
                collision(source, existing, catalogPage + "#" + anchor)
            }
        }
        for page in folder.pages {
            guard let parsed = pages[page.path] else { continue }
            let slug = Self.pageSlug(parsed)
            let path = place(slug + ".html")
            if let existing = routes.add(source: page.path, target: .init(path: path, fragment: nil), producesFile: true) {
                collision(page.path, existing, path)
            } else {
                claim(anchor: anchor.isEmpty ? slug : anchor + "/" + slug, for: page.path)
            }
        }
        for asset in folder.assets {
            let name = asset.path.split(separator: "/").last.map(String.init) ?? asset.path
            let path = place(name)
            if let existing = routes.add(source: asset.path, target: .init(path: path, fragment: nil), producesFile: true) {
                collision(asset.path, existing, path)
            }
        }
        for child in folder.folders where Self.isIncluded(child, pages: pages) {
            let slug = Self.folderSlug(child, pages: pages)
            let childOutput = place(slug)
            if depth == 0 {
                if Self.reservedTopLevelNames.contains(slug) {
                    diagnostics.append(.error(displayPath(child.path), "a catalog cannot be named `\(slug)`: Foldout uses that folder itself",
                                              hint: "rename the folder or set another `slug:` in its _index.md"))
                    continue
                }
                let page = childOutput + "/index.html"
                if let existing = routes.add(source: child.path, target: .init(path: page, fragment: nil), producesFile: true) {
                    collision(child.path, existing, page)
                }
                routeFolder(child, depth: 1, outputFolder: childOutput, catalogPage: page, anchor: "",
                            pages: pages, routes: &routes, anchors: &anchors, diagnostics: &diagnostics)
            } else {
                let childAnchor = anchor.isEmpty ? slug : anchor + "/" + slug
                routes.add(source: child.path, target: .init(path: catalogPage, fragment: childAnchor), producesFile: false)
                claim(anchor: childAnchor, for: child.path)
                routeFolder(child, depth: depth + 1, outputFolder: childOutput, catalogPage: catalogPage, anchor: childAnchor,
                            pages: pages, routes: &routes, anchors: &anchors, diagnostics: &diagnostics)
            }
        }
    }
}
