import FoldoutTestSupport
import Foundation
import Testing

/// `group_by: field`: the items of each folder grouped by a field's value as well as by
/// folder, in the order of the field's declared values, the rest under "Other".
@Suite struct FieldGroupTests {
    static func pet(_ name: String, _ status: String?) -> String {
        "---\ntitle: \(name)\n" + (status.map { "status: \($0)\n" } ?? "") + "---\n"
    }

    /// The `<details id=…>` groups of a catalog page, in page order, with their counts.
    static func groups(in page: String) -> [(id: String, count: String)] {
        let pattern = try! NSRegularExpression(pattern: "<details id=\"([^\"]+)\"[^>]*>\\s*<summary>.*?<span class=\"count\">([^<]*)</span>", options: [.dotMatchesLineSeparators])
        let range = NSRange(page.startIndex..., in: page)
        return pattern.matches(in: page, range: range).map { match in
            (String(page[Range(match.range(at: 1), in: page)!]), String(page[Range(match.range(at: 2), in: page)!]))
        }
    }

    @Test func declaredValuesOrderTheGroupsAndTheRestAreOther() throws {
        let site = MemorySite([
            "pets/_index.md": "---\ntitle: Pets\ngroup_by: status\nfields:\n  status: {type: choice, values: [available, reserved, adopted]}\n---\n",
            "pets/rex.md": Self.pet("Rex", "adopted"),
            "pets/tom.md": Self.pet("Tom", "Available"),
            "pets/ada.md": Self.pet("Ada", "available"),
            "pets/zed.md": Self.pet("Zed", nil),
            "pets/birds/_index.md": "---\ntitle: Birds\n---\n",
            "pets/birds/kiwi.md": Self.pet("Kiwi", "reserved"),
        ])
        let snapshot = try site.snapshot()
        #expect(site.diagnostics().isEmpty, "\(site.diagnostics())")
        let page = try #require(snapshot.text(at: "pets/index.html"))
        let groups = Self.groups(in: page)
        // The declared order, not the alphabet's; a value written in other capitals joins its group.
        #expect(groups.map(\.id) == ["status-available", "status-adopted", "status-other", "birds/status-reserved"], "\(groups)")
        #expect(groups.map(\.count) == ["2 items", "1 item", "1 item", "1 item"], "\(groups)")
        // Every item still shows once, and the catalog counts each once.
        for id in ["ada", "tom", "rex", "zed", "birds/kiwi"] {
            #expect(page.components(separatedBy: "id=\"\(id)\"").count - 1 == 1, "\(id)")
        }
        #expect(page.components(separatedBy: "<li class=\"row").count - 1 == 5)
        #expect(OutputLinks.broken(in: snapshot).isEmpty)
    }

    @Test func undeclaredValuesComeInNaturalOrderAndATypoIsWarned() throws {
        let site = MemorySite([
            "courses/_index.md": "---\ntitle: Courses\ngroup_by: level\n---\n",
            "courses/a.md": "---\ntitle: A\nlevel: 10\n---\n",
            "courses/b.md": "---\ntitle: B\nlevel: 2\n---\n",
            "courses/c.md": "---\ntitle: C\nlevel: [2, 10]\n---\n",
            "books/_index.md": "---\ntitle: Books\ngroup_by: genre\n---\n",
            "books/x.md": "---\ntitle: X\ngenres: poetry\n---\n",
        ])
        let snapshot = try site.snapshot()
        let page = try #require(snapshot.text(at: "courses/index.html"))
        #expect(Self.groups(in: page).map(\.id) == ["level-2", "level-10"])
        #expect(Self.groups(in: page).map(\.count) == ["2 items", "1 item"])
        let warnings = site.diagnostics()
        #expect(warnings.count == 1, "\(warnings)")
        let warning = try #require(warnings.first)
        #expect(warning.path == "Content/books/_index.md" && warning.line == 3)
        #expect(warning.hint?.contains("`genres`") == true)
    }
}
