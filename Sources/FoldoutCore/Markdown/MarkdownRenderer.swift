import CCmark
import Foundation

/// libcmark, wrapped once. Parses a Markdown body, walks the node tree to find the title,
/// the summary and the headings, gives each heading a unique id, lets the caller rewrite
/// link and image destinations, and renders HTML.
///
/// Safe by default: raw HTML becomes a comment (cmark's own safe mode). Link and image URLs
/// outside `SafeURL` (`javascript:`, `data:` and the like) are emptied in either mode: an
/// author who allows raw HTML still gets no script from a Markdown link. Smart punctuation
/// is on and invalid UTF-8 is replaced.
public struct MarkdownRenderer: Sendable {
    public struct Options: Sendable, Equatable {
        /// Keep raw HTML in Markdown (the site opts in with `unsafe_html: true`).
        public var allowRawHTML = false
        /// Remove a leading level-1 heading from the body when it became the page title,
        /// so the page does not show its title twice.
        public var dropTitleHeading = true
        /// Ids the page layout itself uses (`main`); headings get other ids, so an id stays
        /// unique on the page and a `#fragment` reaches one element.
        public var reservedIDs: Set<String> = []
        public init(allowRawHTML: Bool = false, dropTitleHeading: Bool = true, reservedIDs: Set<String> = []) {
            self.allowRawHTML = allowRawHTML
            self.dropTitleHeading = dropTitleHeading
            self.reservedIDs = reservedIDs
        }
    }

    /// A link or image destination found in the body.
    public struct Link: Sendable, Equatable {
        public var destination: String
        public var isImage: Bool
        /// 1-based line within the body.
        public var line: Int
        /// Alt text for images.
        public var text: String
        /// The URL was emptied because its scheme is not allowed (see `SafeURL`).
        public var isRefused = false
    }

    public struct Result: Sendable {
        public var html: String
        /// Plain text of the heading that opens the body, when it starts with one. A heading
        /// further down names a part of the page, not the page.
        public var firstHeading: String?
        /// Whether that heading was removed from the HTML because it is the title.
        public var droppedTitleHeading: Bool
        /// Plain text of the first paragraph.
        public var firstParagraph: String
        /// Ids given to the headings, in order.
        public var headingIDs: [String]
        public var links: [Link]
    }

    public var options: Options

    public init(options: Options = Options()) {
        self.options = options
    }

    /// Renders `markdown`. `rewrite` is called for each link and image destination and may
    /// return a replacement (nil keeps it). `usesTitleHeading` says whether the page title
    /// comes from the body's first heading.
    public func render(_ markdown: String, usesTitleHeading: Bool = false,
                       rewrite: (Link) -> String? = { _ in nil }) -> Result {
        // No CMARK_OPT_VALIDATE_UTF8: a Swift `String` is valid UTF-8 already (the file was
        // decoded with invalid sequences replaced), and checking it again cost libcmark a copy
        // of every line.
        var parseOptions = CMARK_OPT_SMART
        if options.allowRawHTML { parseOptions |= CMARK_OPT_UNSAFE }
        let document: OpaquePointer = markdown.utf8.withContiguousStorageIfAvailable { buffer in
            buffer.withMemoryRebound(to: CChar.self) { cmark_parse_document($0.baseAddress, $0.count, parseOptions) }
        } ?? {
            var copy = markdown
            return copy.withUTF8 { buffer in
                buffer.withMemoryRebound(to: CChar.self) { cmark_parse_document($0.baseAddress, $0.count, parseOptions) }
            }
        }()
        defer { cmark_node_free(document) }

        var headings: [OpaquePointer] = []
        var firstParagraph: OpaquePointer?
        var links: [Link] = []
        var linkNodes: [OpaquePointer] = []
        let iterator = cmark_iter_new(document)
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_HEADING:
                headings.append(node)
            case CMARK_NODE_PARAGRAPH:
                if firstParagraph == nil { firstParagraph = node }
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                let destination = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
                let isImage = cmark_node_get_type(node) == CMARK_NODE_IMAGE
                links.append(Link(destination: destination, isImage: isImage,
                                  line: Int(cmark_node_get_start_line(node)),
                                  text: isImage ? Self.plainText(of: node) : ""))
                linkNodes.append(node)
            default:
                break
            }
        }
        cmark_iter_free(iterator)

        for (index, link) in links.enumerated() {
            if !SafeURL.isAllowed(link.destination) {
                cmark_node_set_url(linkNodes[index], "")
                links[index].isRefused = true
            } else if let replacement = rewrite(link) {
                cmark_node_set_url(linkNodes[index], replacement)
                links[index].destination = replacement
            }
        }

        let firstHeadingNode = headings.first.flatMap { cmark_node_first_child(document) == $0 ? $0 : nil }
        let firstHeading = firstHeadingNode.map(Self.plainText(of:))
        var dropped = false
        if usesTitleHeading, options.dropTitleHeading, let node = firstHeadingNode,
           cmark_node_get_heading_level(node) == 1, cmark_node_parent(node) == document {
            cmark_node_unlink(node)
            cmark_node_free(node)
            headings.removeFirst()
            dropped = true
        }

        var used = Dictionary(uniqueKeysWithValues: options.reservedIDs.map { ($0, 1) })
        var headingIDs: [String] = []
        for heading in headings {
            let id = Self.uniqueID(for: Self.plainText(of: heading), used: &used)
            headingIDs.append(id)
            Self.replaceHeading(heading, id: id)
        }

        let paragraphText = firstParagraph.map(Self.plainText(of:)) ?? ""
        let html = cmark_render_html(document, parseOptions).map { pointer in
            defer { free(pointer) }
            return String(cString: pointer)
        } ?? ""
        return Result(html: html, firstHeading: firstHeading, droppedTitleHeading: dropped,
                      firstParagraph: paragraphText, headingIDs: headingIDs, links: links)
    }

    /// cmark's HTML renderer writes headings without ids, and safe mode drops raw HTML, so a
    /// heading is swapped for a custom block holding a custom inline that opens and closes
    /// the heading element with its id, its inline children moved inside. Ids are slugs
    /// (letters, digits, dashes), so they need no escaping.
    private static func replaceHeading(_ heading: OpaquePointer, id: String) {
        let level = cmark_node_get_heading_level(heading)
        let block = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK)
        let inline = cmark_node_new(CMARK_NODE_CUSTOM_INLINE)
        cmark_node_set_on_enter(inline, "<h\(level) id=\"\(id)\">")
        cmark_node_set_on_exit(inline, "</h\(level)>")
        while let child = cmark_node_first_child(heading) {
            cmark_node_unlink(child)
            cmark_node_append_child(inline, child)
        }
        cmark_node_append_child(block, inline)
        cmark_node_replace(heading, block)
        cmark_node_free(heading)
    }

    static func uniqueID(for text: String, used: inout [String: Int]) -> String {
        var base = Slug.make(text)
        if base.isEmpty { base = "section" }
        guard let count = used[base] else {
            used[base] = 1
            return base
        }
        var suffix = count
        var candidate = "\(base)-\(suffix)"
        while used[candidate] != nil {
            suffix += 1
            candidate = "\(base)-\(suffix)"
        }
        used[base] = suffix + 1
        used[candidate] = 1
        return candidate
    }

    /// The text content of a node: text, code and line breaks of its descendants.
    static func plainText(of node: OpaquePointer) -> String {
        var text = ""
        let iterator = cmark_iter_new(node)
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let child = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(child) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                if let literal = cmark_node_get_literal(child) { text += String(cString: literal) }
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                text += " "
            default:
                break
            }
        }
        cmark_iter_free(iterator)
        return text
    }
}
