import FoldoutImages
import FoldoutTestSupport
import Foundation
import Testing

@testable import FoldoutBase
@testable import FoldoutBuild
@testable import FoldoutIncremental
@testable import FoldoutMarkdown
@testable import FoldoutOutput
@testable import FoldoutRendering

/// Work reused across builds: a page is rendered again only when what it
/// shows changed, and an incremental build always gives what a clean build gives. The
/// sites and cache files are in memory.
@Suite struct CachingTests {
    static let itemPages: Set<String> = [
        "about.html", "pets/dogs/alba.html", "pets/dogs/bruno.html", "pets/dogs/cleo.html", "pets/cats/dora.html",
        "courses/swift/intro.html", "courses/swift/next.html",
    ]

    // MARK: Templates

    @Test func editingTheItemTemplateRewritesOnlyItemPages() throws {
        let site = MemorySite(MemorySite.shelter, templates: Fixture.defaultTemplates)
        try site.build()
        let before = try site.state
        try site.writeTemplate("item.html", Fixture.defaultTemplates["item.html"]! + "<!-- item footer -->\n")
        try site.build()
        let changed = try site.state.changed(since: before).subtracting([OutputManifest.fileName])
        #expect(changed == Self.itemPages)
    }

    @Test func editingAPartialRewritesOnlyThePagesUsingIt() throws {
        let site = MemorySite(MemorySite.shelter, templates: Fixture.defaultTemplates)
        try site.build()
        let before = try site.state
        let header = Fixture.defaultTemplates["partials/section-header.html"]!
        try site.writeTemplate("partials/section-header.html", header.replacingOccurrences(of: "<h", with: "<h data-edited"))
        try site.build()
        let changed = try site.state.changed(since: before).subtracting([OutputManifest.fileName])
        #expect(changed.contains("pets/index.html") && changed.contains("courses/index.html"))
        #expect(changed.isDisjoint(with: Self.itemPages), "item pages do not use the section header")
    }

    // MARK: Content

    @Test func editingAnItemsSummaryRewritesItsPageAndThePagesShowingItsRow() throws {
        let site = MemorySite(MemorySite.shelter)
        try site.build()
        let before = try site.state
        try site.write(["pets/dogs/cleo.md": "---\ntitle: Cleo\n---\nCleo is brave now. See [Alba](alba.md).\n"])
        try site.build()
        let changed = try site.state.changed(since: before).subtracting([OutputManifest.fileName])
        // Cleo has no tags, so no tag page shows her row; her neighbours' pagers show only her title.
        // Her catalog's search shard holds her summary.
        #expect(changed == ["pets/dogs/cleo.html", "pets/index.html", "search/pets.js"])
        #expect(try site.text("pets/index.html").contains("Cleo is brave now"))
    }

    @Test func editingATitleRewritesTheNeighboursPagers() throws {
        let site = MemorySite(MemorySite.shelter)
        try site.build()
        let before = try site.state
        try site.write(["pets/dogs/bruno.md": "---\ntitle: Bruno the Brave\nstatus: adopted\n---\nBruno found a home.\n"])
        try site.build()
        let changed = try site.state.changed(since: before).subtracting([OutputManifest.fileName])
        #expect(changed == ["pets/dogs/bruno.html", "pets/index.html", "pets/dogs/alba.html", "pets/dogs/cleo.html", "search/pets.js"])
        #expect(try site.text("pets/dogs/alba.html").contains("Bruno the Brave"))
    }

    /// A field value names an item by its title (`ItemNames`): when an item takes that title,
    /// the page naming it is rewritten with the link, though the page itself did not change.
    @Test func anItemTakingANamedTitleRewritesThePagesNamingIt() throws {
        let site = MemorySite(MemorySite.shelter)
        try site.write(["courses/swift/next.md": "---\ntitle: Next steps\nprerequisites: [Swift Basics]\n---\nThen.\n"])
        try site.build()
        #expect(try site.text("courses/swift/next.html").contains("<dd>Swift Basics</dd>"))
        let before = try site.state
        try site.write(["courses/swift/intro.md": "---\ntitle: Swift Basics\n---\nStart.\n"])
        try site.build()
        let changed = try site.state.changed(since: before)
        #expect(changed.contains("courses/swift/next.html"))
        #expect(try site.text("courses/swift/next.html").contains(#"<dd><a href="intro.html">Swift Basics</a></dd>"#))
    }

    @Test func editingATaggedItemRewritesItsTagPages() throws {
        let site = MemorySite(MemorySite.shelter)
        try site.build()
        let before = try site.state
        try site.write(["pets/cats/dora.md": "---\ntitle: Dora\ntags: [calm]\n---\nDora purrs loudly.\n"])
        try site.build()
        let changed = try site.state.changed(since: before).subtracting([OutputManifest.fileName])
        #expect(changed == ["pets/cats/dora.html", "pets/index.html", "tags/calm.html", "search/pets.js"])
    }

    /// The strongest check of the render keys: after every kind of edit, an incremental
    /// build leaves the same files as a clean build of the same content.
    @Test func incrementalBuildsMatchCleanBuilds() throws {
        let site = MemorySite(MemorySite.shelter, templates: Fixture.defaultTemplates)
        try site.build()
        let edits: [(String, (MemorySite) throws -> Void)] = [
            ("body", { try $0.write(["pets/dogs/alba.md": "---\ntitle: Alba\ntags: [calm, kids]\n---\nAlba runs.\n"]) }),
            ("title and order", { try $0.write(["pets/dogs/cleo.md": "---\ntitle: Aaron\n---\nRenamed.\n"]) }),
            ("weight", { try $0.write(["pets/dogs/bruno.md": "---\ntitle: Bruno\nstatus: adopted\nweight: 1\n---\nFirst.\n"]) }),
            ("query match", { try $0.write(["pets/cats/dora.md": "---\ntitle: Dora\ntags: [calm]\nstatus: adopted\n---\nHome.\n"]) }),
            ("new tag", { try $0.write(["courses/swift/intro.md": "---\ntitle: Introduction\ntags: [beginner]\n---\nStart.\n"]) }),
            ("new item", { try $0.write(["pets/cats/emil.md": "---\ntitle: Emil\n---\nA new cat.\n"]) }),
            ("group title", { try $0.write(["pets/dogs/_index.md": "---\ntitle: Good dogs\nweight: 1\n---\n"]) }),
            ("catalog row settings", { try $0.write(["pets/_index.md": "---\ntitle: Pets\nweight: 1\nrow:\n  secondary: \"{{tags}}\"\n---\nAll.\n"]) }),
            ("site title", { try $0.write(["_index.md": "---\ntitle: Renamed Shelter\n---\nHello.\n"]) }),
            ("slug", { try $0.write(["courses/swift/next.md": "---\ntitle: Next steps\nslug: later\n---\nThen.\n"]) }),
            ("link target moved", { try $0.write(["pets/dogs/alba.md": "---\ntitle: Alba\nslug: alba-2\n---\nMoved.\n"]) }),
            ("draft", { try $0.write(["about.md": "---\ntitle: About us\ndraft: true\n---\nHidden.\n"]) }),
            ("deleted item", { try $0.remove("pets/dogs/bruno.md") }),
            ("template", { try $0.writeTemplate("partials/row.html", Fixture.defaultTemplates["partials/row.html"]! + "\n") }),
        ]
        for (name, edit) in edits {
            try edit(site)
            try site.build()
            let fresh = try site.cleanBuild().state
            let incremental = try site.state
            #expect(incremental.sitePaths == fresh.sitePaths, "after the \(name) edit")
            let differing = incremental.sitePaths.intersection(fresh.sitePaths)
                .filter { incremental.files[$0]?.bytes != fresh.files[$0]?.bytes }
            #expect(differing.isEmpty, "after the \(name) edit these differ from a clean build: \(differing.sorted())")
        }
    }

    // MARK: The cache file

    /// Builds `site` into a new output folder, then again after adding a page, and returns the
    /// cache file's path: the first build does not start the file, the next full build does.
    private func buildStartingCacheFile(_ site: MemorySite) throws -> String {
        try site.build()
        let path = MarkdownCacheFile.defaultPath(forOutput: site.output)
        #expect(!site.memory.exists(path), "a build into a new output folder writes no cache file")
        try site.write(["pets/cats/emil.md": "---\ntitle: Emil\n---\nEmil is new here.\n"])
        try site.build()
        #expect(site.memory.exists(path), "the folder's next full build starts it")
        return path
    }

    @Test func aBuildIntoANewFolderFillsTheCacheOnlyWhereSomethingKeepsIt() throws {
        let site = MemorySite(MemorySite.shelter)
        let path = MarkdownCacheFile.defaultPath(forOutput: site.output)
        let pages = MemorySite.shelter.count
        // As `foldout build` makes it: no file, none started, the process then ends.
        let oneBuild = MarkdownCacheFile(path: path, servesLaterBuilds: false, fileSystem: site.fileSystem)
        try Builder(options: site.options).update(cache: oneBuild)
        #expect(oneBuild.count == 0)
        // As `foldout serve` makes it: its next build looks in memory.
        site.memory.remove(site.output)
        let serving = MarkdownCacheFile(path: path, fileSystem: site.fileSystem)
        try Builder(options: site.options).update(cache: serving)
        #expect(serving.count > pages)
        // A file left by an earlier build of a folder of that name is read, and its entries used.
        site.memory.remove(site.output)
        _ = try buildStartingCacheFile(site)
        site.memory.remove(site.output)
        let afterFile = MarkdownCacheFile(path: path, servesLaterBuilds: false, fileSystem: site.fileSystem)
        try Builder(options: site.options).update(cache: afterFile)
        #expect(afterFile.count > pages)
    }

    @Test func cacheIsKeptBesideTheOutputFolderNotInIt() throws {
        let site = MemorySite(MemorySite.shelter)
        let path = try buildStartingCacheFile(site)
        #expect(path == site.folder.path + "/.foldout-cache/Output.cache")
        #expect(!(try site.state).files.keys.contains { $0.contains("cache") })
        let reloaded = MarkdownCacheFile(path: path, fileSystem: site.fileSystem)
        reloaded.load()
        // Every file's front matter and body, not only the added page's.
        #expect(reloaded.count > MemorySite.shelter.count)
    }

    @Test func damagedCacheFileIsIgnored() throws {
        let site = MemorySite(MemorySite.shelter)
        let path = try buildStartingCacheFile(site)
        try site.damage(path, from: 2, every: 7)
        try site.write(["pets/dogs/alba.md": "---\ntitle: Alba\n---\nChanged after the damage.\n"])
        try site.build()
        #expect(try site.text("pets/dogs/alba.html").contains("Changed after the damage"))
        #expect(try site.state.sitePaths == site.cleanBuild().state.sitePaths)
    }

    @Test func cachedFrontMatterAndBodiesRoundTrip() throws {
        let memory = MemoryFileSystem()
        memory.makeFolders("/tmp")
        let path = "/tmp/cache"
        let cache = MarkdownCacheFile(path: path, tool: 7, fileSystem: memory.fileSystem)
        let frontMatter = try FrontMatter.parse(yaml: "title: A\nlist: [1, 2.5, true, ~]\nmap: {k: v}\n")
        cache.store(frontMatter, for: 1)
        let body = RenderedBody(
            html: "<p>ünï</p>", title: "T", summary: "S", headingIDs: ["a", "b"],
            anchorLinks: [.init(line: 4, written: "a.md#x", page: "a.html", fragment: "x")],
            diagnostics: [.warning("Content/a.md", line: 3, "careful", hint: "do this")],
            links: [
                ("a.md#x", false, .rewritten("a.html#x", page: "a.html", fragment: "x")),
                ("b.md", false, .rewritten("b.html", page: "b.html", fragment: nil)),
                ("#top", false, .sameAnchor(page: "c.html", fragment: "top")),
                ("https://x", false, .external), ("gone.md", true, .missing),
                (
                    "rex.jpg", true,
                    .picture(
                        PictureMarkup(
                            beforeAlt: "<picture><img alt=\"", afterAlt: "\"></picture>",
                            fallbackURL: "rex-960w.jpg"), page: "pets/rex.jpg")
                ),
            ])
        cache.store(body, for: 2)
        cache.finishBuild(prune: true)
        let reloaded = MarkdownCacheFile(path: path, tool: 7, fileSystem: memory.fileSystem)
        #expect(reloaded.frontMatter(1)?.fields.map(\.key) == ["title", "list", "map"])
        #expect(reloaded.frontMatter(1)?["list"] == frontMatter["list"])
        #expect(reloaded.frontMatter(1)?.lines == frontMatter.lines)
        let loaded = try #require(reloaded.body(2))
        #expect(loaded.html == body.html && loaded.headingIDs == body.headingIDs && loaded.diagnostics == body.diagnostics)
        #expect(loaded.anchorLinks == body.anchorLinks)
        #expect(loaded.links.map(\.resolution) == body.links.map(\.resolution))
        #expect(loaded.links.map(\.isImage) == body.links.map(\.isImage))
        // Another program version does not trust it.
        #expect(MarkdownCacheFile(path: path, tool: 8, fileSystem: memory.fileSystem).body(2) == nil)
    }

    /// The file is written in pieces of about a megabyte: entries on both sides of piece
    /// boundaries, and a second build's appended entries, read back whole.
    @Test func cacheFilesLargerThanOnePieceReadBack() throws {
        let memory = MemoryFileSystem()
        memory.makeFolders("/tmp")
        let path = "/tmp/cache"
        func body(_ number: Int) -> RenderedBody {
            RenderedBody(
                html: "<p>\(number)</p>" + String(repeating: "x", count: 5_000 + number), title: "T\(number)", summary: "",
                headingIDs: [], anchorLinks: [], diagnostics: [], links: [])
        }
        let first = MarkdownCacheFile(path: path, tool: 7, fileSystem: memory.fileSystem)
        for number in 0..<500 { first.store(body(number), for: UInt64(number)) }
        first.finishBuild(prune: true)
        let second = MarkdownCacheFile(path: path, tool: 7, fileSystem: memory.fileSystem)
        for number in 0..<500 { _ = second.body(UInt64(number)) }
        for number in 500..<700 { second.store(body(number), for: UInt64(number)) }
        second.finishBuild(prune: true)
        let reloaded = MarkdownCacheFile(path: path, tool: 7, fileSystem: memory.fileSystem)
        for number in 0..<700 {
            #expect(reloaded.body(UInt64(number))?.html == body(number).html, "entry \(number)")
        }
        #expect(reloaded.count == 700)
    }

    /// Each entry's length is written before the entry, in as many bytes as it needs: entries
    /// whose lengths take one, two, three and four bytes, mixed, read back.
    @Test func cacheEntriesOfEverySizeReadBack() throws {
        let memory = MemoryFileSystem()
        memory.makeFolders("/tmp")
        let path = "/tmp/cache"
        let sizes = [0, 100, 16_500, 20, 5_000, 2_200_000, 3, 300_000, 90, 200]
        func body(_ number: Int) -> RenderedBody {
            RenderedBody(
                html: String(repeating: "\(number % 10)", count: sizes[number]), title: "", summary: "",
                headingIDs: [], anchorLinks: [], diagnostics: [], links: [])
        }
        let cache = MarkdownCacheFile(path: path, tool: 7, fileSystem: memory.fileSystem)
        for number in sizes.indices { cache.store(body(number), for: UInt64(number)) }
        cache.finishBuild(prune: true)
        let reloaded = MarkdownCacheFile(path: path, tool: 7, fileSystem: memory.fileSystem)
        for number in sizes.indices {
            // (Compared here: a failure would print megabytes of text.)
            #expect(reloaded.body(UInt64(number)).map { $0.html == body(number).html } == true, "entry \(number)")
        }
    }
}
