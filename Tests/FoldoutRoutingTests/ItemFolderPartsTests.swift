import FoldoutTestSupport
import Foundation
import Testing

/// Folders of a fixed set of parts (an exercise's `description.md`, `instructions.md` and
/// `metadata.toml`): each is one item whose lead part is its page and whose other parts are
/// its sub-pages, declared by `item_folder: true` or inferred when the siblings agree.
@Suite struct ItemFolderPartsTests {
    static func exercise(_ name: String) -> [String: String] {
        [
            "exercises/\(name)/description.md": "# Description\n\nThe \(name) exercise.\n",
            "exercises/\(name)/instructions.md": "# Instructions\n\nSolve \(name).\n",
            "exercises/\(name)/metadata.toml": "title = \"\(name)\"\n",
        ]
    }

    @Test func siblingFoldersWithTheSamePartsAreItemsInferred() throws {
        var files = ["exercises/_index.md": "---\ntitle: Exercises\n---\n"]
        for name in ["two-fer", "leap", "hello_world"] { files.merge(Self.exercise(name)) { $1 } }
        // Newer exercises are written in other parts, as long as each part recurs.
        for name in ["bob", "acronym"] {
            files["exercises/\(name)/introduction.md"] = "# Introduction\n\nMeet \(name).\n"
            files["exercises/\(name)/instructions.md"] = "# Instructions\n\nSolve \(name).\n"
        }
        let site = MemorySite(files)
        let snapshot = try site.snapshot()
        #expect(site.diagnostics().isEmpty, "\(site.diagnostics())")
        // The lead part is the item's page, titled by its folder, not by "# Description".
        let page = try #require(snapshot.text(at: "exercises/two-fer.html"))
        #expect(page.contains("<h1>Two fer</h1>"))
        #expect(page.contains("The two-fer exercise."))
        // Its page lists its other parts, under a heading a reader sees.
        #expect(
            page.contains(
                "<nav class=\"sub-pages\" aria-label=\"Pages of Two fer\">\n<h2 class=\"sub-pages-title\">Pages</h2>\n<ul>\n<li><a href=\"two-fer/instructions.html\">Instructions</a></li>\n</ul>"
            ))
        // The other parts are its sub-pages, its other files its assets.
        #expect(snapshot.text(at: "exercises/two-fer/instructions.html")?.contains("Solve two-fer.") == true)
        #expect(snapshot.files["exercises/two-fer/metadata.toml"] != nil)
        #expect(snapshot.text(at: "exercises/two-fer/description.html") == nil)
        // One row per exercise, disclosing its other part; no group per folder, no rows named "Description".
        let outline = try #require(snapshot.text(at: "exercises/index.html"))
        #expect(outline.contains("<li class=\"row has-children\" id=\"two-fer\">"))
        #expect(outline.contains("<li class=\"row has-children\" id=\"hello-world\">"))
        #expect(!outline.contains("Description"))
        #expect(outline.components(separatedBy: ">Instructions<").count - 1 == 5)
        // `introduction.md` leads over `instructions.md`, which sorts first.
        #expect(snapshot.text(at: "exercises/bob.html")?.contains("Meet bob.") == true)
        #expect(snapshot.text(at: "exercises/bob/instructions.html") != nil)
        #expect(!outline.contains("<details id="))
        #expect(OutputLinks.broken(in: snapshot).isEmpty)
    }

    /// The pager of an exercise leads back to the previous exercise's last part: it names that
    /// part with its exercise ("Leap: Instructions"), and its own parts without.
    @Test func thePagerNamesAnotherItemsPartWithItsItem() throws {
        var files = ["exercises/_index.md": "---\ntitle: Exercises\n---\n"]
        for name in ["leap", "two-fer"] { files.merge(Self.exercise(name)) { $1 } }
        let snapshot = try MemorySite(files).snapshot()
        let page = try #require(snapshot.text(at: "exercises/two-fer.html"))
        #expect(page.contains(#"<a class="previous" href="leap/instructions.html" rel="prev"><span class="pager-label">Previous</span> Leap: Instructions</a>"#), "\(page)")
        #expect(page.contains(#"<a class="next" href="two-fer/instructions.html" rel="next"><span class="pager-label">Next</span> Instructions</a>"#))
        let part = try #require(snapshot.text(at: "exercises/leap/instructions.html"))
        #expect(part.contains(#"<span class="pager-label">Previous</span> Leap</a>"#))
        #expect(part.contains(#"<span class="pager-label">Next</span> Two fer</a>"#))
    }

    @Test func itemFolderTrueMakesEachSubFolderAnItem() throws {
        let site = MemorySite([
            "specs/_index.md": "---\ntitle: Specs\nitem_folder: true\n---\n",
            "specs/parser/README.md": "# The parser\n\nReads text.\n",
            "specs/parser/errors.md": "# Errors\n",
            "specs/printer/spec.md": "Prints text.\n",
            "specs/printer/diagram.svg": "<svg/>",
            "specs/nested/_index.md": "---\ntitle: Nested\n---\n",
            "specs/nested/one.md": "# One\n",
        ])
        let snapshot = try site.snapshot()
        // The README leads, titled by its heading; a lone part is the whole item.
        #expect(snapshot.text(at: "specs/parser.html")?.contains("<h1>The parser</h1>") == true)
        #expect(snapshot.text(at: "specs/parser/errors.html") != nil)
        #expect(snapshot.text(at: "specs/printer.html")?.contains("<h1>Printer</h1>") == true)
        #expect(snapshot.files["specs/printer/diagram.svg"] != nil)
        let outline = try #require(snapshot.text(at: "specs/index.html"))
        #expect(outline.contains("<li class=\"row\" id=\"printer\">"))
        // A sub-folder with its own `_index.md` stays a section, with a warning at the key's line.
        #expect(outline.contains("<h2 id=\"nested\""))
        let warnings = site.diagnostics()
        #expect(warnings.count == 1, "\(warnings)")
        #expect(warnings.first?.path == "Content/specs/_index.md" && warnings.first?.line == 3)
        #expect(warnings.first?.message.contains("`nested/` stays a group") == true)
        #expect(OutputLinks.broken(in: snapshot).isEmpty)
    }

    @Test func foldersOfDifferentPagesStayGroups() throws {
        let site = MemorySite([
            "pets/_index.md": "---\ntitle: Pets\n---\n",
            "pets/dogs/rex.md": "# Rex\n",
            "pets/cats/tom.md": "# Tom\n",
            "tracks/_index.md": "---\ntitle: Tracks\nitem_folder: false\n---\n",
            "tracks/web/description.md": "# Web\n",
            "tracks/data/description.md": "# Data\n",
        ])
        let snapshot = try site.snapshot()
        #expect(site.diagnostics().isEmpty, "\(site.diagnostics())")
        #expect(snapshot.text(at: "pets/dogs/rex.html") != nil)
        #expect(snapshot.text(at: "pets/dogs.html") == nil)
        // `item_folder: false` keeps folders of the same parts as groups.
        #expect(snapshot.text(at: "tracks/web/description.html") != nil)
        #expect(snapshot.text(at: "tracks/web.html") == nil)
    }

    /// A course's weeks of numbered lessons share file names as parts do, but no part is
    /// named as a lead is: each lesson stays a row of its week's group.
    @Test func weeksOfNumberedLessonsStayGroups() throws {
        let site = MemorySite([
            "course/_index.md": "---\ntitle: Course\n---\n",
            "course/week-1/day-1.md": "# Variables\n",
            "course/week-1/day-2.md": "# Loops\n",
            "course/week-2/day-1.md": "# Functions\n",
            "course/week-2/day-2.md": "# Types\n",
        ])
        let snapshot = try site.snapshot()
        #expect(site.diagnostics().isEmpty, "\(site.diagnostics())")
        for week in ["week-1", "week-2"] {
            #expect(snapshot.text(at: "course/\(week).html") == nil)
            for day in ["day-1", "day-2"] { #expect(snapshot.text(at: "course/\(week)/\(day).html") != nil) }
        }
        let outline = try #require(snapshot.text(at: "course/index.html"))
        #expect(outline.components(separatedBy: "<li class=\"row\"").count - 1 == 4)
    }
}
