import CCmark
import Foundation
import FoldoutBase

extension MarkdownRenderer {
    /// The document's HTML with its raw HTML in, through `HTMLAllowlist`: for a page that has
    /// raw HTML on a site that keeps raw HTML off. `rawHTML` are the raw HTML nodes in order,
    /// `links` the Markdown links and images as they were rendered.
    package static func renderThroughAllowlist(_ document: OpaquePointer, options: Int32, rawHTML: [OpaquePointer], headingIDs: [String],
                                       links: [Link], reservedIDs: Set<String>,
                                               rewrite: (Link) -> String?) -> HTMLAllowlist.Output {
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
}
