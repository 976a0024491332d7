import FoldoutBase
import FoldoutMarkdown
import FoldoutBuild

/// Builds a site from in-memory files (paths relative to the content folder) with the
/// built-in templates, and reads the output back.
package struct SiteFixture {
    package var report: Builder.Report

    package init(_ files: [String: String]) throws {
        report = try Fixture.snapshot(files)
    }

    package func html(_ path: String) -> String {
        report.snapshot.text(at: path) ?? ""
    }

    /// The source of the element that opens with `start` (e.g. `<li class="row" id="a/b"`),
    /// up to the end of its line.
    package func line(_ path: String, containing fragment: String) -> String {
        html(path).split(separator: "\n").first { $0.contains(fragment) }.map(String.init) ?? ""
    }

    /// How often `fragment` occurs in the page.
    package func count(_ fragment: String, in path: String) -> Int {
        html(path).components(separatedBy: fragment).count - 1
    }

    /// Diagnostics of a build expected to fail.
    package static func failure(_ files: [String: String]) -> [Diagnostic] {
        Fixture.failure(files)?.diagnostics ?? []
    }
}

/// A page file with front matter lines and a body.
package func page(_ frontMatter: String, _ body: String = "Some text.") -> String {
    "---\n" + frontMatter + "\n---\n\n" + body + "\n"
}
