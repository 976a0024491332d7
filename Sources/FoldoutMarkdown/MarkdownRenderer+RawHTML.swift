import CCmark
import FoldoutBase
import Foundation

extension MarkdownRenderer {
    /// The document's HTML with its raw HTML in, through `HTMLAllowlist`: for a page that has
    /// raw HTML on a site that keeps raw HTML off. `rawHTML` are the raw HTML nodes in order,
    /// `links` the Markdown links and images as they were rendered.
    package static func renderThroughAllowlist(
        _ document: OpaquePointer, options: Int32, rawHTML: [OpaquePointer], headingIDs: [String],
        links: [Link], reservedIDs: Set<String>,
        rewrite: (Link) -> String?
    ) -> HTMLAllowlist.Output {
        var allowlist = HTMLAllowlist()
        allowlist.sources = rawHTML.map { node in
            (cmark_node_get_literal(node).map { String(cString: $0) } ?? "", Int(cmark_node_get_start_line(node)))
        }
        // A refused or invalid Markdown URL was emptied; a repaired one is its destination.
        allowlist.markdownURLs = Set(links.map { OutputPath.percentDecode($0.isRefused || $0.isInvalid ? "" : $0.destination) })
        allowlist.headingIDs = headingIDs
        allowlist.reservedIDs = reservedIDs
        guard let html = cmark_render_html(document, options | CMARK_OPT_UNSAFE) else {
            return HTMLAllowlist.Output(html: "", headingIDs: [], ids: [], links: [])
        }
        defer { cmark_get_default_mem_allocator().pointee.free(html) }
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(html).assumingMemoryBound(to: UInt8.self), count: strlen(html))
        return allowlist.clean(bytes, rewrite: rewrite)
    }

    /// `<img src>` in raw HTML kept as written (`unsafe_html: true`): each source goes
    /// through `rewrite` as a Markdown image's does, which warns about one pointing at
    /// nothing, and is replaced by what it gives (a photo's published file, a page's URL).
    /// Returns the images as links, lines counted in the body.
    package static func resolveRawImages(_ rawHTML: [OpaquePointer], rewrite: (Link) -> String?) -> [Link] {
        var found: [Link] = []
        for node in rawHTML {
            guard let literal = cmark_node_get_literal(node).map({ String(cString: $0) }), literal.range(of: "<img", options: .caseInsensitive) != nil
            else { continue }
            let line = Int(cmark_node_get_start_line(node))
            var changed = literal
            let whole = NSRange(literal.startIndex..., in: literal)
            // Last first, so the ranges of the earlier ones stay where they were.
            for match in rawImage.matches(in: literal, range: whole).reversed() {
                guard let valueRange = [2, 3, 4].lazy.compactMap({ Range(match.range(at: $0), in: literal) }).first else { continue }
                let source = String(literal[valueRange])
                guard !source.isEmpty, SafeURL.isAllowed(source) else { continue }
                let tag = String(literal[Range(match.range, in: literal)!])
                let alt = rawAlt.firstMatch(in: tag, range: NSRange(tag.startIndex..., in: tag)).flatMap { altMatch in
                    [2, 3, 4].lazy.compactMap { Range(altMatch.range(at: $0), in: tag).map { String(tag[$0]) } }.first
                }
                let link = Link(destination: source, isImage: true, line: line, text: alt ?? "")
                found.append(link)
                if let replacement = rewrite(link), replacement != source,
                    let target = Range(match.range(at: [2, 3, 4].first { match.range(at: $0).location != NSNotFound }!), in: changed)
                {
                    // Written into the tag as it stands, so nothing in it may end the attribute.
                    var written = ""
                    for character in replacement.unicodeScalars {
                        switch character {
                        case "\"": written += "%22"
                        case "'": written += "%27"
                        case "<": written += "%3C"
                        case ">": written += "%3E"
                        case " ": written += "%20"
                        case "&": written += "&amp;"
                        default: written.unicodeScalars.append(character)
                        }
                    }
                    changed.replaceSubrange(target, with: written)
                }
            }
            if changed != literal { cmark_node_set_literal(node, changed) }
        }
        return found.reversed()
    }

    /// An `<img>` tag's `src`, double-quoted, single-quoted or bare (groups 2, 3, 4).
    private static let rawImage = try! NSRegularExpression(
        pattern: #"<img\b[^>]*?\ssrc\s*=\s*("([^"]*)"|'([^']*)'|([^\s"'>]+))[^>]*>"#, options: [.caseInsensitive])
    /// Its `alt`, the same way.
    private static let rawAlt = try! NSRegularExpression(
        pattern: #"\salt\s*=\s*("([^"]*)"|'([^']*)'|([^\s"'>]+))"#, options: [.caseInsensitive])
}
