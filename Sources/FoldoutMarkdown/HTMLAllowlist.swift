import CLibXML2
import FoldoutBase

/// The harmless part of raw HTML in Markdown, for sites that leave `unsafe_html` off. A page's
/// HTML, as cmark wrote it with its raw HTML in, is parsed by libxml2's HTML parser and written
/// again from the tree it built: only the elements and attributes in `elements`, every URL
/// through `SafeURL`, every text and value escaped here. An element not on the list leaves its
/// text behind; one whose content is no text for a reader (`script`, `svg`…) goes whole, a
/// comment in its place. Never a pattern over the markup: a browser gets back exactly the tree
/// that was checked.
package struct HTMLAllowlist {
    /// Each raw HTML node's text and the body line it starts on, in order: the line a raw URL
    /// is reported on.
    package var sources: [(text: String, line: Int)] = []
    /// URLs cmark wrote for Markdown links and images, percent-decoded (cmark percent-encodes
    /// them): those were checked and rewritten already, so they are not rewritten again.
    package var markdownURLs: Set<String> = []
    /// The Markdown headings' ids, in order: kept on the headings that carry them.
    package var headingIDs: [String] = []
    /// Ids the layout uses: a raw element does not get them.
    package var reservedIDs: Set<String> = []

    package struct Output {
        package var html: String
        /// Heading ids still on the page, in order.
        package var headingIDs: [String]
        /// Ids kept on raw elements (`<span id>`, `<a name>`), in order.
        package var ids: [String]
        /// URLs of raw `a href` and `img src`, as Markdown links report theirs.
        package var links: [MarkdownRenderer.Link]
    }

    /// Kept elements and the attributes each keeps, in the order they are written: cmark's
    /// own vocabulary (pipe tables included) and the inline HTML content uses.
    package static let elements: [String: [String]] = {
        var elements: [String: [String]] = [
            "a": ["id", "href", "title", "class", "role", "aria-label"], "img": ["src", "alt", "title", "width", "height"],
            "code": ["class"], "ol": ["start"], "th": ["style"], "td": ["style"],
            // GitHub's alerts (`GitHubAlerts`), with their own classes only.
            "div": ["class"], "p": ["class"],
            // Highlighted code (`CodeHighlighter`), with its own classes only.
            "span": ["id", "class"], "abbr": ["title"], "details": ["open"],
            // Footnotes (`Footnotes`): their list and its items' ids.
            "section": ["class", "aria-label"], "li": ["id"],
        ]
        for level in 1...6 { elements["h\(level)"] = ["id"] }
        for name in [
            "em", "strong", "pre", "ul", "blockquote", "hr", "br", "del", "table", "thead", "tbody", "tr",
            "kbd", "sup", "sub", "mark", "summary",
        ] {
            elements[name] = []
        }
        return elements
    }()

    package static let voidElements: Set<String> = ["br", "hr", "img"]

    /// Whether `node` is the `div` of a GitHub alert, by its class.
    static func isAlert(_ node: xmlNodePtr) -> Bool {
        var attribute = node.pointee.properties
        while let current = attribute {
            if name(current.pointee.name) == "class" { return GitHubAlerts.divClasses.contains(text(of: current)) }
            attribute = current.pointee.next
        }
        return false
    }

    /// An attribute's value, its text children joined.
    static func text(of attribute: xmlAttrPtr) -> String {
        var value: [UInt8] = []
        var child = attribute.pointee.children
        while let node = child {
            if let content = node.pointee.content {
                value.append(contentsOf: UnsafeBufferPointer(start: content, count: Int(xmlStrlen(content))))
            }
            child = node.pointee.next
        }
        return String(decoding: value, as: UTF8.self)
    }

    package static let headings: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6"]
    /// Kept elements that hold only text and inline elements, and those that may not be in them.
    package static let phrasingOnly: Set<String> = headings.union([
        "p", "pre", "em", "strong", "code", "del", "span", "kbd", "sup", "sub",
        "abbr", "mark", "summary",
    ])
    package static let blocks: Set<String> = headings.union(["p", "ul", "ol", "pre", "blockquote", "hr", "table", "details", "div"])

    /// Dropped with everything inside: code, styles, other vocabularies, form controls,
    /// embedded documents, and text a browser does not show as text.
    package static let droppedWhole: Set<String> = [
        "script", "style", "svg", "math", "iframe", "frame", "frameset", "object", "embed", "applet", "param", "template",
        "noscript", "noembed", "noframes", "textarea", "title", "xmp", "plaintext", "select", "option", "optgroup", "datalist",
        "input", "meta", "link", "base", "head", "canvas", "audio", "video", "source", "track", "portal",
        "dialog", "slot",
    ]

    /// `style` is kept on table cells in the one form pipe tables write.
    package static let cellStyles: Set<String> = ["text-align: left", "text-align: center", "text-align: right"]

    package static let omitted = Array("<!-- raw HTML omitted -->".utf8)

    /// libxml2 sets up its globals once, before any thread parses.
    private static let libxml2Ready: Void = xmlInitParser()

    /// `html` written again with only what the allowlist keeps. `rewrite` is called for each
    /// raw link and image URL that is allowed (as for Markdown links) and may replace it.
    package func clean(_ html: UnsafeBufferPointer<UInt8>, rewrite: (MarkdownRenderer.Link) -> String?) -> Output {
        _ = Self.libxml2Ready
        // An open `<body>` first: text at the start is then not wrapped in an implied `<p>`.
        var input = Array("<body>".utf8)
        input.append(contentsOf: html)
        let options =
            HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_NONET.rawValue | HTML_PARSE_NODEFDTD.rawValue | HTML_PARSE_IGNORE_ENC.rawValue | HTML_PARSE_COMPACT.rawValue
        guard input.count <= Int(Int32.max),
            let document = input.withUnsafeBufferPointer({ bytes in
                bytes.withMemoryRebound(to: CChar.self) { htmlReadMemory($0.baseAddress, Int32($0.count), nil, "UTF-8", Int32(options)) }
            })
        else {
            return Output(html: "", headingIDs: [], ids: [], links: [])
        }
        defer { xmlFreeDoc(document) }
        return withoutActuallyEscaping(rewrite) { rewrite in
            var writer = Writer(allowlist: self, rewrite: rewrite)
            writer.write(document)
            return Output(
                html: String(decoding: writer.bytes, as: UTF8.self), headingIDs: writer.keptHeadingIDs,
                ids: writer.keptIDs, links: writer.links)
        }
    }

    /// Depth first over `document` by child, sibling and parent links, so deep nesting cannot
    /// overflow the stack. `visit(node, false)` says whether to go into the node's children;
    /// `visit(node, true)` follows for each node gone into, after its children.
    static func walk(_ document: htmlDocPtr, _ visit: (xmlNodePtr, _ leaving: Bool) -> Bool) {
        walk(root: UnsafeMutableRawPointer(document), first: document.pointee.children, visit)
    }

    /// `walk` over what is inside `node`.
    static func walk(inside node: xmlNodePtr, _ visit: (xmlNodePtr, _ leaving: Bool) -> Bool) {
        walk(root: UnsafeMutableRawPointer(node), first: node.pointee.children, visit)
    }

    static func walk(root: UnsafeMutableRawPointer, first: xmlNodePtr?, _ visit: (xmlNodePtr, _ leaving: Bool) -> Bool) {
        var next = first
        while let node = next {
            if visit(node, false) {
                if let child = node.pointee.children {
                    next = child
                    continue
                }
                _ = visit(node, true)
            }
            var at = node
            next = nil
            while true {
                if let sibling = at.pointee.next {
                    next = sibling
                    break
                }
                guard let parent = at.pointee.parent, UnsafeMutableRawPointer(parent) != root else { break }
                at = parent
                _ = visit(at, true)
            }
        }
    }

    static func name(of node: xmlNodePtr) -> String { name(node.pointee.name) }

    static func name(_ name: UnsafePointer<xmlChar>?) -> String {
        guard let name else { return "" }
        // libxml2 lower-cases HTML names already; this keeps the lists right if it did not.
        return String(cString: name).lowercased()
    }

    /// Kept elements to write without their tags, so that what is written nests as HTML
    /// allows: a phrasing element holding a block (an unclosed `<span>` before a heading)
    /// gives way to the block, a `<summary>` outside `<details>` goes, and so does a `<p>`
    /// right inside a `<summary>` (Markdown between the tags).
    static func unwrapped(in document: htmlDocPtr) -> Set<UnsafeMutableRawPointer> {
        var unwrapped: Set<UnsafeMutableRawPointer> = []
        var open: [(node: xmlNodePtr, name: String)] = []
        // The phrasing elements in `open[..<checked]` were marked already if a block is inside.
        var checked = 0
        walk(document) { node, leaving in
            if leaving {
                if open.last?.node == node {
                    open.removeLast()
                    checked = min(checked, open.count)
                }
                return false
            }
            guard node.pointee.type == XML_ELEMENT_NODE else { return false }
            let name = name(of: node)
            guard elements[name] != nil else { return !droppedWhole.contains(name) }
            let parent = open.last?.name
            if (name == "summary" && parent != "details") || (name == "p" && parent == "summary") {
                unwrapped.insert(UnsafeMutableRawPointer(node))
                return true
            }
            if blocks.contains(name) {
                for index in checked..<open.count where phrasingOnly.contains(open[index].name) {
                    unwrapped.insert(UnsafeMutableRawPointer(open[index].node))
                }
                checked = open.count
            }
            guard !voidElements.contains(name) else { return false }
            open.append((node, name))
            return true
        }
        unwrapStructure(in: document, &unwrapped)
        return unwrapped
    }

    /// The only parents some elements may have, and the only children some may have.
    package static let parents: [String: Set<String>] = [
        "li": ["ul", "ol"], "thead": ["table"], "tbody": ["table"], "tr": ["table", "thead", "tbody"], "th": ["tr"], "td": ["tr"],
        "summary": ["details"],
    ]
    package static let children: [String: Set<String>] = [
        "ul": ["li"], "ol": ["li"], "table": ["thead", "tbody", "tr"], "thead": ["tr"], "tbody": ["tr"], "tr": ["th", "td"],
    ]

    /// Adds to `unwrapped` what would still break the content models of lists, tables and
    /// `details` (the Nu checker's errors on hand-written HTML): an element where its parent
    /// may not hold it (a `ul` right in a `ul`: its items join the outer list), and a list,
    /// table or `details` that cannot be kept whole (text between a table's rows, which a
    /// browser moves out of the table; a `details` without a `summary` first). Tags go, text
    /// stays, and nothing is invented (no `<li>`, no summary label).
    private static func unwrapStructure(in document: htmlDocPtr, _ unwrapped: inout Set<UnsafeMutableRawPointer>) {
        // Elements written, with whether one has written content yet.
        var open: [(node: xmlNodePtr, name: String, hasContent: Bool)] = []
        walk(document) { node, leaving in
            if leaving {
                if open.last?.node == node { open.removeLast() }
                return false
            }
            switch node.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if !open.isEmpty, !isBlank(node) { open[open.count - 1].hasContent = true }
                return false
            case XML_ELEMENT_NODE:
                break
            default:
                return false
            }
            let name = name(of: node)
            guard elements[name] != nil, !unwrapped.contains(UnsafeMutableRawPointer(node)) else { return !droppedWhole.contains(name) }
            let parent = open.last
            var kept = parents[name].map { allowed in parent.map { allowed.contains($0.name) } ?? false } ?? true
            // A `summary` only as the first thing in its `details`.
            kept = kept && (children[parent?.name ?? ""]?.contains(name) ?? true) && !(name == "summary" && parent?.hasContent == true)
            if kept, name == "details" || children[name] != nil {
                kept = holdsWhatItMay(node, name, unwrapped: unwrapped)
            }
            guard kept else {
                unwrapped.insert(UnsafeMutableRawPointer(node))
                return true
            }
            if !open.isEmpty { open[open.count - 1].hasContent = true }
            guard !voidElements.contains(name) else { return false }
            open.append((node, name, false))
            return true
        }
    }

    /// Whether `container` (a list, table or `details`) can be written with its tags: a
    /// `details` whose first content is a `summary`; a list or table with no text or image
    /// outside its items or cells and every table part in place. Other elements in the wrong
    /// place go with their tags alone.
    private static func holdsWhatItMay(_ container: xmlNodePtr, _ containerName: String, unwrapped: Set<UnsafeMutableRawPointer>) -> Bool {
        var holds = true
        var first: String?
        var open: [(node: xmlNodePtr, name: String)] = [(container, containerName)]
        walk(inside: container) { node, leaving in
            if leaving {
                if open.last?.node == node { open.removeLast() }
                return false
            }
            guard holds, first == nil else { return false }
            switch node.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if !isBlank(node) { (holds, first) = (false, "") }
                return false
            case XML_ELEMENT_NODE:
                break
            default:
                return false
            }
            let name = name(of: node)
            guard elements[name] != nil, !unwrapped.contains(UnsafeMutableRawPointer(node)) else { return !droppedWhole.contains(name) }
            if containerName == "details" {
                first = name
                return false
            }
            if children[open[open.count - 1].name]?.contains(name) == true {
                guard children[name] != nil else { return false }  // an item or a cell: anything goes inside
                open.append((node, name))
                return true
            }
            if name == "img" || name == "table" || parents[name] != nil {
                holds = false
                return false
            }
            return true
        }
        return containerName == "details" ? first == "summary" : holds
    }

    private static func isBlank(_ node: xmlNodePtr) -> Bool {
        guard let content = node.pointee.content else { return true }
        return UnsafeBufferPointer(start: content, count: Int(xmlStrlen(content))).allSatisfy {
            $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0C || $0 == 0x0D
        }
    }
}
