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
            "a": ["id", "href", "title"], "img": ["src", "alt", "title", "width", "height"],
            "code": ["class"], "ol": ["start"], "th": ["style"], "td": ["style"],
            // GitHub's alerts (`GitHubAlerts`), with their own classes only.
            "div": ["class"], "p": ["class"],
            "span": ["id"], "abbr": ["title"], "details": ["open"],
        ]
        for level in 1...6 { elements["h\(level)"] = ["id"] }
        for name in ["em", "strong", "pre", "ul", "li", "blockquote", "hr", "br", "del", "table", "thead", "tbody", "tr",
                     "kbd", "sup", "sub", "mark", "summary"] {
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
    package static let phrasingOnly: Set<String> = headings.union(["p", "pre", "em", "strong", "code", "del", "span", "kbd", "sup", "sub",
                                                           "abbr", "mark", "summary"])
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
        let options = HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_NONET.rawValue | HTML_PARSE_NODEFDTD.rawValue | HTML_PARSE_IGNORE_ENC.rawValue | HTML_PARSE_COMPACT.rawValue
        guard input.count <= Int(Int32.max), let document = input.withUnsafeBufferPointer({ bytes in
            bytes.withMemoryRebound(to: CChar.self) { htmlReadMemory($0.baseAddress, Int32($0.count), nil, "UTF-8", Int32(options)) }
        }) else {
            return Output(html: "", headingIDs: [], ids: [], links: [])
        }
        defer { xmlFreeDoc(document) }
        return withoutActuallyEscaping(rewrite) { rewrite in
            var writer = Writer(allowlist: self, rewrite: rewrite)
            writer.write(document)
            return Output(html: String(decoding: writer.bytes, as: UTF8.self), headingIDs: writer.keptHeadingIDs,
                          ids: writer.keptIDs, links: writer.links)
        }
    }

    /// Depth first over `document` by child, sibling and parent links, so deep nesting cannot
    /// overflow the stack. `visit(node, false)` says whether to go into the node's children;
    /// `visit(node, true)` follows for each node gone into, after its children.
    private static func walk(_ document: htmlDocPtr, _ visit: (xmlNodePtr, _ leaving: Bool) -> Bool) {
        walk(root: UnsafeMutableRawPointer(document), first: document.pointee.children, visit)
    }

    /// `walk` over what is inside `node`.
    private static func walk(inside node: xmlNodePtr, _ visit: (xmlNodePtr, _ leaving: Bool) -> Bool) {
        walk(root: UnsafeMutableRawPointer(node), first: node.pointee.children, visit)
    }

    private static func walk(root: UnsafeMutableRawPointer, first: xmlNodePtr?, _ visit: (xmlNodePtr, _ leaving: Bool) -> Bool) {
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

    private static func name(of node: xmlNodePtr) -> String { name(node.pointee.name) }

    private static func name(_ name: UnsafePointer<xmlChar>?) -> String {
        guard let name else { return "" }
        // libxml2 lower-cases HTML names already; this keeps the lists right if it did not.
        return String(cString: name).lowercased()
    }

    /// Kept elements to write without their tags, so that what is written nests as HTML
    /// allows: a phrasing element holding a block (an unclosed `<span>` before a heading)
    /// gives way to the block, a `<summary>` outside `<details>` goes, and so does a `<p>`
    /// right inside a `<summary>` (Markdown between the tags).
    private static func unwrapped(in document: htmlDocPtr) -> Set<UnsafeMutableRawPointer> {
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

    /// Walks the parsed tree and writes what is kept.
    private struct Writer {
        package let allowlist: HTMLAllowlist
        package let rewrite: (MarkdownRenderer.Link) -> String?
        package var bytes: [UInt8] = []
        package var keptHeadingIDs: [String] = []
        package var keptIDs: [String] = []
        package var links: [MarkdownRenderer.Link] = []
        /// Ids on the page so far, and the headings' (which win over raw ones).
        package var takenIDs: Set<String>
        /// Heading ids not met yet: a heading lost inside a dropped element (an unclosed
        /// `<textarea>` swallows the rest of the page) takes no other heading's id with it.
        package var headingIDsToCome: Set<String>
        package var nextSource = 0
        /// The level of the last heading written: raw headings are clamped as Markdown ones
        /// are, none more than one level below the one before (the page title is `h1`).
        package var previousLevel = 1

        package init(allowlist: HTMLAllowlist, rewrite: @escaping (MarkdownRenderer.Link) -> String?) {
            self.allowlist = allowlist
            self.rewrite = rewrite
            takenIDs = allowlist.reservedIDs.union(allowlist.headingIDs)
            headingIDsToCome = Set(allowlist.headingIDs)
        }

        package mutating func write(_ document: htmlDocPtr) {
            let unwrapped = HTMLAllowlist.unwrapped(in: document)
            var open: [(node: xmlNodePtr, name: String)] = []
            HTMLAllowlist.walk(document) { node, leaving in
                if leaving {
                    if let last = open.last, last.node == node {
                        writeEndTag(last.name)
                        open.removeLast()
                    }
                    return false
                }
                switch node.pointee.type {
                case XML_ELEMENT_NODE:
                    var name = HTMLAllowlist.name(of: node)
                    // A `div` is kept as an alert only; any other goes as unknown tags do.
                    if name == "div", !HTMLAllowlist.isAlert(node) { return true }
                    if let attributes = HTMLAllowlist.elements[name], !unwrapped.contains(UnsafeMutableRawPointer(node)) {
                        if HTMLAllowlist.headings.contains(name), let level = name.last?.wholeNumberValue {
                            previousLevel = min(level, previousLevel + 1)
                            name = "h\(previousLevel)"
                        }
                        guard writeStartTag(name, attributes: attributes, of: node), !HTMLAllowlist.voidElements.contains(name) else {
                            return false
                        }
                        open.append((node, name))
                        return true
                    }
                    if HTMLAllowlist.droppedWhole.contains(name) {
                        bytes += HTMLAllowlist.omitted
                        return false
                    }
                    return true  // the tag goes, its content stays
                case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                    if let content = node.pointee.content { writeEscaped(content) }
                    return false
                default:
                    return false  // comments, processing instructions, doctypes
                }
            }
        }


        /// Writes the start tag with the attributes that pass; false when the element is not
        /// written (an image without a source).
        private mutating func writeStartTag(_ name: String, attributes allowed: [String], of node: xmlNodePtr) -> Bool {
            // The first of a repeated attribute counts, as in browsers.
            var values: [String: String] = [:]
            var attribute = node.pointee.properties
            while let current = attribute {
                let attributeName = HTMLAllowlist.name(current.pointee.name)
                if values[attributeName] == nil, allowed.contains(attributeName) || (name == "a" && attributeName == "name") {
                    values[attributeName] = HTMLAllowlist.text(of: current)
                }
                attribute = current.pointee.next
            }
            // An image without a source shows nothing, and `src=""` is invalid.
            if name == "img" {
                guard let source = values["src"].flatMap({ url($0, isImage: true, alt: values["alt"] ?? "") }) else { return false }
                values["src"] = source
            }
            bytes.append(UInt8(ascii: "<"))
            bytes += name.utf8
            for attributeName in allowed {
                var value: String?
                switch attributeName {
                case "id":
                    // `<a name>` is obsolete; an anchor named so becomes an id.
                    value = (values["id"] ?? (name == "a" ? values["name"] : nil))
                        .flatMap { claim($0, onHeading: HTMLAllowlist.headings.contains(name)) }
                case "href":
                    value = values["href"].flatMap { url($0, isImage: false, alt: "") }
                case "src":
                    value = values["src"]  // checked above
                case "alt":
                    value = values["alt"] ?? ""  // the Nu checker wants one on every image
                case "title":
                    value = values["title"]
                case "class":
                    value = values["class"].flatMap { value -> String? in
                        switch name {
                        case "code": value.hasPrefix("language-") && !value.utf8.contains(where: Self.isSpace) ? value : nil
                        case "div": GitHubAlerts.divClasses.contains(value) ? value : nil
                        case "p": value == GitHubAlerts.titleClass ? value : nil
                        default: nil
                        }
                    }
                case "start", "width", "height":
                    value = values[attributeName].flatMap {
                        !$0.isEmpty && $0.utf8.count <= 9 && $0.utf8.allSatisfy { (0x30...0x39).contains($0) } ? $0 : nil
                    }
                case "style":
                    value = values["style"].flatMap { HTMLAllowlist.cellStyles.contains($0) ? $0 : nil }
                case "open":
                    if values["open"] != nil { bytes += " open".utf8 }
                default:
                    break
                }
                guard let value else { continue }
                bytes.append(UInt8(ascii: " "))
                bytes += attributeName.utf8
                bytes += "=\"".utf8
                var text = value
                text.withUTF8 { writeEscaped($0) }
                bytes.append(UInt8(ascii: "\""))
            }
            bytes += HTMLAllowlist.voidElements.contains(name) ? " />".utf8 : ">".utf8
            return true
        }

        private mutating func writeEndTag(_ name: String) {
            guard !HTMLAllowlist.voidElements.contains(name) else { return }
            bytes += "</".utf8
            bytes += name.utf8
            bytes.append(UInt8(ascii: ">"))
        }

        private static func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
        }

        /// The id, when it can go on the page: a heading keeps the id it was given (a raw
        /// heading written with that id first takes it instead); any other id only when nothing
        /// on the page has it yet.
        private mutating func claim(_ id: String, onHeading: Bool) -> String? {
            guard !id.isEmpty, !id.utf8.contains(where: Self.isSpace) else { return nil }
            if onHeading, headingIDsToCome.remove(id) != nil {
                keptHeadingIDs.append(id)
                return id
            }
            guard takenIDs.insert(id).inserted else { return nil }
            keptIDs.append(id)
            return id
        }

        /// A URL as it is written, rewritten like a Markdown link's. One whose scheme is not
        /// allowed is emptied, or nil for an image (which then goes); so is an empty one for an
        /// image. Those cmark wrote for Markdown links are final already.
        private mutating func url(_ value: String, isImage: Bool, alt: String) -> String? {
            let isFromMarkdown = allowlist.markdownURLs.contains(OutputPath.percentDecode(value))
            if isFromMarkdown, SafeURL.isAllowed(value) { return value }
            if value.utf8.allSatisfy(Self.isSpace) { return isImage ? nil : value }
            var link = MarkdownRenderer.Link(destination: value, isImage: isImage, line: line(of: value), text: isImage ? alt : "")
            defer { links.append(link) }
            guard SafeURL.isAllowed(value) else {
                link.isRefused = true
                return isImage ? nil : ""
            }
            // Web URLs are repaired as Markdown's are (`//host`, `[` in a query, a port that is no number).
            guard let repaired = SafeURL.repairedWebURL(value) else {
                link.isInvalid = true
                return isImage ? nil : ""
            }
            if repaired != value {
                link.destination = repaired
                return repaired
            }
            guard let replacement = rewrite(link) else { return SafeURL.repairedRelativeURL(value) }
            link.destination = replacement
            return replacement
        }

        /// The line of `value` in the first raw HTML node, from the last one a URL was found
        /// in, whose text holds it; that last one's first line when none does (the URL was
        /// written with entities).
        private mutating func line(of value: String) -> Int {
            let sources = allowlist.sources
            guard !sources.isEmpty else { return 1 }
            for index in nextSource..<sources.count {
                let text = sources[index].text.utf8
                guard let found = text.firstRange(of: value.utf8) else { continue }
                nextSource = index
                return sources[index].line + text[..<found.lowerBound].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            }
            return sources[nextSource].line
        }

        private mutating func writeEscaped(_ text: UnsafePointer<xmlChar>) {
            writeEscaped(UnsafeBufferPointer(start: text, count: Int(xmlStrlen(text))))
        }

        private mutating func writeEscaped(_ text: UnsafeBufferPointer<UInt8>) {
            MarkupEscaping.appendHTML(text, to: &bytes, keepingApostrophes: true)
        }
    }
}
