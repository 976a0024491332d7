import CCmark
import Foundation
import FoldoutBase

/// libcmark, wrapped once. Parses a Markdown body, walks the node tree to find the title,
/// the summary and the headings, gives each heading a unique id, lets the caller rewrite
/// link and image destinations, and renders HTML.
///
/// Safe by default: of raw HTML, only what `HTMLAllowlist` keeps stays. Link and image URLs
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
        /// How a table cell gives its column's alignment (see `PipeTables`).
        public var tableAlignment = TableAlignment.styleAttribute
        /// Curly quotes, dashes and ellipses; off only where output is compared with plain
        /// cmark's (the GFM specification's examples).
        public var smartPunctuation = true
        public init(allowRawHTML: Bool = false, dropTitleHeading: Bool = true, reservedIDs: Set<String> = [],
                    tableAlignment: TableAlignment = .styleAttribute, smartPunctuation: Bool = true) {
            self.allowRawHTML = allowRawHTML
            self.dropTitleHeading = dropTitleHeading
            self.reservedIDs = reservedIDs
            self.tableAlignment = tableAlignment
            self.smartPunctuation = smartPunctuation
        }

        public enum TableAlignment: Sendable, Equatable {
            /// `style="text-align: center"`, as cmark-gfm prints with
            /// CMARK_OPT_TABLE_PREFER_STYLE_ATTRIBUTES: valid HTML.
            case styleAttribute
            /// `align="center"`, cmark-gfm's default and the GFM specification's; HTML calls
            /// the attribute obsolete (the Nu checker reports an error).
            case alignAttribute
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
        /// The URL was emptied because no browser can open it (see `SafeURL.repairedWebURL`).
        public var isInvalid = false
    }

    public struct Result: Sendable {
        public var html: String
        /// Plain text of the level-1 heading that opens the body, when it starts with one. A
        /// heading further down, or of a lower level, names a part of the page, not the page.
        public var firstHeading: String?
        /// Whether that heading was removed from the HTML because it is the title.
        public var droppedTitleHeading: Bool
        /// Plain text of the first paragraph.
        public var firstParagraph: String
        /// Ids given to the headings, in order.
        public var headingIDs: [String]
        public var links: [Link]
        /// Ids kept on raw HTML elements (`<span id>`, `<a name>`), in order: links name them as
        /// they name headings.
        public var rawHTMLIDs: [String] = []
        /// Hugo shortcodes and Jekyll's Liquid in the text, which the page shows as written.
        public var templateTags: [TemplateTags.Found] = []
    }

    public var options: Options

    public init(options: Options = Options()) {
        self.options = options
    }

    /// Renders `markdown`. `rewrite` is called for each link and image destination and may
    /// return a replacement (nil keeps it). `picture` is asked first for each image and may
    /// return the HTML to show instead (a `<picture>` of its variants). `usesTitleHeading`
    /// says whether the page title comes from the body's first heading.
    public func render(_ markdown: String, usesTitleHeading: Bool = false,
                       rewrite: (Link) -> String? = { _ in nil }, picture: (Link) -> String? = { _ in nil }) -> Result {
        // The document and what the render detaches from it are freed at the end.
        let allocator = cmark_get_default_mem_allocator()!
        let garbage = CmarkGarbage()
        defer { garbage.free() }
        // No CMARK_OPT_VALIDATE_UTF8: a Swift `String` is valid UTF-8 already (the file was
        // decoded with invalid sequences replaced), and checking it again cost libcmark a copy
        // of every line.
        var parseOptions: Int32 = options.allowRawHTML ? CMARK_OPT_UNSAFE : 0
        var templateTags: [TemplateTags.Found] = []
        let document: OpaquePointer = Self.withUTF8(markdown) { bytes in
            if options.smartPunctuation, Self.needsSmartPunctuation(bytes) { parseOptions |= CMARK_OPT_SMART }
            let parser = cmark_parser_new_with_mem(parseOptions, allocator)
            bytes.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress, $0.count) }
            let document = cmark_parser_finish(parser)!
            cmark_parser_free(parser)
            // Before the tables are converted: their rows are still the source's lines then.
            if TemplateTags.mayHold(bytes) { templateTags = TemplateTags.find(in: document, source: bytes) }
            PipeTables.convert(document, source: bytes, options: parseOptions, alignment: options.tableAlignment,
                               allocator: allocator, garbage: garbage)
            GitHubAlerts.convert(document, source: bytes, allocator: allocator, garbage: garbage)
            garbage.add(document)
            return document
        }

        var headings: [OpaquePointer] = []
        var firstParagraph: OpaquePointer?
        var links: [Link] = []
        var linkNodes: [OpaquePointer] = []
        var rawHTML: [OpaquePointer] = []
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
            case CMARK_NODE_HTML_INLINE, CMARK_NODE_HTML_BLOCK:
                rawHTML.append(node)
            default:
                break
            }
        }
        cmark_iter_free(iterator)

        // `## Heading {#custom-id}`, as Hugo, Zola and Pandoc read it: the id is the author's.
        let writtenIDs = headings.map(Self.takeWrittenID(from:))
        let firstHeadingNode = headings.first.flatMap { cmark_node_first_child(document) == $0 ? $0 : nil }
        // Only a level-1 heading names the page: real lessons open with `### Introduction`,
        // which would title every one of them alike.
        let firstHeading = firstHeadingNode.flatMap { cmark_node_get_heading_level($0) == 1 ? Self.plainText(of: $0) : nil }
        var dropped = false
        var headingsWithIDs = Array(zip(headings, writtenIDs))
        if usesTitleHeading, options.dropTitleHeading, let node = firstHeadingNode,
           cmark_node_get_heading_level(node) == 1, cmark_node_parent(node) == document {
            cmark_node_unlink(node)
            garbage.add(node)
            headingsWithIDs.removeFirst()
            dropped = true
        }

        var used: [String: Int] = [:]
        used.reserveCapacity(headingsWithIDs.count * 2)
        var headingIDs: [String] = []
        headingIDs.reserveCapacity(headingsWithIDs.count)
        for (heading, written) in headingsWithIDs {
            headingIDs.append(Self.uniqueID(for: Self.plainText(of: heading), written: written, used: &used, reserved: options.reservedIDs))
        }
        // A link to `#What-Next` on a page whose heading has the id `what-next` leads there, as
        // on GitHub, which matches fragments without case; unless raw HTML may hold that id.
        let idsWithoutCase = links.contains { $0.destination.hasPrefix("#") } ? Self.idsWithoutCase(headingIDs) : [:]
        let showsPictures = options.allowRawHTML || rawHTML.isEmpty
        var pictures: [String] = []

        for (index, written) in links.enumerated() {
            var link = written
            if link.destination.hasPrefix("#"), let fixed = Self.fragmentMatchingCase(link.destination, ids: headingIDs,
                                                                                         withoutCase: idsWithoutCase, rawHTML: rawHTML) {
                cmark_node_set_url(linkNodes[index], fixed)
                link.destination = fixed
                links[index].destination = fixed
            }
            let repaired = SafeURL.repairedWebURL(link.destination)
            if !SafeURL.isAllowed(link.destination) {
                cmark_node_set_url(linkNodes[index], "")
                links[index].isRefused = true
            } else if repaired == nil {
                cmark_node_set_url(linkNodes[index], "")
                links[index].isInvalid = true
            } else if let repaired, repaired != link.destination {
                cmark_node_set_url(linkNodes[index], repaired)
                links[index].destination = repaired
            } else if link.isImage, let html = picture(link) {
                // Through the allowlist, a marker of private-use characters holds its place
                // (passed as text), and the picture goes in after.
                if !showsPictures { pictures.append(html) }
                Self.replace(linkNodes[index], withHTML: showsPictures ? html : Self.pictureMarker(pictures.count - 1), allocator: allocator)
                garbage.add(linkNodes[index])
            } else if let replacement = rewrite(link) {
                cmark_node_set_url(linkNodes[index], replacement)
                links[index].destination = replacement
            } else if case let kept = SafeURL.repairedRelativeURL(link.destination), kept != link.destination {
                // cmark encodes what a URL may not hold but a `%` that starts no escape; the
                // warning still quotes the link as written.
                cmark_node_set_url(linkNodes[index], kept)
            }
        }

        // The page's title is its `h1`: a heading more than one level below the one before it
        // (`###` right under the title) is raised, as the HTML checker asks, and keeps its id.
        var previousLevel: Int32 = 1
        for ((heading, _), id) in zip(headingsWithIDs, headingIDs) {
            let level = min(cmark_node_get_heading_level(heading), previousLevel + 1)
            previousLevel = level
            Self.replaceHeading(heading, id: id, level: level, allocator: allocator)
            garbage.add(heading)
        }

        let paragraphText = firstParagraph.map(Self.plainText(of:)) ?? ""
        // Raw HTML with raw HTML off: the allowlist keeps what is harmless. Without any (nearly
        // every page), cmark's safe mode as it is.
        if !options.allowRawHTML, !rawHTML.isEmpty {
            let kept = Self.renderThroughAllowlist(document, options: parseOptions, rawHTML: rawHTML, headingIDs: headingIDs,
                                                   links: links, reservedIDs: options.reservedIDs, rewrite: rewrite)
            return Result(html: Self.insertingPictures(pictures, into: kept.html), firstHeading: firstHeading, droppedTitleHeading: dropped,
                          firstParagraph: paragraphText,
                          headingIDs: kept.headingIDs, links: links + kept.links, rawHTMLIDs: kept.ids, templateTags: templateTags)
        }
        let rendered = cmark_render_html(document, parseOptions)
        let html = rendered.map { String(cString: $0) } ?? ""
        if let rendered { allocator.pointee.free(rendered) }
        return Result(html: html, firstHeading: firstHeading, droppedTitleHeading: dropped,
                      firstParagraph: paragraphText, headingIDs: headingIDs, links: links, templateTags: templateTags)
    }

    private static func withUTF8<R>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = text
        return copy.withUTF8(body)
    }

    /// Whether smart punctuation would change anything: it turns quotes into curly ones,
    /// `--` and `---` into dashes and `...` into an ellipsis, and nothing else. Without it,
    /// libcmark does not stop at every period and hyphen, a fair part of its work on
    /// ordinary prose; the HTML is the same. (Quotes are looked for anywhere, code too:
    /// a false yes only loses that saving.)
    package static func needsSmartPunctuation(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
        let raw = UnsafeRawPointer(base)
        if memchr(raw, 0x22, bytes.count) != nil || memchr(raw, 0x27, bytes.count) != nil { return true }
        return containsRun(of: UInt8(ascii: "-"), length: 2, in: bytes) || containsRun(of: UInt8(ascii: "."), length: 3, in: bytes)
    }

    private static func containsRun(of byte: UInt8, length: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let base = bytes.baseAddress!
        var offset = 0
        // memchr skips the long stretches between candidates many bytes at a time.
        while offset < bytes.count, let found = memchr(base + offset, Int32(byte), bytes.count - offset) {
            let start = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            var end = start
            while end < bytes.count, bytes[end] == byte { end += 1 }
            if end - start >= length { return true }
            offset = end
        }
        return false
    }

    /// cmark's HTML renderer writes headings without ids, and safe mode drops raw HTML, so a
    /// heading is swapped for a custom block holding a custom inline that opens and closes
    /// the heading element with its id, its inline children moved inside. Ids are slugs
    /// (letters, digits, dashes), so they need no escaping. The tags are put together as
    /// bytes: string interpolation here cost more than libcmark's work on the heading.
    /// The place of picture `index` in HTML that goes through the allowlist.
    static func pictureMarker(_ index: Int) -> String { "\u{E000}\(index)\u{E001}" }

    /// `html` with each picture marker replaced by its picture.
    static func insertingPictures(_ pictures: [String], into html: String) -> String {
        guard !pictures.isEmpty else { return html }
        var result = html
        for (index, picture) in pictures.enumerated().reversed() {
            result = result.replacingOccurrences(of: pictureMarker(index), with: picture)
        }
        return result
    }

    /// Puts `html` where `node` is, as a custom inline node (which cmark writes as it is, also
    /// in safe mode); `node` is left unlinked for the caller to free.
    private static func replace(_ node: OpaquePointer, withHTML html: String, allocator: UnsafeMutablePointer<cmark_mem>) {
        let inline = cmark_node_new_with_mem(CMARK_NODE_CUSTOM_INLINE, allocator)
        _ = cmark_node_set_on_enter(inline, html)
        _ = cmark_node_set_on_exit(inline, "")
        cmark_node_replace(node, inline)
    }

    private static func replaceHeading(_ heading: OpaquePointer, id: String, level: Int32, allocator: UnsafeMutablePointer<cmark_mem>) {
        let level = UInt8(clamping: level)
        // Ids are slugs, or written by the author (`{#id}`): escaped all the same.
        let id = MarkupEscaping.html(id)
        let block = cmark_node_new_with_mem(CMARK_NODE_CUSTOM_BLOCK, allocator)
        let inline = cmark_node_new_with_mem(CMARK_NODE_CUSTOM_INLINE, allocator)
        // `<hN id="ID">` and `</hN>`, NUL-terminated, in one buffer on the stack.
        let idCount = id.utf8.count
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: idCount + 17) { buffer in  // 11 bytes around the id, 6 for the closing tag
            var end = 0
            func put(_ byte: UInt8) { buffer[end] = byte; end += 1 }
            for byte in "<h".utf8 { put(byte) }
            put(UInt8(ascii: "0") + level)
            for byte in " id=\"".utf8 { put(byte) }
            for byte in id.utf8 { put(byte) }
            for byte in "\">".utf8 { put(byte) }
            put(0)
            let closing = end
            for byte in "</h".utf8 { put(byte) }
            put(UInt8(ascii: "0") + level)
            put(UInt8(ascii: ">"))
            put(0)
            buffer.withMemoryRebound(to: CChar.self) { text in
                _ = cmark_node_set_on_enter(inline, text.baseAddress)
                _ = cmark_node_set_on_exit(inline, text.baseAddress! + closing)
            }
        }
        while let child = cmark_node_first_child(heading) {
            cmark_node_unlink(child)
            cmark_node_append_child(inline, child)
        }
        cmark_node_append_child(block, inline)
        cmark_node_replace(heading, block)
    }

    /// A heading id not in `used` (this page's ids so far, each with the next number to try
    /// after it) nor in `reserved` (which counts as used once).
    package static func uniqueID(for text: String, written: String? = nil, used: inout [String: Int], reserved: Set<String> = []) -> String {
        var base = written ?? Slug.headingID(text)
        if base.isEmpty { base = "section" }
        func taken(_ id: String) -> Int? { used[id] ?? (reserved.contains(id) ? 1 : nil) }
        guard let count = taken(base) else {
            used[base] = 1
            return base
        }
        var suffix = count
        var candidate = "\(base)-\(suffix)"
        while taken(candidate) != nil {
            suffix += 1
            candidate = "\(base)-\(suffix)"
        }
        used[base] = suffix + 1
        used[candidate] = 1
        return candidate
    }

    /// The id written at the end of a heading (`## Setup {#install}`, `{ #install }`), taken out
    /// of its text. Ids are kept to ASCII letters, digits and `-_:.`, so they need no escaping.
    static func takeWrittenID(from heading: OpaquePointer) -> String? {
        // Nearly every heading ends in something else than `}`: one look at its last bytes.
        guard let last = cmark_node_last_child(heading), cmark_node_get_type(last) == CMARK_NODE_TEXT,
              let literal = cmark_node_get_literal(last) else { return nil }
        var end = strlen(literal)
        while end > 0, literal[end - 1] == 0x20 || literal[end - 1] == 0x09 { end -= 1 }
        guard end > 0, literal[end - 1] == CChar(UInt8(ascii: "}")) else { return nil }
        // The trailing text nodes: cmark keeps a `_` or `*` that opens no emphasis as a node of its own.
        var run: [OpaquePointer] = []
        var node = cmark_node_last_child(heading)
        while let current = node, cmark_node_get_type(current) == CMARK_NODE_TEXT {
            run.insert(current, at: 0)
            node = cmark_node_previous(current)
        }
        guard !run.isEmpty else { return nil }
        var text = run.map { cmark_node_get_literal($0).map { String(cString: $0) } ?? "" }.joined()
        while text.last == " " || text.last == "\t" { text.removeLast() }
        guard text.last == "}", let open = text.lastIndex(of: "{") else { return nil }
        let attribute = text[text.index(after: open)..<text.index(before: text.endIndex)].trimmingCharacters(in: .whitespaces)
        guard attribute.hasPrefix("#") else { return nil }
        let id = String(attribute.dropFirst())
        let allowed = Set("-_:.".utf8)
        guard !id.isEmpty, id.utf8.allSatisfy({ ($0 < 0x80 && isalnum(Int32($0)) != 0) || allowed.contains($0) }) else { return nil }
        var rest = text[..<open]
        while rest.last == " " || rest.last == "\t" { rest.removeLast() }
        // A heading that is nothing but the attribute keeps it as its text.
        guard !rest.isEmpty || node != nil else { return nil }
        for extra in run.dropFirst() {
            cmark_node_unlink(extra)
            cmark_node_free(extra)
        }
        if rest.isEmpty {
            cmark_node_unlink(run[0])
            cmark_node_free(run[0])
        } else {
            _ = cmark_node_set_literal(run[0], String(rest))
        }
        return id
    }

    /// Heading ids by their lower-cased form, for ids no other shares it with.
    static func idsWithoutCase(_ ids: [String]) -> [String: String] {
        var found: [String: String?] = [:]
        for id in ids {
            let key = id.lowercased()
            found[key] = found[key] == nil ? id : .some(nil)
        }
        return found.compactMapValues { $0 }
    }

    /// `#What-Next` as `#what-next` when that is a heading's id and the written fragment is
    /// none, and no raw HTML on the page names it (a `<span id>` may).
    static func fragmentMatchingCase(_ destination: String, ids: [String], withoutCase: [String: String],
                                     rawHTML: [OpaquePointer]) -> String? {
        let fragment = String(destination.dropFirst())
        guard !fragment.isEmpty, !ids.contains(fragment), let id = withoutCase[fragment.lowercased()] else { return nil }
        for node in rawHTML {
            if let literal = cmark_node_get_literal(node), String(cString: literal).contains(fragment) { return nil }
        }
        return "#" + id
    }

    /// The text content of a node: text, code and line breaks of its descendants, in order,
    /// gathered as bytes (a heading is usually one text node, a paragraph a handful). Walked
    /// by parent links rather than recursion, so deeply nested emphasis cannot overflow the stack.
    package static func plainText(of node: OpaquePointer) -> String {
        var text: [UInt8] = []
        var next = cmark_node_first_child(node)
        while let current = next {
            switch cmark_node_get_type(current) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                if let literal = cmark_node_get_literal(current) {
                    text.append(contentsOf: UnsafeRawBufferPointer(start: literal, count: strlen(literal)))
                }
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                text.append(UInt8(ascii: " "))
            default:
                break
            }
            if let child = cmark_node_first_child(current) {
                next = child
                continue
            }
            // No children: the next sibling, or the next sibling of the nearest ancestor below `node` that has one.
            var climbing: OpaquePointer? = current
            next = nil
            while let at = climbing, at != node {
                if let sibling = cmark_node_next(at) {
                    next = sibling
                    break
                }
                climbing = cmark_node_parent(at)
            }
        }
        return String(decoding: text, as: UTF8.self)
    }
}
