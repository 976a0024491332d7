import FoldoutBase

/// Which pages of a site of several languages are versions of each other: those made from
/// the same file name (`docs/page.md` and `docs/page.fr.md`), or for the home, catalog and
/// section pages, from the same folder. Pages link to theirs with `<link rel="alternate"
/// hreflang>` and a language switcher.
package struct SiteTranslations: Sendable {
    package struct Alternate: Sendable, Equatable {
        /// The language's code (`hreflang`) and name.
        package var code: String
        package var name: String
        /// From the page, relative (`../fr/docs/page.html`).
        package var url: String
        package var isCurrent: Bool
    }

    /// For each language, in `SiteLanguages` order: each page that has a version in another
    /// language, by its path in that language's site (without the language's folder), and
    /// every version of it, its own included, in language order.
    package var byLanguage: [[String: [Alternate]]]

    package init(sites: [(language: SiteLanguages.Language, site: Site)]) {
        let pages = sites.map { Self.pages(of: $0.site) }
        var byLanguage = [[String: [Alternate]]](repeating: [:], count: sites.count)
        for (index, (language, _)) in sites.enumerated() {
            for (key, path) in pages[index] {
                let versions = sites.indices.compactMap { other in pages[other][key].map { (other, $0) } }
                guard versions.count > 1 else { continue }
                let from = language.prefix + path
                byLanguage[index][path] = versions.map { other, otherPath in
                    let target = sites[other].language
                    return Alternate(
                        code: target.code, name: target.name,
                        url: OutputPath.relativeURL(from: from, to: target.prefix + otherPath), isCurrent: other == index)
                }
            }
        }
        self.byLanguage = byLanguage
    }

    /// The site's pages by what makes them the same page in every language: the source file
    /// (or folder) they are made from, and the home page.
    private static func pages(of site: Site) -> [String: String] {
        var pages: [String: String] = ["": "index.html"]
        for catalog in site.catalogs {
            pages[catalog.sourcePath] = catalog.outputPath
            for group in catalog.groupsWithPages { if let path = group.pagePath { pages[group.sourcePath] = path } }
        }
        site.forEachItem { pages[$0.sourcePath] = $0.outputPath }
        return pages
    }
}
