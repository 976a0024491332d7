import FoldoutTestSupport
import Foundation
import Testing

@testable import FoldoutBase
@testable import FoldoutBuild
@testable import FoldoutLoading
@testable import FoldoutMarkdown

/// One test per row of docs/bad-input.md: what Foldout does with each kind of broken file.
@Suite struct BadInputTests {
    static let catalog = "---\ntitle: Pets\n---\n"

    // MARK: Front matter

    @Test func invalidYAMLNamesLineAndColumn() {
        let site = MemorySite([
            "pets/_index.md": Self.catalog,
            "pets/diego.md": "---\ntitle: Diego\nbreed: terrier: mix\n---\nA dog.\n",
        ])
        let errors = site.errors()
        #expect(errors.count == 1)
        // Line 3 of the file is `breed: terrier: mix`; the second `:` (column 15) is the problem.
        #expect(errors.first?.path == "Content/pets/diego.md")
        #expect(errors.first?.line == 3)
        #expect(errors.first?.column == 15)
        #expect(errors.first?.message.contains("invalid YAML") == true)
    }

    /// An unclosed quote fails only at the end of the front matter; the error is where it opened,
    /// and the file's missing fields (it has none it could read) are not reported beside it.
    @Test func anUnclosedQuoteIsNamedWhereItOpens() {
        let site = MemorySite([
            "pets/_index.md": "---\ntitle: Pets\nfields:\n  breed: {type: text, required: true}\n---\n",
            "pets/diego.md": "---\ntitle: Diego\nbreed: \"terrier\nage: 3\n---\nA dog.\n",
        ])
        let all = site.diagnostics()
        #expect(all.count == 1, "\(all)")
        let error = all.first
        #expect(error?.severity == .error && error?.path == "Content/pets/diego.md")
        #expect(error?.line == 3 && error?.column == 8)
    }

    /// A date that is no day of the calendar is named at its line; a time after a good one is not.
    @Test func aDateThatIsNoDateIsAWarningAtItsLine() {
        let site = MemorySite([
            "pets/_index.md": Self.catalog,
            "pets/a.md": "---\ntitle: A\ndate: 2026-02-30\n---\n", "pets/b.md": "---\ntitle: B\ndate: 2026-5-1\n---\n",
            "pets/c.md": "---\ntitle: C\ndate: 2016-03-16 14:55:03 -0500\n---\n",
        ])
        let warnings = site.warnings()
        #expect(warnings.map(\.path).sorted() == ["Content/pets/a.md", "Content/pets/b.md"])
        #expect(warnings.allSatisfy { $0.line == 3 && $0.message.contains("which is no date") })
    }

    @Test func unclosedFrontMatterIsAnError() {
        let site = MemorySite(["pets/_index.md": Self.catalog, "pets/diego.md": "---\ntitle: Diego\n\nA dog.\n"])
        let errors = site.errors()
        #expect(errors.count == 1)
        #expect(errors.first?.line == 1)
        #expect(errors.first?.message.contains("not closed") == true)
        #expect(errors.first?.hint != nil)
    }

    @Test func wrongValueTypesAreErrorsOnTheirLines() {
        let site = MemorySite([
            "pets/_index.md": Self.catalog,
            "pets/diego.md": "---\ntitle: [Diego, Rex]\nweight: \"abc\"\ntags: 5\ndraft: maybe\n---\n",
        ])
        let errors = site.errors()
        #expect(errors.map(\.line) == [2, 3, 4, 5])
        #expect(
            errors.map(\.message) == [
                "`title` must be text, found `Diego, Rex`",
                "`weight` must be a number, found `abc`",
                "`tags` must be a list of words, found `5`",
                "`draft` must be true or false, found `maybe`",
            ])
    }

    @Test func aliasBombStopsAtTheValueBudget() {
        // Nine levels of nine aliases each would expand to 9^9 (387 million) strings.
        var yaml = "a0: &a0 [x, x, x, x, x, x, x, x, x]\n"
        for level in 1...8 {
            let previous = Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ")
            yaml += "a\(level): &a\(level) [\(previous)]\n"
        }
        let site = MemorySite(["pets/_index.md": Self.catalog, "pets/bomb.md": "---\n" + yaml + "---\n"])
        let errors = site.errors()
        #expect(errors.count == 1)
        #expect(errors.first?.message.contains("more than \(FrontMatter.maximumValueCount) values") == true)
    }

    // MARK: Bytes that are not text

    @Test func invalidUTF8IsReplacedWithAWarning() throws {
        // "Café" in Latin-1: 0xE9 is not UTF-8.
        let bytes = Array("---\ntitle: Menu\n---\nCaf".utf8) + [0xE9] + Array(" au lait\n".utf8)
        let site = MemorySite(bytes: ["menu/_index.md": Array("---\ntitle: Menu\n---\n".utf8), "menu/drinks.md": bytes])
        let warnings = site.warnings()
        #expect(warnings.count == 1)
        #expect(warnings.first?.line == 4)
        #expect(warnings.first?.column == 4)
        #expect(warnings.first?.message.contains("not valid UTF-8") == true)
        let html = try site.snapshot().text(at: "menu/drinks.html") ?? ""
        #expect(html.contains("Caf\u{FFFD} au lait"))
    }

    @Test func utf16FileIsAnError() {
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in "# Hello\n".utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let site = MemorySite(bytes: ["menu/_index.md": Array(Self.catalog.utf8), "menu/hello.md": bytes])
        let errors = site.errors()
        #expect(errors.count == 1)
        #expect(errors.first?.message.contains("UTF-16") == true)
    }

    @Test func nulByteIsAnErrorAtItsPosition() {
        let bytes = Array("---\ntitle: Odd\n---\nline one\nab".utf8) + [0] + Array("cd\n".utf8)
        let site = MemorySite(bytes: ["menu/_index.md": Array(Self.catalog.utf8), "menu/odd.md": bytes])
        let errors = site.errors()
        #expect(errors.count == 1)
        #expect(errors.first?.line == 5)
        #expect(errors.first?.column == 3)
        #expect(errors.first?.message.contains("NUL") == true)
    }

    @Test func emptyFilesBuild() throws {
        let site = MemorySite(["_index.md": "", "pets/_index.md": "", "pets/empty_page.md": "", "pets/fences.md": "---\n---\n"])
        let snapshot = try site.snapshot()
        #expect(snapshot.text(at: "pets/empty-page.html")?.contains("<h1>Empty page</h1>") == true)
        #expect(snapshot.text(at: "pets/fences.html")?.contains("<h1>Fences</h1>") == true)
        #expect(site.diagnostics().isEmpty)
    }

    @Test func fiftyMegabyteFileBuilds() throws {
        let folder = try TemporaryFolder()
        try folder.write("Content/_index.md", "---\ntitle: Big\n---\n")
        try folder.write("Content/docs/_index.md", "---\ntitle: Docs\n---\n")
        // Headings, paragraphs, lists, links and code, repeated to 50 MB.
        let block = """
            ## Part

            A paragraph with *emphasis*, `code`, a [link](https://example.com) and "quotes".
            Another line of the same paragraph, long enough to look like prose in a manual.

            - one item
            - two items

            ```
            let x = 1
            ```


            """
        var text = "---\ntitle: Huge\n---\n"
        text.reserveCapacity(50 * 1024 * 1024 + block.utf8.count)
        while text.utf8.count < 50 * 1024 * 1024 { text += block }
        try folder.write("Content/docs/huge.md", text)

        let options = BuildOptions(contentPath: folder.path + "/Content", templatesPath: nil, outputPath: folder.path + "/Output")
        let (report, _) = try Builder(options: options).build()
        #expect(report.warnings.isEmpty)
        let size = (try FileManager.default.attributesOfItem(atPath: folder.path + "/Output/docs/huge.html")[.size] as? Int) ?? 0
        #expect(size > 50 * 1024 * 1024)
    }

    // MARK: Folders

    @Test func foldersNestedOneHundredDeepBuild() throws {
        let depth = 100
        let folders = (1..<depth).map { "d\($0)" }.joined(separator: "/")
        let site = MemorySite(["deep/_index.md": "---\ntitle: Deep\n---\n", "deep/\(folders)/bottom.md": "# Bottom\n"])
        let snapshot = try site.snapshot()
        let itemPath = "deep/\(folders)/bottom.html"
        #expect(snapshot.files[itemPath] != nil)
        let catalog = snapshot.text(at: "deep/index.html") ?? ""
        // The row sits inside all 98 groups below the section, so it is reachable from the outline.
        #expect(catalog.contains("id=\"\(folders)/bottom\""))
        #expect(catalog.components(separatedBy: "<details id=").count - 1 == depth - 2)
        #expect(OutputLinks.broken(in: snapshot).isEmpty)
    }

    @Test func foldersNestedDeeperThanTheLimitAreAnError() {
        let folders = (1...ContentLoader.maximumDepth).map { "d\($0)" }.joined(separator: "/")
        let site = MemorySite(["deep/_index.md": Self.catalog, "deep/\(folders)/bottom.md": "# Bottom\n"])
        let errors = site.errors()
        #expect(errors.count == 1)
        let tooDeep = "Content/deep/" + (1...ContentLoader.maximumDepth).map { "d\($0)" }.joined(separator: "/")
        #expect(errors.first?.path == tooDeep)
        #expect(errors.first?.message.contains("nested more than \(ContentLoader.maximumDepth) deep") == true)
    }

    @Test func symbolicLinkLoopsAndLinksOutsideAreSkippedWithWarnings() throws {
        let folder = try TemporaryFolder()
        try folder.write("Content/pets/_index.md", Self.catalog)
        try folder.write("Content/pets/dogs/diego.md", "# Diego\n")
        try folder.write("secret/passwords.md", "# Secret\n")
        try folder.symlink("Content/pets/dogs/loop", to: "..")
        try folder.symlink("Content/pets/outside", to: folder.path + "/secret")
        try folder.symlink("Content/pets/stolen.md", to: folder.path + "/secret/passwords.md")
        try folder.symlink("Content/pets/dangling.md", to: folder.path + "/nothing-here.md")

        var options = BuildOptions(
            contentPath: folder.path + "/Content", templatesPath: nil, outputPath: folder.path + "/Output",
            contentDisplayName: "Content")
        let report = try Builder(options: options).makeSnapshot()
        let warned = report.warnings.map(\.path)
        #expect(warned == ["Content/pets/dangling.md", "Content/pets/dogs/loop", "Content/pets/outside", "Content/pets/stolen.md"])
        #expect(report.snapshot.files["pets/dogs/diego.html"] != nil)
        #expect(!report.snapshot.paths.contains { $0.contains("passwords") || $0.contains("outside") || $0.contains("stolen") })

        options.strict = true
        #expect(throws: BuildFailure.self) { try Builder(options: options).makeSnapshot() }
    }

    // MARK: Output paths

    /// The warning a renamed output name gets: on the source that gave way, naming the other.
    static func renamed(_ warnings: [Diagnostic], from path: String) -> [String] {
        warnings.filter { $0.path == path }.map(\.message)
    }

    @Test func namesDifferingOnlyInCaseGetNumberedNamesInNameOrder() throws {
        let site = MemorySite(["pets/_index.md": Self.catalog, "pets/Diego.md": "# A\n", "pets/diego.md": "# B\n"])
        let snapshot = try site.snapshot()
        // `D` sorts before `d`: Diego.md keeps the name, diego.md gives way.
        #expect(snapshot.text(at: "pets/diego.html")?.contains("<h1>A</h1>") == true)
        #expect(snapshot.text(at: "pets/diego-2.html")?.contains("<h1>B</h1>") == true)
        let warnings = site.warnings()
        #expect(warnings.count == 1)
        #expect(
            Self.renamed(warnings, from: "Content/pets/diego.md")
                == ["would be `pets/diego.html` in the output, like `Content/pets/Diego.md`; it is `pets/diego-2.html` instead"])
        #expect(site.errors().isEmpty)
    }

    @Test func itemsWithTheSameOutputPathGetNumberedNames() throws {
        let site = MemorySite([
            "pets/_index.md": Self.catalog,
            "pets/good boy.md": "# A\n", "pets/good-boy.md": "# B\n",  // both `good-boy.html`
            "pets/rex.md": "---\nslug: max\n---\n# Rex\n", "pets/max.md": "# Max\n",  // `slug:` onto a file name
            "pets/Dogs/a.md": "# A\n", "pets/dogs/b.md": "# B\n",  // one section anchor `#dogs`
        ])
        let snapshot = try site.snapshot()
        #expect(snapshot.text(at: "pets/good-boy.html")?.contains("<h1>A</h1>") == true)
        #expect(snapshot.text(at: "pets/good-boy-2.html")?.contains("<h1>B</h1>") == true)
        #expect(snapshot.text(at: "pets/max.html")?.contains("<h1>Max</h1>") == true)
        #expect(snapshot.text(at: "pets/max-2.html")?.contains("<h1>Rex</h1>") == true)
        #expect(snapshot.files["pets/dogs/a.html"] != nil && snapshot.files["pets/dogs-2/b.html"] != nil)
        let catalog = snapshot.text(at: "pets/index.html") ?? ""
        #expect(catalog.contains("id=\"dogs\"") && catalog.contains("id=\"dogs-2\""))
        let warnings = site.warnings()
        #expect(Set(warnings.map(\.path)) == ["Content/pets/good-boy.md", "Content/pets/rex.md", "Content/pets/dogs"])
        #expect(Self.renamed(warnings, from: "Content/pets/rex.md").first?.contains("like `Content/pets/max.md`") == true)
        #expect(Self.renamed(warnings, from: "Content/pets/dogs").first?.contains("like `Content/pets/Dogs`") == true)
        #expect(OutputLinks.broken(in: snapshot).isEmpty)
    }

    /// A `slug:` that takes another file's name is named at its line, in its file, rather than
    /// at the file renamed for it, which has nothing to change.
    @Test func aSlugTakingAnotherFilesNameIsNamedAtItsLine() throws {
        let site = MemorySite([
            "pets/_index.md": Self.catalog, "pets/finley.md": "---\ntitle: Finley\nslug: finn\n---\nA dog.\n",
            "pets/finn.md": "---\ntitle: Finn\n---\nAnother dog.\n",
        ])
        let snapshot = try site.snapshot()
        #expect(snapshot.text(at: "pets/finn.html")?.contains("Finley") == true)
        let warnings = site.warnings()
        #expect(warnings.count == 1)
        let warning = try #require(warnings.first)
        #expect(warning.path == "Content/pets/finley.md" && warning.line == 3)
        #expect(warning.message == "`slug: finn` takes `pets/finn.html` from `Content/pets/finn.md`, which is `pets/finn-2.html` instead")
    }

    @Test func renamedCollisionsAreErrorsWithStrict() {
        let site = MemorySite(["pets/_index.md": Self.catalog, "pets/a_b.md": "# A\n", "pets/a-b.md": "# B\n"], strict: true)
        let errors = site.errors()
        #expect(errors.count == 1)
        #expect(errors.first?.path == "Content/pets/a_b.md")
        #expect(errors.first?.message.contains("like `Content/pets/a-b.md`") == true)
    }

    @Test func anItemAndASectionWithOneNameGetNumberedNames() throws {
        // A folder with its own `_index.md` is a section, not the item's folder.
        let site = MemorySite([
            "pets/_index.md": Self.catalog, "pets/dogs.md": "# Dogs page\n",
            "pets/dogs/_index.md": "# Dogs\n", "pets/dogs/rex.md": "# Rex\n",
        ])
        let snapshot = try site.snapshot()
        #expect(snapshot.files["pets/dogs.html"] != nil)
        #expect(snapshot.files["pets/dogs-2/rex.html"] != nil)
        #expect(site.warnings().map(\.path) == ["Content/pets/dogs"])
        #expect(OutputLinks.broken(in: snapshot).isEmpty)
    }

    @Test(arguments: ["a/b", "../../etc/passwd", "/etc/passwd", "..", "x/../../y"])
    func slugsThatAreNotFileNamesAreErrors(slug: String) {
        let site = MemorySite(["pets/_index.md": Self.catalog, "pets/rex.md": "---\ntitle: Rex\nslug: \"\(slug)\"\n---\n"])
        let errors = site.errors()
        #expect(errors.count == 1)
        #expect(errors.first?.line == 3)
        #expect(errors.first?.message.contains("not a usable file name") == true)
    }

    @Test func namesWithSpacesAndAccentsGetWorkingPercentEncodedLinks() throws {
        let site = MemorySite([
            "Desserts et cafés/_index.md": "---\ntitle: Desserts\n---\n",
            "Desserts et cafés/Crème brûlée.md": "---\nimage: mon dessert.svg\n---\n# Crème brûlée\n\n![Une crème](mon%20dessert.svg) [Café](<Petit café.md>)\n",
            "Desserts et cafés/Petit café.md": "# Petit café\n",
            "Desserts et cafés/mon dessert.svg": "<svg/>",
        ])
        let snapshot = try site.snapshot()
        #expect(snapshot.files["desserts-et-cafés/crème-brûlée.html"] != nil)
        #expect(snapshot.files["desserts-et-cafés/mon dessert.svg"] != nil)
        let page = snapshot.text(at: "desserts-et-cafés/crème-brûlée.html") ?? ""
        #expect(page.contains("href=\"petit-caf%C3%A9.html\""))
        #expect(page.contains("src=\"mon%20dessert.svg\""))
        // Every URL is plain ASCII and every relative one leads to a file of the build.
        for html in snapshot.paths.compactMap(snapshot.text(at:)) {
            #expect(OutputLinks.urls(in: html).allSatisfy { $0.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F } })
        }
        #expect(OutputLinks.broken(in: snapshot).isEmpty)
        #expect(site.diagnostics().isEmpty)
    }

    @Test func aNameTypedComposedAndDecomposedIsLoadedOnceWithAWarning() throws {
        // Two files on Linux, one on macOS: `é` as one character, and `e` plus an accent.
        let folder = try TemporaryFolder()
        try folder.write("Content/menu/_index.md", Self.catalog)
        try folder.write("Content/menu/caf\u{E9}.md", "# A\n")
        try folder.write("Content/menu/cafe\u{301}.md", "# B\n")
        let options = BuildOptions(contentPath: folder.path + "/Content", templatesPath: nil, outputPath: folder.path + "/Output")
        let report = try Builder(options: options).makeSnapshot()
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/Content/menu")
        #if canImport(Darwin)
            // APFS and HFS+ take both for one name: the second write replaced the first, and
            // that one file builds without a word.
            #expect(names.count == 2, "\(names)")
            #expect(report.warnings.isEmpty, "\(report.warnings)")
            #expect(report.snapshot.text(at: "menu/caf\u{E9}.html")?.contains("<h1>B</h1>") == true)
        #else
            // Linux keeps both names; the first in byte order (`e` before `é`'s first byte) is
            // the one built.
            #expect(names.count == 3, "\(names)")
            #expect(report.warnings.map(\.path) == [folder.path + "/Content/menu/caf\u{E9}.md"])
            #expect(report.warnings.first?.message.contains("skipped") == true)
            #expect(report.snapshot.text(at: "menu/caf\u{E9}.html")?.contains("<h1>B</h1>") == true)
            #expect(!report.snapshot.paths.contains { $0.hasSuffix("-2.html") })
        #endif
    }

    // MARK: Images

    @Test func missingImagesAreWarningsWithLines() {
        let site = MemorySite([
            "pets/_index.md": Self.catalog,
            "pets/rex.md": "---\ntitle: Rex\nimage: rex.jpg\n---\nText.\n\n![Rex asleep](asleep.png)\n",
        ])
        let warnings = site.warnings()
        #expect(warnings.map(\.line) == [3, 7])
        #expect(warnings.allSatisfy { $0.path == "Content/pets/rex.md" })
        #expect(warnings[0].message.contains("image `rex.jpg` not found"))
        #expect(warnings[1].message.contains("`asleep.png` points to nothing"))
        #expect(warnings.allSatisfy { $0.hint?.contains("relative to this file") == true })
    }

    /// Hugo sites name their `static/` files from the root (`/pix/rex.webp`): the hint says
    /// that such a path starts at the content folder, and names the file it looked for.
    @Test func aMissingPathFromTheRootIsExplainedWithTheFileLookedFor() {
        let site = MemorySite([
            "pets/_index.md": Self.catalog,
            "pets/rex.md": "---\ntitle: Rex\nimage: /pix/rex%20one.jpg\n---\nText.\n\n![Rex asleep](/pix/asleep.webp#top)\n",
        ])
        let warnings = site.warnings()
        #expect(warnings.map(\.line) == [3, 7])
        #expect(warnings[0].hint?.contains("put the file at `pix/rex one.jpg` in it") == true, "\(warnings[0])")
        #expect(warnings[1].hint?.contains("put the file at `pix/asleep.webp` in it") == true, "\(warnings[1])")
        #expect(warnings.allSatisfy { $0.hint?.contains("starts with `/` is looked up from the content folder") == true })
    }

    @Test func aHugoShortcodeIsAWarningOnItsLine() {
        let warnings = MemorySite([
            "pets/_index.md": Self.catalog,
            "pets/rex.md": "---\ntitle: Rex\n---\nText.\n\n{{< gallery dir=\"rex\" >}}\n\n`{{< figure >}}` is how Hugo shows one.\n",
        ]).warnings()
        #expect(warnings.count == 1, "\(warnings)")
        #expect(warnings.first?.path == "Content/pets/rex.md" && warnings.first?.line == 6)
        #expect(warnings.first?.message == "`{{< gallery dir=\"rex\" >}}` is a Hugo shortcode, which Foldout does not run: the page shows it as written")
        #expect(warnings.first?.hint?.contains("backticks") == true)
    }

    @Test func jekyllsLiquidIsAWarningOnItsLine() {
        let warnings = MemorySite([
            "pets/_index.md": Self.catalog,
            "pets/rex.md": "---\ntitle: Rex\n---\nText.\n\n{% include note.html %}\n\nSee [#12]({{ site.repository }}/issues/12).\n\n`{% raw %}` is how Jekyll shows one.\n",
        ]).warnings()
        #expect(warnings.map(\.line) == [6, 8], "\(warnings)")
        #expect(warnings.first?.message == "`{% include note.html %}` is Jekyll's Liquid, which Foldout does not run: the page shows it as written")
        #expect(warnings.last?.message == "`{{ site.repository }}` is Jekyll's Liquid, which Foldout does not run: the page shows it as written")
    }

    @Test func aKeyGivenTwiceSaysToKeepOneOfItsLines() {
        let errors = MemorySite([
            "pets/_index.md": Self.catalog,
            "pets/rex.md": "---\ntitle: Rex\ndate: 2022-04-14\ndate: 2021-03-19\n---\nText.\n",
        ]).errors()
        #expect(errors.count == 1)
        #expect(errors.first?.path == "Content/pets/rex.md" && errors.first?.line == 4)
        #expect(errors.first?.message.contains("date") == true)
        #expect(errors.first?.hint == "keep one of the `date` lines: each key is given once")
    }

    // MARK: Templates

    @Test func templateSyntaxErrorNamesTemplateLineAndColumn() {
        let templates = Fixture.defaultTemplates(changing: ["item.html": "<h1>{{title}}</h1>\n<p>{{#tags}}{{name}}</p>\n"])
        let site = MemorySite(["pets/_index.md": Self.catalog, "pets/rex.md": "# Rex\n"], templates: templates)
        let errors = site.errors()
        #expect(errors.count == 1)
        #expect(errors.first?.path == "Templates/item.html")
        #expect(errors.first?.line == 2)
        #expect(errors.first?.column == 4)
        #expect(errors.first?.message == "template syntax error: `{{#tags}}` is never closed")
    }

    @Test func unclosedTemplateTagNamesItsLine() {
        let templates = Fixture.defaultTemplates(changing: ["partials/row.html": "<li>\n<a href=\"{{url}\">{{title}}</a>\n"])
        let site = MemorySite(["pets/_index.md": Self.catalog, "pets/rex.md": "# Rex\n"], templates: templates)
        let errors = site.errors()
        #expect(errors.count == 1)
        #expect(errors.first?.path == "Templates/partials/row.html")
        #expect(errors.first?.line == 2)
    }

    @Test func templateUsingAMissingPartialIsAnError() {
        let templates = Fixture.defaultTemplates(changing: ["item.html": "<h1>{{title}}</h1>\n  {{> byline}}\n"])
        let site = MemorySite(["pets/_index.md": Self.catalog, "pets/rex.md": "# Rex\n"], templates: templates)
        let errors = site.errors()
        #expect(errors.count == 1)
        #expect(errors.first?.path == "Templates/item.html")
        #expect(errors.first?.line == 2)
        #expect(errors.first?.column == 3)
        #expect(errors.first?.message.contains("partial `byline`") == true)
    }

    /// A file the site copies (a PDF, a photo) that cannot be read is the source's problem:
    /// the error names it and says `chmod`, never that the output folder is not writable.
    @Test func anUnreadableFileToCopyIsNamedWithAReadHintNotAWriteHint() throws {
        let site = MemorySite([
            "_index.md": "# Shelter\n", "pets/_index.md": Self.catalog,
            "pets/luna.md": "# Luna\n\n[Adoption form](form.pdf)\n", "pets/form.pdf": "%PDF-1.4\n",
        ])
        var options = site.options
        let read = options.fileSystem.readFile
        options.fileSystem.readFile = { path in
            if path.hasSuffix("/form.pdf") { throw FileSystemError(path: path, errno: EACCES) }
            return try read(path)
        }
        let failure = try #require(throws: BuildFailure.self) { try Builder(options: options).build() }
        let error = try #require(failure.diagnostics.first { $0.severity == .error })
        #expect(error.path.hasSuffix("pets/form.pdf"), "\(failure.diagnostics)")
        #expect(error.message == "cannot read file: Permission denied")
        #expect(error.hint?.contains("chmod u+r") ?? false)
        #expect(!(error.hint ?? "").contains("writable"))
        #expect(!site.memory.exists(site.output))
    }

    @Test func missingContentFolderIsAnError() {
        let errors = MemorySite([:]).errors()
        #expect(errors.count == 1)
        #expect(errors.first?.path == "Content")
        #expect(errors.first?.message == "content folder not found")
    }
}
