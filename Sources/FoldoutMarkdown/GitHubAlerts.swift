import CCmark
import Foundation

/// GitHub's alerts: a block quote at the top of the document whose first line is `[!NOTE]`,
/// `[!TIP]`, `[!IMPORTANT]`, `[!WARNING]` or `[!CAUTION]` (any case) becomes a titled callout,
/// written as GitHub writes it (`<div class="markdown-alert markdown-alert-note">` with a
/// `<p class="markdown-alert-title">`), so documentation sets that use them read as on GitHub.
/// Any other block quote, and one holding nothing but the marker, stays a block quote.
package enum GitHubAlerts {
    package static let kinds = ["note", "tip", "important", "warning", "caution"]

    /// The classes of the two elements an alert is made of, which the raw-HTML allowlist keeps.
    package static let divClasses = Set(kinds.map { "markdown-alert markdown-alert-" + $0 })
    package static let titleClass = "markdown-alert-title"

    package static func convert(
        _ document: OpaquePointer, source: UnsafeBufferPointer<UInt8>,
        allocator: UnsafeMutablePointer<cmark_mem>, garbage: CmarkGarbage
    ) {
        // Most pages have no alert: they pay one memchr-driven search for "[!".
        guard PipeTables.contains(source, UInt8(ascii: "["), UInt8(ascii: "!")) else { return }
        var node = cmark_node_first_child(document)
        while let quote = node {
            node = cmark_node_next(quote)
            guard cmark_node_get_type(quote) == CMARK_NODE_BLOCK_QUOTE, let kind = takeMarker(from: quote, garbage: garbage) else { continue }
            let alert = cmark_node_new_with_mem(CMARK_NODE_CUSTOM_BLOCK, allocator)
            let title = kind.prefix(1).uppercased() + kind.dropFirst()
            _ = cmark_node_set_on_enter(alert, "<div class=\"markdown-alert markdown-alert-\(kind)\">\n<p class=\"\(titleClass)\">\(title)</p>")
            _ = cmark_node_set_on_exit(alert, "</div>")
            cmarkMoveChildren(of: quote, to: alert)
            cmark_node_replace(quote, alert)
            garbage.add(quote)
        }
    }

    /// The alert's kind, when `quote` opens with a marker line and has more after it; the
    /// marker (and the line break after it) is then taken out of the first paragraph.
    private static func takeMarker(from quote: OpaquePointer, garbage: CmarkGarbage) -> String? {
        guard let paragraph = cmark_node_first_child(quote), cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH else { return nil }
        // The marker is one or more text nodes (cmark splits text at `[` and `!`) up to the
        // first line break.
        var text = ""
        var markerNodes: [OpaquePointer] = []
        var lineBreak: OpaquePointer?
        var inline = cmark_node_first_child(paragraph)
        while let current = inline {
            let type = cmark_node_get_type(current)
            if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK {
                lineBreak = current
                break
            }
            guard type == CMARK_NODE_TEXT, let literal = cmark_node_get_literal(current) else { return nil }
            text += String(cString: literal)
            markerNodes.append(current)
            inline = cmark_node_next(current)
        }
        let marker = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard marker.hasPrefix("[!"), marker.hasSuffix("]") else { return nil }
        let kind = String(marker.dropFirst(2).dropLast())
        guard kinds.contains(kind) else { return nil }
        // A marker with nothing after it is shown as written, as GitHub does.
        guard lineBreak != nil || cmark_node_next(paragraph) != nil else { return nil }
        for node in markerNodes + [lineBreak].compactMap({ $0 }) {
            cmark_node_unlink(node)
            garbage.add(node)
        }
        if cmark_node_first_child(paragraph) == nil {
            cmark_node_unlink(paragraph)
            garbage.add(paragraph)
        }
        return kind
    }
}
