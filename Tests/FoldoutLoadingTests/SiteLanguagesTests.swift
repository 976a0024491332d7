import FoldoutTestSupport
import Testing

@testable import FoldoutBase
@testable import FoldoutLoading
@testable import FoldoutModel

/// Languages in file names (`page.fr.md`) and in the root `_index.md`'s `languages:`, and the
/// tree each language's site is made from: what is translated, what stands in, what is left out.
@Suite struct SiteLanguagesTests {
    private func loaded(_ content: [String: String]) throws -> LoadedContent {
        var files: [String: String] = [:]
        for (path, text) in content { files["/site/Content/" + path] = text }
        let loader = ContentLoader(fileSystem: .memory(files), displayRoot: "Content")
        var diagnostics: [Diagnostic] = []
        let tree = try loader.load(root: "/site/Content", diagnostics: &diagnostics)
        #expect(diagnostics.isEmpty)
        return LoadedContent(loader: loader, tree: tree, fileDigests: [:], problems: [])
    }

    private func languages(_ content: LoadedContent) -> (SiteLanguages?, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let found = SiteLanguages.find(in: content.tree, displayPath: content.loader.displayPath, diagnostics: &diagnostics)
        return (found, diagnostics)
    }

    /// Every Markdown path of a tree, index files included.
    private func paths(_ folder: SourceFolder) -> [String] {
        folder.allFiles.markdown.map(\.path).sorted()
    }

    @Test func aSuffixIsALanguageCodeOnlyInTheShapeOfOne() {
        #expect(LanguageSuffix.split(path: "docs/page.fr.md")?.path == "docs/page.md")
        #expect(LanguageSuffix.split(path: "docs/page.fr.md")?.code == "fr")
        #expect(LanguageSuffix.split(path: "_index.pt-BR.md")?.code == "pt-br")
        #expect(LanguageSuffix.split(path: "blog/post/index.zh.md")?.path == "blog/post/index.md")
        #expect(LanguageSuffix.split(path: "notes.v1.md") == nil)
        #expect(LanguageSuffix.split(path: "page.md") == nil)
        #expect(LanguageSuffix.split(path: ".fr.md") == nil)
        #expect(LanguageSuffix.split(path: "release.2024.md") == nil)
        #expect(LanguageSuffix.isKnownLanguage("fr") && LanguageSuffix.isKnownLanguage("pt-br"))
        #expect(!LanguageSuffix.isKnownLanguage("js") && !LanguageSuffix.isKnownLanguage("xx"))
    }

    @Test func undeclaredCodesCountOnlyBesideAnotherVersionOfTheFile() throws {
        let content = try loaded([
            "_index.md": "---\ntitle: Site\n---\n",
            "page.md": "# Page\n", "page.fr.md": "# Page FR\n",
            // Known codes, but no other version beside them: names, not languages.
            "lonely.de.md": "# Alone\n", "app.js.md": "# Script\n",
            "notes.v1.md": "# Notes\n", "notes.md": "# Notes\n",
        ])
        #expect(content.tree.translatedLanguageCodes() == ["fr"])
        let (found, diagnostics) = languages(content)
        #expect(diagnostics.isEmpty)
        #expect(found?.languages.map(\.code) == ["en", "fr"])
        #expect(found?.languages.map(\.prefix) == ["", "fr/"])
        #expect(found?.languages.map(\.name) == ["English", "Français"])
    }

    @Test func aSiteWithoutTranslationsHasNoLanguages() throws {
        let (found, diagnostics) = languages(try loaded(["_index.md": "---\ntitle: Site\nlanguage: de\n---\n", "a.md": "# A\n", "b.v2.md": "# B\n"]))
        #expect(found == nil)
        #expect(diagnostics.isEmpty)
    }

    @Test func theDeclarationNamesTheDefaultFirstWithNamesAndTitles() throws {
        let list = languages(try loaded(["_index.md": "---\nlanguages: [fr, en]\n---\n", "a.md": "# A\n"])).0
        #expect(list?.languages.map(\.code) == ["fr", "en"])
        #expect(list?.defaultLanguage.prefix == "")
        let map = languages(
            try loaded(["_index.md": "---\ntitle: Shelter\nlanguages:\n  en: {name: English}\n  fr: {name: Français (France), title: Refuge}\n---\n"])
        ).0
        #expect(map?.languages.map(\.name) == ["English", "Français (France)"])
        #expect(map?.languages.map(\.title) == [nil, "Refuge"])
    }

    @Test func aBadDeclarationIsAnErrorNamingItsLine() throws {
        let (found, diagnostics) = languages(try loaded(["_index.md": "---\ntitle: Site\nlanguages: [en, English]\n---\n"]))
        #expect(found == nil)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.severity == .error)
        #expect(diagnostics.first?.path == "Content/_index.md")
        #expect(diagnostics.first?.line == 3)
        #expect(diagnostics.first?.message.contains("`English`") == true)
    }

    @Test func eachLanguagesTreeHasItsVersionsAndLeavesOutUntranslatedPages() throws {
        let content = try loaded([
            "_index.md": "---\nlanguages: [en, fr]\n---\n",
            "_index.fr.md": "---\ntitle: Accueil\n---\n",
            "docs/_index.md": "---\ntitle: Docs\n---\n",
            "docs/start.md": "# Start\n", "docs/start.fr.md": "# Début\n",
            "docs/only-english.md": "# English only\n",
            "docs/picture.png": "png",
            "guide/_index.md": "---\ntitle: Guide\n---\n", "guide/a.md": "# A\n",
            "blog/post/index.md": "# Post\n", "blog/post/index.fr.md": "# Billet\n", "blog/post/photo.jpg": "jpg",
        ])
        let languages = try #require(self.languages(content).0)
        let english = languages.content(for: languages.languages[0], from: content)
        #expect(
            paths(english.tree) == ["_index.md", "blog/post/index.md", "docs/_index.md", "docs/only-english.md", "docs/start.md", "guide/_index.md", "guide/a.md"])
        let french = languages.content(for: languages.languages[1], from: content)
        // `guide/` has no French page: its `_index.md` does not stand in for a folder of nothing.
        #expect(paths(french.tree) == ["_index.md", "blog/post/index.md", "docs/_index.md", "docs/start.md"])
        #expect(french.tree.index.map { String(decoding: $0.bytes, as: UTF8.self) } == "---\ntitle: Accueil\n---\n")
        // The bundle of two versions is a leaf bundle again in each language: one page, lifted.
        let bundle = french.tree.allFiles.markdown.filter { $0.path == "blog/post/index.md" }
        #expect(bundle.map { String(decoding: $0.bytes, as: UTF8.self) } == ["# Billet\n"])
        #expect(french.tree.folders.first { $0.name == "blog" }?.folders.first?.pages.isEmpty == true)
        #expect(french.tree.allFiles.assets.map(\.path).sorted() == ["blog/post/photo.jpg", "docs/picture.png"])
        // Messages name the file on disk.
        #expect(french.loader.displayPath("docs/start.md") == "Content/docs/start.fr.md")
        #expect(french.loader.displayPath("docs/_index.md") == "Content/docs/_index.md")
        #expect(english.loader.displayPath("docs/start.md") == "Content/docs/start.md")
    }

    @Test func theDefaultLanguagesOwnCodeIsItsVersion() throws {
        let content = try loaded([
            "_index.en.md": "---\ntitle: Home\n---\n", "_index.fr.md": "---\ntitle: Accueil\n---\n",
            "a.en.md": "# A\n", "a.fr.md": "# A (fr)\n",
        ])
        let languages = try #require(self.languages(content).0)
        #expect(languages.languages.map(\.code) == ["en", "fr"])
        let english = languages.content(for: languages.languages[0], from: content)
        #expect(english.tree.index?.path == "_index.md")
        #expect(english.tree.pages.map(\.path) == ["a.md"])
        #expect(english.loader.displayPath("a.md") == "Content/a.en.md")
    }
}
