import FoldoutBase
import FoldoutBuild
import FoldoutTestSupport
import Testing

/// A site in several languages, built whole: the default language at the top of the output
/// folder as before, each other language in its folder, pages linked to their versions.
@Suite struct TranslationTests {
    static let content: [String: String] = [
        "_index.md": page("title: Shelter\nbase_url: https://example.org/shelter/\nlanguages:\n  en: {name: English}\n  fr: {name: Français, title: Refuge}"),
        "_index.fr.md": page("title: Accueil", "Bienvenue."),
        "about.md": page("title: About us", "We are volunteers."),
        "about.fr.md": page("title: À propos", "Nous sommes bénévoles. Voir [Alba](pets/dogs/alba.md)."),
        "pets/_index.md": page("title: Pets"),
        "pets/_index.fr.md": page("title: Animaux"),
        "pets/dogs/alba.md": page("title: Alba", "Alba likes walks."),
        "pets/dogs/alba.fr.md": page("title: Alba", "Alba aime marcher."),
        "pets/dogs/bruno.md": page("title: Bruno", "Bruno is only in English."),
        "pets/dogs/photo.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
    ]

    @Test func theDefaultLanguageIsAtTheTopAndTheOthersInTheirFolders() throws {
        let report = try MemorySite(Self.content).report()
        let paths = Set(report.snapshot.paths)
        for path in ["index.html", "about.html", "pets/index.html", "pets/dogs/alba.html", "pets/dogs/bruno.html"] {
            #expect(paths.contains(path), "\(path)")
        }
        for path in ["fr/index.html", "fr/about.html", "fr/pets/index.html", "fr/pets/dogs/alba.html", "fr/assets/style.css", "fr/pets/dogs/photo.svg"] {
            #expect(paths.contains(path), "\(path)")
        }
        // An untranslated page is left out of the French site, as in Hugo and Zola.
        #expect(!paths.contains("fr/pets/dogs/bruno.html"))
        // No file carries a language code in its name.
        #expect(!paths.contains { $0.contains(".fr.") })
        #expect(report.html("fr/about.html").contains("Nous sommes bénévoles"))
        #expect(report.html("about.html").contains("We are volunteers"))
        // A link in a French page leads to the French version.
        #expect(report.html("fr/about.html").contains(#"href="pets/dogs/alba.html""#))
    }

    @Test func pagesNameTheirLanguageAndLinkTheirVersions() throws {
        let report = try MemorySite(Self.content).report()
        #expect(report.html("about.html").contains(#"<html lang="en""#))
        #expect(report.html("fr/about.html").contains(#"<html lang="fr""#))
        #expect(report.html("fr/index.html").contains("Refuge"))
        #expect(report.html("about.html").contains(#"<link rel="alternate" hreflang="fr" href="fr/about.html">"#))
        #expect(report.html("about.html").contains(#"<link rel="alternate" hreflang="en" href="about.html">"#))
        #expect(report.html("fr/pets/dogs/alba.html").contains(#"<link rel="alternate" hreflang="en" href="../../../pets/dogs/alba.html">"#))
        // The switcher marks the page's own language.
        let page = report.html("fr/about.html")
        let switcher =
            page.components(separatedBy: #"<nav class="site-languages""#).dropFirst().first?
            .components(separatedBy: "</nav>").first ?? ""
        #expect(switcher.contains(#"<a href="../about.html" hreflang="en" lang="en">English</a>"#))
        #expect(switcher.contains(#"<a href="about.html" hreflang="fr" lang="fr" aria-current="page">Français</a>"#))
        // A page with no version in another language has neither.
        #expect(!report.html("pets/dogs/bruno.html").contains("hreflang"))
        #expect(!report.html("pets/dogs/bruno.html").contains("site-languages"))
        // Each language's absolute addresses are under its folder.
        #expect(report.html("fr/about.html").contains("https://example.org/shelter/fr/about.html"))
        #expect(report.html("fr/sitemap.xml").contains("https://example.org/shelter/fr/about.html"))
        #expect(!report.html("sitemap.xml").contains("/fr/"))
    }

    @Test func everyLinkOfEveryLanguageLeadsToAFile() throws {
        let report = try MemorySite(Self.content).report()
        #expect(OutputLinks.broken(in: report.snapshot) == [])
    }

    @Test func aLinkFromTheRootThroughALanguagesFolderLeadsWithinThePagesLanguage() throws {
        var content = Self.content
        // As Hugo sites write them when every language has its folder (`/en/…`).
        content["about.fr.md"] = page("title: À propos", "Voir [Alba](/fr/pets/dogs/alba/) et ![Photo](/en/pets/dogs/photo.svg).")
        let report = try MemorySite(content).report()
        #expect(report.html("fr/about.html").contains(#"<a href="pets/dogs/alba.html">Alba</a>"#))
        #expect(report.html("fr/about.html").contains(#"src="pets/dogs/photo.svg""#))
        #expect(!report.warnings.contains { $0.path == "Content/about.fr.md" })
    }

    @Test func anIntroStandingInForItsTranslationSaysItsLanguage() throws {
        var content = Self.content
        content["pets/_index.fr.md"] = nil
        content["pets/_index.md"] = page("title: Pets", "All our animals.")
        let report = try MemorySite(content).report()
        #expect(report.html("fr/pets/index.html").contains(#"<div lang="en"><p>All our animals.</p>"#))
        #expect(report.html("pets/index.html").contains("All our animals."))
        #expect(!report.html("pets/index.html").contains(#"<div lang="en">"#))
        // The French home has its own intro.
        #expect(!report.html("fr/index.html").contains(#"<div lang="en">"#))
    }

    @Test func aMessageNamesTheTranslatedFile() throws {
        var content = Self.content
        content["about.fr.md"] = page("title: À propos", "Voir [ailleurs](nowhere.md).")
        let warnings = try MemorySite(content).report().warnings
        #expect(warnings.contains { $0.path == "Content/about.fr.md" && $0.message.contains("nowhere.md") })
        #expect(!warnings.contains { $0.path == "Content/about.md" })
    }

    @Test func aSiteOfOneLanguageHasNoLanguageLinks() throws {
        let report = try MemorySite(["_index.md": page("title: Site"), "notes.v1.md": page("title: Notes"), "a.md": page("title: A")]).report()
        #expect(report.snapshot.paths.contains("notes-v1.html"))
        for path in report.snapshot.paths where path.hasSuffix(".html") {
            #expect(!report.html(path).contains("hreflang"))
            #expect(!report.html(path).contains("site-languages"))
        }
    }
}
