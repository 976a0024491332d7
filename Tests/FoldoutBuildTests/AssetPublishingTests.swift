import FoldoutBase
import FoldoutTestSupport
import Foundation
import Testing

/// Which content files are published (docs/content.md, "Publishing only the files pages
/// use"): every one by default; with `publish: referenced` only those a page links to or
/// shows; and a hidden folder's files (`.github/images/`) only when a page uses them.
@Suite struct AssetPublishingTests {
    /// A catalog whose page links to a PDF and shows an SVG, beside files no page names; a
    /// README at the top showing a screenshot from `.github/`, which holds other files too.
    static let shelter: [String: String] = [
        "README.md": "# Shelter\n\n![The catalog](.github/images/catalog.svg)\n",
        ".github/images/catalog.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"3\"/>",
        ".github/images/unused.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
        ".github/ISSUE_TEMPLATE/bug.md": "---\nname: Bug\n---\nWhat happened?\n",
        ".github/workflows/pages.yml": "on: push\n",
        ".git/config": "[core]\n",
        "pets/_index.md": page("title: Pets"),
        "pets/rex.md": page("title: Rex", "Rex's [adoption form](forms/adopt.pdf).\n\n![Rex](rex.svg)\n"),
        "pets/rex.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
        "pets/forms/adopt.pdf": "%PDF-1.4\n",
        "pets/forms/old-form.pdf": "%PDF-1.4\n",
        "pets/notes.txt": "unused\n",
    ]

    static func site(publish: String?, catalog: String? = nil) -> [String: String] {
        var files = shelter
        if let publish { files["_index.md"] = page("title: Shelter\npublish: \(publish)") }
        if let catalog { files["pets/_index.md"] = page("title: Pets\npublish: \(catalog)") }
        return files
    }

    /// A stylesheet a page uses keeps the files it names (`url(img/bg.png)`, an `@import`ed
    /// stylesheet and what that names) published; a commented-out rule, an unused
    /// stylesheet's files and `data:` URLs publish nothing.
    @Test func filesAUsedStylesheetNamesArePublishedToo() throws {
        var files = Self.site(publish: "referenced")
        files["pets/rex.md"] = page("title: Rex", "Rex's [style](css/rex.css).\n")
        files["pets/css/rex.css"] =
            "@import 'print.css';\nbody { background: URL( \"../img/bg.png?v=2\" ) }\n/* .old { background: url(../img/old.png) } */\n"
            + ".x { background: url(data:image/png;base64,AAAA) }\n@font-face { src: url('/pets/fonts/a.woff2#x') }\n"
        files["pets/css/print.css"] = "@media print { body { background: url(../img/paper.png) } }\n"
        files["pets/css/unused.css"] = "body { background: url(../img/unused.png) }\n"
        for name in ["bg", "old", "paper", "unused"] { files["pets/img/\(name).png"] = "not a real PNG" }
        files["pets/fonts/a.woff2"] = "font"
        let site = MemorySite(files)
        let snapshot = try site.snapshot()
        for path in ["pets/css/rex.css", "pets/css/print.css", "pets/img/bg.png", "pets/img/paper.png", "pets/fonts/a.woff2"] {
            #expect(snapshot.files[path] != nil, "\(path)")
        }
        for path in ["pets/css/unused.css", "pets/img/old.png", "pets/img/unused.png"] {
            #expect(snapshot.files[path] == nil, "\(path)")
        }
        // With every file published, the same files are, and the rest too.
        let all = try MemorySite(files.merging(["_index.md": page("title: Shelter")]) { $1 }).snapshot()
        #expect(["pets/img/bg.png", "pets/img/old.png", "pets/css/unused.css"].allSatisfy { all.files[$0] != nil })
    }

    @Test func everyFileIsPublishedByDefaultButAHiddenFoldersUnusedOnes() throws {
        let site = MemorySite(Self.site(publish: nil))
        let snapshot = try site.snapshot()
        #expect(site.warnings().isEmpty, "\(site.warnings())")
        for path in ["pets/rex.svg", "pets/forms/adopt.pdf", "pets/forms/old-form.pdf", "pets/notes.txt"] {
            #expect(snapshot.files[path] != nil, "\(path)")
        }
        // The README's screenshot is found and published; nothing else of `.github/` or `.git/` is.
        let shown = try #require(snapshot.paths.first { $0.hasSuffix("images/catalog.svg") })
        #expect(snapshot.text(at: "index.html")?.contains("src=\"\(shown)\"") == true)
        #expect(!snapshot.paths.contains { $0.contains("unused.svg") || $0.contains("bug") || $0.contains("pages.yml") || $0.contains("config") })
        // The Markdown of a hidden folder is no page of the site.
        #expect(!(snapshot.text(at: "index.html") ?? "").contains("Bug"))
    }

    /// A README's raw-HTML `<img>` (as READMEs size their screenshots) finds the file too,
    /// from the top and from a page in a folder.
    @Test func rawHTMLAndLinksFromFoldersFindAHiddenFoldersFiles() throws {
        var files = Self.shelter
        files["README.md"] = "# Shelter\n\n<img src=\".github/images/catalog.svg\" alt=\"The catalog\" width=\"40\">\n"
        files["pets/about.md"] = page("title: About", "![The catalog](../.github/images/catalog.svg)\n")
        let site = MemorySite(files)
        let snapshot = try site.snapshot()
        #expect(site.warnings().isEmpty, "\(site.warnings())")
        let shown = try #require(snapshot.paths.first { $0.hasSuffix("images/catalog.svg") })
        #expect(snapshot.text(at: "index.html")?.contains("src=\"\(shown)\"") == true)
        #expect(snapshot.text(at: "pets/about.html")?.contains("src=\"../\(shown)\"") == true)
    }

    @Test func referencedPublishesOnlyTheFilesPagesUse() throws {
        let site = MemorySite(Self.site(publish: "referenced"))
        let snapshot = try site.snapshot()
        #expect(site.warnings().isEmpty, "\(site.warnings())")
        #expect(snapshot.files["pets/rex.svg"] != nil)
        #expect(snapshot.files["pets/forms/adopt.pdf"] != nil)
        #expect(snapshot.files["pets/forms/old-form.pdf"] == nil)
        #expect(snapshot.files["pets/notes.txt"] == nil)
        // Pages, and the templates' own files, are all there.
        #expect(snapshot.files["pets/rex.html"] != nil && snapshot.files["assets/style.css"] != nil)
    }

    @Test func aCatalogDecidesForItsOwnFiles() throws {
        let referenced = try MemorySite(Self.site(publish: nil, catalog: "referenced")).snapshot()
        #expect(referenced.files["pets/notes.txt"] == nil && referenced.files["pets/forms/adopt.pdf"] != nil)
        let all = try MemorySite(Self.site(publish: "referenced", catalog: "all")).snapshot()
        #expect(all.files["pets/notes.txt"] != nil && all.files["pets/forms/old-form.pdf"] != nil)
    }

    @Test func anUnknownValueIsAnErrorAtItsLine() {
        let errors = MemorySite(Self.site(publish: "used")).errors()
        #expect(errors.contains { $0.path == "Content/_index.md" && $0.line == 3 && $0.message.contains("`publish` must be `all`") })
    }

    /// A page that starts linking to a file publishes it; one that stops removes it, and
    /// each rebuild gives what a clean build gives (the quick rebuild steps aside).
    @Test func rebuildsFollowWhatPagesUse() throws {
        let site = MemorySite(Self.site(publish: "referenced"))
        try site.build()
        #expect(!site.outputFiles.contains("pets/forms/old-form.pdf"))
        try site.write(["pets/rex.md": page("title: Rex", "The [old form](forms/old-form.pdf) only.\n")])
        let outcome = try site.build()
        #expect(!outcome.rebuiltOnlyEditedItems)
        #expect(site.outputFiles.contains("pets/forms/old-form.pdf"))
        #expect(!site.outputFiles.contains("pets/forms/adopt.pdf") && !site.outputFiles.contains("pets/rex.svg"))
        let clean = try site.cleanBuild()
        #expect(try site.state.sitePaths == clean.state.sitePaths)
        // The README stops showing the screenshot: it leaves the output too.
        try site.write(["README.md": "# Shelter\n\nNo pictures.\n"])
        try site.build()
        #expect(!site.outputFiles.contains { $0.hasSuffix("catalog.svg") })
    }
}
