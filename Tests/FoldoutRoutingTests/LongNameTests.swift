import FoldoutBase
import FoldoutTestSupport
import Foundation
import Testing

@testable import FoldoutRouting

/// Names a file system cannot hold (longer than `NAME_MAX` bytes) never reach the output
/// writer, where they stopped the whole build naming no source: aliases that are no
/// addresses are left out at their line, and too long page, folder and file names are
/// shortened the same way in every build, with links following.
@Suite struct LongNameTests {
    /// Topic synonyms written where a site's old addresses go, as a public collection does.
    static let synonyms = (0..<60).map { "topic\($0) synonym" }.joined(separator: ", ")

    @Test func aListOfKeywordsInAliasesIsAWarningAtItsLineAndNoRedirect() throws {
        #expect(Self.synonyms.utf8.count > 600)
        let fixture = try MemorySite([
            "puzzles/_index.md": page("title: Puzzles"),
            "puzzles/aoc.md": page("title: Advent of Code\naliases: \"aoc, adventofcode, \(Self.synonyms)\""),
            "puzzles/euler.md": page("title: Euler\naliases: [project euler, /old/euler/]"),
        ]).report()
        let warnings = fixture.warnings.filter { $0.message.contains("spaces or commas") }
        #expect(warnings.map(\.path).sorted() == ["Content/puzzles/aoc.md", "Content/puzzles/euler.md"])
        #expect(warnings.allSatisfy { $0.line == 3 })
        // The message shows the alias's start, not 600 characters of it.
        #expect(warnings.allSatisfy { $0.description.utf8.count < 400 }, "\(warnings)")
        // The page builds; the one real old address still leads to it.
        #expect(fixture.html("puzzles/aoc.html").contains("Advent of Code"))
        #expect(fixture.html("old/euler/index.html").contains("../../puzzles/euler.html"))
        #expect(!fixture.snapshot.paths.contains { $0.contains(",") || $0.contains(" ") })
    }

    @Test func anAliasWithANameLongerThanTheFileSystemHoldsIsAWarning() throws {
        let long = String(repeating: "x", count: 300)
        let fixture = try MemorySite([
            "pets/_index.md": page("title: Pets"),
            "pets/rex.md": page("title: Rex\naliases: [/old/\(long)/, /\(long).html]"),
        ]).report()
        let warnings = fixture.warnings.filter { $0.path == "Content/pets/rex.md" }
        #expect(warnings.count == 2)
        #expect(warnings.allSatisfy { $0.line == 3 && $0.message.contains("longer than a file name may be") }, "\(warnings)")
        #expect(!fixture.snapshot.paths.contains { $0.contains(long) })
    }

    @Test func aTooLongSlugIsShortenedWithADigestAndLinksFollow() throws {
        let long = String(repeating: "très-long-", count: 40)  // 440 bytes
        let other = long + "autre"
        let fixture = try MemorySite([
            "pets/_index.md": page("title: Pets"),
            "pets/a.md": page("title: A\nslug: \(long)"),
            "pets/b.md": page("title: B\nslug: \(other)"),
            "pets/c.md": page("title: C", "See [A](a.md) and [B](b.md)."),
        ]).report()
        let names = fixture.snapshot.paths.filter { $0.hasPrefix("pets/") && $0.contains("tr") }.sorted()
        #expect(names.count == 2)
        for path in names {
            let name = path.split(separator: "/").last!
            #expect(name.utf8.count <= OutputNameLength.limit)
            #expect(name.hasSuffix(".html"))
            // Cut at a character: the name is valid UTF-8 and begins as the slug does.
            #expect(String(validating: Array(name.utf8), as: UTF8.self) != nil)
            #expect(long.hasPrefix(name.prefix(200)))
        }
        let body = fixture.html("pets/c.html")
        for path in names { #expect(body.contains("href=\"\(path.dropFirst("pets/".count).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)!)\"")) }
        let warnings = fixture.warnings.filter { $0.message.contains("longer than a file name may be") }
        #expect(Set(warnings.map(\.path)) == ["Content/pets/a.md", "Content/pets/b.md"])
        #expect(warnings.allSatisfy { $0.line == 3 })
        // The same in every build.
        let again = try MemorySite([
            "pets/_index.md": page("title: Pets"),
            "pets/a.md": page("title: A\nslug: \(long)"),
        ]).report()
        #expect(again.snapshot.paths.contains(names.first { fixture.html($0).contains("<h1>A</h1>") }!))
    }

    @Test func fittingKeepsShortNamesAndTheExtension() {
        #expect(OutputNameLength.fitted("rex", suffix: ".html") == "rex.html")
        let limit = OutputNameLength.limit
        let exact = String(repeating: "a", count: limit - 5)
        #expect(OutputNameLength.fitted(exact, suffix: ".html") == exact + ".html")
        let photo = OutputNameLength.fitted(fileName: String(repeating: "é", count: 200) + ".jpeg")
        #expect(photo.utf8.count <= limit && photo.hasSuffix(".jpeg") && photo.hasPrefix("éé"))
        #expect(OutputNameLength.fitted(fileName: String(repeating: "é", count: 200) + ".jpeg") == photo)
        // A name of four-byte characters is cut between them, never inside one.
        let emoji = OutputNameLength.fitted(String(repeating: "🐕", count: 100))
        #expect(emoji.utf8.count <= limit && emoji.unicodeScalars.first == "🐕")
    }
}

extension LongNameTests {
    @Test func aTagLongerThanAFileNameGetsAShortenedPage() throws {
        let tag = String(repeating: "synonym ", count: 40)
        let fixture = try MemorySite([
            "pets/_index.md": page("title: Pets"),
            "pets/rex.md": page("title: Rex\ntags: [\"\(tag)\"]"),
        ]).report()
        let tagPages = fixture.snapshot.paths.filter { $0.hasPrefix("tags/synonym") }
        #expect(tagPages.count == 1)
        #expect(tagPages.allSatisfy { $0.split(separator: "/").last!.utf8.count <= OutputNameLength.limit })
        #expect(fixture.html("pets/rex.html").contains("href=\"../\(tagPages.first ?? "-")\""))
    }
}
