import FoldoutTestSupport
import Foundation
import Testing

/// The end-to-end tests lean on `LinkChecker`; these make sure it does catch what it claims to.
@Suite struct LinkCheckerTests {
    func problems(on page: String, _ html: String, files: [String: String] = [:]) throws -> [String] {
        let folder = try TemporaryFolder()
        try folder.write(files.merging(["a/page.html": html]) { $1 })
        return try LinkChecker.check(folder.url).problems.filter { $0.hasPrefix(page) }
    }

    @Test func goodLinksPass() throws {
        let html = """
            <a href="other.html#part">x</a> <a href="#top" id="top">y</a> <img src="../img/my%20dog.png" alt="">
            <a href="https://example.org/missing.html">z</a> <a href="mailto:a@example.org">m</a>
            """
        let found = try problems(
            on: "a/page.html", html,
            files: [
                "a/other.html": "<h2 id=\"part\">Part</h2>", "img/my dog.png": "PNG",
            ])
        #expect(found.isEmpty, "\(found)")
    }

    @Test(arguments: [
        "<a href=\"missing.html\">x</a>",
        "<a href=\"../a/\">directory</a>",
        "<a href=\"../a\">directory without slash</a>",
        "<a href=\"/a/page.html\">rooted</a>",
        "<a href=\"#nowhere\">fragment</a>",
        "<a href=\"page.html#nowhere\">fragment on a named page</a>",
        "<img src=\"../../../escape.png\">",
        "<a href=\"\">empty</a>",
        "<a href=\"javascript:alert(1)\">script</a>",
    ])
    func brokenLinkIsReported(html: String) throws {
        #expect(try problems(on: "a/page.html", html).count == 1)
    }
}
