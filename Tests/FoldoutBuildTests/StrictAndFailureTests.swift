import FoldoutTestSupport
import Foundation
import Testing

@testable import FoldoutBase
@testable import FoldoutBuild
@testable import FoldoutMarkdown

/// How a build reports problems: every problem of every stage, as `path:line:column`, warnings
/// that `--strict` turns into errors, and an output folder left exactly as it was.
@Suite struct StrictAndFailureTests {
    static let warningSite: [String: String] = [
        "pets/_index.md": "---\ntitle: Pets\n---\n",
        "pets/dogs/_index.md": "---\ntitle: Dogs\n---\n",
        "pets/dogs/rex.md": """
        # Rex

        ![](rex.svg)

        [Care](#care) [Feeding](#feeding) [Toby](toby.md#walks) [Toby's hikes](toby.md#hikes)
        [All dogs](../_index.md#dogs) [Toby's row](../_index.md#dogs/toby) [Cats](../_index.md#cats)
        [Nobody](nobody.md)

        ## Care
        """,
        "pets/dogs/rex.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
        "pets/dogs/toby.md": "# Toby\n\n## Walks\n",
    ]

    @Test func warningsNameFileAndLineAndDoNotStopTheBuild() {
        let site = MemorySite(Self.warningSite)
        guard case .success(let report) = site.result() else { Issue.record("build failed"); return }
        let found = report.warnings.map { "\($0.line ?? 0) \($0.message)" }
        #expect(
            found == [
                "3 image `rex.svg` has no alt text",
                "5 link `#feeding` leads to `pets/dogs/rex.html`, which has no heading or row `#feeding`",
                "5 link `toby.md#hikes` leads to `pets/dogs/toby.html`, which has no heading or row `#hikes`",
                "6 link `../_index.md#cats` leads to `pets/index.html`, which has no heading or row `#cats`",
                "7 link `nobody.md` points to nothing in the content folder",
            ])
        #expect(report.warnings.allSatisfy { $0.path == "Content/pets/dogs/rex.md" && $0.severity == .warning })
    }

    @Test func strictTurnsEveryWarningIntoAnError() {
        let site = MemorySite(Self.warningSite, strict: true)
        guard case .failure(let failure) = site.result() else { Issue.record("strict build succeeded"); return }
        #expect(failure.diagnostics.count == 5)
        #expect(failure.diagnostics.allSatisfy { $0.severity == .error })
    }

    @Test func aLinkToAnEmptyFolderFindsNoGroup() {
        let site = MemorySite([
            "pets/_index.md": "# Pets\n", "pets/dogs/rex.md": "# Rex\n\n[Cats](../cats/_index.md)\n",
            "pets/cats/_index.md": "---\ntitle: Cats\n---\n",
        ])
        #expect(site.warnings().map(\.message) == ["link `../cats/_index.md` leads to `pets/index.html`, which has no heading or row `#cats`"])
    }

    @Test func idsTheTemplatesWriteAreAnchorsOnEveryPage() {
        let site = MemorySite([
            "pets/_index.md": "# Pets\n", "pets/rex.md": "# Rex\n\n[Skip](#main) [Top of Toby](toby.md#main)\n",
            "pets/toby.md": "# Toby\n",
        ])
        #expect(site.diagnostics().isEmpty)
    }

    @Test func aPercentEncodedAnchorIsEncodedOnce() throws {
        let site = MemorySite([
            "menu/_index.md": "# Menu\n", "menu/a.md": "# A\n\n[x](b.md#caf%C3%A9) [y](b.md#café)\n",
            "menu/b.md": "# B\n\n## Café\n",
        ])
        let html = try site.snapshot().text(at: "menu/a.html") ?? ""
        #expect(html.components(separatedBy: "href=\"b.html#caf%C3%A9\"").count == 3)
        #expect(site.diagnostics().isEmpty)
    }

    @Test func everyStageReportsAllItsProblemsInOneBuild() {
        let templates = Fixture.defaultTemplates(changing: ["item.html": "{{> nothing}}\n"])
        let site = MemorySite(
            [
                "pets/_index.md": "---\ntitle: Pets\n---\n",
                "pets/a.md": "---\ntitle: [oops\n---\n",  // parse: invalid YAML
                "pets/b.md": "---\nweight: heavy\n---\n",  // parse: wrong type
                "pets/c.md": "---\ntitle: C\n",  // parse: not closed
                "tags/d.md": "# D\n",  // route: a catalog named like Foldout's own folder
                "pets/e.md": "---\nslug: ../e\n---\n",  // parse: bad slug
            ], templates: templates)
        let errors = site.errors()
        #expect(errors.count == 6)
        #expect(
            Set(errors.map(\.path)) == [
                "Templates/item.html", "Content/pets/a.md", "Content/pets/b.md", "Content/pets/c.md",
                "Content/tags", "Content/pets/e.md",
            ])
    }

    @Test func errorsReadPathLineColumnSeverityMessageAndHint() {
        let site = MemorySite(["pets/_index.md": "# Pets\n", "pets/a.md": "---\ntitle: A\nweight: heavy\n---\n"])
        #expect(
            site.errors().first?.description == """
                Content/pets/a.md:3:1: error: `weight` must be a number, found `heavy`
                  hint: write it like `weight: 10`
                """)
    }

    @Test func aFailedBuildLeavesTheOutputFolderByteForByte() throws {
        let site = MemorySite(["pets/_index.md": "# Pets\n", "pets/rex.md": "# Rex\n"])
        _ = try Builder(options: site.options).build()
        try site.folder.write(["Output/notes.txt": "mine, not Foldout's", "Output/pets/rex.html": "edited by hand"])
        let before = try site.state

        try site.write(["pets/rex.md": "---\ntitle: [broken\n---\n", "pets/new.md": "# New\n"])
        #expect(throws: BuildFailure.self) { try Builder(options: site.options).build() }
        #expect(try site.state == before)
    }
}
