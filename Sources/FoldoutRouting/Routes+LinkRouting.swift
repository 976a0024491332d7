import FoldoutBase
import FoldoutMarkdown

extension Routes: LinkRouting {
    package func page(showing source: String) -> (path: String, isOwnPage: Bool)? {
        let owner = owner(of: source)
        // A long intro is shown on its group's page of its own, alone: its headings keep
        // their ids as written, clear of the catalog page's outline.
        if let page = groupPages[owner] { return (page, true) }
        return targets[owner].map { ($0.path, owner == source) }
    }

    package func outputPath(ofLink link: String, inSource source: String) -> String? {
        target(ofLink: link, inSource: source)?.path
    }

    package func indexFile(ofLink destination: String, inSource source: String) -> String? {
        guard OutputPath.isLocal(destination), !destination.hasPrefix("#"), !destination.hasPrefix("//") else { return nil }
        let link = OutputPath.localLink(destination)
        return indexFile(ofLinkPath: String(link.path), inSource: link.fromRoot ? "" : source)
    }

    /// Resolves a link written in a Markdown body to a relative URL from the page it shows on.
    package func resolve(_ destination: String, inSource source: String, fromPage page: String) -> PageBodyRenderer.Resolution {
        if destination.hasPrefix("#") {
            let fragment = OutputPath.percentDecode(String(destination.dropFirst()))
            return fragment.isEmpty ? .external : .sameAnchor(page: page, fragment: fragment)
        }
        guard OutputPath.isLocal(destination), !destination.hasPrefix("//") else { return .external }
        let link = OutputPath.localLink(destination)
        if link.path.isEmpty, !link.fromRoot { return .external }
        // A path from the root (`/docs/setup.md`) starts at the content folder, as on GitHub.
        guard let target = target(ofLink: String(link.path), inSource: link.fromRoot ? "" : source) else {
            return draft(ofLink: String(link.path), inSource: link.fromRoot ? "" : source).map { .draft(source: $0) } ?? .missing
        }
        let anchor = link.fragment.flatMap { $0.isEmpty ? nil : $0 } ?? target.fragment
        return .rewritten(OutputPath.relativeURL(from: page, to: target.path, fragment: anchor), page: target.path, fragment: anchor)
    }
}
