import CLibXML2
import FoldoutBase

extension HTMLAllowlist {
    /// Walks the parsed tree and writes what is kept.
    struct Writer {
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
                        case "a": value == "footnote-ref" || value == "footnote-back" ? value : nil
                        case "section": value == "footnotes" ? value : nil
                        case "span": CodeHighlighter.classes.contains(value) ? value : nil
                        default: nil
                        }
                    }
                case "role":
                    value = values["role"].flatMap { $0 == "doc-noteref" || $0 == "doc-backlink" ? $0 : nil }
                case "aria-label":
                    value = values["aria-label"]
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

        /// The bytes cmark writes as they are in a link's URL (its `houdini_escape_href`).
        private static func isLeftByCmark(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
            default: "-_.+!*'(),%#@?=;:/&$~".utf8.contains(byte)
            }
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
            // cmark leaves only these bytes unencoded: a value with any other (`{`, a space) is
            // raw HTML's, even when a Markdown link on the page decodes to the same text.
            let isFromMarkdown =
                value.utf8.allSatisfy(Self.isLeftByCmark) && allowlist.markdownURLs.contains(OutputPath.percentDecode(value))
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
