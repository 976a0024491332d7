import FoldoutTestSupport
import Foundation
import Testing

/// A section of many items and no groups is split into A–Z groups (`LetterGroups`).
@Suite struct LetterGroupTests {
    static func names(_ count: Int, seed: UInt64) -> [String] {
        var random = SplitMix64(seed: seed)
        let starts = ["Ada", "Émile", "bruno", "Zed", "Øyvind", "42nd Street", "¡Hola", "Ярослав", "山田", "Chloé"]
        return (0..<count).map { "\(random.pick(starts)) \($0)" }
    }

    static func site(_ titles: [String], setting: String = "") -> [String: String] {
        var files = ["books/_index.md": page("title: Books" + setting), "books/all/_index.md": page("title: All")]
        for (index, title) in titles.enumerated() { files["books/all/b\(index).md"] = page("title: \(title)") }
        return files
    }

    /// The groups' titles and the titles of the rows in each, in page order.
    static func outline(_ html: String) -> [(letter: String, rows: [String])] {
        html.components(separatedBy: #"<summary><span class="group-title">"#).dropFirst().map { chunk in
            let letter = String(chunk.prefix { $0 != "<" })
            let body = chunk.components(separatedBy: "</details>").first ?? ""
            let rows = body.components(separatedBy: #"<span class="row-title">"#).dropFirst().map { String($0.prefix { $0 != "<" }) }
            return (letter, rows)
        }
    }

    @Test func aLongFlatSectionIsSplitByFirstLetter() throws {
        let titles = Self.names(40, seed: 3)
        let html = try MemorySite(Self.site(titles, setting: "\nletter_groups: 30")).report().html("books/index.html")
        let groups = Self.outline(html)
        #expect(groups.flatMap(\.rows).sorted() == titles.sorted(), "every row once")
        for group in groups {
            for row in group.rows {
                // Leading punctuation does not count: "¡Hola" files under H.
                let first = row.trimmingCharacters(in: .punctuationCharacters).folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).uppercased().first!
                switch group.letter {
                case "0–9": #expect(first.isNumber, "\(row) under \(group.letter)")
                case "#": #expect(!first.isNumber && !(first.isLetter && first.isUppercase), "\(row) under #")
                default: #expect(String(first) == group.letter, "\(row) under \(group.letter)")
                }
            }
        }
        // Letters in order (Latin before Cyrillic), then digits, then the rest.
        let letters = groups.map(\.letter)
        #expect(letters.last == "#" && letters.dropLast().last == "0–9")
        #expect(Array(letters.dropLast(2)) == letters.dropLast(2).sorted { $0.localizedStandardCompare($1) == .orderedAscending })
        #expect(html.contains(#"<details id="all/letter-a">"#))
    }

    @Test func aShortSectionOrOneWithGroupsStaysAsItIs() throws {
        let titles = Self.names(20, seed: 4)
        #expect(Self.outline(try MemorySite(Self.site(titles)).report().html("books/index.html")).isEmpty)
        #expect(Self.outline(try MemorySite(Self.site(titles, setting: "\nletter_groups: false")).report().html("books/index.html")).isEmpty)
        var files = Self.site(titles, setting: "\nletter_groups: 5")
        files["books/all/more/_index.md"] = page("title: More")
        files["books/all/more/x.md"] = page("title: X")
        #expect(Self.outline(try MemorySite(files).report().html("books/index.html")).map(\.letter) == ["More"])
    }

    @Test func aWrongSettingNamesItsLine() {
        let diagnostics = MemorySite(Self.site(["A"], setting: "\nletter_groups: many")).failureDiagnostics()
        #expect(diagnostics.contains { $0.path == "Content/books/_index.md" && $0.line == 3 && $0.message.contains("letter_groups") })
    }
}
