import FoldoutBuild

/// The pages of a build in memory (`MemorySite.report()`), read as text.
extension Builder.Report {
    /// The page's text; empty when the build made no such file.
    package func html(_ path: String) -> String {
        snapshot.text(at: path) ?? ""
    }

    /// The start of the list item that contains `fragment`, up to the next list item: one row
    /// of an outline (`<li class="row" id="a/b"`), whose rows follow each other on one line.
    package func row(_ path: String, containing fragment: String) -> String {
        html(path).components(separatedBy: "<li ").first { $0.contains(fragment) }.map { "<li " + $0 } ?? ""
    }

    /// How often `fragment` occurs in the page.
    package func count(_ fragment: String, in path: String) -> Int {
        html(path).components(separatedBy: fragment).count - 1
    }
}
