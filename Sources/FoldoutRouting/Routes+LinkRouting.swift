import FoldoutBase
import FoldoutMarkdown

extension Routes: LinkRouting {
    package func page(showing source: String) -> (path: String, isOwnPage: Bool)? {
        let owner = owner(of: source)
        return targets[owner].map { ($0.path, owner == source) }
    }

    package func outputPath(ofLink link: String, inSource source: String) -> String? {
        target(ofLink: link, inSource: source)?.path
    }

    /// Resolves a link written in a Markdown body to a relative URL from the page it shows on.
    package func resolve(_ destination: String, inSource source: String, fromPage page: String) -> PageBodyRenderer.Resolution {
        if destination.hasPrefix("#") {
            let fragment = OutputPath.percentDecode(String(destination.dropFirst()))
            return fragment.isEmpty ? .external : .sameAnchor(page: page, fragment: fragment)
        }
        guard OutputPath.isLocal(destination), !destination.hasPrefix("//") else { return .external }
        var path = Substring(destination)
        var fragment: String?
        if let hash = path.firstIndex(of: "#") {
            // Written fragments may be percent-encoded already; `relativeURL` encodes once.
            fragment = OutputPath.percentDecode(String(path[path.index(after: hash)...]))
            path = path[..<hash]
        }
        if let question = path.firstIndex(of: "?") { path = path[..<question] }
        if path.isEmpty { return .external }
        // A path from the root (`/docs/setup.md`) starts at the content folder, as on GitHub.
        let rooted = path.hasPrefix("/")
        guard let target = target(ofLink: String(rooted ? path.drop { $0 == "/" } : path), inSource: rooted ? "" : source)
        else { return .missing }
        let anchor = fragment.flatMap { $0.isEmpty ? nil : $0 } ?? target.fragment
        return .rewritten(OutputPath.relativeURL(from: page, to: target.path, fragment: anchor), page: target.path, fragment: anchor)
    }
}
