import FoldoutTestSupport
import Foundation
import Testing

@testable import FoldoutBuild
@testable import FoldoutRendering

/// Every source file gets a page of its own, under a name people can read: names found in
/// real collections (command references, course lists) differ only in symbols or in case.
@Suite struct OutputNamesTests {
    static let catalog = "---\ntitle: Commands\n---\n"

    /// The item pages a build makes in `folder/`, by the title on each.
    static func pagesByTitle(_ snapshot: OutputSnapshot, in folder: String) -> [String: String] {
        var pages: [String: String] = [:]
        for path in snapshot.paths where path.hasPrefix(folder + "/") && path.hasSuffix(".html") && !path.hasSuffix("/index.html") {
            let html = snapshot.text(at: path) ?? ""
            guard let start = html.range(of: "<h1>"), let end = html.range(of: "</h1>", range: start.upperBound..<html.endIndex) else { continue }
            pages[String(html[start.upperBound..<end.lowerBound])] = path
        }
        return pages
    }

    @Test func namesThatDifferOnlyInSymbolsKeepDistinctPages() throws {
        let names = ["clang++", "clang", "c#", "f#", "c", "f", "!", "$", "%", "[", "[[", "]]", "q&a", "qa", "★"]
        var content = ["cmds/_index.md": Self.catalog]
        for (number, name) in names.enumerated() { content["cmds/\(name).md"] = "# Page \(number)\n" }
        let site = MemorySite(content)
        let snapshot = try site.snapshot()
        let pages = Self.pagesByTitle(snapshot, in: "cmds")
        #expect(pages.count == names.count)
        #expect(Set(pages.values).count == names.count)
        // Nothing merged, so nothing was renamed either.
        #expect(site.diagnostics().isEmpty)
        #expect(!pages.values.contains { $0.contains("untitled") })
        // Symbols that carry meaning are spelled out, readable in the name.
        #expect(pages["Page 0"] == "cmds/clang-plus-plus.html")
        #expect(pages["Page 2"] == "cmds/c-sharp.html")
        #expect(pages["Page 6"] == "cmds/bang.html")
        #expect(pages["Page 9"] == "cmds/open-bracket.html")
        #expect(pages["Page 14"] == "cmds/black-star.html")
        #expect(OutputLinks.broken(in: snapshot).isEmpty)
    }

    @Test func dotNetIsACourseWhileToolsHiddenFilesStayHidden() throws {
        // `.net` names a course as surely as `c#`; `.github` and `.DS_Store` are tools' files.
        let snapshot = try MemorySite([
            "courses/_index.md": "---\ntitle: Courses\n---\n",
            "courses/.net.md": "# Page .NET\n",
            "courses/net.md": "# Page net\n",
            "courses/.f#/_index.md": "---\ntitle: F sharp track\n---\n",
            "courses/.f#/basics.md": "# Page F# basics\n",
            "courses/.github/PULL_REQUEST_TEMPLATE.md": "# Page template\n",
            "courses/.DS_Store": "binary",
            "courses/.md": "# Page nameless\n",
            "courses/._net.md": "# Page resource fork\n",
            "courses/.#net.md": "# Page editor lock\n",
            "courses/..md": "# Page dot command\n",
        ]).snapshot()
        let pages = Self.pagesByTitle(snapshot, in: "courses")
        #expect(pages["Page .NET"] == "courses/dot-net.html")
        #expect(pages["Page net"] == "courses/net.html")
        #expect(pages["Page F# basics"] == "courses/dot-f-sharp/basics.html")
        #expect(pages["Page template"] == nil && pages["Page nameless"] == nil)
        #expect(pages["Page resource fork"] == nil && pages["Page editor lock"] == nil)
        #expect(pages["Page dot command"] == "courses/dot.html")
        #expect(!snapshot.paths.contains { $0.contains("github") || $0.contains("DS_Store") })
        #expect(OutputLinks.broken(in: snapshot).isEmpty)
    }

    @Test func lettersAndDigitsOfEveryScriptAreKept() throws {
        // Each name and the file it must give: lower-cased, every letter, mark and digit kept.
        let names = [
            "Ελληνικά": "ελληνικά", "Русский язык": "русский-язык", "日本語": "日本語", "한국어": "한국어",
            "עברית": "עברית", "العربية": "العربية", "हिन्दी": "हिन्दी", "ไทย": "ไทย", "١٢٣": "١٢٣",
        ]
        var content = ["docs/_index.md": Self.catalog]
        for name in names.keys { content["docs/\(name).md"] = "# \(name)\n" }
        let snapshot = try MemorySite(content).snapshot()
        let pages = Self.pagesByTitle(snapshot, in: "docs")
        for (name, file) in names {
            #expect(pages[name] == "docs/\(file).html", "the page of \(name)")
        }
        // Links to them are percent-encoded ASCII and lead to the files.
        let catalog = snapshot.text(at: "docs/index.html") ?? ""
        #expect(catalog.contains("href=\"%E6%97%A5%E6%9C%AC%E8%AA%9E.html\""))
        for html in snapshot.paths.compactMap(snapshot.text(at:)) {
            #expect(OutputLinks.urls(in: html).allSatisfy { $0.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F } })
        }
        #expect(OutputLinks.broken(in: snapshot).isEmpty)
    }

    @Test func renamedNamesDoNotDependOnTheOrderTheDiskListsFiles() throws {
        let content = [
            "pets/_index.md": Self.catalog, "pets/a_b.md": "# One\n", "pets/a-b.md": "# Two\n", "pets/A-B.md": "# Three\n",
            "pets/Rex.md": "# Rex\n", "pets/x.md": "---\nslug: rex\n---\n# X\n",
        ]
        var listings: [[String: String]] = []
        for order in [{ (names: [String]) in names.sorted() }, { $0.sorted().reversed() }, { $0.shuffled() }] as [@Sendable ([String]) -> [String]] {
            var options = MemorySite(content).options
            let list = options.fileSystem.listDirectory
            options.fileSystem.listDirectory = { path in
                let entries = try list(path)
                let byName = Dictionary(uniqueKeysWithValues: entries.map { ($0.name, $0) })
                return order(entries.map(\.name)).map { byName[$0]! }
            }
            let report = try Builder(options: options).makeSnapshot()
            listings.append(Self.pagesByTitle(report.snapshot, in: "pets"))
            #expect(report.warnings.count == 3)
        }
        #expect(listings[0] == listings[1] && listings[1] == listings[2])
        // In byte order of the names: `A-B` < `a-b` < `a_b`, and `Rex` < `x`.
        #expect(
            listings[0] == [
                "Three": "pets/a-b.html", "Two": "pets/a-b-2.html", "One": "pets/a-b-3.html",
                "Rex": "pets/rex.html", "X": "pets/rex-2.html",
            ])
    }

    @Test func assetsThatMeetAreNumberedBeforeTheirExtension() throws {
        let site = MemorySite([
            "pets/_index.md": Self.catalog,
            "pets/rex.md": "# Rex\n\n![Big](Photo.SVG) ![Small](photo.svg)\n",
            "pets/Photo.SVG": "<svg/>", "pets/photo.svg": "<svg />",
        ])
        let snapshot = try site.snapshot()
        #expect(snapshot.files["pets/Photo.SVG"] != nil && snapshot.files["pets/photo-2.svg"] != nil)
        let page = snapshot.text(at: "pets/rex.html") ?? ""
        #expect(page.contains("src=\"Photo.SVG\"") && page.contains("src=\"photo-2.svg\""))
        #expect(site.warnings().map(\.path) == ["Content/pets/photo.svg"])
    }
}
