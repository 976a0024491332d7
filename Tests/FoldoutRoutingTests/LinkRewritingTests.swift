import FoldoutTestSupport
import Testing

@testable import FoldoutBuild

/// Links written in Markdown point at source files (`../cats/luna.md`, `_index.md`,
/// `diego.jpg`); in the output they must point at the files those become, relative to the
/// page they are on.
@Suite struct LinkRewritingTests {
    /// `href`s and `src`s in the body of the item built from `source`.
    func bodyLinks(_ report: Builder.Report, _ source: String) throws -> (hrefs: [String], srcs: [String]) {
        let item = try #require(report.site.allItems.first { $0.sourcePath == source }, "no item from \(source)")
        let tags = HTMLTags.scan(item.bodyHTML)
        return (tags.compactMap { $0.attributes["href"] }, tags.compactMap { $0.attributes["src"] })
    }

    static let pets: [String: String] = [
        "_index.md": "---\ntitle: Shelter\n---\n",
        "pets/_index.md": "---\ntitle: Pets\n---\n",
        "pets/dogs/_index.md": "---\ntitle: Dogs\n---\n",
        "pets/dogs/terriers/_index.md": "---\ntitle: Terriers\n---\n",
        "pets/dogs/terriers/bolt.md": "---\ntitle: Bolt\n---\nBody.\n\n## Health\n\nFine.\n",
        "pets/cats/luna.md": "---\ntitle: Luna\n---\nBody.\n",
        "courses/swiftui/basics.md": "---\ntitle: Basics\n---\nBody.\n",
    ]

    func build(_ diego: String, extra: [String: String] = [:]) throws -> Builder.Report {
        var files = Self.pets.merging(extra) { $1 }
        files["pets/dogs/terriers/diego.md"] = "---\ntitle: Diego\n---\n" + diego
        return try MemorySite(files).report()
    }

    // MARK: Pages

    @Test func linkToAnItemInTheSameFolder() throws {
        let report = try build("[Bolt](bolt.md)")
        #expect(try bodyLinks(report, "pets/dogs/terriers/diego.md").hrefs == ["bolt.html"])
    }

    @Test func linkToAnItemElsewhereIsRelativeToThePage() throws {
        let report = try build("[Luna](../../cats/luna.md) [Basics](../../../courses/swiftui/basics.md)")
        #expect(
            try bodyLinks(report, "pets/dogs/terriers/diego.md").hrefs
                == ["../../cats/luna.html", "../../../courses/swiftui/basics.html"])
    }

    @Test func linkKeepsItsFragment() throws {
        let report = try build("[Bolt's health](bolt.md#health)")
        #expect(try bodyLinks(report, "pets/dogs/terriers/diego.md").hrefs == ["bolt.html#health"])
    }

    @Test func linkFollowsSlugsOfRenamedFoldersAndPages() throws {
        let report = try MemorySite([
            "Pet Explorer/Small Animals/Mr Waffles.md": "Squeak.",
            "Pet Explorer/Small Animals/Guide.md": "---\nslug: care-guide\n---\nCare.",
            "Pet Explorer/links.md": "[Waffles](<Small Animals/Mr Waffles.md>) [Guide](Small%20Animals/Guide.md)",
        ]).report()
        #expect(
            try bodyLinks(report, "Pet Explorer/links.md").hrefs
                == ["small-animals/mr-waffles.html", "small-animals/care-guide.html"])
    }

    @Test func aPathFromTheRootStartsAtTheContentFolder() throws {
        let report = try build(
            "[Luna](/pets/cats/luna.md#care) ![Map](/pets/map.png) [Dogs](/pets/dogs/)",
            extra: ["pets/map.png": "png"])
        #expect(try bodyLinks(report, "pets/dogs/terriers/diego.md").hrefs == ["../../cats/luna.html#care", "../../index.html#dogs"])
        #expect(try bodyLinks(report, "pets/dogs/terriers/diego.md").srcs == ["../../map.png"])
    }

    @Test func aURLInParenthesesIsABrokenPathAndWarned() throws {
        let report = try build("[thread](<(https://example.org/t/1)>)")
        #expect(report.warnings.contains { $0.message == "link `(https://example.org/t/1)` points to nothing in the content folder" })
    }

    @Test func aPathFromTheRootToNothingIsAWarning() throws {
        let report = try build("[Guide](/GUIDE.md)")
        #expect(report.warnings.contains { $0.message == "link `/GUIDE.md` points to nothing in the content folder" })
    }

    @Test func linksWrittenForABuiltSiteFindTheMarkdownFile() throws {
        // mdBook and Jekyll sources link to the pages their tool makes: `bolt.html`, `../index.html`.
        let report = try build("[Bolt](bolt.html#health) [Luna](../../cats/luna.htm) [Dogs](../index.html) [Home](../../../index.html)")
        #expect(
            try bodyLinks(report, "pets/dogs/terriers/diego.md").hrefs
                == ["bolt.html#health", "../../cats/luna.html", "../../index.html#dogs", "../../../index.html"])
        #expect(!report.warnings.contains { $0.message.contains("points to nothing") })
    }

    @Test func aLinkWithoutExtensionFindsTheMarkdownFile() throws {
        let report = try build("[Bolt](bolt) [Luna](../../cats/luna#care)")
        #expect(try bodyLinks(report, "pets/dogs/terriers/diego.md").hrefs == ["bolt.html", "../../cats/luna.html#care"])
    }

    @Test func aBuiltNameFindsItsPageWithoutCaseAsHugoLowercasesURLs() throws {
        // Hugo publishes `Whiskers.md` at `/pets/cats/whiskers/`; its docs link pages that way.
        let report = try build(
            "[W](/pets/cats/whiskers/) [W again](../../cats/WHISKERS.html#care) [Cats](/PETS/Cats/)",
            extra: ["pets/cats/Whiskers.md": "---\ntitle: Whiskers\n---\nBody.\n\n## Care\n\nDaily.\n"])
        #expect(
            try bodyLinks(report, "pets/dogs/terriers/diego.md").hrefs
                == ["../../cats/whiskers.html", "../../cats/whiskers.html#care", "../../index.html#cats"])
        #expect(!report.warnings.contains { $0.message.contains("points to nothing") })
    }

    @Test func aBuiltFolderNameFindsItsGroupWithoutCaseButNotAsAPage() throws {
        // `Big Cats/` is published as `big-cats`; an index file in any case means its folder.
        let report = try build(
            "[A](/pets/big-cats/) [B](</PETS/Big Cats/index.html>) [C](../../BIG-CATS/INDEX.HTML) [D](../../big-cats.html)",
            extra: [
                "pets/Big Cats/_index.md": "---\ntitle: Big cats\n---\n",
                "pets/Big Cats/leo.md": "---\ntitle: Leo\n---\nBody.\n",
            ])
        #expect(
            try bodyLinks(report, "pets/dogs/terriers/diego.md").hrefs.prefix(3)
                == ["../../index.html#big-cats", "../../index.html#big-cats", "../../index.html#big-cats"])
        // A page name does not lead to a folder.
        #expect(report.warnings.contains { $0.message == "link `../../big-cats.html` points to nothing in the content folder" })
    }

    @Test func aMarkdownFileNameStillMatchesItsCase() throws {
        // GitHub finds `Whiskers.md` only as written; so does the link check.
        let report = try build("[W](../../cats/whiskers.md)", extra: ["pets/cats/Whiskers.md": "---\ntitle: Whiskers\n---\nBody.\n"])
        #expect(report.warnings.contains { $0.message == "link `../../cats/whiskers.md` points to nothing in the content folder" })
    }

    @Test func aBuiltNameWithoutItsMarkdownFileIsStillWarned() throws {
        let report = try build("[Gone](gone.html) [Page](bolt.php)")
        #expect(report.warnings.contains { $0.message == "link `gone.html` points to nothing in the content folder" })
        #expect(report.warnings.contains { $0.message == "link `bolt.php` points to nothing in the content folder" })
    }

    @Test func linkFromALooseHomeItemIntoACatalog() throws {
        let report = try build("", extra: ["about.md": "See [Luna](pets/cats/luna.md)."])
        #expect(try bodyLinks(report, "about.md").hrefs == ["pets/cats/luna.html"])
    }

    // MARK: Folders and _index.md

    @Test func linkToAFolderGoesToItsAnchorOnTheCatalogPage() throws {
        let report = try build("[Terriers](_index.md) [Dogs](../_index.md) [Dogs again](../) [Cats](../../cats)")
        #expect(
            try bodyLinks(report, "pets/dogs/terriers/diego.md").hrefs == [
                "../../index.html#dogs/terriers", "../../index.html#dogs", "../../index.html#dogs", "../../index.html#cats",
            ])
    }

    @Test func linkToACatalogOrTheHomePageGoesToThatPage() throws {
        let report = try build("[Pets](../../_index.md) [Courses](../../../courses/) [Home](../../../_index.md)")
        #expect(
            try bodyLinks(report, "pets/dogs/terriers/diego.md").hrefs
                == ["../../index.html", "../../../courses/index.html", "../../../index.html"])
    }

    @Test func folderAnchorsExistOnTheCatalogPage() throws {
        let report = try build("[Terriers](_index.md)")
        let catalogPage = try #require(report.snapshot.text(at: "pets/index.html"))
        let ids = Set(HTMLTags.scan(catalogPage).compactMap { $0.attributes["id"] })
        #expect(ids.isSuperset(of: ["dogs", "dogs/terriers", "cats"]))
    }

    // MARK: Images and other files

    @Test func imagesBesideItemsAreCopiedAndReferencedRelatively() throws {
        let report = try build(
            "![Diego asleep](diego-asleep.jpg) [Vaccination record](records/diego.pdf)",
            extra: [
                "pets/dogs/terriers/diego-asleep.jpg": "JPEG",
                "pets/dogs/terriers/records/diego.pdf": "PDF",
            ])
        let links = try bodyLinks(report, "pets/dogs/terriers/diego.md")
        #expect(links.srcs == ["diego-asleep.jpg"])
        #expect(links.hrefs == ["records/diego.pdf"])
        #expect(report.snapshot.files["pets/dogs/terriers/diego-asleep.jpg"] == .copy(from: "/site/Content/pets/dogs/terriers/diego-asleep.jpg"))
        #expect(report.snapshot.files["pets/dogs/terriers/records/diego.pdf"] != nil)
    }

    @Test func imageInAnotherFolderIsReferencedFromThePage() throws {
        let report = try build("![Shelter logo](../../../shared/logo.png)", extra: ["shared/logo.png": "PNG", "shared/x.md": "X"])
        #expect(try bodyLinks(report, "pets/dogs/terriers/diego.md").srcs == ["../../../shared/logo.png"])
        #expect(report.snapshot.files["shared/logo.png"] != nil)
    }

    @Test func frontMatterImageIsReferencedFromTheItemPageAndTheRow() throws {
        var files = Self.pets
        files["pets/dogs/terriers/diego.md"] = "---\ntitle: Diego\nimage: diego.jpg\n---\nBody."
        files["pets/dogs/terriers/diego.jpg"] = "JPEG"
        let report = try MemorySite(files).report()
        let item = try #require(report.site.allItems.first { $0.title == "Diego" })
        #expect(item.image?.location == "pets/dogs/terriers/diego.jpg")
        let itemPage = try #require(report.snapshot.text(at: "pets/dogs/terriers/diego.html"))
        #expect(HTMLTags.scan(itemPage).contains { $0.name == "img" && $0.attributes["src"] == "diego.jpg" })
        let catalogPage = try #require(report.snapshot.text(at: "pets/index.html"))
        #expect(HTMLTags.scan(catalogPage).contains { $0.name == "img" && $0.attributes["src"] == "dogs/terriers/diego.jpg" })
    }

    // MARK: Left alone

    @Test func externalLinksAndAnchorsAreLeftAlone() throws {
        let report = try build("[site](https://example.org/a.md) [mail](mailto:a@example.org) [here](#health) [proto](//cdn.example.org/x.js)\n\n## Health\n")
        #expect(
            try bodyLinks(report, "pets/dogs/terriers/diego.md").hrefs
                == ["https://example.org/a.md", "mailto:a@example.org", "#health", "https://cdn.example.org/x.js"],
            "a protocol-relative URL gets https: (from file:// it would name the reader's disk)")
        #expect(report.warnings.isEmpty)
    }

    // MARK: Missing targets

    @Test func missingTargetIsAWarningNamingFileAndLine() throws {
        // Front matter takes lines 1-3, so the body's third line is line 6 of the file.
        let report = try build("Intro.\n\nSee [Rex](rex.md) and ![Rex](rex.jpg).\n")
        let warnings = report.warnings.filter { $0.path == "Content/pets/dogs/terriers/diego.md" }
        #expect(warnings.count == 2)
        #expect(warnings.allSatisfy { $0.severity == .warning && $0.line == 6 })
        #expect(warnings.contains { $0.message.contains("rex.md") })
        #expect(warnings.contains { $0.message.contains("rex.jpg") })
        #expect(warnings.allSatisfy { $0.description.hasPrefix("Content/pets/dogs/terriers/diego.md:6:") })
    }

    @Test func missingTargetKeepsTheBuildGoing() throws {
        let report = try build("[gone](../gone.md)")
        #expect(report.snapshot.text(at: "pets/dogs/terriers/diego.html") != nil)
        #expect(report.warnings.contains { $0.message.contains("../gone.md") })
    }

    @Test func missingFrontMatterImageIsAWarningOnItsLine() throws {
        var files = Self.pets
        files["pets/dogs/terriers/diego.md"] = "---\ntitle: Diego\nage: 3\nimage: nowhere.jpg\n---\nBody."
        let report = try MemorySite(files).report()
        let warning = try #require(report.warnings.first { $0.message.contains("nowhere.jpg") })
        #expect(warning.path == "Content/pets/dogs/terriers/diego.md")
        #expect(warning.line == 4)
    }

    @Test func linkThatClimbsOutOfTheContentFolderIsMissing() throws {
        let report = try build("[secret](../../../../../etc/passwd.md)")
        #expect(report.warnings.contains { $0.message.contains("passwd") })
        #expect(!(try bodyLinks(report, "pets/dogs/terriers/diego.md").hrefs.contains { $0.contains("passwd.html") }))
    }

    @Test func linkToADraftIsMissing() throws {
        let report = try build("[Secret](secret.md)", extra: ["pets/dogs/terriers/secret.md": "---\ndraft: true\n---\nHidden."])
        #expect(report.snapshot.files["pets/dogs/terriers/secret.html"] == nil)
        #expect(!(try bodyLinks(report, "pets/dogs/terriers/diego.md").hrefs.contains("secret.html")))
        #expect(report.warnings.contains { $0.message.contains("secret.md") })
    }
}
