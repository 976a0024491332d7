import Testing
import FoldoutBase
import FoldoutMarkdown
import FoldoutTestSupport

/// The parse stage at its door: the Markdown files the loading stage read go in, each page's
/// front matter, body and the lines its keys are on come out, with every problem found.
struct ParseStageTests {
    @Test func everyFileIsParsedWithItsFieldsAndTheLinesTheyAreOn() throws {
        let inputs = try StageInputs([
            "pets/_index.md": page("title: Pets"),
            "pets/cats/luna.md": page("title: Luna\nspecies: cat\nage: 2", "Luna likes boxes."),
        ])
        let parsed = inputs.parsed()
        #expect(parsed.diagnostics.isEmpty)
        #expect(Set(parsed.pages.keys) == ["pets/_index.md", "pets/cats/luna.md"])
        let luna = try #require(parsed.pages["pets/cats/luna.md"])
        #expect(luna.title == "Luna")
        #expect(luna.frontMatter["species"] == .string("cat"))
        #expect(luna.frontMatter["age"] == .integer(2))
        // The file's first line is the `---` fence.
        #expect(luna.line(of: "title") == 2)
        #expect(luna.line(of: "age") == 4)
        #expect(luna.body.contains("Luna likes boxes."))
        #expect(parsed.pages["pets/_index.md"]?.title == "Pets")
    }

    @Test func draftsTakePartOnlyWhenAskedFor() throws {
        let inputs = try StageInputs([
            "notes/ready.md": page("title: Ready"),
            "notes/later.md": page("title: Later\ndraft: true"),
        ])
        #expect(Set(inputs.parsed().pages.keys) == ["notes/ready.md"])
        #expect(Set(inputs.parsed(includeDrafts: true).pages.keys) == ["notes/ready.md", "notes/later.md"])
    }

    @Test func brokenFrontMatterIsNamedAtItsLineAndTheOtherFilesStillParse() throws {
        let inputs = try StageInputs([
            "pets/good.md": page("title: Good"),
            "pets/bad.md": page("title: Bad\nspecies: [cat\nage: 2"),
        ])
        let parsed = inputs.parsed()
        #expect(parsed.pages["pets/good.md"]?.title == "Good")
        let problem = try #require(parsed.diagnostics.first)
        #expect(problem.severity == .error)
        #expect(problem.path == "Content/pets/bad.md")
        #expect((problem.line ?? 0) >= 3, "the flow list opens on line 3: \(problem)")
        #expect(problem.hint?.isEmpty == false)
        #expect(parsed.ownDiagnostics["pets/bad.md"]?.count == parsed.diagnostics.count)
    }
}
