import FoldoutBase
import FoldoutBuild
import FoldoutIncremental
import FoldoutLoading
import FoldoutTestSupport
import Testing

/// The pipeline at its door: what the inputs' reader read goes in (from a file system in
/// memory, with the built-in templates), the snapshot of `Output/` comes out; a build with
/// an error renders nothing and names every problem.
struct PipelineTests {
    /// The options of a build of `content` in memory, and what the inputs' reader reads with them.
    static func read(_ content: [String: String]) throws -> (options: BuildOptions, content: LoadedContent, templates: TemplateInput) {
        var files: [String: String] = [:]
        for (path, text) in content { files["/site/Content/" + path] = text }
        let options = BuildOptions(
            contentPath: "/site/Content", templatesPath: nil, outputPath: "/site/Output",
            contentDisplayName: "Content", fileSystem: .memory(files))
        var clock = StageClock()
        let templates = TemplateInput.read(options)
        return (options, try InputReader(options: options).read(templateFiles: templates.files, clock: &clock, known: { nil }).content, templates)
    }

    @Test func contentBecomesTheSnapshotOfEveryPage() throws {
        var read = try Self.read([
            "pets/_index.md": page("title: Pets"),
            "pets/cats/_index.md": page("title: Cats"),
            "pets/cats/luna.md": page("title: Luna\nspecies: cat", "Luna likes *boxes*."),
            "about.md": page("title: About"),
        ])
        let built = try Pipeline(options: read.options).run(&read.content, templates: read.templates)
        #expect(built.warnings.isEmpty)
        #expect(built.modeled.site.catalogs.map(\.title) == ["Pets"])
        for path in ["index.html", "pets/index.html", "pets/cats/luna.html", "about.html", "404.html"] {
            #expect(built.snapshot.paths.contains(path), "\(path) missing from \(built.snapshot.paths.sorted())")
        }
        let luna = try #require(built.snapshot.text(at: "pets/cats/luna.html"))
        #expect(luna.contains("<em>boxes</em>"))
        #expect(luna.contains("Luna"))
        #expect(built.snapshot.text(at: "pets/index.html")?.contains(#"href="cats/luna.html""#) == true)
    }

    @Test func anErrorStopsTheBuildBeforeAnyPageWithEveryProblemNamed() throws {
        let broken = [
            "pets/_index.md": page("title: Pets"),
            "pets/a.md": page("title: A\nage: [2"),
            "pets/b.md": page("title: B\ntags: {x"),
        ]
        var read = try Self.read(broken)
        let failure = try #require(throws: BuildFailure.self) { try Pipeline(options: read.options).model(&read.content, templates: read.templates) }
        #expect(Set(failure.diagnostics.filter { $0.severity == .error }.map(\.path)) == ["Content/pets/a.md", "Content/pets/b.md"])
    }
}
