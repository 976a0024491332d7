import FoldoutBase
import FoldoutLoading
import FoldoutModel
import FoldoutRendering

extension Pipeline {
    /// A site of several languages: each language's site is modeled from the tree as that
    /// language sees it (`SiteLanguages.content(for:from:)`), the default language's first.
    /// The result is the default language's, holding the others' and the links between them.
    func model(_ content: inout LoadedContent, templates: TemplateInput, languages: SiteLanguages) throws(BuildFailure) -> Modeled {
        var made: [Modeled] = []
        var reported: [Diagnostic] = []
        var failed = false
        for (index, language) in languages.languages.enumerated() {
            var projected = languages.content(for: language, from: content)
            // What reading the files met is reported once, with the default language's site.
            if index > 0 { projected.problems = [] }
            do {
                var modeled = try modelSite(
                    &projected, templates: templates, language: (languages, language), baseURL: made.first?.site.baseURL,
                    reportsTemplateProblems: index == 0)
                modeled.language = language
                reported += modeled.warnings
                made.append(modeled)
            } catch {
                failed = true
                reported += error.diagnostics
            }
        }
        content.tree = content.tree.droppingFileContents()
        // A folder's `_index.md` standing in for its translations is read once per language: its problems are told once.
        var seen: Set<String> = []
        reported = reported.filter { seen.insert($0.description).inserted }
        reported.sort { ($0.path, $0.line ?? 0) < ($1.path, $1.line ?? 0) }
        guard !failed, var main = made.first else { throw BuildFailure(reported) }
        main.alternates = SiteTranslations(sites: made.map { ($0.language!, $0.site) })
        main.translations = Array(made.dropFirst())
        main.warnings = reported
        return main
    }

    /// Renders every language's site, the default language's at the top of the output folder
    /// and each other's in its own folder (`fr/`): a complete site each, with its own search,
    /// feeds, sitemap and copies of the assets, so its relative links work from `file://`.
    func renderLanguages(_ modeled: Modeled) -> Built {
        var built = renderSite(modeled, sink: sink, alternates: modeled.alternates?.byLanguage.first ?? [:])
        for (index, translation) in modeled.translations.enumerated() {
            let prefix = translation.language?.prefix ?? ""
            let one = renderSite(
                translation, sink: sink.map { PrefixedSink(base: $0, prefix: prefix) },
                alternates: modeled.alternates?.byLanguage[index + 1] ?? [:])
            built.snapshot.add(contentsOf: one.snapshot, prefix: prefix)
            built.pageCount += one.pageCount
            built.imageWarnings += one.imageWarnings.filter { !built.imageWarnings.contains($0) }
            built.isRepeatable = built.isRepeatable && one.isRepeatable
            for lap in one.timings {
                if let same = built.timings.firstIndex(where: { $0.stage == lap.stage }) { built.timings[same].seconds += lap.seconds } else { built.timings.append(lap) }
            }
        }
        return built
    }
}
