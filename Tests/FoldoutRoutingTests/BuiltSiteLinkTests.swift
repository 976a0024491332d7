import FoldoutTestSupport
import Testing

@testable import FoldoutBuild

/// Links written for the site another tool built, resolved as that tool resolves them.
@Suite struct BuiltSiteLinkTests {
    func hrefs(_ report: Builder.Report, _ source: String) throws -> [String] {
        let item = try #require(report.site.allItems.first { $0.sourcePath == source }, "no item from \(source)")
        return HTMLTags.scan(item.bodyHTML).compactMap { $0.attributes["href"] }
    }

    static let docs: [String: String] = [
        "_index.md": "---\ntitle: Docs\n---\n",
        "docs/_index.md": "---\ntitle: Guide\n---\n",
        "docs/setup.md": "---\ntitle: Setup\n---\nSee [usage](../usage/) and [the top](../../docs/setup/#more).\n\n## More\n\nText.\n",
        "docs/usage.md": "---\ntitle: Usage\n---\nBody.\n",
        "licenses/_index.md": "---\ntitle: Licenses\n---\n",
        "licenses/apache-2.0.md": "---\ntitle: Apache 2.0\n---\nBody.\n",
        "licenses/mit.md": "---\ntitle: MIT\n---\nLike [Apache](/licenses/apache-2.0/), [React](../react@0.14/) or [MIT](/licenses/mit/).\n",
        "licenses/react@0.14.md": "---\ntitle: React 0.14\n---\nBody.\n",
    ]

    /// Hugo publishes `docs/setup.md` at `docs/setup/`; `../usage/` from there is `docs/usage/`.
    @Test func aFolderStyleLinkIsReadFromThePagesURLInAHugoSite() throws {
        let report = try MemorySite(Self.docs).report()
        #expect(try hrefs(report, "docs/setup.md") == ["usage.html", "setup.html#more"])
        #expect(!report.warnings.contains { $0.message.contains("points to nothing") }, "\(report.warnings)")
    }

    @Test func namesWithDotsAndAtSignsMatchLikeAnyOther() throws {
        let report = try MemorySite(Self.docs).report()
        // Each leads to its page, wherever the page's name put it (`apache-2-0.html`).
        let pages = try ["licenses/apache-2.0.md", "licenses/react@0.14.md", "licenses/mit.md"].map { source in
            try #require(report.site.allItems.first { $0.sourcePath == source }).outputPath.split(separator: "/").last.map(String.init)
        }
        #expect(try hrefs(report, "licenses/mit.md") == pages)
        #expect(!report.warnings.contains { $0.message.contains("points to nothing") }, "\(report.warnings)")
    }

    @Test func aLinkToNothingIsStillWarnedAbout() throws {
        var files = Self.docs
        files["docs/usage.md"] = "---\ntitle: Usage\n---\nSee [gone](../gone/) and [old](/licenses/gpl-2.0/).\n"
        let report = try MemorySite(files).report()
        #expect(report.warnings.contains { $0.message == "link `../gone/` points to nothing in the content folder" })
        #expect(report.warnings.contains { $0.message == "link `/licenses/gpl-2.0/` points to nothing in the content folder" })
    }
}
