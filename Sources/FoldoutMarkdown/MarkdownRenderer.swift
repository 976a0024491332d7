import CCmark
import FoldoutBase
import Foundation

/// libcmark, wrapped once. Parses a Markdown body, walks the node tree to find the title,
/// the summary and the headings, gives each heading a unique id, lets the caller rewrite
/// link and image destinations, and renders HTML.
///
/// Safe by default: of raw HTML, only what `HTMLAllowlist` keeps stays. Link and image URLs
/// outside `SafeURL` (`javascript:`, `data:` and the like) are emptied in either mode: an
/// author who allows raw HTML still gets no script from a Markdown link. Smart punctuation
/// is on and invalid UTF-8 is replaced.
package struct MarkdownRenderer: Sendable {
    package struct Options: Sendable, Equatable {
        /// Keep raw HTML in Markdown (the site opts in with `unsafe_html: true`).
        package var allowRawHTML = false
        /// Remove a leading level-1 heading from the body when it became the page title,
        /// so the page does not show its title twice.
        package var dropTitleHeading = true
        /// Ids the page layout itself uses (`main`); headings get other ids, so an id stays
        /// unique on the page and a `#fragment` reaches one element.
        package var reservedIDs: Set<String> = []
        /// How a table cell gives its column's alignment (see `PipeTables`).
        package var tableAlignment = TableAlignment.styleAttribute
        /// Curly quotes, dashes and ellipses; off where the site or the page says
        /// `smart_punctuation: false`, and where output is compared with plain cmark's.
        package var smartPunctuation = true
        /// The ids and label of the notes (`Footnotes.Naming`): a field's value names its own,
        /// and ids `reservedIDs` holds already move to another prefix.
        package var footnotes = Footnotes.Naming()
        package init(
            allowRawHTML: Bool = false, dropTitleHeading: Bool = true, reservedIDs: Set<String> = [],
            tableAlignment: TableAlignment = .styleAttribute, smartPunctuation: Bool = true
        ) {
            self.allowRawHTML = allowRawHTML
            self.dropTitleHeading = dropTitleHeading
            self.reservedIDs = reservedIDs
            self.tableAlignment = tableAlignment
            self.smartPunctuation = smartPunctuation
        }

        package enum TableAlignment: Sendable, Equatable {
            /// `style="text-align: center"`, as cmark-gfm prints with
            /// CMARK_OPT_TABLE_PREFER_STYLE_ATTRIBUTES: valid HTML.
            case styleAttribute
            /// `align="center"`, cmark-gfm's default and the GFM specification's; HTML calls
            /// the attribute obsolete (the Nu checker reports an error).
            case alignAttribute
        }
    }

    /// A link or image destination found in the body.
    package struct Link: Sendable, Equatable {
        package var destination: String
        package var isImage: Bool
        /// 1-based line within the body.
        package var line: Int
        /// Alt text for images.
        package var text: String
        /// The URL was emptied because its scheme is not allowed (see `SafeURL`).
        package var isRefused = false
        /// The URL was emptied because no browser can open it (see `SafeURL.repairedWebURL`).
        package var isInvalid = false
    }

    package struct Result: Sendable {
        package var html: String
        /// Plain text of the level-1 heading that opens the body, when it starts with one. A
        /// heading further down, or of a lower level, names a part of the page, not the page.
        package var firstHeading: String?
        /// Whether that heading was removed from the HTML because it is the title.
        package var droppedTitleHeading: Bool
        /// Plain text of the first paragraph.
        package var firstParagraph: String
        /// Ids given to the headings, in order.
        package var headingIDs: [String]
        package var links: [Link]
        /// Ids kept on raw HTML elements (`<span id>`, `<a name>`), in order: links name them as
        /// they name headings.
        package var rawHTMLIDs: [String] = []
        /// Hugo shortcodes and Jekyll's Liquid in the text, which the page shows as written.
        package var templateTags: [TemplateTags.Found] = []
        /// Footnotes referenced but not defined, or defined but not referenced (`Footnotes`).
        package var footnoteProblems: [Footnotes.Problem] = []
        /// Attribute lists written on blocks and headings, with what each could not apply.
        package var attributeLists: [AttributeLists.Written] = []
    }

    package var options: Options

    package init(options: Options = Options()) {
        self.options = options
    }

    /// Renders `markdown`. `rewrite` is called for each link and image destination and may
    /// return a replacement (nil keeps it). `picture` is asked first for each image and may
    /// return the HTML to show instead (a `<picture>` of its variants). `usesTitleHeading`
    /// says whether the page title comes from the body's first heading.
    package func render(
        _ markdown: String, usesTitleHeading: Bool = false,
        rewrite: (Link) -> String? = { _ in nil }, picture: (Link) -> String? = { _ in nil }
    ) -> Result {
        // The document and what the render detaches from it are freed at the end.
        let allocator = cmark_get_default_mem_allocator()!
        let garbage = CmarkGarbage()
        defer { garbage.free() }
        // No CMARK_OPT_VALIDATE_UTF8: a Swift `String` is valid UTF-8 already (the file was
        // decoded with invalid sequences replaced), and checking it again cost libcmark a copy
        // of every line.
        var parseOptions: Int32 = options.allowRawHTML ? CMARK_OPT_UNSAFE : 0
        var templateTags: [TemplateTags.Found] = []
        var footnoteIDs: [String] = []
        var footnoteProblems: [Footnotes.Problem] = []
        var blockAttributes: [OpaquePointer: AttributeList] = [:]
        var attributeLists: [AttributeLists.Written] = []
        // A footnote definition would be read as a link reference definition: escaped first.
        let markdown = ExercismNotes.mayHold(markdown) ? ExercismNotes.prepare(markdown) : markdown
        let mayHoldFootnotes = Self.withUTF8(markdown, Footnotes.mayHold)
        let (source, escapedLines) = mayHoldFootnotes ? Footnotes.prepare(markdown) : (markdown, [])
        let document: OpaquePointer = Self.withUTF8(source) { bytes in
            if options.smartPunctuation, Self.needsSmartPunctuation(bytes) { parseOptions |= CMARK_OPT_SMART }
            let parser = cmark_parser_new_with_mem(parseOptions, allocator)
            bytes.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress, $0.count) }
            let document = cmark_parser_finish(parser)!
            cmark_parser_free(parser)
            // Before the tables are converted: their rows are still the source's lines then.
            if TemplateTags.mayHold(bytes) { templateTags = TemplateTags.find(in: document, source: bytes) }
            PipeTables.convert(
                document, source: bytes, options: parseOptions, alignment: options.tableAlignment,
                allocator: allocator, garbage: garbage)
            GitHubAlerts.convert(document, source: bytes, allocator: allocator, garbage: garbage)
            if AttributeLists.mayHold(bytes) { (blockAttributes, attributeLists) = AttributeLists.take(from: document, garbage: garbage) }
            if mayHoldFootnotes {
                Footnotes.restoreEscapes(in: document, escapedLines: escapedLines, source: bytes)
                (footnoteIDs, footnoteProblems) = Footnotes.convert(
                    document, allocator: allocator, garbage: garbage, naming: options.footnotes.avoiding(options.reservedIDs))
            }
            garbage.add(document)
            return document
        }

        var headings: [OpaquePointer] = []
        var firstParagraph: OpaquePointer?
        var links: [Link] = []
        var linkNodes: [OpaquePointer] = []
        var rawHTML: [OpaquePointer] = []
        var codeBlocks: [OpaquePointer] = []
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
                links.append(
                    Link(
                        destination: destination, isImage: isImage,
                        line: Int(cmark_node_get_start_line(node)),
                        text: isImage ? Self.plainText(of: node) : ""))
                linkNodes.append(node)
            case CMARK_NODE_HTML_INLINE, CMARK_NODE_HTML_BLOCK:
                rawHTML.append(node)
            case CMARK_NODE_CODE_BLOCK:
                codeBlocks.append(node)
            default:
                break
            }
        }
        cmark_iter_free(iterator)

        // `## Heading {#custom-id}`, as Hugo, Zola and Pandoc read it: the id is the author's.
        // Pandoc's and Hugo's `{.class}` there too, and kramdown's `{: .class}` on the line after.
        let writtenLists: [AttributeList?] = headings.map { heading in
            let written = Self.takeWrittenAttributes(from: heading)
            if let written { attributeLists.append(.init(line: Int(cmark_node_get_start_line(heading)), list: written)) }
            guard let after = blockAttributes.removeValue(forKey: heading) else { return written }
            return (written ?? AttributeList()).merged(with: after)
        }
        let writtenIDs = writtenLists.map { $0?.id }
        let headingClasses = Dictionary(uniqueKeysWithValues: zip(headings, writtenLists.map { $0?.classes ?? [] }))
        let firstHeadingNode = headings.first.flatMap { cmark_node_first_child(document) == $0 ? $0 : nil }
        // Only a level-1 heading names the page: real lessons open with `### Introduction`,
        // which would title every one of them alike.
        let firstHeading = firstHeadingNode.flatMap { cmark_node_get_heading_level($0) == 1 ? Self.plainText(of: $0) : nil }
        var dropped = false
        var headingsWithIDs = Array(zip(headings, writtenIDs))
        if usesTitleHeading, options.dropTitleHeading, let node = firstHeadingNode,
            cmark_node_get_heading_level(node) == 1, cmark_node_parent(node) == document
        {
            cmark_node_unlink(node)
            garbage.add(node)
            headingsWithIDs.removeFirst()
            dropped = true
        }

        var used: [String: Int] = [:]
        used.reserveCapacity(headingsWithIDs.count * 2)
        var headingIDs: [String] = []
        headingIDs.reserveCapacity(headingsWithIDs.count)
        // Footnotes' ids are numbers the headings leave alone.
        let reservedIDs = footnoteIDs.isEmpty ? options.reservedIDs : options.reservedIDs.union(footnoteIDs)
        // A heading whose id the page holds already (the layout's, another intro's) gets a
        // number, and this document's own links to it follow.
        var renamedIDs: [String: String] = [:]
        for (heading, written) in headingsWithIDs {
            let text = Self.plainText(of: heading)
            let id = Self.uniqueID(for: text, written: written, used: &used, reserved: reservedIDs)
            if !reservedIDs.isEmpty, case let natural = written ?? Slug.headingID(text), id != natural, !natural.isEmpty,
                renamedIDs[natural] == nil, !headingIDs.contains(natural)
            {
                renamedIDs[natural] = id
            }
            headingIDs.append(id)
        }
        // A link to `#What-Next` on a page whose heading has the id `what-next` leads there, as
        // on GitHub, which matches fragments without case; unless raw HTML may hold that id.
        let idsWithoutCase = links.contains { $0.destination.hasPrefix("#") } ? Self.idsWithoutCase(headingIDs) : [:]
        let showsPictures = options.allowRawHTML || rawHTML.isEmpty
        var pictures: [String] = []

        for (index, written) in links.enumerated() {
            var link = written
            if !renamedIDs.isEmpty, link.destination.hasPrefix("#"), let renamed = renamedIDs[String(link.destination.dropFirst())] {
                cmark_node_set_url(linkNodes[index], "#" + renamed)
                link.destination = "#" + renamed
                links[index].destination = link.destination
            }
            if link.destination.hasPrefix("#"),
                let fixed = Self.fragmentMatchingCase(
                    link.destination, ids: headingIDs,
                    withoutCase: idsWithoutCase, rawHTML: rawHTML)
            {
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
            Self.replaceHeading(heading, id: id, classes: headingClasses[heading] ?? [], level: level, allocator: allocator)
            garbage.add(heading)
        }

        let paragraphText = firstParagraph.map(Self.plainText(of:)) ?? ""
        // The other blocks' attribute lists, their ids unique among the headings'; after the
        // first paragraph's text was read, as a paragraph given attributes is one no more.
        var otherIDs = footnoteIDs
        for (block, list) in blockAttributes.sorted(by: { cmark_node_get_start_line($0.key) < cmark_node_get_start_line($1.key) }) {
            var unique = list
            if let id = list.id {
                unique.id = Self.uniqueID(for: id, written: id, used: &used, reserved: reservedIDs)
                otherIDs.append(unique.id!)
            }
            AttributeLists.apply(unique, to: block, allocator: allocator, garbage: garbage)
        }
        if !codeBlocks.isEmpty { CodeHighlighter.convert(codeBlocks, allocator: allocator, garbage: garbage) }
        // Raw HTML with raw HTML off: the allowlist keeps what is harmless. Without any (nearly
        // every page), cmark's safe mode as it is.
        if !options.allowRawHTML, !rawHTML.isEmpty {
            let kept = Self.renderThroughAllowlist(
                document, options: parseOptions, rawHTML: rawHTML, headingIDs: headingIDs,
                links: links, reservedIDs: options.reservedIDs, rewrite: rewrite)
            return Result(
                html: Self.insertingPictures(pictures, into: kept.html), firstHeading: firstHeading, droppedTitleHeading: dropped,
                firstParagraph: paragraphText,
                headingIDs: kept.headingIDs, links: links + kept.links, rawHTMLIDs: kept.ids + otherIDs, templateTags: templateTags,
                footnoteProblems: footnoteProblems, attributeLists: attributeLists)
        }
        if options.allowRawHTML, !rawHTML.isEmpty { links += Self.resolveRawImages(rawHTML, rewrite: rewrite) }
        let rendered = cmark_render_html(document, parseOptions)
        let html = rendered.map { String(cString: $0) } ?? ""
        if let rendered { allocator.pointee.free(rendered) }
        return Result(
            html: html, firstHeading: firstHeading, droppedTitleHeading: dropped,
            firstParagraph: paragraphText, headingIDs: headingIDs, links: links, rawHTMLIDs: otherIDs, templateTags: templateTags,
            footnoteProblems: footnoteProblems, attributeLists: attributeLists)
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
