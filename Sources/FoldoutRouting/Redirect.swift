import FoldoutBase
import FoldoutMarkdown

/// A page written at an old address of a page (`aliases:` in its front matter, as Hugo and
/// Zola read it), which sends the reader on: links kept in bookmarks, other sites and search
/// engines still work after the content moved.
public struct Redirect: Sendable, Equatable {
    /// Path in `Output/` of the redirecting page.
    public var path: String
    /// Where it sends the reader.
    public var target: Routes.Target
    /// The Markdown file whose `aliases:` names it.
    public var source: String

    public init(path: String, target: Routes.Target, source: String) {
        self.path = path
        self.target = target
        self.source = source
    }
}

extension ContentRouter {
    /// A redirect for each alias of `pages`, in path order. An alias from the root
    /// (`/old/rex/`) starts at the output folder, any other at the folder of the page's own
    /// file; one ending in `.html` names that file, any other a folder, which gets
    /// `index.html`, as on Hugo's sites. An alias that is another site's address, climbs out
    /// of the output folder, or is where a file of the site (or another alias) is published
    /// is left out with a warning at the `aliases` line: the site builds without that one
    /// old address (real content has them, such as Hugo's docs giving one alias to two pages).
    public func redirects(pages: [String: ParsedPage], routes: Routes, diagnostics: inout [Diagnostic]) -> [Redirect] {
        var redirects: [Redirect] = []
        var claimed: [String: String] = [:]
        // Most sites have no alias: only the pages with one are sorted, for messages in path order.
        for (source, page) in pages.filter({ !$0.value.aliases.isEmpty }).sorted(by: { $0.key < $1.key }) {
            guard let target = routes.targets[routes.owner(of: source)] else { continue }
            func problem(_ alias: String, _ message: String, _ hint: String) {
                diagnostics.append(.warning(displayPath(source), line: page.line(of: "aliases"),
                                            "alias `\(alias)` \(message); no redirect is written for it", hint: hint))
            }
            let pageFolder = target.path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(target.path[..<$0]) } ?? ""
            for alias in page.aliases {
                guard let path = Self.outputPath(ofAlias: alias, inFolder: pageFolder) else {
                    problem(alias, "is not a path on this site", "write the old path, like `/pets/old-name/`, or delete it")
                    continue
                }
                let key = path.lowercased()
                let first = key.split(separator: "/").first.map(String.init) ?? ""
                if let producer = routes.producers[key] {
                    let what = producer.isEmpty ? "the home page" : "`\(displayPath(producer))`"
                    problem(alias, "is `\(path)`, where \(what) is published", "delete the alias, or move that file")
                } else if key.contains("/") ? Self.reservedTopLevelNames.contains(first) : Self.filesTheSiteMakes.contains(key) {
                    problem(alias, "is `\(path)`, among the files Foldout writes itself", "delete the alias")
                } else if let other = claimed[key] {
                    problem(alias, "is `\(path)`, which `\(displayPath(other))` has as an alias too", "keep it in one of the two files")
                } else {
                    claimed[key] = source
                    redirects.append(Redirect(path: path, target: target, source: source))
                }
            }
        }
        return redirects.sorted { $0.path < $1.path }
    }

    /// Files at the top of the output folder that the site writes whatever the content holds.
    static let filesTheSiteMakes: Set<String> = ["404.html", "sitemap.xml", "index.html"]

    /// The output path an alias names, written from `folder`; nil for another site's address
    /// or a path above the output folder.
    static func outputPath(ofAlias alias: String, inFolder folder: String) -> String? {
        var written = Substring(alias.trimmingCharacters(in: .whitespaces))
        guard SafeURL.scheme(of: String(written)) == nil, !written.hasPrefix("//") else { return nil }
        if let end = written.firstIndex(where: { $0 == "?" || $0 == "#" }) { written = written[..<end] }
        let fromRoot = written.hasPrefix("/")
        let decoded = OutputPath.percentDecode(String(written.drop(while: { $0 == "/" })))
        guard let resolved = OutputPath.resolve(decoded, inFolder: fromRoot ? "" : folder) else { return nil }
        let trimmed = resolved.hasSuffix("/") ? String(resolved.dropLast()) : resolved
        let lowered = trimmed.lowercased()
        if lowered.hasSuffix(".html") || lowered.hasSuffix(".htm") { return trimmed }
        return trimmed.isEmpty ? "index.html" : trimmed + "/index.html"
    }
}
