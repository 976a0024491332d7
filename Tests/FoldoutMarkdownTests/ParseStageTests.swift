import FoldoutBase
import FoldoutMarkdown
import FoldoutTestSupport
import Testing

/// The parse stage at its door: the Markdown files the loading stage read go in, each page's
/// front matter, body and the lines its keys are on come out, with every problem found.
struct ParseStageTests {
    @Test func everyFileIsParsedWithItsFieldsAndTheLinesTheyAreOn() throws {
        let inputs = try MemorySite([
            "pets/_index.md": page("title: Pets"),
            "pets/cats/luna.md": page("title: Luna\nspecies: cat\nage: 2", "Luna likes boxes."),
        ]).loaded()
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
        let inputs = try MemorySite([
            "notes/ready.md": page("title: Ready"),
            "notes/later.md": page("title: Later\ndraft: true"),
        ]).loaded()
        #expect(Set(inputs.parsed().pages.keys) == ["notes/ready.md"])
        #expect(Set(inputs.parsed(includeDrafts: true).pages.keys) == ["notes/ready.md", "notes/later.md"])
    }

    @Test func brokenFrontMatterIsNamedAtItsLineAndTheOtherFilesStillParse() throws {
        let inputs = try MemorySite([
            "pets/good.md": page("title: Good"),
            "pets/bad.md": page("title: Bad\nspecies: [cat\nage: 2"),
        ]).loaded()
        let parsed = inputs.parsed()
        #expect(parsed.pages["pets/good.md"]?.title == "Good")
        let problem = try #require(parsed.diagnostics.first)
        #expect(problem.severity == .error)
        #expect(problem.path == "Content/pets/bad.md")
        #expect((problem.line ?? 0) >= 3, "the flow list opens on line 3: \(problem)")
        #expect(problem.hint?.isEmpty == false)
        #expect(parsed.ownDiagnostics["pets/bad.md"]?.count == parsed.diagnostics.count)
    }

    /// Hugo's `linkTitle:` and a record's `name:` title a page without `title:`, in that
    /// order, and stay fields; `title:` wins over both.
    @Test func linkTitleAndNameTitleAPageWithoutTitle() throws {
        let inputs = try MemorySite([
            "docs/install.md": page("linkTitle: Install\nname: Installation guide"),
            "records/rex.md": page("name: Rex\nspecies: dog"),
            "records/tom.md": page("title: Tom\nname: Thomas"),
        ]).loaded()
        let parsed = inputs.parsed()
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.pages["docs/install.md"]?.title == "Install")
        #expect(parsed.pages["records/rex.md"]?.title == "Rex")
        #expect(parsed.pages["records/rex.md"]?.frontMatter["name"] == .string("Rex"))
        #expect(parsed.pages["records/tom.md"]?.title == "Tom")
    }

    /// Jekyll's `redirect_from:` (a list or one address) is read as `aliases:`.
    @Test func redirectFromIsReadAsAliases() throws {
        let inputs = try MemorySite([
            "pets/rex.md": page("title: Rex\nredirect_from:\n  - /old/rex/\n  - /dogs/rex.html"),
            "pets/tom.md": page("title: Tom\nredirect_from: /old/tom/"),
        ]).loaded()
        let parsed = inputs.parsed()
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.pages["pets/rex.md"]?.aliases == ["/old/rex/", "/dogs/rex.html"])
        #expect(parsed.pages["pets/tom.md"]?.aliases == ["/old/tom/"])
    }

    /// A tab in a line's indentation is named as the cause, at its line, with the line shown.
    @Test func aTabIndentedLineIsNamedAsTheCause() throws {
        let inputs = try MemorySite([
            "pets/tab.md": page("title: Tab\nowner:\n  name: Sam\n\tphone: 555")
        ]).loaded()
        let problem = try #require(inputs.parsed().diagnostics.first)
        #expect(problem.severity == .error)
        #expect(problem.line == 5)
        #expect(problem.message.contains("tab"))
        #expect(problem.message.contains("→phone: 555"))
        #expect(problem.hint?.contains("spaces") == true)
    }
}
