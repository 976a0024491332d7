import FoldoutBuild

/// The pages of a build in memory (`MemorySite.report()`), read as text.
extension Builder.Report {
    /// The page's text; empty when the build made no such file.
    package func html(_ path: String) -> String {
        snapshot.text(at: path) ?? ""
    }

    /// The first line of the page that contains `fragment` (e.g. `<li class="row" id="a/b"`).
    package func line(_ path: String, containing fragment: String) -> String {
        html(path).split(separator: "\n").first { $0.contains(fragment) }.map(String.init) ?? ""
    }

    /// How often `fragment` occurs in the page.
    package func count(_ fragment: String, in path: String) -> Int {
        html(path).components(separatedBy: fragment).count - 1
    }
}
