import FoldoutBase
import FoldoutMarkdown

/// A page written at an old address of a page (`aliases:` in its front matter, as Hugo and
/// Zola read it), which sends the reader on: links kept in bookmarks, other sites and search
/// engines still work after the content moved.
package struct Redirect: Sendable, Equatable {
    /// Path in `Output/` of the redirecting page.
    package var path: String
    /// Where it sends the reader.
    package var target: Routes.Target
    /// The Markdown file whose `aliases:` names it.
    package var source: String

    package init(path: String, target: Routes.Target, source: String) {
        self.path = path
        self.target = target
        self.source = source
    }
}

extension ContentRouter {
    /// A redirect for each alias of `pages`, in path order. An alias from the root
    /// (`/old/rex/`) starts at the output folder; any other, as on Hugo's sites, at the
    /// page's own output folder, or for an `_index.md` at the folder above its folder's. One
    /// ending in `.html` or `.htm` names that file, any other a folder, which gets
    /// `index.html`. An alias that is no path here, or whose file, or a folder on the way to
    /// it, is where the site writes a file (or another alias), is left out with a warning at
    /// the `aliases` line: the site builds without that one old address (real content has
    /// them, such as Hugo's docs giving one alias to two pages).
    package func redirects(pages: [String: ParsedPage], routes: Routes, diagnostics: inout [Diagnostic]) -> [Redirect] {
        var wanted: [(redirect: Redirect, alias: String, line: Int?)] = []
        var claimed: [String: String] = [:]
        func problem(_ source: String, _ line: Int?, _ alias: String, _ message: String, _ hint: String) {
            // A long alias is most likely a list of keywords: its start is enough to find it.
            let shown = alias.count > 80 ? alias.prefix(60) + "…" : Substring(alias)
            diagnostics.append(.warning(displayPath(source), line: line, "alias `\(shown)` \(message); no redirect is written for it", hint: hint))
        }
        // Most sites have no alias: only the pages with one are sorted, for messages in path order.
        for (source, page) in pages.filter({ !$0.value.aliases.isEmpty }).sorted(by: { $0.key < $1.key }) {
            let owner = routes.owner(of: source)
            guard let target = routes.targets[owner] else { continue }
            let line = page.line(of: "aliases") ?? page.line(of: "redirect_from")
            let base = Self.aliasBase(of: target, isIndexFile: owner != source)
            for alias in page.aliases {
                if Self.holdsSpacesOrCommas(alias) {
                    problem(
                        source, line, alias, "is not a path: it holds spaces or commas, as a list of keywords would",
                        "`aliases:` lists the page's old addresses, like `[/old/name/, /older/]`; keywords belong in `tags:` or a field of their own")
                    continue
                }
                if let character = Self.characterNoFileNameHolds(in: alias) {
                    problem(
                        source, line, alias, "holds `\(character)`, which no file name can hold on every disk: a wildcard or placeholder of a server's redirect rules",
                        "`aliases:` lists exact old addresses, like `/blog/2018/old-post/`: write each one, or keep the rule in the server's redirect settings (Netlify's `_redirects`)"
                    )
                    continue
                }
                guard let path = Self.outputPath(ofAlias: alias, inFolder: base) else {
                    problem(source, line, alias, "is not a path on this site", "write the old path, like `/pets/old-name/`, or delete it")
                    continue
                }
                if let long = path.split(separator: "/").first(where: { $0.utf8.count > OutputNameLength.limit }) {
                    problem(
                        source, line, alias, "has a name of \(long.utf8.count) bytes, longer than a file name may be (at most \(OutputNameLength.limit))",
                        "write the old address as it was; an address with such a name cannot have been a page")
                    continue
                }
                let key = path.lowercased()
                if let other = claimed[key] {
                    if other != source {
                        problem(source, line, alias, "is `\(path)`, which `\(displayPath(other))` has as an alias too", "keep it in one of the two files")
                    }
                    continue
                }
                claimed[key] = source
                wanted.append((Redirect(path: path, target: target, source: source), alias, line))
            }
        }
        var redirects: [Redirect] = []
        for (redirect, alias, line) in wanted {
            // The file, and every folder on the way to it, must be free: no file of the site
            // (nor another redirect) may stand where the write needs a file or a folder.
            let key = redirect.path.lowercased()
            let folders = key.split(separator: "/").dropLast().reduce(into: [String]()) { $0.append(($0.last.map { $0 + "/" } ?? "") + $1) }
            if let producer = routes.producers[key] {
                let what = producer.isEmpty ? "the home page" : "`\(displayPath(producer))`"
                problem(redirect.source, line, alias, "is `\(redirect.path)`, where \(what) is published", "delete the alias, or move that file")
            } else if let file = folders.first(where: { routes.producers[$0] != nil || claimed[$0] != nil }) {
                problem(redirect.source, line, alias, "needs a folder `\(file)`, where the site writes a file", "delete the alias")
            } else if Self.isFoldoutsOwn(key, folders: folders) {
                problem(redirect.source, line, alias, "is `\(redirect.path)`, among the files Foldout writes itself", "delete the alias")
            } else {
                redirects.append(redirect)
            }
        }
        return redirects.sorted { $0.path < $1.path }
    }

    /// Whether `alias` has a space, a tab or a comma inside it: an old address has none
    /// (a space in one is written `%20`), a comma-separated list of topic words has them.
    static func holdsSpacesOrCommas(_ alias: String) -> Bool {
        let written = alias.trimmingCharacters(in: .whitespaces)
        return written.utf8.contains { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: ",") }
    }

    /// The first character of `alias`'s path that Windows' disks cannot hold in a name and
    /// that redirect rules use as wildcards and placeholders (`/blog/2018/*`, `/news/:year/`,
    /// `/old/<id>`): a folder named `*` is served as no one meant. Its query and fragment are
    /// not part of the path.
    static func characterNoFileNameHolds(in alias: String) -> Character? {
        let written = alias.trimmingCharacters(in: .whitespaces)
        guard OutputPath.isLocal(written) else { return nil }
        let path = OutputPath.percentDecode(String(OutputPath.localLink(written).path))
        return path.first { "*?<>|\":".contains($0) }
    }

    /// Whether a redirect at `path` (lower case), in `folders`, would meet a file Foldout
    /// writes whatever the content holds: the top files, the tag pages and assets (their
    /// top folders are reserved), and the build's own files, feeds, search shards and
    /// stylesheets, where the write would need a folder of their name.
    private static func isFoldoutsOwn(_ path: String, folders: [String]) -> Bool {
        if ["404.html", "index.html"].contains(path) { return true }
        if let top = folders.first, reservedTopLevelNames.contains(top) { return true }
        return folders.contains { folder in
            let name = folder.split(separator: "/").last ?? ""
            return name.hasPrefix(".foldout") || [".xml", ".js", ".css"].contains { name.hasSuffix($0) }
        }
    }

    /// The folder a relative alias starts from: the output folder of the page's file; for an
    /// `_index.md`, the folder above its own folder's place (a catalog's aliases start at the
    /// top, a group's at its catalog's or parent group's folder).
    static func aliasBase(of target: Routes.Target, isIndexFile: Bool) -> String {
        func parent(_ path: String) -> String {
            path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[..<$0]) } ?? ""
        }
        let pageFolder = parent(target.path)
        guard isIndexFile else { return pageFolder }
        return parent(target.fragment == nil ? pageFolder : Routes.outputFolder(of: target))
    }

    /// The output path an alias names, written from `folder`; nil for another site's address,
    /// one that names no file or folder (`#top`, `.`), holds control characters or a
    /// backslash, or climbs above the output folder.
    static func outputPath(ofAlias alias: String, inFolder folder: String) -> String? {
        let written = alias.trimmingCharacters(in: .whitespaces)
        guard OutputPath.isLocal(written) else { return nil }
        let link = OutputPath.localLink(written)
        let decoded = OutputPath.percentDecode(String(link.path))
        guard !decoded.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\\") }),
            decoded.contains(where: { $0 != "/" && $0 != "." }) || (link.fromRoot && decoded.isEmpty),
            let resolved = OutputPath.resolve(decoded, inFolder: link.fromRoot ? "" : folder)
        else { return nil }
        let lowered = resolved.lowercased()
        if lowered.hasSuffix(".html") || lowered.hasSuffix(".htm") { return resolved }
        return resolved.isEmpty ? "index.html" : resolved + "/index.html"
    }
}
