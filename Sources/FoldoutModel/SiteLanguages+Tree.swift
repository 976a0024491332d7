import FoldoutBase
import FoldoutLoading
import FoldoutMarkdown

extension SiteLanguages {
    /// The content as `language`'s site sees it. Its files are renamed to the names of the
    /// default language's (`docs/page.fr.md` is `docs/page.md` there, with the loader naming the
    /// real file in messages), so every later stage works as for a site of one language.
    ///
    /// What an untranslated file becomes, as in Hugo and Zola: a page that has no version in
    /// the language is left out of its site; a folder's `_index.md` without one stands in for
    /// it (its title, intro and settings, in the default language), but only for a folder that
    /// holds some page of the language, at any depth. Assets are every language's.
    package func content(for language: Language, from content: LoadedContent) -> LoadedContent {
        var renamed: [String: String] = [:]
        let codes = Set(languages.map(\.code))
        var tree = project(content.tree, into: language.code, codes: codes, isRoot: true, renamed: &renamed) ?? content.tree
        // A bundle of `index.md` and `index.fr.md` is one page in each language: a leaf bundle again.
        ContentLoader.liftLeafBundles(in: &tree)
        ContentLoader.useReadmeAsIndex(in: &tree)
        var projected = content
        projected.tree = tree
        projected.loader.originalPaths = renamed
        for (name, original) in renamed { projected.fileDigests[name] = content.fileDigests[original] }
        return projected
    }

    private func project(
        _ folder: SourceFolder, into language: String, codes: Set<String>, isRoot: Bool, renamed: inout [String: String]
    ) -> SourceFolder? {
        guard folder.hasMarkdown else { return folder }
        let main = defaultLanguage.code
        let indexPath = folder.path.isEmpty ? "_index.md" : folder.path + "/_index.md"
        // Rank 2: written in the language with its code; 1: without a code, in the default
        // language's site; 0: the default language's `_index.md` standing in.
        var chosen: [(file: SourceFile, name: String, rank: Int)] = []
        var files = folder.pages
        if let index = folder.index { files.insert(index, at: 0) }
        for file in files {
            var name = file.path, code: String?
            if let split = LanguageSuffix.split(path: file.path), codes.contains(split.code) { (name, code) = split }
            let isIndex = name == indexPath || file.path == folder.index?.path
            let rank: Int
            if (code ?? main) == language {
                rank = code == nil ? 1 : 2
            } else if (code ?? main) == main, isIndex {
                rank = 0
            } else {
                continue
            }
            if let place = chosen.firstIndex(where: { $0.name == name }) {
                if chosen[place].rank < rank { chosen[place] = (file, name, rank) }
            } else {
                chosen.append((file, name, rank))
            }
        }
        var result = folder
        result.index = nil
        result.pages = []
        for (file, name, _) in chosen {
            var file = file
            if name != file.path {
                renamed[name] = file.path
                file.path = name
            }
            if name == indexPath || (folder.index?.path == name && name == file.path) { result.index = file } else { result.pages.append(file) }
        }
        result.folders = folder.folders.compactMap { project($0, into: language, codes: codes, isRoot: false, renamed: &renamed) }
        let ownPages = chosen.contains { $0.rank > 0 } || result.folders.contains(where: \.hasMarkdown)
        return ownPages || isRoot ? result : nil
    }

    /// The language's site made from the tree: its `<html lang>`, its title when declared,
    /// and its address below the default language's (`base_url` + `fr/`).
    package func adjust(_ site: inout Site, for language: Language, baseURL: String?) {
        site.language = language.code
        if let title = language.title { site.title = title }
        guard !language.prefix.isEmpty, let base = baseURL ?? site.baseURL else { return }
        site.baseURL = (base.hasSuffix("/") ? base : base + "/") + language.prefix
    }
}

extension SiteLanguages {
    /// In `language`'s site, the intros of folders whose `_index.md` is the default
    /// language's standing in (`content(for:from:)`) say which language they are in
    /// (`<div lang="en">`), for screen readers, translation tools and search engines.
    package func markStandIns(in site: inout Site, for language: Language, tree: SourceFolder, originalPath: (String) -> String) {
        guard language != defaultLanguage else { return }
        var standIns: Set<String> = []
        func visit(_ folder: SourceFolder) {
            if let index = folder.index, LanguageSuffix.split(path: originalPath(index.path))?.code != language.code { standIns.insert(folder.path) }
            folder.folders.forEach(visit)
        }
        visit(tree)
        guard !standIns.isEmpty else { return }
        let code = defaultLanguage.code
        func mark(_ html: inout String) {
            if !html.isEmpty { html = #"<div lang="\#(code)">"# + html + "</div>" }
        }
        func mark(_ group: inout Group) {
            if standIns.contains(group.sourcePath) { mark(&group.introHTML) }
            for index in group.entries.indices {
                guard case .group(var inner) = group.entries[index] else { continue }
                mark(&inner)
                group.entries[index] = .group(inner)
            }
        }
        if standIns.contains("") { mark(&site.introHTML) }
        for catalog in site.catalogs.indices {
            if standIns.contains(site.catalogs[catalog].sourcePath) { mark(&site.catalogs[catalog].introHTML) }
            for section in site.catalogs[catalog].sections.indices where site.catalogs[catalog].sections[section].query == nil {
                mark(&site.catalogs[catalog].sections[section])
            }
        }
    }
}
