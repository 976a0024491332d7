import FoldoutBase
import FoldoutRendering
import Foundation

/// Links in Foldout's output, read back the way a browser follows them.
package enum OutputLinks {
    /// Every `href` and `src` value of the HTML page at `page`, entities decoded.
    package static func urls(in html: String) -> [String] {
        let pattern = /(?:href|src)="([^"]*)"/
        return html.matches(of: pattern).map { String($0.output.1).replacingOccurrences(of: "&amp;", with: "&") }
    }

    /// Relative URLs of every page that do not lead to a file of the snapshot (fragments
    /// ignored), as `page -> url`. Files under `assets/` come from the templates' own folder,
    /// which the built-in templates may not have yet, so they are not looked for.
    package static func broken(in snapshot: OutputSnapshot) -> [String] {
        var broken: [String] = []
        for page in snapshot.paths where page.hasSuffix(".html") {
            let folder = page.split(separator: "/").dropLast().joined(separator: "/")
            for url in urls(in: snapshot.text(at: page) ?? "") where SafeURL.scheme(of: url) == nil && !url.hasPrefix("#") && !url.hasPrefix("//") {
                let path = String(url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0])
                let target = OutputPath.resolve(OutputPath.percentDecode(path), inFolder: folder)
                if target?.hasPrefix("assets/") == true { continue }
                guard let target, snapshot.files[target] != nil else {
                    broken.append("\(page) -> \(url)")
                    continue
                }
            }
        }
        return broken
    }
}
