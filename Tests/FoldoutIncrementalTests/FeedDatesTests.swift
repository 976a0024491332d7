import FoldoutServer
import FoldoutTestSupport
import Foundation
import Testing

@testable import FoldoutBase
@testable import FoldoutBuild
@testable import FoldoutIncremental
@testable import FoldoutOutput

/// Feeds across builds: an item without a `date` keeps the date of the build that first saw
/// it (`FeedDatesFile`, beside the output folder), rebuilds with nothing changed write
/// nothing, and quick rebuilds keep the feeds what a clean build makes.
@Suite struct FeedDatesTests {
    /// The incremental tests' shelter, with a `base_url`: its items have no `date`.
    static let site = MemorySite.shelter.merging([
        "_index.md": "---\ntitle: Test Shelter\ndescription: Pets looking for a home.\nbase_url: https://example.org/\n---\nWelcome.\n"
    ]) { $1 }

    static let monday = Timestamp(seconds: 1_780_000_000)
    static let tuesday = Timestamp(seconds: 1_780_086_400)

    /// Each entry's title and `updated`, in feed order.
    func entries(_ site: MemorySite, _ path: String) throws -> [(String, String)] {
        let feed = try site.text(path)
        return feed.components(separatedBy: "<entry>").dropFirst().map { entry in
            func element(_ name: String) -> String {
                entry.components(separatedBy: "<\(name)>").dropFirst().first?.components(separatedBy: "</\(name)>").first ?? ""
            }
            return (element("title"), element("updated"))
        }
    }

    @Test func anUndatedItemKeepsTheDateOfTheFirstBuildThatSawIt() throws {
        let site = MemorySite(Self.site)
        site.clock = { Self.monday }
        try site.build()
        let first = try entries(site, "pets/atom.xml")
        #expect(!first.isEmpty && first.allSatisfy { $0.1 == Self.monday.rfc3339 })
        let recorded = FeedDatesFile.read(FeedDatesFile.defaultPath(forOutput: site.output), fileSystem: site.fileSystem)
        #expect(
            Set(recorded.keys) == [
                "about", "pets/dogs/alba", "pets/dogs/bruno", "pets/dogs/cleo", "pets/cats/dora",
                "courses/swift/intro", "courses/swift/next",
            ])
        #expect(FeedDatesFile.defaultPath(forOutput: site.output) == site.root + "/.foldout-cache/Output.dates")
        #expect(!(try site.state.files.keys.contains { $0.hasSuffix(".dates") }))

        // A day later, a new item comes first, dated by this build; the others keep Monday.
        site.clock = { Self.tuesday }
        try site.write(["pets/cats/emil.md": "---\ntitle: Emil\n---\nEmil is new.\n"])
        try site.build()
        let second = try entries(site, "pets/atom.xml")
        #expect(second.first?.0 == "Emil" && second.first?.1 == Self.tuesday.rfc3339)
        #expect(Array(second.dropFirst()).map(\.0) == first.map(\.0))
        #expect(second.dropFirst().allSatisfy { $0.1 == Self.monday.rfc3339 })
        #expect(try entries(site, "atom.xml").first?.0 == "Emil")

        // A removed item is forgotten: written again later, it counts as new then.
        try site.remove("pets/cats/emil.md")
        try site.build()
        let recordedAfter = FeedDatesFile.read(FeedDatesFile.defaultPath(forOutput: site.output), fileSystem: site.fileSystem)
        #expect(recordedAfter == recorded)
    }

    @Test func aRebuildWithNothingChangedWritesNoFeed() throws {
        let site = MemorySite(Self.site)
        try site.build()
        #expect(site.memory.exists(site.output + "/atom.xml"))
        let before = try site.state
        site.clock = { Self.tuesday }
        #expect(try site.build().wasUpToDate)
        #expect(try site.state == before)
        // A full build of the same content (a comment added to the site's settings) writes no feed either.
        try site.write(["_index.md": Self.site["_index.md"]!.replacingOccurrences(of: "base_url:", with: "# a comment\nbase_url:")])
        let outcome = try site.build()
        #expect(!outcome.wasUpToDate)
        #expect(!(try site.state.changed(since: before).contains { $0.hasSuffix(".xml") }))
    }

    @Test func aQuickRebuildRewritesTheFeedsShowingAnEditedSummary() throws {
        let site = MemorySite(Self.site)
        try site.build()
        let before = try site.state
        try site.write(["pets/dogs/alba.md": Self.site["pets/dogs/alba.md"]!.replacingOccurrences(of: "long walks", with: "long runs")])
        let outcome = try site.build()
        #expect(outcome.rebuiltOnlyEditedItems)
        let changed = try site.state.changed(since: before)
        #expect(changed.isSuperset(of: ["atom.xml", "pets/atom.xml"]))
        #expect(!changed.contains("courses/atom.xml") && !changed.contains("pets/adopted.atom.xml"))
        #expect(try site.text("pets/atom.xml").contains("Alba likes long runs."))
        let (_, clean, _) = try site.cleanBuild()
        for path in ["atom.xml", "pets/atom.xml", "pets/adopted.atom.xml", "courses/atom.xml"] {
            #expect(try site.state.files[path]?.bytes == clean.files[path]?.bytes, "\(path) differs from a clean build's")
        }
    }

    @Test func serveKeepsTheFeedsAsACleanBuildMakesThem() throws {
        let site = MemorySite(Self.site)
        let memory = SessionMemory()
        let cache = MarkdownCacheFile(path: MarkdownCacheFile.defaultPath(forOutput: site.output), fileSystem: site.fileSystem)
        let builder = Builder(options: site.options)
        try builder.update(cache: cache, memory: memory)
        for number in 0..<2 {
            try site.write(["pets/dogs/bruno.md": "---\ntitle: Bruno\nstatus: adopted\n---\nBruno found home \(number).\n"])
            let outcome = try builder.update(cache: cache, memory: memory)
            #expect(outcome.rebuiltOnlyEditedItems)
            #expect(try site.text("pets/adopted.atom.xml").contains("Bruno found home \(number)."))
            let (_, clean, _) = try site.cleanBuild()
            let feeds = clean.files.keys.filter { $0.hasSuffix(".xml") && $0 != "sitemap.xml" }.sorted()
            #expect(feeds == ["atom.xml", "courses/atom.xml", "pets/adopted.atom.xml", "pets/atom.xml"])
            for path in feeds { #expect(try site.state.files[path]?.bytes == clean.files[path]?.bytes, "\(path) after edit \(number)") }
        }
    }

    @Test func withoutTheRecordedDatesAQuickRebuildIsLeftToTheFullBuild() throws {
        let site = MemorySite(Self.site)
        try site.build()
        site.memory.remove(FeedDatesFile.defaultPath(forOutput: site.output))
        site.memory.remove(FeedDatesFile.copyPath(of: FeedDatesFile.defaultPath(forOutput: site.output)))
        site.clock = { Self.tuesday }
        try site.write(["pets/dogs/alba.md": Self.site["pets/dogs/alba.md"]!.replacingOccurrences(of: "long walks", with: "long runs")])
        let outcome = try site.build()
        #expect(!outcome.rebuiltOnlyEditedItems)
        #expect(try entries(site, "pets/atom.xml").allSatisfy { $0.1 == Self.tuesday.rfc3339 })
        #expect(!FeedDatesFile.read(FeedDatesFile.defaultPath(forOutput: site.output), fileSystem: site.fileSystem).isEmpty)
    }

    @Test func theDatesFileReadsBackAndSkipsLinesItCannotRead() throws {
        let dates = ["pets/dogs/alba": Self.monday, "a b/c\u{e9}": Self.tuesday]
        let text = FeedDatesFile.text(dates)
        #expect(text.hasPrefix("# foldout feed dates 2"))
        let memory = MemoryFileSystem()
        memory.write("/x/.foldout-cache/Output.dates", text + "garbage\nnot-a-date\tid\n2026-01-01\t\n")
        #expect(FeedDatesFile.read("/x/.foldout-cache/Output.dates", fileSystem: memory.fileSystem) == dates)
    }

    @Test func timestampsReadWhatPeopleWriteAndWriteRFC3339() {
        #expect(Timestamp("2026-01-12")?.rfc3339 == "2026-01-12T00:00:00Z")
        #expect(Timestamp("2026-01-12T10:30:00+02:00")?.rfc3339 == "2026-01-12T08:30:00Z")
        #expect(Timestamp("2026-01-12 10:30")?.rfc3339 == "2026-01-12T10:30:00Z")
        #expect(Timestamp("2024-02-29T23:59:59.5Z")?.rfc3339 == "2024-02-29T23:59:59Z")
        #expect(Timestamp("2000-01-01T00:30:00-01:00")?.rfc3339 == "2000-01-01T01:30:00Z")
        #expect(Timestamp("1969-12-31T23:00:00Z")?.seconds == -3600)
        #expect(Timestamp("1969-12-31T23:00:00Z")?.rfc3339 == "1969-12-31T23:00:00Z")
        for text in ["2026-02-30", "2025-02-29", "Spring 2026", "2026-1-12", "2026-01-12T25:00", "2026-01-12T10:30:00+0", ""] {
            #expect(Timestamp(text) == nil, "\(text)")
        }
        // Every day of four centuries reads back as written.
        var day = Timestamp("1900-01-01")!
        var misread: [String] = []
        while day < Timestamp("2300-01-01")! {
            if Timestamp(day.rfc3339) != day { misread.append(day.rfc3339) }
            day.seconds += 86_400
        }
        #expect(misread.isEmpty)
    }
}
