import FoldoutTestSupport
import Foundation
import Testing

/// Layouts of real collections: a lesson beside the folder of its images (`intro.md` and
/// `intro/imgs/`), a document beside the folder of its sub-pages and translations, a
/// README that introduces its folder.
@Suite struct ItemFolderTests {
    static let catalog = "---\ntitle: Lessons\n---\n"

    @Test func aLessonOwnsTheFolderOfItsImages() throws {
        let site = MemorySite([
            "css/_index.md": Self.catalog,
            "css/foundations/intro_to_css.md": "# Intro to CSS\n\n![The box model](<intro_to_css/imgs/box model.svg>)\n\n[Diagram](intro_to_css/imgs/diagram.svg)\n",
            "css/foundations/intro_to_css/imgs/box model.svg": "<svg/>",
            "css/foundations/intro_to_css/imgs/diagram.svg": "<svg/>",
            "css/foundations/selectors.md": "# Selectors\n",
        ])
        let snapshot = try site.snapshot()
        #expect(site.diagnostics().isEmpty)
        let page = try #require(snapshot.text(at: "css/foundations/intro-to-css.html"))
        #expect(page.contains("src=\"intro-to-css/imgs/box%20model.svg\""))
        #expect(page.contains("href=\"intro-to-css/imgs/diagram.svg\""))
        #expect(snapshot.files["css/foundations/intro-to-css/imgs/box model.svg"] != nil)
        // The image folder is no group: the lesson is a plain row.
        let outline = try #require(snapshot.text(at: "css/index.html"))
        #expect(!outline.contains("<details id="))
        #expect(!outline.contains("Imgs"))
        #expect(outline.contains("<li class=\"row\" id=\"foundations/intro-to-css\">"))
        #expect(OutputLinks.broken(in: snapshot).isEmpty)
    }

    /// Hugo's leaf bundles: `post/index.md` with its pictures is one item named by its
    /// folder, anywhere in the tree; its relative links and links to the folder work.
    @Test func aLeafBundleIsOneItemWithItsFilesAsAssets() throws {
        let site = MemorySite([
            "blog/_index.md": "---\ntitle: Blog\n---\n",
            "blog/first-post/index.md": "---\ntitle: First post\n---\n\n![A cat](cat.svg) See [the second](../second_post/).\n",
            "blog/first-post/cat.svg": "<svg/>",
            "blog/second_post/index.en.md": "Second post body.\n",
            "blog/2026/third/index.md": "---\ntitle: Third\n---\n\n[First](../../first-post/index.md)\n",
            "blog/2026/fourth.md": "---\ntitle: Fourth\n---\n",
            "about/index.md": "---\ntitle: About us\n---\n\nWho we are.\n",
        ])
        let snapshot = try site.snapshot()
        #expect(site.diagnostics().isEmpty, "\(site.diagnostics())")
        let first = try #require(snapshot.text(at: "blog/first-post.html"))
        #expect(first.contains("src=\"first-post/cat.svg\""))
        #expect(first.contains("href=\"second-post.html\""))
        #expect(snapshot.files["blog/first-post/cat.svg"] != nil)
        // Without a title, the item goes by its folder's name, not "Index".
        #expect(snapshot.text(at: "blog/second-post.html")?.contains("<h1>Second post</h1>") == true)
        #expect(snapshot.text(at: "blog/2026/third.html")?.contains("href=\"../first-post.html\"") == true)
        // The bundles are rows, not groups of one; a folder of bundles and pages is a group.
        let outline = try #require(snapshot.text(at: "blog/index.html"))
        #expect(outline.contains("<li class=\"row\" id=\"first-post\">"))
        #expect(outline.contains("<li class=\"row\" id=\"2026/third\">"))
        #expect(!outline.contains("Index"))
        // At the top, a bundle is a page of the site, not a catalog.
        #expect(snapshot.text(at: "about.html")?.contains("Who we are.") == true)
        #expect(snapshot.text(at: "about/index.html") == nil)
        #expect(OutputLinks.broken(in: snapshot).isEmpty)
    }

    /// Markdown under an assets folder (a vendored library's README in `static/`) is copied
    /// as a file, not made a page, with one note for the folder.
    @Test func markdownInAnAssetsFolderIsOnlyCopied() throws {
        let site = MemorySite([
            "docs/_index.md": "---\ntitle: Docs\n---\n",
            "docs/intro.md": "# Intro\n",
            "docs/static/lib/README.md": "---\nlayout: {{ broken\n---\n# Vendored\n",
            "docs/static/lib/CHANGES.md": "# Changes\n",
            "docs/static/lib/lib.js": "",
        ])
        let snapshot = try site.snapshot()
        #expect(snapshot.files["docs/static/lib/README.md"] != nil)
        #expect(snapshot.files["docs/static/lib/readme.html"] == nil)
        #expect(!(snapshot.text(at: "docs/index.html") ?? "").contains("Vendored"))
        let notes = site.diagnostics().filter { $0.severity == .note }
        #expect(notes.count == 1 && notes.first?.path == "Content/docs/static/" && notes.first?.message.hasPrefix("2 Markdown files") == true, "\(site.diagnostics())")
        // The layout is meant, so a terminal says it only with --verbose.
        let verboseOnly = notes.allSatisfy { $0.isVerboseOnly }
        #expect(verboseOnly)
        #expect(!site.diagnostics().contains { $0.severity != .note })
    }

    /// The content's own top-level `assets/` cannot be the output's, which holds Foldout's
    /// stylesheet and scripts: it is `assets-2/`, Markdown links follow it, and a warning
    /// says why and what to rename.
    @Test func aTopLevelAssetsFolderIsPublishedBesideFoldoutsOwn() throws {
        let site = MemorySite([
            "docs/_index.md": "---\ntitle: Docs\n---\n",
            "docs/intro.md": "# Intro\n\n[Notes](../assets/notes.txt) [Guide](../assets/guide.pdf)\n",
            "assets/notes.txt": "notes",
            "assets/guide.pdf": "pdf",
        ])
        let snapshot = try site.snapshot()
        #expect(snapshot.files["assets-2/notes.txt"] != nil && snapshot.files["assets-2/guide.pdf"] != nil)
        let intro = snapshot.text(at: "docs/intro.html") ?? ""
        #expect(intro.contains("../assets-2/notes.txt") && intro.contains("../assets-2/guide.pdf"))
        #expect(OutputLinks.broken(in: snapshot).isEmpty)
        let warnings = site.diagnostics().filter { $0.severity == .warning }
        #expect(warnings.count == 1, "\(site.diagnostics())")
        let warning = try #require(warnings.first)
        #expect(warning.path == "Content/assets")
        #expect(warning.message.contains("`assets-2/`") && warning.message.contains("Foldout's own stylesheet"))
        #expect(warning.hint?.contains("rename the folder") == true)
    }

    @Test func aFolderWithoutMarkdownIsNeverASection() throws {
        let site = MemorySite([
            "pets/_index.md": Self.catalog,
            "pets/rex.md": "# Rex\n\n![Rex](photos/rex.svg)\n",
            "pets/photos/rex.svg": "<svg/>",
            "pets/photos/old/rex-2019.svg": "<svg/>",
        ])
        let snapshot = try site.snapshot()
        #expect(site.diagnostics().isEmpty)
        let catalog = try #require(snapshot.text(at: "pets/index.html"))
        #expect(!catalog.contains("class=\"section-header\""))
        #expect(!catalog.contains("Photos"))
        #expect(snapshot.files["pets/photos/rex.svg"] != nil && snapshot.files["pets/photos/old/rex-2019.svg"] != nil)
        #expect(OutputLinks.broken(in: snapshot).isEmpty)
    }

    static let council: [String: String] = [
        "rfcs/_index.md": "---\ntitle: RFCs\n---\n",
        "rfcs/3392-council.md": "# Leadership council\n\nSee [the motivation](3392-council/motivation.md).\n",
        "rfcs/3392-council/motivation.md": "# Motivation\n\nWhy. Back to [the RFC](../3392-council.md).\n",
        "rfcs/3392-council/translation-ja.md": "# 評議会\n\n翻訳。\n",
        "rfcs/3400-other.md": "# Other\n",
    ]

    @Test func aDocumentsSubPagesAreRowsBelowItsRow() throws {
        let site = MemorySite(Self.council)
        let snapshot = try site.snapshot()
        #expect(site.diagnostics().isEmpty)
        let catalog = try #require(snapshot.text(at: "rfcs/index.html"))
        let tags = HTMLTags.scan(catalog)
        // The document's row links to its page and discloses its sub-pages.
        let row = try #require(tags.firstIndex { $0.attributes["id"] == "3392-council" })
        #expect(tags[row].attributes["class"]?.contains("has-children") == true)
        #expect(tags[row + 1].attributes["href"] == "3392-council.html")
        let disclosure = try #require(tags[row...].firstIndex { $0.name == "details" })
        let subRows = tags[disclosure...].prefix { !($0.name == "details" && $0.isEnd) }.compactMap { $0.name == "li" ? $0.attributes["id"] : nil }
        #expect(subRows == ["3392-council/motivation", "3392-council/translation-ja"])
        #expect(tags.contains { $0.attributes["href"] == "3392-council/translation-ja.html" })
        // The catalog counts its items, the document and the other RFC; the document's
        // disclosure its sub-pages, as pages (docs/content.md, "Results count each item once").
        #expect(catalog.contains(#"<p class="count">2 items</p>"#))
        #expect(catalog.contains(#"<span class="count">2 pages</span>"#))
        #expect(!catalog.contains("4 items"))
        #expect(OutputLinks.broken(in: snapshot).isEmpty)
    }

    @Test func aSubPageHasABreadcrumbThroughItsDocumentAndAPager() throws {
        let snapshot = try MemorySite(Self.council).snapshot()
        let page = try #require(snapshot.text(at: "rfcs/3392-council/motivation.html"))
        let crumbs = try #require(page.range(of: "<nav class=\"breadcrumb\"")).lowerBound
        let trail = HTMLTags.scan(String(page[crumbs...].prefix { $0 != "\u{0}" }.prefix(600))).compactMap { $0.attributes["href"] }
        #expect(Array(trail.prefix(2)) == ["../index.html", "../3392-council.html"])
        #expect(page.contains("<a class=\"previous\" href=\"../3392-council.html\" rel=\"prev\">"))
        #expect(page.contains("<a class=\"next\" href=\"translation-ja.html\" rel=\"next\">"))
        // Its link back to the document is rewritten to the document's page.
        #expect(page.contains("href=\"../3392-council.html\">the RFC</a>"))
    }

    @Test func aFolderWithItsOwnIndexIsASectionNotTheItemsFolder() throws {
        let site = MemorySite([
            "pets/_index.md": Self.catalog, "pets/dogs.md": "# About dogs\n",
            "pets/dogs/_index.md": "# Dogs\n", "pets/dogs/rex.md": "# Rex\n",
        ])
        let catalog = try #require(try site.snapshot().text(at: "pets/index.html"))
        #expect(catalog.contains("class=\"section-header\""))
        #expect(!catalog.contains("has-children"))
    }

    @Test func lessonsOpeningWithASubheadingAreTitledByTheirFileName() throws {
        // Curricula open every lesson with `### Introduction`: as titles, every row would read alike.
        let snapshot = try MemorySite([
            "git/_index.md": Self.catalog,
            "git/setting_up_git.md": "### Introduction\n\nGit tracks changes.\n",
            "git/branches.md": "# Branches in Git\n\nText.\n",
        ]).snapshot()
        let catalog = try #require(snapshot.text(at: "git/index.html"))
        let titles = HTMLTags.scan(catalog).filter { $0.attributes["class"] == "row-title" }.map(\.followingText)
        #expect(Set(titles) == ["Setting up git", "Branches in Git"])
        // The subheading stays in the body; the level-1 one became the title.
        #expect(snapshot.text(at: "git/setting-up-git.html")?.contains("<h2 id=\"introduction\">Introduction</h2>") == true)
        #expect(snapshot.text(at: "git/branches.html")?.contains("<h2 id=\"branches-in-git\"") == false)
    }

    // MARK: README.md

    @Test func aReadmeIntroducesAFolderWithoutAnIndex() throws {
        let site = MemorySite([
            "guides/README.md": "# Field guides\n\nEverything we know.\n",
            "guides/birds/README.md": "# Birds of the coast\n\nGulls and terns.\n",
            "guides/birds/gull.md": "# Gull\n",
        ])
        let snapshot = try site.snapshot()
        #expect(site.diagnostics().isEmpty)
        let catalog = try #require(snapshot.text(at: "guides/index.html"))
        #expect(catalog.contains("<h1>Field guides</h1>"))
        #expect(catalog.contains("<p>Everything we know.</p>"))
        #expect(catalog.contains("Birds of the coast"))
        #expect(catalog.contains("<p>Gulls and terns.</p>"))
        // The READMEs are introductions, not items.
        #expect(!snapshot.paths.contains { $0.lowercased().contains("readme") })
        #expect(catalog.contains("1 item"))
    }

    @Test func aReadmeThatIsItsFoldersOnlyMarkdownIsAPage() throws {
        let site = MemorySite([
            "guide/_index.md": Self.catalog,
            "guide/alpha/README.md": "# Alpha course\n\nThe first course.\n",
            "guide/beta.md": "# Beta\n\nSee [alpha](alpha/README.md).\n",
        ])
        let snapshot = try site.snapshot()
        #expect(site.diagnostics().isEmpty)
        #expect(snapshot.text(at: "guide/alpha/readme.html")?.contains("The first course.") == true)
        #expect(snapshot.text(at: "guide/beta.html")?.contains("href=\"alpha/readme.html\"") == true)
    }

    @Test func theHomePageShowsEachCatalogsSummaryNotItsIntro() throws {
        // Two READMEs with the same headings and links made for their own catalog pages.
        let readme = "# Recipes\n\nSee [the soup](soup.md) and [the list](list.txt).\n\n## Install\n\nMore.\n"
        let snapshot = try MemorySite([
            "recipes/README.md": readme, "recipes/soup.md": "# Soup\n", "recipes/list.txt": "soup",
            "drinks/README.md": readme, "drinks/soup.md": "# Tea soup\n", "drinks/list.txt": "tea",
        ]).snapshot()
        let home = try #require(snapshot.text(at: "index.html"))
        #expect(home.contains("<p class=\"intro\">See the soup and the list.</p>"))
        let ids = HTMLTags.scan(home).compactMap { $0.attributes["id"] }
        #expect(ids.count == Set(ids).count)
        #expect(OutputLinks.broken(in: snapshot).isEmpty)
        // The catalog page itself has the whole intro, its links made for it.
        #expect(snapshot.text(at: "recipes/index.html")?.contains("href=\"soup.html\"") == true)
    }

    @Test func aReadmeBesideAnIndexIsAnItem() throws {
        let snapshot = try MemorySite(["guides/_index.md": Self.catalog, "guides/README.md": "# Read me first\n"]).snapshot()
        #expect(snapshot.files["guides/readme.html"] != nil)
    }

    @Test func aLinkToAReadmeLeadsToItsFolder() throws {
        let snapshot = try MemorySite([
            "guides/README.md": "# Guides\n",
            "guides/birds/README.md": "# Birds\n",
            "guides/birds/gull.md": "# Gull\n\nSee [all birds](README.md).\n",
        ]).snapshot()
        let page = try #require(snapshot.text(at: "guides/birds/gull.html"))
        #expect(page.contains("href=\"../index.html#birds\""))
    }
}
