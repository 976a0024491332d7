import FoldoutTestSupport
import Testing

@testable import FoldoutBuild
@testable import FoldoutOutput

/// Rebuilds of a site in several languages: after each edit the output is a clean build's.
/// Such a site is built in full each time (no quick rebuild of items), still writing only
/// the files whose bytes changed.
@Suite struct TranslationRebuildTests {
    static let site: [String: String] = [
        "_index.md": page("title: Shelter\nlanguages: [en, fr]"),
        "about.md": page("title: About us", "We are volunteers."),
        "about.fr.md": page("title: À propos", "Nous sommes bénévoles."),
        "pets/_index.md": page("title: Pets"),
        "pets/dogs/alba.md": page("title: Alba", "Alba likes walks."),
        "pets/dogs/alba.fr.md": page("title: Alba", "Alba aime marcher."),
        "pets/dogs/bruno.md": page("title: Bruno", "Only in English."),
    ]

    @Test func everyRebuildIsTheCleanBuild() throws {
        let checks = QuickRebuildTests()
        try checks.check(
            [
                QuickRebuildTests.edit("a translation's text", quick: false, ["pets/dogs/alba.fr.md": page("title: Alba", "Alba aime courir.")]),
                QuickRebuildTests.edit("a default page's text", quick: false, ["pets/dogs/bruno.md": page("title: Bruno", "Still English.")]),
                QuickRebuildTests.edit("a new translation", quick: false, ["pets/dogs/bruno.fr.md": page("title: Bruno", "Enfin en français.")]),
                QuickRebuildTests.edit("a translated title", quick: false, ["about.fr.md": page("title: Qui sommes-nous", "Nous sommes bénévoles.")]),
                QuickRebuildTests.edit("a third language", quick: false, ["_index.md": page("title: Shelter\nlanguages: [en, fr, de]"), "about.de.md": page("title: Über uns")]),
            ], site: MemorySite(Self.site))
    }

    @Test func removingATranslationRemovesItsPageAndTheLinksToIt() throws {
        let site = MemorySite(Self.site)
        try site.build()
        #expect(try site.text("pets/dogs/alba.html").contains(#"hreflang="fr""#))
        try site.remove("pets/dogs/alba.fr.md")
        let outcome = try site.build()
        #expect(!site.outputFiles.contains("fr/pets/dogs/alba.html"))
        #expect(try !site.text("pets/dogs/alba.html").contains("hreflang"))
        try QuickRebuildTests().expectSameAsCleanBuild(site, outcome: outcome, after: "removing a translation")
    }

    @Test func aSiteThatGainsLanguagesLeavesNoRecordForAQuickRebuild() throws {
        let site = MemorySite(["_index.md": page("title: Shelter"), "about.md": page("title: About us")])
        try site.build()
        try site.write(["about.fr.md": page("title: À propos")])
        try site.build()
        #expect(site.outputFiles.contains("fr/about.html"))
        // An edit of an item would be a quick rebuild in a site of one language.
        try site.write(["about.fr.md": page("title: Qui sommes-nous")])
        let outcome = try site.build()
        #expect(!outcome.rebuiltOnlyEditedItems)
        #expect(try site.text("fr/about.html").contains("Qui sommes-nous"))
        try QuickRebuildTests().expectSameAsCleanBuild(site, outcome: outcome, after: "editing a translation")
    }
}
