import FoldoutTestSupport
import Foundation
import Testing

@testable import FoldoutBase
@testable import FoldoutBuild
@testable import FoldoutMarkdown
@testable import FoldoutModel

/// Builds folders on disk with the built-in templates and reads the HTML back, the way a
/// visitor's browser would.
@Suite struct EndToEndTests {
    /// A small site with every kind of place an item can be: loose in the content folder,
    /// loose in a catalog, in a section, in groups two and three deep, and seven folders down.
    static let site: [String: String] = [
        "_index.md": "---\ntitle: Fixture Shelter\n---\nWelcome to the [pets](pets/_index.md).\n",
        "about.md": "# About us\n\nWe love [Diego](pets/dogs/terriers/diego.md).\n",
        "pets/_index.md": "---\ntitle: Pets\nweight: 1\nexpand_below: 0\n---\nAll our animals.\n\n## Dogs\n\nAn intro heading named like a section.\n",
        "pets/intro.md": "---\ntitle: How adoption works\n---\nStart with the [dogs](dogs/_index.md).\n",
        "pets/dogs/_index.md": "---\ntitle: Dogs\nweight: 1\n---\nGood dogs.\n",
        "pets/dogs/buddy.md": "---\ntitle: Buddy\n---\nA dog without a breed group. See [Luna](../cats/luna.md#favourite-things).\n",
        "pets/dogs/terriers/_index.md": "---\ntitle: Terriers\nexpanded: true\n---\n",
        "pets/dogs/terriers/diego.md": """
        ---
        title: Diego
        age: 3
        image: diego.png
        ---
        Diego is a [terrier](_index.md) who likes [Rex](../hounds/rex.md).

        ![Diego at the beach](beach.png)

        ## Health

        Vaccinated. [Back to the catalog](../../_index.md), or [home](../../../_index.md).

        ## Main

        A heading whose text an id in the page layout might also use.
        """,
        "pets/dogs/terriers/small/_index.md": "---\ntitle: Small terriers\n---\n",
        "pets/dogs/terriers/small/jack.md": "---\ntitle: Jack\n---\nA small one, cousin of [Diego](../diego.md#health).\n",
        "pets/dogs/hounds/_index.md": "---\ntitle: Hounds\n---\n",
        "pets/dogs/hounds/rex.md": "---\ntitle: Rex\n---\nA hound.\n",
        "pets/cats/luna.md": "# Luna\n\nA cat.\n\n## Favourite things\n\nBoxes. ![Luna asleep](<luna asleep.png>)\n",
        "pets/cats/Café Crème/_index.md": "---\ntitle: Café cats\n---\n",
        "pets/cats/Café Crème/noisette.md": "---\ntitle: Noisette <the \"brave\"> & bold\nimage: ../luna asleep.png\n---\nSister of [Luna](<../luna.md>).\n",
        "courses/_index.md": "---\ntitle: Courses\nweight: 2\n---\n",
        "courses/track/module/unit/part/chapter/topic/deep_lesson.md": """
        # The deepest lesson

        Back to [Diego](../../../../../../../pets/dogs/terriers/diego.md) and the [track](../../../../../_index.md).
        ![Diagram](diagram.png)
        """,
    ]

    /// A whole 2 × 2 PNG: small enough to be published as it is, beside the page naming it.
    static let png: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x02,
        0x00, 0x00, 0x00, 0x02, 0x08, 0x02, 0x00, 0x00, 0x00, 0xFD, 0xD4, 0x9A, 0x73, 0x00, 0x00, 0x00, 0x10, 0x49, 0x44, 0x41,
        0x54, 0x78, 0x9C, 0x63, 0x10, 0x50, 0x30, 0x00, 0x22, 0x06, 0x08, 0x05, 0x00, 0x0A, 0x0E, 0x01, 0x81, 0x56, 0x33, 0xEE,
        0xF3, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]

    static func writeSite(in folder: TemporaryFolder, _ files: [String: String] = site) throws {
        try folder.write(files.reduce(into: [:]) { $0["Content/" + $1.key] = $1.value })
        for image in [
            "pets/dogs/terriers/diego.png", "pets/dogs/terriers/beach.png", "pets/cats/luna asleep.png",
            "courses/track/module/unit/part/chapter/topic/diagram.png",
        ] {
            try folder.write("Content/" + image, bytes: png)
        }
    }

    func expectAllLinksResolve(_ output: URL, minimumPages: Int) throws {
        let result = try LinkChecker.check(output)
        let listed = result.problems.prefix(30).joined(separator: "\n")
        #expect(result.problems.isEmpty, "\(result.problems.count) broken links:\n\(listed)")
        #expect(result.pagesChecked >= minimumPages)
        #expect(result.linksChecked > result.pagesChecked)
    }

    @Test func outputFolderIsCreatedWithItsParents() throws {
        let folder = try TemporaryFolder()
        try Self.writeSite(in: folder)
        let output = folder.path + "/not/yet/there/Output"
        let report = try Fixture.build(content: folder.path + "/Content", output: output)
        #expect(report.pageCount > 0)
        #expect(FileManager.default.fileExists(atPath: output + "/index.html"))
    }

    // MARK: Links

    @Test func everyLinkOnEveryPageResolves() throws {
        let folder = try TemporaryFolder()
        try Self.writeSite(in: folder)
        let report = try Fixture.build(content: folder.path + "/Content", output: folder.path + "/Output")
        #expect(report.warnings.sureOfTheirPhoto.isEmpty, "\(report.warnings)")
        // Home, two catalogs, one page per item, the tag pages and 404.html.
        #expect(report.pageCount == 3 + report.site.allItems.count + Self.tagPageCount(report.site) + 1)
        try expectAllLinksResolve(folder.url.appendingPathComponent("Output"), minimumPages: report.pageCount)
    }

    @Test func imagesAreCopiedBesideTheirPages() throws {
        let folder = try TemporaryFolder()
        try Self.writeSite(in: folder)
        try Fixture.build(content: folder.path + "/Content", output: folder.path + "/Output")
        let copied = try Data(contentsOf: folder.url.appendingPathComponent("Output/pets/dogs/terriers/diego.png"))
        #expect(Array(copied) == Self.png)
        let page = try folder.text("Output/pets/dogs/terriers/diego.html")
        let sources = HTMLTags.scan(page).compactMap { $0.attributes["src"] }
        #expect(sources.contains("diego.png"))
        #expect(sources.contains("beach.png"))
    }

    @Test func idsAreUniqueOnEveryPage() throws {
        let folder = try TemporaryFolder()
        try Self.writeSite(in: folder)
        try Fixture.build(content: folder.path + "/Content", output: folder.path + "/Output")
        for page in try Fixture.files(under: folder.url.appendingPathComponent("Output")) where page.hasSuffix(".html") {
            let ids = HTMLTags.scan(try folder.text("Output/" + page)).compactMap { $0.attributes["id"] }
            let repeated = Dictionary(grouping: ids, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
            #expect(repeated.isEmpty, "\(page) repeats ids \(repeated)")
        }
    }

    @Test func frontMatterTextIsEscapedInTheHTML() throws {
        let folder = try TemporaryFolder()
        try Self.writeSite(in: folder)
        let report = try Fixture.build(content: folder.path + "/Content", output: folder.path + "/Output")
        let item = try #require(report.site.allItems.first { $0.title.hasPrefix("Noisette") })
        for page in [item.outputPath, "pets/index.html"] {
            let html = try folder.text("Output/" + page)
            #expect(!html.contains("<the"), "\(page)")
            let titles = HTMLTags.scan(html).map(\.followingText).filter { $0.contains("Noisette") }
            #expect(titles.contains("Noisette <the \"brave\"> & bold"), "\(page)")
        }
    }

    // MARK: Outline

    @Test func detailsNestingMirrorsTheFolders() throws {
        let folder = try TemporaryFolder()
        try Self.writeSite(in: folder)
        let report = try Fixture.build(content: folder.path + "/Content", output: folder.path + "/Output")
        let catalog = try #require(report.site.catalog("pets"))
        let placements = try outlinePlacements(in: folder.text("Output/pets/index.html"), page: "pets/index.html")

        for item in catalog.allItems {
            // pets/dogs/terriers/small/jack.md: section `dogs`, inside groups `dogs/terriers`, `dogs/terriers/small`
            // (anchors are slugs of the folder names).
            let folders = item.sourcePath.split(separator: "/").dropFirst().dropLast().map { Slug.make(String($0)) }
            let expectedSection = folders.first ?? ""
            let expectedGroups = folders.count < 2 ? [] : (2...folders.count).map { folders.prefix($0).joined(separator: "/") }
            let placement = try #require(placements[item.outputPath], "no row links to \(item.outputPath)")
            #expect(placement.section == expectedSection, "\(item.sourcePath)")
            #expect(placement.details.map(\.id) == expectedGroups, "\(item.sourcePath)")
        }
        // Each group's summary shows its title.
        let terriers = try #require(placements["pets/dogs/terriers/small/jack.html"]?.details)
        try #require(terriers.count == 2)
        #expect(terriers[0].summary.contains("Terriers"))
        #expect(terriers[1].summary.contains("Small terriers"))
        #expect(terriers[0].isOpen)  // expanded: true
        #expect(!terriers[1].isOpen)
    }

    struct Placement {
        /// Id of the `<h2>` section header the row follows ("" before any).
        var section: String
        /// The `<details>` elements around the row, outermost first.
        var details: [(id: String, summary: String, isOpen: Bool)]
    }

    /// For each item page linked from `page`, where its row sits in the outline.
    func outlinePlacements(in html: String, page: String) -> [String: Placement] {
        var placements: [String: Placement] = [:]
        var section = ""
        var stack: [(id: String, summary: String, isOpen: Bool)] = []
        var inSummary = false
        for tag in HTMLTags.scan(html) {
            switch (tag.name, tag.isEnd) {
            case ("section", false): section = ""
            case ("h2", false): section = tag.attributes["id"] ?? ""
            case ("details", false): stack.append((tag.attributes["id"] ?? "", "", tag.attributes["open"] != nil))
            case ("details", true): stack.removeLast()
            case ("summary", false): inSummary = true
            case ("summary", true): inSummary = false
            case ("a", false):
                if let href = tag.attributes["href"], href.hasSuffix(".html"), let decoded = href.removingPercentEncoding,
                    let target = LinkChecker.resolve(decoded, from: page)
                {
                    placements[target] = Placement(section: section, details: stack)
                }
            default: break
            }
            if inSummary, !stack.isEmpty { stack[stack.count - 1].summary += tag.followingText }
        }
        return placements
    }

    // MARK: Depth

    @Test func deepPagesLinkBackWithTheRightDepth() throws {
        let folder = try TemporaryFolder()
        try Self.writeSite(in: folder)
        let report = try Fixture.build(content: folder.path + "/Content", output: folder.path + "/Output")
        let item = try #require(report.site.allItems.first { $0.sourcePath.hasSuffix("deep_lesson.md") })
        let folders = item.outputPath.split(separator: "/").count - 1
        #expect(folders >= 5)
        let toRoot = String(repeating: "../", count: folders)
        let toCatalog = String(repeating: "../", count: folders - 1)  // courses/index.html shares `courses/`

        let tags = HTMLTags.scan(try folder.text("Output/" + item.outputPath))
        let hrefs = Set(tags.compactMap { $0.attributes["href"] })
        #expect(hrefs.contains(toRoot + "index.html"))  // home
        #expect(hrefs.contains(toRoot + "assets/style.css"))  // stylesheet
        #expect(hrefs.contains(toRoot + "pets/index.html"))  // the other catalog
        #expect(hrefs.contains(toRoot + "pets/dogs/terriers/diego.html"))  // link in the body
        #expect(hrefs.contains(toCatalog + "index.html"))  // its own catalog
        #expect(hrefs.contains(toCatalog + "index.html#track"))  // folder link in the body
        #expect(hrefs.contains(toCatalog + "index.html#" + item.anchor))  // back to the row
        #expect(tags.contains { $0.attributes["src"] == "diagram.png" })

        let catalogLinks = HTMLTags.scan(try folder.text("Output/courses/index.html")).compactMap { $0.attributes["href"] }
        #expect(catalogLinks.contains(String(item.outputPath.dropFirst("courses/".count))))
        try expectAllLinksResolve(folder.url.appendingPathComponent("Output"), minimumPages: report.pageCount)
    }

    @Test func deepestNestingBuildsAndLinksResolve() throws {
        let folder = try TemporaryFolder()
        let path = (1...20).map { "level-\($0)" }.joined(separator: "/")
        try folder.write([
            "Content/deep/\(path)/leaf.md": "---\ntitle: Leaf\n---\nUp to [the top](" + String(repeating: "../", count: 20) + "_index.md).\n",
            "Content/deep/_index.md": "---\ntitle: Deep\n---\n",
        ])
        let report = try Fixture.build(content: folder.path + "/Content", output: folder.path + "/Output")
        #expect(report.warnings.sureOfTheirPhoto.isEmpty, "\(report.warnings)")
        #expect(folder.exists("Output/deep/\(path)/leaf.html"))
        try expectAllLinksResolve(folder.url.appendingPathComponent("Output"), minimumPages: 3)
    }

    // MARK: Determinism

    @Test func sameInputGivesByteIdenticalOutput() throws {
        let folder = try TemporaryFolder()
        var files = Self.site
        // Equal titles and weights, so only the tie-breaker decides their order.
        for index in 0..<40 { files["pets/twins/twin-\(index).md"] = "---\ntitle: Twin\nweight: 1\n---\nSame.\n" }
        try Self.writeSite(in: folder, files)
        let report = try Fixture.build(content: folder.path + "/Content", output: folder.path + "/First")
        try Fixture.build(content: folder.path + "/Content", output: folder.path + "/Second")

        let first = try Fixture.files(under: folder.url.appendingPathComponent("First"))
        let second = try Fixture.files(under: folder.url.appendingPathComponent("Second"))
        #expect(first == second)
        #expect(first.count > report.pageCount)
        for path in first {
            let a = try Data(contentsOf: folder.url.appendingPathComponent("First/" + path))
            let b = try Data(contentsOf: folder.url.appendingPathComponent("Second/" + path))
            #expect(a == b, "\(path) differs between two builds")
        }
    }

    @Test func rebuildingUnchangedContentRewritesNothing() throws {
        let folder = try TemporaryFolder()
        try Self.writeSite(in: folder)
        let options = BuildOptions(contentPath: folder.path + "/Content", templatesPath: nil, outputPath: folder.path + "/Output")
        let first = try Builder(options: options).build().summary
        let second = try Builder(options: options).build().summary
        #expect(first.written > 0)
        #expect(second.written == 0)
        #expect(second.unchanged == first.written)
    }

    // MARK: Content people actually have

    @Test func folderOfPlainMarkdownFilesBuilds() throws {
        let folder = try TemporaryFolder()
        try folder.write([
            "notes/how_this_course_works.md": "Read the lessons in order.\n",
            "notes/second-note.md": "Another note, linking to [the first](how_this_course_works.md).\n",
            "notes/archive/old_idea.md": "# An old idea\n\nKept for later.\n",
            "notes/archive/older/ancient.md": "Very old.\n",
        ])
        let report = try Fixture.build(content: folder.path + "/notes", output: folder.path + "/Output")
        #expect(report.warnings.sureOfTheirPhoto.isEmpty, "\(report.warnings)")
        // The content folder itself holds the items, so they show on the home page.
        let titles = Set(report.site.allItems.map(\.title))
        #expect(titles == ["How this course works", "Second note", "An old idea", "Ancient"])
        #expect(report.site.catalog("archive")?.title == "Archive")
        try expectAllLinksResolve(folder.url.appendingPathComponent("Output"), minimumPages: 5)
    }

    @Test func catalogOfPlainMarkdownFilesBuilds() throws {
        let folder = try TemporaryFolder()
        try folder.write([
            "Content/notes/how_this_course_works.md": "Read the lessons in order.\n",
            "Content/notes/week-1/first_steps.md": "Hello.\n",
            "Content/notes/week-1/more/details.md": "Deeper.\n",
        ])
        let report = try Fixture.build(content: folder.path + "/Content", output: folder.path + "/Output")
        #expect(report.warnings.sureOfTheirPhoto.isEmpty, "\(report.warnings)")
        let notes = try #require(report.site.catalog("notes"))
        #expect(notes.itemCount == 3)
        #expect(notes.sections.map(\.title) == ["", "Week 1"])
        #expect(folder.exists("Output/notes/index.html"))
        #expect(folder.exists("Output/notes/how-this-course-works.html"))
        try expectAllLinksResolve(folder.url.appendingPathComponent("Output"), minimumPages: 5)
    }

    /// The benchmark's corpus generator: the repository's copy (bench/README.md), so the test
    /// runs on any clone.
    static let corpusGenerator = Fixture.packageRoot().appendingPathComponent("bench/gen_corpus.py").path

    @Test func benchmarkCorpusBuildsAndLinksResolve() throws {
        let folder = try TemporaryFolder()
        let script = Self.corpusGenerator
        try #require(FileManager.default.fileExists(atPath: script), "no corpus generator at \(script)")
        let generator = Process()
        generator.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        generator.arguments = ["python3", script, folder.path + "/Content", "300"]
        try generator.run()
        generator.waitUntilExit()
        try #require(generator.terminationStatus == 0, "\(script) exited with status \(generator.terminationStatus)")

        let report = try Fixture.build(content: folder.path + "/Content", output: folder.path + "/Output")
        #expect(report.warnings.sureOfTheirPhoto.isEmpty, "\(report.warnings.prefix(10))")
        #expect(report.site.allItems.count == 300)
        #expect(report.site.allItems.filter { $0.image != nil }.count > 100)
        #expect(report.pageCount == 300 + report.site.catalogs.count + 1 + Self.tagPageCount(report.site) + 1)
        try expectAllLinksResolve(folder.url.appendingPathComponent("Output"), minimumPages: 303)
    }

    @Test func exampleSiteBuildsWithoutWarningsAndLinksResolve() throws {
        let root = Fixture.packageRoot()
        let folder = try TemporaryFolder()
        let report = try Fixture.build(
            content: root.appendingPathComponent("Content").path, output: folder.path,
            templates: root.appendingPathComponent("Templates").path)
        #expect(report.warnings.sureOfTheirPhoto.isEmpty, "\(report.warnings)")
        #expect(report.site.catalogs.count >= 2)
        #expect(report.site.allItems.count >= 20)
        try expectAllLinksResolve(folder.url, minimumPages: report.pageCount)

        for page in try Fixture.files(under: folder.url) where page.hasSuffix(".html") {
            let html = try String(contentsOf: folder.url.appendingPathComponent(page), encoding: .utf8)
            #expect(html.lowercased().hasPrefix("<!doctype html>"), "\(page)")
            let tags = HTMLTags.scan(html)
            #expect(tags.contains { $0.name == "html" && !($0.attributes["lang"] ?? "").isEmpty }, "\(page) has no lang")
            #expect(tags.contains { $0.name == "meta" && $0.attributes["charset"]?.lowercased() == "utf-8" }, "\(page) has no charset")
            #expect(tags.contains { $0.name == "meta" && $0.attributes["name"] == "viewport" }, "\(page) has no viewport")
        }
    }

    /// The tag index and one page per tag, when any item has tags.
    static func tagPageCount(_ site: Site) -> Int {
        let tags = TagIndex(site: site).tags.count
        return tags == 0 ? 0 : tags + 1
    }
}
