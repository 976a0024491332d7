import FoldoutTestSupport
import Testing

@testable import FoldoutBase
@testable import FoldoutBuild
@testable import FoldoutMarkdown

/// What the command line does, through `Builder`: drafts, titles, and failures that name
/// the file and leave the output alone.
@Suite struct BuilderTests {
    static let withDrafts: [String: String] = [
        "pets/dogs/diego.md": "---\ntitle: Diego\n---\nPublished.",
        "pets/dogs/secret.md": "---\ntitle: Secret\ndraft: true\n---\nNot yet.",
        "pets/cats/_index.md": "---\ntitle: Cats\ndraft: true\n---\n",
        "pets/cats/luna.md": "---\ntitle: Luna\n---\nIn a draft folder.",
        "pets/cats/kittens/tom.md": "---\ntitle: Tom\n---\nDeeper in a draft folder.",
    ]

    // MARK: Drafts

    @Test func draftsAreLeftOutByDefault() throws {
        let report = try MemorySite(Self.withDrafts).report()
        #expect(report.site.allItems.map(\.title) == ["Diego"])
        #expect(report.snapshot.files["pets/dogs/secret.html"] == nil)
        #expect(report.snapshot.files["pets/cats/luna.html"] == nil)
        #expect(report.snapshot.files["pets/cats/kittens/tom.html"] == nil)
        let catalogPage = try #require(report.snapshot.text(at: "pets/index.html"))
        #expect(!catalogPage.contains("Secret"))
        #expect(!catalogPage.contains("Luna"))
        #expect(report.site.catalog("pets")?.itemCount == 1)
    }

    @Test func draftsAreIncludedWhenAskedFor() throws {
        let report = try MemorySite(Self.withDrafts, includeDrafts: true).report()
        #expect(Set(report.site.allItems.map(\.title)) == ["Diego", "Secret", "Luna", "Tom"])
        #expect(report.snapshot.files["pets/dogs/secret.html"] != nil)
        #expect(report.snapshot.files["pets/cats/luna.html"] != nil)
        #expect(report.snapshot.files["pets/cats/kittens/tom.html"] != nil)
    }

    @Test func assetsOfDraftFoldersAreLeftOut() throws {
        var files = Self.withDrafts
        files["pets/cats/luna.jpg"] = "JPEG"
        #expect(try MemorySite(files).report().snapshot.files["pets/cats/luna.jpg"] == nil)
        #expect(try MemorySite(files, includeDrafts: true).report().snapshot.files["pets/cats/luna.jpg"] != nil)
    }

    @Test func linksToADraftSayItIsADraft() throws {
        var files = Self.withDrafts
        files["pets/dogs/diego.md"] = "---\ntitle: Diego\n---\nSee [secret](secret.md), [Luna](/pets/cats/luna.md), [Tom](../cats/kittens/tom/) and [none](gone.md).\n"
        let site = MemorySite(files)
        let messages = site.warnings().filter { $0.path.hasSuffix("diego.md") }.map(\.message)
        #expect(messages.contains("link `secret.md` points to a draft, `pets/dogs/secret.md`, which is not published"), "\(messages)")
        // A page in a draft folder: the folder's `_index.md` is the draft to publish.
        #expect(messages.contains("link `/pets/cats/luna.md` points to a draft, `pets/cats/_index.md`, which is not published"))
        #expect(messages.contains("link `../cats/kittens/tom/` points to a draft, `pets/cats/_index.md`, which is not published"))
        #expect(messages.contains("link `gone.md` points to nothing in the content folder"))
        let hint = site.warnings().first { $0.message.hasPrefix("link `secret.md`") }?.hint ?? ""
        #expect(hint.contains("draft: true") && hint.contains("--drafts") && !hint.contains("put the file"))
        // Built with drafts, the links lead to their pages.
        let withDrafts = MemorySite(files, includeDrafts: true)
        #expect(!withDrafts.warnings().contains { $0.message.contains("draft") || $0.message.contains("`secret.md`") })
    }

    // MARK: Titles

    @Test func titleComesFromFrontMatterFirst() throws {
        let report = try MemorySite(["notes/how_this_course_works.md": "---\ntitle: Read me first\n---\n# A heading\n\nText."]).report()
        let item = try #require(report.site.allItems.first)
        #expect(item.title == "Read me first")
        // The heading is not the title, so it stays in the body.
        #expect(item.bodyHTML.contains("A heading"))
    }

    @Test func titleFallsBackToTheLeadingHeading() throws {
        let report = try MemorySite(["notes/how_this_course_works.md": "---\nlevel: easy\n---\n# Getting *started*\n\nText."]).report()
        let item = try #require(report.site.allItems.first)
        #expect(item.title == "Getting started")
        // Shown once, as the page title, not again at the top of the body.
        #expect(!item.bodyHTML.contains("<h1"))
        let page = try #require(report.snapshot.text(at: "notes/how-this-course-works.html"))
        let headings = HTMLTags.scan(page).filter { $0.name == "h1" && !$0.isEnd }
        #expect(headings.count == 1)
    }

    @Test func titleFallsBackToTheFileNameMadeReadable() throws {
        let report = try MemorySite(["notes/how_this_course_works.md": "Just text, no heading.\n"]).report()
        #expect(report.site.allItems.first?.title == "How this course works")
    }

    @Test func emptyTitleIsNotUsed() throws {
        let report = try MemorySite(["notes/how_this_course_works.md": "---\ntitle:\n---\nText.\n"]).report()
        #expect(report.site.allItems.first?.title == "How this course works")
    }

    @Test func folderTitleComesFromItsIndexThenItsName() throws {
        let report = try MemorySite([
            "pets/small_animals/_index.md": "Small pets.\n",
            "pets/small_animals/a.md": "A",
            "pets/big-dogs/_index.md": "# Large breeds\n",
            "pets/big-dogs/b.md": "B",
            "pets/guinea-pigs/_index.md": "---\ntitle: Cavies\n---\n",
            "pets/guinea-pigs/c.md": "C",
        ]).report()
        let titles = Set(report.site.catalog("pets")?.sections.map(\.title) ?? [])
        #expect(titles == ["Small animals", "Large breeds", "Cavies"])
    }

    @Test func siteTitleComesFromTheContentIndex() throws {
        let report = try MemorySite(["_index.md": "---\ntitle: Happy Tails Shelter\nlanguage: de\n---\n", "pets/a.md": "A"]).report()
        #expect(report.site.title == "Happy Tails Shelter")
        let home = try #require(report.snapshot.text(at: "index.html"))
        #expect(home.contains("<html lang=\"de\">"))
        #expect(home.contains("Happy Tails Shelter"))
    }

    // MARK: Ids

    @Test func introHeadingsDoNotTakeIdsOfSectionsOrRows() throws {
        let report = try MemorySite([
            "_index.md": "## About\n\nThe site intro.\n",
            "about.md": "A loose item on the home page.",
            "pets/_index.md": "## Dogs\n\n## Intro\n\n## Main\n",
            "pets/intro.md": "A loose item in the catalog.",
            "pets/dogs/diego.md": "Diego.",
        ]).report()
        for page in ["index.html", "pets/index.html"] {
            let html = try #require(report.snapshot.text(at: page))
            let ids = HTMLTags.scan(html).compactMap { $0.attributes["id"] }
            #expect(ids.count == Set(ids).count, "\(page) repeats an id: \(ids.sorted())")
        }
    }

    // MARK: Failures

    @Test func collidingOutputPathsAreNumberedWithAWarning() throws {
        let report = try MemorySite(["pets/dogs/Diego.md": "A", "pets/dogs/diego.md": "B"]).report()
        #expect(report.warnings.contains { $0.severity == .warning && $0.message.contains("diego-2.html") })
        #expect(report.snapshot.files["pets/dogs/diego.html"] != nil && report.snapshot.files["pets/dogs/diego-2.html"] != nil)
    }

    @Test func catalogNamedLikeTheTagsFolderIsAnError() throws {
        let failure = try #require(MemorySite(["tags/a.md": "A"]).failure())
        #expect(failure.diagnostics.contains { $0.severity == .error && $0.path == "Content/tags" })
    }

    @Test func missingContentFolderIsAnError() throws {
        let options = BuildOptions(
            contentPath: "/nowhere/Content", templatesPath: nil, outputPath: "/nowhere/Output",
            contentDisplayName: "Content", fileSystem: .memory([:]))
        do {
            _ = try Builder(options: options).makeSnapshot()
            Issue.record("a missing content folder was accepted")
        } catch {
            #expect(error.diagnostics.contains { $0.path == "Content" && $0.severity == .error && $0.hint != nil })
        }
    }

    @Test func failedBuildLeavesTheOutputFolderAsItWas() throws {
        let site = MemorySite(["pets/a.md": "---\ntitle: A\n---\nFirst."])
        _ = try Builder(options: site.options).build()
        let before = try site.text("pets/a.html")
        try site.write(["pets/a.md": "---\ntitle: Changed\n---\nSecond.", "pets/b.md": "---\nweight: heavy\n---\n"])
        #expect(throws: BuildFailure.self) {
            _ = try Builder(options: site.options).build()
        }
        #expect(try site.text("pets/a.html") == before)
        #expect(!site.folder.exists("Output/pets/b.html"))
    }

    @Test func diagnosticReadsAsPathLineColumnMessage() {
        let diagnostic = Diagnostic.error("Content/pets/a.md", line: 4, "`weight` must be a number", hint: "write it like `weight: 10`")
        #expect(diagnostic.description.hasPrefix("Content/pets/a.md:4:1: error: `weight` must be a number"))
        #expect(diagnostic.description.contains("weight: 10"))
    }
}
