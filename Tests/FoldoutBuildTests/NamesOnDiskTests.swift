import FoldoutBase
import FoldoutBuild
import FoldoutTestSupport
import Foundation
import Testing

/// Names a real disk refuses, built on a real disk: an alias that is a list of keywords and a
/// file name that grows past `NAME_MAX` on its way to the output stopped the whole build at the
/// write, naming only the output. They are now settled where they are written.
@Suite struct NamesOnDiskTests {
    @Test func keywordAliasesAndLongNamesBuildWithWarningsNamingTheirSource() throws {
        // 251 bytes: `.md` becomes `.html`, 253 bytes, which with the writer's temporary name
        // is more than a disk holds.
        let stem = String(repeating: "day-", count: 62) + "end"
        let synonyms = (0..<60).map { "topic\($0) synonym" }.joined(separator: ", ")
        let site = try DiskSite([
            "_index.md": "---\ntitle: Puzzles\n---\n",
            "aoc/_index.md": "---\ntitle: Advent of Code\n---\n",
            "aoc/2015.md": "---\ntitle: 2015\naliases: \"aoc, adventofcode, \(synonyms)\"\n---\nSee [the long one](\(stem).md).\n",
            "aoc/\(stem).md": "---\ntitle: Long\n---\nA long name.\n",
        ])
        let outcome = try site.build()
        let warnings = outcome.warnings.map(\.description)
        #expect(warnings.contains { $0.hasPrefix("Content/aoc/2015.md:3:1: warning: alias `aoc, adventofcode, topic0 synonym") && $0.contains("spaces or commas") }, "\(warnings)")
        #expect(warnings.contains { $0.hasPrefix("Content/aoc/\(stem).md") && $0.contains("longer than a file name may be") }, "\(warnings)")
        let pages = try FileManager.default.contentsOfDirectory(atPath: site.output + "/aoc")
        let long = try #require(pages.first { $0.hasPrefix("day-day-") })
        #expect(long.hasSuffix(".html") && long.utf8.count < 255)
        #expect(try site.text("aoc/2015.html").contains("href=\"\(long)\""))
        #expect(try site.text("aoc/\(long)").contains("A long name."))
        // The same name in a build from scratch.
        try FileManager.default.removeItem(atPath: site.output)
        _ = try site.build()
        #expect(FileManager.default.fileExists(atPath: site.output + "/aoc/" + long))
    }

    @Test func aNameNotInUTF8FailsEvenTheBuildAfterAGoodOne() throws {
        let site = try DiskSite(["_index.md": "---\ntitle: Archive\n---\n", "recipes/bread.md": "# Bread\n"])
        _ = try site.build()
        // `café.md` as an old archive's Latin-1 writes it.
        let name = Array((site.content + "/recipes/caf").utf8) + [0xE9] + Array(".md".utf8) + [0]
        let descriptor = name.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) } }
        try #require(descriptor >= 0)
        close(descriptor)
        do {
            _ = try site.build()
            Issue.record("the build after a good one must fail")
        } catch {
            #expect(error.diagnostics.contains { $0.path == "Content/recipes/caf\u{FFFD}.md" && $0.message.contains("not valid UTF-8") })
        }
    }
}
