import FoldoutServer
import FoldoutTestSupport
import Foundation
import Synchronization
import Testing

@testable import FoldoutBase
@testable import FoldoutBuild
@testable import FoldoutIncremental
@testable import FoldoutMarkdown
@testable import FoldoutModel
@testable import FoldoutOutput

/// Rebuilds that redo only edited items (`QuickRebuild`, from the build record file or the
/// memory of `foldout serve`): after each edit, the output and the warnings are those of a
/// clean build of the same content, and the quick way is taken exactly where it may be.
/// The sites are in memory, but for the tests of file stamps, which the real disk gives.
@Suite struct QuickRebuildTests {
    /// The incremental build tests' site, with headings, an image, links to anchors, a title
    /// taken from a heading, and a section sorted by summary.
    static let site = MemorySite.shelter.merging([
        "about.md": "---\ntitle: About us\n---\nWe are volunteers.\n\nWe meet on Sundays.\n",
        "pets/dogs/alba.md": "---\ntitle: Alba\ntags: [calm, kids]\nimage: photo.svg\n---\nAlba likes long walks.\n\n## Care\n\nShe sleeps a lot.\n\n## Habits\n\nShe snores.\n",
        "pets/dogs/bruno.md": "---\ntitle: Bruno\nstatus: adopted\n---\nBruno found a home.\n\nHe is happy.\n",
        "pets/dogs/photo.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
        "pets/cats/dora.md": "---\ntags: [calm]\n---\n# Dora\n\nDora purrs.\n\n## Toys\n\nBalls of wool.\n",
        "courses/swift/_index.md": "---\ntitle: Swift\nsort: summary\n---\n",
        "courses/swift/intro.md": "---\ntitle: Introduction\n---\nA start.\n",
        "courses/swift/setup.md": "---\ntitle: Setup\naliases: [/setup/, ../install.html]\n---\nInstall it.\n",
        "courses/swift/next.md": "---\ntitle: Next steps\n---\nThen this. Read about [Alba's care](../../pets/dogs/alba.md#care).\n",
    ]) { $1 }

    /// An edit, and whether the rebuild after it may redo only the edited items.
    struct Edit {
        var name: String
        var isQuick: Bool
        var apply: (any BuiltSite) throws -> Void
    }

    static func edit(_ name: String, quick: Bool, _ files: [String: String]) -> Edit {
        Edit(name: name, isQuick: quick) { try $0.write(files) }
    }

    /// Builds `site` after each edit and compares with a clean build of the same content.
    func check(_ edits: [Edit], site: any BuiltSite) throws {
        try site.build()
        for edit in edits {
            try edit.apply(site)
            let outcome = try site.build()
            #expect(outcome.rebuiltOnlyEditedItems == edit.isQuick, "after the edit “\(edit.name)”")
            try expectSameAsCleanBuild(site, outcome: outcome, after: edit.name)
        }
    }

    func expectSameAsCleanBuild(_ site: any BuiltSite, outcome: Builder.Outcome, after name: String) throws {
        let (report, fresh, cleanManifest) = try site.cleanBuild()
        let incremental = try site.state
        #expect(incremental.sitePaths == fresh.sitePaths, "after the edit “\(name)”")
        let differing = incremental.sitePaths.intersection(fresh.sitePaths).filter { incremental.files[$0]?.bytes != fresh.files[$0]?.bytes }
        #expect(differing.isEmpty, "after the edit “\(name)” these differ from a clean build: \(differing.sorted())")
        #expect(outcome.warnings == report.warnings, "after the edit “\(name)”")
        #expect(outcome.pageCount == report.pageCount, "after the edit “\(name)”")
        // The manifest records what a clean build would, so a later full build keeps the same pages.
        let manifest = OutputManifest.read(root: site.output, fileSystem: site.fileSystem)
        #expect(manifest.fingerprint == cleanManifest.fingerprint, "after the edit “\(name)”")
        let keys = manifest.files.filter { cleanManifest.files[$0.key]?.renderKey != $0.value.renderKey }.map(\.key)
        #expect(keys.isEmpty, "after the edit “\(name)” these render keys differ from a clean build's: \(keys.sorted())")
    }

    // MARK: Edits done quickly

    @Test func bodyEditsRedoOnlyTheEditedItems() throws {
        let site = MemorySite(Self.site)
        try check(
            [
                Self.edit(
                    "a paragraph further down", quick: true,
                    ["pets/dogs/alba.md": Self.site["pets/dogs/alba.md"]!.replacingOccurrences(of: "She snores.", with: "She snores loudly.")]),
                Self.edit(
                    "the first paragraph, which is the row's summary", quick: true,
                    ["pets/dogs/alba.md": Self.site["pets/dogs/alba.md"]!.replacingOccurrences(of: "long walks", with: "long walks and naps")]),
                Self.edit(
                    "a heading no link leads to", quick: true,
                    ["pets/cats/dora.md": "---\ntags: [calm]\n---\n# Dora\n\nDora purrs.\n\n## Favourite toys\n\nBalls of wool.\n"]),
                Self.edit(
                    "a link to nothing", quick: true,
                    ["pets/dogs/cleo.md": "---\ntitle: Cleo\n---\nCleo is shy. See [Alba](alba.md) and [Max](max.md).\n"]),
                Self.edit(
                    "links to anchors there and not there", quick: true,
                    ["pets/dogs/cleo.md": "---\ntitle: Cleo\n---\nCleo is shy. See [Alba](alba.md#habits), [her care](alba.md#feeding) and [Max](max.md).\n"]),
                Self.edit(
                    "an anchor on its own page", quick: true,
                    ["pets/dogs/cleo.md": "---\ntitle: Cleo\n---\nCleo is shy. [Below](#more) and [missing](#nothing).\n\n## More\n\nShe hides.\n"]),
                Self.edit(
                    "links written for a site with lowercased URLs, as Hugo makes", quick: true,
                    ["pets/dogs/cleo.md": "---\ntitle: Cleo\n---\nCleo is shy. See [Alba](/PETS/DOGS/ALBA/#care) and [the cats](/Pets/Cats/).\n"]),
                Self.edit("the links fixed", quick: true, ["pets/dogs/cleo.md": Self.site["pets/dogs/cleo.md"]!]),
                Self.edit(
                    "a loose item's summary, shown on the home page", quick: true,
                    ["about.md": "---\ntitle: About us\n---\nWe are friendly volunteers.\n\nWe meet on Sundays.\n"]),
                Self.edit(
                    "an adopted pet's summary, shown in a query section", quick: true,
                    ["pets/dogs/bruno.md": "---\ntitle: Bruno\nstatus: adopted\n---\nBruno found a loving home.\n\nHe is happy.\n"]),
                Edit(name: "two items at once", isQuick: true) { site in
                    try site.write([
                        "pets/dogs/bruno.md": "---\ntitle: Bruno\nstatus: adopted\n---\nBruno found a home.\n\nHe is very happy.\n",
                        "courses/swift/next.md": "---\ntitle: Next steps\n---\nThen this. Read about [Alba's care](../../pets/dogs/alba.md#care).\n\nTwice.\n",
                    ])
                },
                Edit(name: "a new heading, and another file's new link to it", isQuick: true) { site in
                    try site.write([
                        "pets/cats/dora.md": "---\ntags: [calm]\n---\n# Dora\n\nDora purrs.\n\n## Games\n\nBalls of wool.\n",
                        "pets/dogs/cleo.md": "---\ntitle: Cleo\n---\nCleo is shy. See [Dora](../cats/dora.md#games).\n",
                    ])
                },
                Self.edit(
                    "the body of a page with aliases", quick: true,
                    ["courses/swift/setup.md": "---\ntitle: Setup\naliases: [/setup/, ../install.html]\n---\nInstall it.\n\nThen run it.\n"]),
                Self.edit(
                    "a later paragraph in a section sorted by summary", quick: true,
                    ["courses/swift/intro.md": "---\ntitle: Introduction\n---\nA start.\n\nAnd more.\n"]),
            ], site: site)
    }

    /// The search shards follow edits: a new title (a full rebuild) and a new summary (a quick one).
    @Test func theSearchShardFollowsAnEditedTitleAndSummary() throws {
        let site = MemorySite(Self.site)
        try site.build()
        let before = try site.text("search/pets.js")
        #expect(before.contains("\"Alba\t"))
        try site.write(["pets/dogs/alba.md": Self.site["pets/dogs/alba.md"]!.replacingOccurrences(of: "title: Alba", with: "title: Albatross")])
        var outcome = try site.build()
        #expect(!outcome.rebuiltOnlyEditedItems)
        let retitled = try site.text("search/pets.js")
        #expect(retitled != before)
        #expect(retitled.contains("\"Albatross\t") && !retitled.contains("\"Alba\t"))
        try expectSameAsCleanBuild(site, outcome: outcome, after: "a new title")

        try site.write([
            "pets/dogs/alba.md": Self.site["pets/dogs/alba.md"]!.replacingOccurrences(of: "title: Alba", with: "title: Albatross")
                .replacingOccurrences(of: "long walks", with: "long zigzags")
        ])
        outcome = try site.build()
        #expect(outcome.rebuiltOnlyEditedItems)
        let resummarized = try site.text("search/pets.js")
        #expect(resummarized.contains("zigzags") && !retitled.contains("zigzags"))
        try expectSameAsCleanBuild(site, outcome: outcome, after: "a new summary")
    }

    @Test func aSiteSearchingBodiesRebuildsInFull() throws {
        var files = Self.site
        files["_index.md"] = "---\ntitle: Shelter\nsearch_body: true\n---\n"
        let site = MemorySite(files)
        try site.build()
        try site.write(["pets/dogs/alba.md": files["pets/dogs/alba.md"]!.replacingOccurrences(of: "She snores.", with: "She snores quixotically.")])
        let outcome = try site.build()
        #expect(!outcome.rebuiltOnlyEditedItems)
        #expect(try site.text("search/pets.js").contains("quixotically"))
        try expectSameAsCleanBuild(site, outcome: outcome, after: "a body edit")
    }

    @Test func onlyTheEditedItemsPageAndThePagesShowingItsRowAreRewritten() throws {
        let site = MemorySite(Self.site)
        try site.build()
        var before = try site.state
        try site.write(["pets/dogs/alba.md": Self.site["pets/dogs/alba.md"]!.replacingOccurrences(of: "She snores.", with: "She snores loudly.")])
        var outcome = try site.build()
        #expect(outcome.rebuiltOnlyEditedItems)
        #expect(try site.state.changed(since: before) == ["pets/dogs/alba.html", OutputManifest.fileName])
        #expect(outcome.summary.written == 1 && outcome.summary.unchanged == before.sitePaths.count - 1)

        before = try site.state
        try site.write(["pets/dogs/alba.md": Self.site["pets/dogs/alba.md"]!.replacingOccurrences(of: "long walks", with: "long runs")])
        outcome = try site.build()
        #expect(outcome.rebuiltOnlyEditedItems)
        #expect(
            try site.state.changed(since: before)
                == ["pets/dogs/alba.html", "pets/index.html", "search/pets.js", "tags/calm.html", "tags/kids.html", OutputManifest.fileName])
        #expect(try site.text("pets/index.html").contains("Alba likes long runs."))
        #expect(try site.text("search/pets.js").contains("runs"))

        // The next rebuild with nothing changed finds the output up to date.
        before = try site.state
        #expect(try site.build().wasUpToDate)
        #expect(try site.state == before)
    }

    /// A catalog declaring defaults and choices: its items' values are the declaration's
    /// before anything reads them, in a quick rebuild as in a full one.
    @Test func catalogsWithDeclaredDefaultsRebuildQuickly() throws {
        let site = MemorySite(
            Self.site.merging([
                "pets/_index.md": """
                ---
                title: Pets
                weight: 1
                row: {badges: [status]}
                sections:
                  - title: Adopted
                    where: {status: adopted}
                fields:
                  status: {type: choice, values: [Available, Adopted], default: Available, show: [page, facet]}
                  size: {type: choice, values: [Small, Large], default: Small, show: [row, page]}
                ---
                All our animals.
                """,
                // A page of a folder an item owns takes no declared values, in the model or here.
                "pets/dogs/alba/vet.md": "---\ntitle: Vet visits\n---\nShots in May.\n",
            ]) { $1 })
        try check(
            [
                Self.edit(
                    "a page of a folder an item owns", quick: true,
                    ["pets/dogs/alba/vet.md": "---\ntitle: Vet visits\n---\nShots in May and June.\n"]),
                Self.edit(
                    "an item taking every default", quick: true,
                    ["pets/dogs/alba.md": Self.site["pets/dogs/alba.md"]!.replacingOccurrences(of: "She snores.", with: "She snores loudly.")]),
                Self.edit(
                    "an item whose choice is spelt in other capitals", quick: true,
                    ["pets/dogs/bruno.md": "---\ntitle: Bruno\nstatus: adopted\n---\nBruno found a home.\n\nHe naps.\n"]),
            ], site: site)
        let bruno = try site.text("pets/dogs/bruno.html")
        #expect(bruno.contains("Adopted") && !bruno.contains(">adopted<"), "the declared spelling is shown")
    }

    /// A site that turns smart punctuation off: an edited item keeps its quotes as written in
    /// a quick rebuild too, as the build record remembers the site's setting.
    @Test func theSitesSmartPunctuationHoldsInAQuickRebuild() throws {
        let site = MemorySite(
            Self.site.merging([
                "_index.md": "---\ntitle: Test Shelter\nsmart_punctuation: false\n---\nWelcome.\n"
            ]) { $1 })
        try check(
            [
                Self.edit(
                    "quotes and dashes in a later paragraph", quick: true,
                    ["pets/dogs/alba.md": Self.site["pets/dogs/alba.md"]!.replacingOccurrences(of: "She snores.", with: "She \"snores\" -- a lot...")])
            ], site: site)
        let alba = try site.text("pets/dogs/alba.html")
        #expect(alba.contains("She &quot;snores&quot; -- a lot..."))
    }

    // MARK: Edits left to the full build

    @Test func editsThatChangeMoreThanTheBodyRebuildInFull() throws {
        let site = MemorySite(Self.site)
        try check(
            [
                Self.edit(
                    "a title taken from the first heading", quick: false,
                    ["pets/cats/dora.md": "---\ntags: [calm]\n---\n# Dora the cat\n\nDora purrs.\n\n## Toys\n\nBalls of wool.\n"]),
                Self.edit(
                    "a heading another page links to", quick: false,
                    ["pets/dogs/alba.md": Self.site["pets/dogs/alba.md"]!.replacingOccurrences(of: "## Care", with: "## Daily care")]),
                Self.edit("front matter", quick: false, ["pets/dogs/bruno.md": "---\ntitle: Bruno\n---\nBruno found a home.\n\nHe is happy.\n"]),
                Self.edit(
                    "an alias moved", quick: false,
                    ["courses/swift/setup.md": "---\ntitle: Setup\naliases: [/setup/, /old/setup.html]\n---\nInstall it.\n"]),
                Self.edit(
                    "a summary in a section sorted by summary", quick: false,
                    ["courses/swift/intro.md": "---\ntitle: Introduction\n---\nZero to one.\n"]),
                Self.edit("a catalog's intro", quick: false, ["pets/_index.md": Self.site["pets/_index.md"]! + " Come and see.\n"]),
                Self.edit("a new item", quick: false, ["pets/cats/emil.md": "---\ntitle: Emil\n---\nA new cat.\n"]),
                Edit(name: "a removed item", isQuick: false) { try $0.remove("pets/cats/emil.md") },
                Edit(name: "an asset", isQuick: false) { try $0.writeContent("pets/dogs/photo.svg", bytes: [1, 2, 3]) },
            ], site: site)
    }

    @Test func templateEditsRebuildInFull() throws {
        let site = MemorySite(Self.site, templates: Fixture.defaultTemplates)
        try check(
            [
                Self.edit("a body", quick: true, ["pets/dogs/bruno.md": "---\ntitle: Bruno\nstatus: adopted\n---\nBruno found a home.\n\nHe naps.\n"]),
                Edit(name: "a template and a body", isQuick: false) { site in
                    try site.writeTemplate("partials/row.html", Fixture.defaultTemplates["partials/row.html"]! + "\n")
                    try site.write(["pets/dogs/bruno.md": "---\ntitle: Bruno\nstatus: adopted\n---\nBruno found a home.\n\nHe runs.\n"])
                },
            ], site: site)
    }

    @Test func strictBuildsFailOnANewWarningAsAFullBuildWould() throws {
        let site = MemorySite(Self.site)
        site.strict = true
        try site.build()
        try site.write(["pets/dogs/bruno.md": "---\ntitle: Bruno\nstatus: adopted\n---\nBruno found a home.\n\nHe is happy.\n\nSee [nothing](nothing.md).\n"])
        let before = try site.state
        #expect(throws: BuildFailure.self) { try site.build() }
        #expect(try site.state == before)
        try site.write(["pets/dogs/bruno.md": "---\ntitle: Bruno\nstatus: adopted\n---\nBruno found a home.\n\nHe is happier.\n"])
        let outcome = try site.build()
        try expectSameAsCleanBuild(site, outcome: outcome, after: "the link removed")
    }

    // MARK: The state file

    @Test func stateIsKeptBesideTheOutputFolderNotInIt() throws {
        let site = MemorySite(Self.site)
        try site.build()
        let path = BuildRecordFile.defaultPath(forOutput: site.output)
        #expect(path == site.folder.path + "/.foldout-cache/Output.state")
        #expect(
            BuildRecordFile.read(path, fileSystem: site.fileSystem)?.fingerprint
                == OutputManifest.read(root: site.output, fileSystem: site.fileSystem).fingerprint)
        #expect(!(try site.state).files.keys.contains { $0.contains("state") })
    }

    /// The model as the state file stores it, read back: written again, it gives the same
    /// bytes, with items in several runs (read side by side) and in query sections.
    @Test func theModelReadsBackWhole() throws {
        var content: [String: String] = [
            "_index.md": "---\ntitle: Shelter\n---\nWelcome.\n",
            "pets/_index.md": "---\ntitle: Pets\nsort: age\nsections:\n  - title: Old\n    where: {age: \"9\"}\n---\nAll.\n",
            "about.md": "---\ntitle: About\n---\nUs.\n",
        ]
        for number in 0..<1_100 {
            let folder = ["pets/dogs", "pets/dogs/terriers", "pets/cats", "courses/swift"][number % 4]
            content["\(folder)/item-\(number).md"] = "---\ntitle: Item \(number)\nage: \(number % 10)\ntags: [t\(number % 3)]\n---\nText \(number).\n\n## Part\n"
        }
        let site = try MemorySite(content).report().site
        var writer = BinaryWriter()
        writer.write(site, withBodies: true)
        var reader = BinaryReader(writer.bytes)
        let (read, runs) = try reader.readSite()
        #expect(reader.isAtEnd)
        #expect(runs.count == 3 && runs.flatMap { $0 }.map(\.id) == site.allItems.map(\.id))
        func querySection(_ site: Site) -> Group? { site.catalogs.flatMap { $0.sections.filter { $0.query != nil } }.first }
        #expect((querySection(read)?.itemCount ?? 0) > 0 && querySection(read)?.itemCount == querySection(site)?.itemCount)
        var again = BinaryWriter()
        again.write(read, withBodies: true)
        #expect(again.bytes == writer.bytes)
    }

    @Test func manyQuickRebuildsInARowAppendToTheStateFile() throws {
        let site = MemorySite(Self.site)
        try site.build()
        let path = BuildRecordFile.defaultPath(forOutput: site.output)
        for number in 0..<(BuildRecordFile.deltaLimit + 3) {
            let paragraph = number % 3 == 0 ? "Bruno found a home, number \(number).\n\nHe is happy.\n" : "Bruno found a home.\n\nEdit \(number).\n"
            try site.write(["pets/dogs/bruno.md": "---\ntitle: Bruno\nstatus: adopted\n---\n" + paragraph])
            let outcome = try site.build()
            #expect(outcome.rebuiltOnlyEditedItems, "edit \(number)")
            #expect(try #require(BuildRecordFile.read(path, fileSystem: site.fileSystem)).deltas == (number + 1) % (BuildRecordFile.deltaLimit + 1), "edit \(number)")
            if number % 16 == 0 || number > BuildRecordFile.deltaLimit {
                try expectSameAsCleanBuild(site, outcome: outcome, after: "edit \(number)")
            }
        }
    }

    @Test func damagedOrForeignStateFilesMeanAFullBuild() throws {
        let site = MemorySite(Self.site)
        try site.build()
        let path = BuildRecordFile.defaultPath(forOutput: site.output)
        try site.damage(path, from: 3, every: 11)
        try site.write(["pets/dogs/bruno.md": "---\ntitle: Bruno\nstatus: adopted\n---\nBruno found a home.\n\nDamaged state.\n"])
        var outcome = try site.build()
        #expect(!outcome.rebuiltOnlyEditedItems)
        try expectSameAsCleanBuild(site, outcome: outcome, after: "damage")

        // A quick rebuild's change torn off at the end of the file: the state is an older one.
        try site.write(["pets/dogs/bruno.md": "---\ntitle: Bruno\nstatus: adopted\n---\nBruno found a home.\n\nFirst.\n"])
        #expect(try site.build().rebuiltOnlyEditedItems)
        try site.truncate(path, by: 3)
        try site.write(["pets/dogs/bruno.md": "---\ntitle: Bruno\nstatus: adopted\n---\nBruno found a home.\n\nSecond.\n"])
        outcome = try site.build()
        #expect(!outcome.rebuiltOnlyEditedItems)
        try expectSameAsCleanBuild(site, outcome: outcome, after: "a torn change")

        // Another program's state is not trusted.
        let state = try #require(BuildRecordFile.read(path, fileSystem: site.fileSystem)?.state())
        try BuildRecordFile.write(state, to: path, tool: ToolIdentity.digest &+ 1, fileSystem: site.fileSystem)
        try site.write(["pets/dogs/bruno.md": "---\ntitle: Bruno\nstatus: adopted\n---\nBruno found a home.\n\nThird.\n"])
        outcome = try site.build()
        #expect(!outcome.rebuiltOnlyEditedItems)
        try expectSameAsCleanBuild(site, outcome: outcome, after: "another program's state")
    }

    @Test func outputEditedByHandMeansAFullBuild() throws {
        let site = MemorySite(Self.site)
        try site.build()
        site.memory.write(site.output + "/pets/dogs/cleo.html", "edited by hand")
        try site.write(["pets/dogs/bruno.md": "---\ntitle: Bruno\nstatus: adopted\n---\nBruno found a home.\n\nHe naps.\n"])
        let outcome = try site.build()
        #expect(!outcome.rebuiltOnlyEditedItems)
        try expectSameAsCleanBuild(site, outcome: outcome, after: "a page edited by hand")
    }

    // MARK: Telling changed files by their stamps

    /// The disk, but with every file's times an hour earlier, as if it had been written long
    /// before the build (unless `stamps` says otherwise), and counting the content files read.
    final class ObservedDisk: @unchecked Sendable {
        let content: String
        private let lock = NSLock()
        private var reads: [String] = []
        /// Stamps to report instead, by path relative to the content folder.
        var stamps: [String: FileStamp] = [:]

        init(content: String) { self.content = content }

        /// The Markdown files read since the last call.
        func takeReads() -> [String] {
            lock.withLock {
                defer { reads = [] }; return reads.filter { $0.hasSuffix(".md") }.sorted()
            }
        }

        var fileSystem: FileSystem {
            var fileSystem = FileSystem.local
            let prefix = content + "/"
            fileSystem.readFile = { [self] path in
                if path.hasPrefix(prefix) { lock.withLock { reads.append(String(path.dropFirst(prefix.count))) } }
                return try FileSystem.local.readFile(path)
            }
            fileSystem.stamps = { [self] folder, names in
                zip(names, FileSystem.local.stamps(folder, names)).map { name, stamp in
                    let path = String((folder + "/" + name).dropFirst(prefix.count))
                    if let fixed = lock.withLock({ stamps[path] }) { return fixed }
                    guard var stamp else { return nil }
                    stamp.modified -= 3_600_000_000_000
                    stamp.changed -= 3_600_000_000_000
                    return stamp
                }
            }
            return fileSystem
        }
    }

    /// The stamp of the content file `path` as if it had been changed just now.
    static func stampChangedNow(_ site: DiskSite, _ path: String) throws -> FileStamp {
        let slash = try #require(path.lastIndex(of: "/"))
        var stamp = try #require(FileSystem.local.stamps(site.content + "/" + path[..<slash], [String(path[path.index(after: slash)...])]).first ?? nil)
        stamp.modified = FileStamp.now
        stamp.changed = stamp.modified
        return stamp
    }

    @Test func filesWhoseStampsAreUnchangedAreNotRead() throws {
        let site = try DiskSite(Self.site)
        let disk = ObservedDisk(content: site.content)
        site.fileSystem = disk.fileSystem
        try site.build()
        let markdownCount = Self.site.keys.filter { $0.hasSuffix(".md") }.count
        #expect(disk.takeReads().count == markdownCount)
        #expect(try site.build().wasUpToDate)
        #expect(disk.takeReads().isEmpty)
        try site.write(["pets/dogs/bruno.md": "---\ntitle: Bruno\nstatus: adopted\n---\nBruno found a home.\n\nHe naps.\n"])
        let outcome = try site.build()
        #expect(outcome.rebuiltOnlyEditedItems)
        #expect(disk.takeReads() == ["pets/dogs/bruno.md"])
        try expectSameAsCleanBuild(site, outcome: outcome, after: "a body edit")
        // A full build reads the files it did not read to find out what changed, each once.
        try site.write(["pets/dogs/bruno.md": "---\ntitle: Bruno\n---\nBruno found a home.\n\nHe naps.\n"])
        try expectSameAsCleanBuild(site, outcome: try site.build(), after: "a front matter edit")
        let reads = disk.takeReads()
        #expect(reads.count == markdownCount && Set(reads).count == reads.count)
    }

    /// A first build records the stamp the disk gives as it reads each file (one look-up of
    /// the path); the next build compares it with what `stamps` says, through links too. Were
    /// they to differ, a build with nothing changed would read every file again.
    @Test func aStampTakenAsTheDiskReadsAFileIsTheOneItsStampsGive() throws {
        let site = try DiskSite(Self.site)
        let folder = site.content + "/pets/dogs"
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.md", withDestinationPath: folder + "/bruno.md")
        for name in ["bruno.md", "link.md"] {
            let read = try FileSystem.local.readStampedFile(folder + "/" + name)
            #expect(read.bytes == (try FileSystem.local.readFile(folder + "/" + name)))
            let stamp = try #require(read.stamp)
            #expect(stamp == FileSystem.local.stamps(folder, [name]).first ?? nil, "\(name)")
            #expect(stamp.size == read.bytes.count)
        }
    }

    @Test func aFileChangedAroundTheTimeItWasReadIsReadAgainWhateverItsStamp() throws {
        let site = try DiskSite(Self.site)
        let disk = ObservedDisk(content: site.content)
        site.fileSystem = disk.fileSystem
        // Bruno's file says it was changed just now, and goes on saying so after it is changed
        // again within the same tick of the clock, at the same size.
        let path = "pets/dogs/bruno.md"
        disk.stamps[path] = try Self.stampChangedNow(site, path)
        try site.build()
        let edited = Self.site[path]!.replacingOccurrences(of: "happy", with: "merry")
        #expect(edited.utf8.count == Self.site[path]!.utf8.count)
        try site.write([path: edited])
        let outcome = try site.build()
        #expect(disk.takeReads().contains(path))
        #expect(try site.text("pets/dogs/bruno.html").contains("He is merry."))
        try expectSameAsCleanBuild(site, outcome: outcome, after: "an edit in the same tick")
    }

    @Test func filesReadAgainBecauseTheyWereRecentAreRecordedOnceTheyAreNot() throws {
        let site = try DiskSite(Self.site)
        let disk = ObservedDisk(content: site.content)
        site.fileSystem = disk.fileSystem
        let path = "pets/dogs/bruno.md"
        var stamp = try Self.stampChangedNow(site, path)
        disk.stamps[path] = stamp
        try site.build()
        _ = disk.takeReads()
        #expect(try site.build().wasUpToDate)
        #expect(disk.takeReads() == [path])
        // Time passes: the same stamp is no longer recent, and is recorded.
        stamp.modified -= 3_600_000_000_000
        stamp.changed -= 3_600_000_000_000
        disk.stamps[path] = stamp
        #expect(try site.build().wasUpToDate)
        #expect(disk.takeReads() == [path])
        #expect(try site.build().wasUpToDate)
        #expect(disk.takeReads().isEmpty)
    }

    // MARK: foldout serve

    /// The page `serve` writes ahead of the rebuild is written outside the output folder and
    /// renamed into place: a server publishing the folder never shows a temporary file.
    @Test func servePreviewWritesNoTemporaryWhereTheSiteIsPublished() throws {
        let site = MemorySite(Self.site)
        let memory = SessionMemory()
        let cache = MarkdownCacheFile(path: MarkdownCacheFile.defaultPath(forOutput: site.output), fileSystem: site.fileSystem)
        _ = try Builder(options: site.options).update(cache: cache, memory: memory)
        let created = Mutex<[String]>([])
        var options = site.options
        let write = options.fileSystem.writeFile
        options.fileSystem.writeFile = { path, fill in
            created.withLock { $0.append(path) }
            return try write(path, fill)
        }
        let path = "pets/dogs/alba.md"
        try site.write([path: Self.site[path]!.replacingOccurrences(of: "long walks", with: "long walks, again")])
        let written = ItemPreview(options: options).write([path], memory: memory, cache: cache)
        #expect(written.keys.sorted() == ["pets/dogs/alba.html"])
        let files = created.withLock { $0 }
        #expect(!files.isEmpty)
        #expect(files.allSatisfy { !$0.hasPrefix(site.output + "/") }, "created in the output folder: \(files)")
        #expect(try site.text("pets/dogs/alba.html").contains("long walks, again"))
        #expect(!site.memory.files(under: site.output).keys.contains { $0.hasSuffix(".foldout-tmp") })
    }

    /// A link to a draft says so in a quick rebuild as in a clean build: the drafts are in
    /// the build record.
    @Test func linksToADraftWarnAlikeInAQuickRebuild() throws {
        try check(
            [
                Self.edit("a draft added", quick: false, ["pets/dogs/secret.md": "---\ntitle: Secret\ndraft: true\n---\nNot yet.\n"]),
                Self.edit(
                    "a link to the draft", quick: true,
                    ["pets/dogs/bruno.md": "---\ntitle: Bruno\nstatus: adopted\n---\nBruno found a home.\n\nSee [the secret](secret.md).\n"]),
            ], site: MemorySite(Self.site))
    }

    /// Intros shown on one catalog page have their ids kept apart (the cats' `## Care` is
    /// `#care-1` there): an edited item's link to one leads where a clean build's does, in
    /// `serve`'s preview and in the rebuild after it.
    @Test func linksToAnIntrosRenumberedHeadingAreAsInACleanBuild() throws {
        let files = [
            "pets/_index.md": "---\ntitle: Pets\n---\nAll pets.\n\n## Care\n\nFeed them.\n\n## Feeding\n\nTwice.\n",
            "pets/cats/_index.md": "---\ntitle: Cats\n---\nCats.\n\n## Care\n\nBrush them.\n",
            "pets/cats/tom.md": "---\ntitle: Tom\n---\nTom.\n",
            "pets/dogs/rex.md": "---\ntitle: Rex\n---\nRex.\n",
        ]
        let tom = "---\ntitle: Tom\n---\nTom. See [cat care](_index.md#care).\n"
        try check(
            [
                Self.edit("a link to an intro's renumbered heading", quick: false, ["pets/cats/tom.md": tom]),
                Self.edit(
                    "a link to a heading only another intro on the page has", quick: false,
                    ["pets/cats/tom.md": "---\ntitle: Tom\n---\nTom. See [feeding](_index.md#feeding).\n"]),
                Self.edit("a body without such links", quick: true, ["pets/dogs/rex.md": "---\ntitle: Rex\n---\nRex walks.\n"]),
            ], site: MemorySite(files))

        let site = MemorySite(files)
        let memory = SessionMemory()
        let cache = MarkdownCacheFile(path: MarkdownCacheFile.defaultPath(forOutput: site.output), fileSystem: site.fileSystem)
        let builder = Builder(options: site.options)
        _ = try builder.update(cache: cache, memory: memory)
        try site.write(["pets/cats/tom.md": tom])
        let written = ItemPreview(options: site.options).write(["pets/cats/tom.md"], memory: memory, cache: cache)
        #expect(written.keys.sorted() == ["pets/cats/tom.html"])
        let preview = try site.text("pets/cats/tom.html")
        let outcome = try builder.update(cache: cache, memory: memory, preWritten: written)
        try expectSameAsCleanBuild(site, outcome: outcome, after: "a link to an intro's renumbered heading, under serve")
        // The preview's link is the clean build's (the rest of the preview may differ until the rebuild).
        func link(_ html: String?) -> String? { html?.components(separatedBy: "\">cat care</a>").first?.components(separatedBy: "href=\"").last }
        #expect(link(preview) == "../index.html#care-1", "\(preview)")
        // The rebuild's page, the clean build's (checked above), has the same link.
        #expect(link(preview) == link(try site.text("pets/cats/tom.html")))
    }

    @Test func serveRebuildsFromWhatItRemembers() throws {
        let site = MemorySite(Self.site)
        let memory = SessionMemory()
        let cache = MarkdownCacheFile(path: MarkdownCacheFile.defaultPath(forOutput: site.output), fileSystem: site.fileSystem)
        let builder = Builder(options: site.options)
        #expect(!(try builder.update(cache: cache, memory: memory)).rebuiltOnlyEditedItems)
        // The state file is taken away: what follows comes from memory alone.
        site.memory.remove(BuildRecordFile.defaultPath(forOutput: site.output))
        for number in 0..<3 {
            let path = "pets/dogs/alba.md"
            try site.write([path: Self.site[path]!.replacingOccurrences(of: "long walks", with: "long walks \(number)")])
            let written = ItemPreview(options: site.options).write([path], memory: memory, cache: cache)
            #expect(written.keys.sorted() == ["pets/dogs/alba.html"])
            let outcome = try builder.update(cache: cache, memory: memory, preWritten: written)
            #expect(outcome.rebuiltOnlyEditedItems, "edit \(number)")
            #expect(memory.current?.build.fingerprint == OutputManifest.read(root: site.output, fileSystem: site.fileSystem).fingerprint)
            try expectSameAsCleanBuild(site, outcome: outcome, after: "edit \(number) under serve")
        }
    }
}
