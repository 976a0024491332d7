import FoldoutBase
import FoldoutTestSupport
import Foundation
import Testing

/// What the catalog page's results count (docs/content.md, "Results count each item once"):
/// sub-pages as pages, items `listed:` leaves out, query sections' repeated rows, and the
/// "(none)" value of a text facet. Built end to end and read back from the page.
@Suite struct CatalogResultsTests {
    /// A school: two courses in a track, one owning a folder of two lessons, one course without
    /// a track, one closed; and a query section repeating the beginners' courses.
    static let school: [String: String] = [
        "courses/_index.md": page(
            """
            title: School
            item_name: course
            page_name: lesson
            listed: {status: open}
            facets: [track, level]
            sections:
              - title: Beginner friendly
                where: {level: beginner}
            """),
        "courses/swift/_index.md": page("title: Swift\nweight: 1"),
        "courses/swift/basics.md": page("title: Basics\ntrack: Swift\nlevel: beginner\nstatus: open\nweight: 1"),
        "courses/swift/layout.md": page("title: Layout\ntrack: Swift\nlevel: advanced\nstatus: open\nweight: 2"),
        "courses/swift/layout/flow.md": page("title: Flow\nweight: 1"),
        "courses/swift/layout/radial.md": page("title: Radial\nweight: 2"),
        "courses/other/_index.md": page("title: Other\nweight: 2"),
        "courses/other/orientation.md": page("title: Orientation\nlevel: beginner\nstatus: open"),
        "courses/other/history.md": page("title: History\ntrack: Swift\nlevel: beginner\nstatus: closed"),
    ]

    static func counts(_ html: String) -> [String] {
        ItemNounTests.counts(html)
    }

    @Test func subPagesAreCountedAsPagesNotAsItems() throws {
        let site = try MemorySite(Self.school).report()
        let html = site.html("courses/index.html")
        let counts = Self.counts(html)
        // Four courses (the header, the status line), two in each folder section, Layout's
        // two lessons, and the three beginners' courses of the query section.
        #expect(counts.filter { $0 == "4 courses" }.count == 2)
        #expect(counts.filter { $0 == "2 courses" }.count == 2)
        #expect(counts.contains("2 lessons"))
        #expect(counts.contains("3 courses"))
        #expect(!counts.contains("6 courses") && !counts.contains("4 lessons"))
        #expect(Self.counts(site.html("index.html")).contains("4 courses"))
        let data = try FacetTests.data(html)
        #expect(data["items"] as? Int == 6)
        #expect(data["entries"] as? Int == 4)
        // Items in outline order: Basics, Layout, Flow, Radial, History, Orientation (by title).
        #expect(data["pages"] as? [[Int]] == [[1, 2]])
        // The course's page lists its lessons under a heading in the catalog's word for them.
        #expect(site.html("courses/swift/layout.html").contains("<h2 class=\"sub-pages-title\">Lessons</h2>"))
    }

    @Test func listedLeavesTheOthersOutOfTheCountsAndOffersThemApart() throws {
        let html = try MemorySite(Self.school).report().html("courses/index.html")
        let data = try FacetTests.data(html)
        #expect(data["unlisted"] as? [Int] == [4])
        // The control that includes them, named by their value, with their count.
        #expect(
            html.contains(
                #"<input type="checkbox" id="catalog-unlisted" name="include" value="unlisted"> <span class="facet-value">Closed courses</span> <span class="facet-count">1</span>"#
            ))
        // Counts on arrival are what a filter would show: listed courses only, each once.
        #expect(FacetTests.checkboxes(html, facet: "track").map(\.value) == ["swift", "none"])
        #expect(FacetTests.checkboxes(html, facet: "track").map(\.count) == [2, 1])
        #expect(FacetTests.checkboxes(html, facet: "level").map(\.count) == [2, 1])
    }

    @Test func aTextFacetHasANoneValueLastForItemsWithoutTheField() throws {
        let html = try MemorySite(Self.school).report().html("courses/index.html")
        #expect(html.contains(#"value="none"> <span class="facet-value">(none)</span> <span class="facet-count">1</span>"#))
        let data = try FacetTests.data(html)
        let track = try #require((data["facets"] as? [[String: Any]])?.first)
        #expect(track["values"] as? [String] == ["swift", "none"])
        // Orientation, the last item in outline order, has "(none)"; sub-pages hold no value.
        let cells = try #require(track["cells"] as? [Any])
        #expect(cells.count == 6)
        #expect(cells[5] as? Int == 1)
        #expect(cells[2] is NSNull && cells[3] is NSNull)
    }

    @Test func queryRowsAreMarkedAsRepeats() throws {
        let html = try MemorySite(Self.school).report().html("courses/index.html")
        let data = try FacetTests.data(html)
        // Six rows of the folder sections, then the query section's three.
        #expect(FacetTests.rowIDs(html).count == 9)
        #expect(data["repeatedRows"] as? [[Int]] == [[6, 3]])
    }

    @Test func withoutListedEveryItemIsListed() throws {
        var files = Self.school
        files["courses/_index.md"] = page("title: School\nfacets: [track]")
        let html = try MemorySite(files).report().html("courses/index.html")
        #expect(!html.contains("catalog-unlisted"))
        #expect(try FacetTests.data(html)["unlisted"] as? [Int] == [])
        #expect(FacetTests.checkboxes(html, facet: "track").map(\.count) == [3, 1])
    }

    @Test func listedMistakesNameTheFileAndLine() throws {
        func diagnostics(_ listed: String) -> [Diagnostic] {
            var files = Self.school
            files["courses/_index.md"] = page("title: School\nfacets: [track]\n" + listed)
            return MemorySite(files).failureDiagnostics()
        }
        #expect(
            diagnostics("listed: open").contains {
                $0.path == "Content/courses/_index.md" && $0.line == 4 && $0.severity == .error && $0.message.contains("`listed` must be a map")
            })
        #expect(diagnostics("listed: {}").contains { $0.line == 4 && $0.message.contains("`listed` is empty") })
        #expect(diagnostics("page_name: [lesson]").contains { $0.line == 4 && $0.message.contains("`page_name` must be a word") })

        var misspelt = Self.school
        misspelt["courses/_index.md"] = page("title: School\nlisted: {stauts: open}")
        #expect(
            try MemorySite(misspelt).report().warnings.contains {
                $0.path == "Content/courses/_index.md" && $0.line == 3 && $0.message.contains("`stauts`")
            })
        misspelt["courses/_index.md"] = page("title: School\nlisted: {status: opne}")
        #expect(
            try MemorySite(misspelt).report().warnings.contains {
                $0.line == 3 && $0.message.contains("`listed:` matches no item")
            })
    }
}
