import CCmark
import FoldoutBase
import Foundation

/// Footnotes as GitHub, Pandoc, kramdown and Hugo read them, which libcmark does not know: a
/// reference `[^label]` in the text and a definition `[^label]: text` at the start of a line.
/// Notes are numbered in the order they are first referenced; each reference becomes
/// `<sup><a href="#fn-N" id="fnref-N" role="doc-noteref">N</a></sup>` and the notes a list at
/// the end of the page (`<section class="footnotes">`), each with a link back to every place
/// it is referenced from (`role="doc-backlink"`), as Pandoc writes them. Ids are numbers, so
/// a label needs no escaping; where one page shows several documents (a field's value beside
/// the body, intros side by side), each has its own `Naming` (`fn-origin-1`), so ids stay
/// unique on the page and the links both ways reach their own notes.
///
/// libcmark would read a definition whose text is one word as a link reference definition, so
/// before parsing, `prepare` escapes the `[` of each definition line (the lines stay where they
/// were). A definition is one paragraph (its lazy lines included); a note written over several
/// indented paragraphs keeps only its first, the rest stays where it is written. As in Hugo's
/// Goldmark, a definition may stand inside a list item or block quote (written under the item
/// it belongs to); its note still goes to the end of the page.
package enum Footnotes {
    /// A problem in how a page writes its notes, with its 1-based line in the body.
    package struct Problem: Sendable, Equatable {
        package var line: Int
        package var message: String
        package var hint: String
    }

    /// The ids and the label of one document's notes: `fn-PREFIX1`, `fnref-PREFIX1`, and a
    /// `<section aria-label>` that tells the document's notes from the others' on the page.
    package struct Naming: Sendable, Equatable {
        /// Empty, or a word ending in `-` that starts with no digit, so that one prefix's ids
        /// (`fn-origin-1`) never meet another's (`fn-1`, `fnref-1-2`).
        package var idPrefix = ""
        package var label = "Footnotes"

        package init(idPrefix: String = "", label: String = "Footnotes") {
            self.idPrefix = idPrefix
            self.label = label
        }

        /// This naming, or the first of `n2-`, `n3-`, … after its prefix whose ids `reserved`
        /// does not hold (each prefix's ids are its own, so the first note's id tells), its
        /// label numbered too, as landmarks on one page need names of their own.
        package func avoiding(_ reserved: Set<String>) -> Naming {
            guard reserved.contains(noteID(1)) || reserved.contains(referenceID(1, 1)) else { return self }
            var other = self
            for attempt in 2... {
                other.idPrefix = idPrefix + "n\(attempt)-"
                other.label = "\(label) (\(attempt))"
                if !reserved.contains(other.noteID(1)), !reserved.contains(other.referenceID(1, 1)) { return other }
            }
            return other
        }

        func noteID(_ number: Int) -> String { "fn-\(idPrefix)\(number)" }

        /// The id of the `count`th reference to note `number`.
        func referenceID(_ number: Int, _ count: Int) -> String {
            count == 1 ? "fnref-\(idPrefix)\(number)" : "fnref-\(idPrefix)\(number)-\(count)"
        }
    }

    /// Whether `bytes` may hold a footnote: most pages have no `[^`.
    package static func mayHold(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        PipeTables.contains(bytes, UInt8(ascii: "["), UInt8(ascii: "^"))
    }

    /// `markdown` with a backslash before each footnote definition (`\[^1]: text`), outside
    /// fenced code blocks, in block quotes too, and the lines (1-based) it escaped. Indented
    /// any depth: as in cmark-gfm, a definition under a nested list item may stand 4 or more
    /// spaces from the margin (at most 3 past its item's text); one that cmark then reads as
    /// code has its backslash taken out again by `restoreEscapes`.
    package static func prepare(_ markdown: String) -> (text: String, escapedLines: Set<Int>) {
        var result = ""
        result.reserveCapacity(markdown.utf8.count + 16)
        var escapedLines: Set<Int> = []
        var fence: Substring?
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if !result.isEmpty || line.startIndex != markdown.startIndex { result.append("\n") }
            let trimmed = line.drop { $0 == " " }
            if line.count - trimmed.count <= 3, trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                let marker = trimmed.prefix { $0 == trimmed.first }
                if let open = fence {
                    if marker.count >= open.count, marker.first == open.first { fence = nil }
                } else {
                    fence = marker
                }
            }
            // A definition in a block quote (`> [^1]: text`) is escaped after its markers.
            let quoted = trimmed.drop { $0 == ">" || $0 == " " }
            if fence == nil, definitionLabel(quoted) != nil {
                result += line[..<quoted.startIndex]
                result += "\\"
                result += quoted
                escapedLines.insert(index + 1)
            } else {
                result += line
            }
        }
        return (result, escapedLines)
    }

    /// Takes out the backslash `prepare` put on a line that cmark read as code or raw HTML (a
    /// definition indented 4 or more spaces past its container's text is code, as in
    /// cmark-gfm), so the block shows the line as written.
    static func restoreEscapes(in document: OpaquePointer, escapedLines: Set<Int>, source: UnsafeBufferPointer<UInt8>) {
        guard !escapedLines.isEmpty else { return }
        var blocks: [OpaquePointer] = []
        let iterator = cmark_iter_new(document)
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_CODE_BLOCK || type == CMARK_NODE_HTML_BLOCK { blocks.append(node) }
        }
        cmark_iter_free(iterator)
        guard !blocks.isEmpty else { return }
        let sourceLines = source.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        for block in blocks {
            let start = Int(cmark_node_get_start_line(block)), end = Int(cmark_node_get_end_line(block))
            guard escapedLines.contains(where: { $0 >= start && $0 <= end }), let literal = cmark_node_get_literal(block) else { continue }
            // A fenced block's text starts on the line after its fence.
            let opening = sourceLines.indices.contains(start - 1) ? Array(sourceLines[start - 1].drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: ">") }) : []
            let isFenced =
                cmark_node_get_type(block) == CMARK_NODE_CODE_BLOCK
                && (opening.starts(with: Array("```".utf8)) || opening.starts(with: Array("~~~".utf8)))
            let first = start + (isFenced ? 1 : 0)
            var lines = String(cString: literal).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var changed = false
            for index in lines.indices where escapedLines.contains(first + index) {
                guard let escape = lines[index].range(of: "\\[^") else { continue }
                lines[index].remove(at: escape.lowerBound)
                changed = true
            }
            if changed { _ = cmark_node_set_literal(block, lines.joined(separator: "\n")) }
        }
    }

    /// The label of a definition that `text` starts with (`[^label]:`), and where its note's
    /// text begins.
    static func definitionLabel<S: StringProtocol>(_ text: S) -> (label: String, rest: S.SubSequence)? {
        guard text.hasPrefix("[^"), let close = text.firstIndex(of: "]") else { return nil }
        let label = text[text.index(text.startIndex, offsetBy: 2)..<close]
        let colon = text.index(after: close)
        guard !label.isEmpty, label.count <= 100, !label.contains(where: { $0 == " " || $0 == "\t" || $0 == "[" }),
            colon < text.endIndex, text[colon] == ":"
        else { return nil }
        return (String(label), text[text.index(after: colon)...].drop { $0 == " " || $0 == "\t" })
    }

    /// Splits each paragraph of `containers` before a line that starts a definition, so that notes
    /// written on consecutive lines (`[^1]: One.` then `[^2]: Two.`) are separate paragraphs,
    /// as a definition's own lazy lines are not. Returns the body line of each paragraph it made,
    /// which cmark does not know for a node made after parsing.
    static func splitAdjacentDefinitions(
        _ containers: [OpaquePointer],
        allocator: UnsafeMutablePointer<cmark_mem>
    ) -> [OpaquePointer: Int] {
        var lines: [OpaquePointer: Int] = [:]
        var pending = Array(children(of: containers).reversed())
        while let paragraph = pending.popLast() {
            guard cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH else { continue }
            var line = lines[paragraph] ?? Int(cmark_node_get_start_line(paragraph))
            var child = cmark_node_first_child(paragraph)
            while let current = child {
                child = cmark_node_next(current)
                guard cmark_node_get_type(current) == CMARK_NODE_SOFTBREAK else { continue }
                line += 1
                guard let next = child, cmark_node_get_type(next) == CMARK_NODE_TEXT, let literal = cmark_node_get_literal(next),
                    definitionLabel(String(cString: literal)) != nil
                else { continue }
                // Everything after the line break moves to a new paragraph right after this one,
                // which the outer loop visits next (it may hold further definitions).
                let rest = cmark_node_new_with_mem(CMARK_NODE_PARAGRAPH, allocator)!
                var moving: OpaquePointer? = next
                while let moved = moving {
                    moving = cmark_node_next(moved)
                    cmark_node_unlink(moved)
                    cmark_node_append_child(rest, moved)
                }
                cmark_node_unlink(current)
                cmark_node_free(current)
                cmark_node_insert_after(paragraph, rest)
                lines[rest] = line
                pending.append(rest)
                break
            }
        }
        return lines
    }

    /// The blocks whose paragraphs may be definitions: the document, and its list items and
    /// block quotes at any depth.
    static func definitionContainers(_ document: OpaquePointer) -> [OpaquePointer] {
        var containers = [document]
        let iterator = cmark_iter_new(document)
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_ITEM || type == CMARK_NODE_BLOCK_QUOTE { containers.append(node) }
        }
        cmark_iter_free(iterator)
        return containers
    }

    /// The child blocks of `containers`, in order.
    static func children(of containers: [OpaquePointer]) -> [OpaquePointer] {
        var children: [OpaquePointer] = []
        for container in containers {
            var node = cmark_node_first_child(container)
            while let child = node {
                children.append(child)
                node = cmark_node_next(child)
            }
        }
        return children
    }

    /// Converts the notes of `document`. Returns the ids it gave (for the page's anchors) and
    /// what the author should know: a reference to no note, a note never referenced.
    package static func convert(
        _ document: OpaquePointer, allocator: UnsafeMutablePointer<cmark_mem>,
        garbage: CmarkGarbage, naming: Naming = Naming()
    ) -> (ids: [String], problems: [Problem]) {
        var problems: [Problem] = []
        // The definitions: paragraphs whose text starts `\[^label]:`, cmark's text for it `[^label]:`.
        cmark_consolidate_text_nodes(document)
        let containers = definitionContainers(document)
        let splitLines = splitAdjacentDefinitions(containers, allocator: allocator)
        var definitions: [String: (paragraph: OpaquePointer, line: Int)] = [:]
        var definitionOrder: [String] = []
        for paragraph in children(of: containers) {
            guard cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH, let first = cmark_node_first_child(paragraph),
                cmark_node_get_type(first) == CMARK_NODE_TEXT, let literal = cmark_node_get_literal(first)
            else { continue }
            let text = String(cString: literal)
            guard let (label, rest) = definitionLabel(text) else { continue }
            let line = splitLines[paragraph] ?? Int(cmark_node_get_start_line(paragraph))
            if definitions[label] != nil {
                problems.append(
                    Problem(
                        line: line, message: "footnote `[^\(label)]` is defined twice; this one is left out",
                        hint: "give each note its own label"))
                continue
            }
            if rest.isEmpty {
                cmark_node_unlink(first)
                garbage.add(first)
                // The line break after `[^1]:` when the note starts on the next line.
                if let next = cmark_node_first_child(paragraph), cmark_node_get_type(next) == CMARK_NODE_SOFTBREAK {
                    cmark_node_unlink(next)
                    garbage.add(next)
                }
            } else {
                _ = cmark_node_set_literal(first, String(rest))
            }
            cmark_node_unlink(paragraph)
            definitions[label] = (paragraph, line)
            definitionOrder.append(label)
        }

        // The references, in text outside code, numbered in order of first use.
        var numbers: [String: Int] = [:]
        var referenceCounts: [Int] = []
        var textNodes: [OpaquePointer] = []
        let iterator = cmark_iter_new(document)
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator), cmark_node_get_type(node) == CMARK_NODE_TEXT,
                let literal = cmark_node_get_literal(node), strstr(literal, "[^") != nil
            else { continue }
            textNodes.append(node)
        }
        cmark_iter_free(iterator)
        // The notes' own text may reference other notes too.
        for (paragraph, _) in definitionOrder.compactMap({ definitions[$0] }) {
            var child = cmark_node_first_child(paragraph)
            while let current = child {
                if cmark_node_get_type(current) == CMARK_NODE_TEXT, let literal = cmark_node_get_literal(current),
                    strstr(literal, "[^") != nil
                {
                    textNodes.append(current)
                }
                child = cmark_node_next(current)
            }
        }
        for textNode in textNodes {
            let text = String(cString: cmark_node_get_literal(textNode))
            var pieces: [(text: Substring, label: String?)] = []
            var rest = text[...]
            while let open = rest.range(of: "[^") {
                guard let close = rest[open.upperBound...].firstIndex(of: "]") else { break }
                let label = String(rest[open.upperBound..<close])
                guard definitions[label] != nil else {
                    if !label.isEmpty, !label.contains(" ") {
                        problems.append(
                            Problem(
                                line: Int(cmark_node_get_start_line(textNode)),
                                message: "footnote `[^\(label)]` has no definition: the page shows it as written",
                                hint: "add a line `[^\(label)]: the note's text` below the paragraph"))
                    }
                    pieces.append((rest[..<rest.index(after: close)], nil))
                    rest = rest[rest.index(after: close)...]
                    continue
                }
                pieces.append((rest[..<open.lowerBound], nil))
                pieces.append(("", label))
                rest = rest[rest.index(after: close)...]
            }
            guard pieces.contains(where: { $0.label != nil }) else { continue }
            pieces.append((rest, nil))
            var pendingText = ""
            func flushText() {
                guard !pendingText.isEmpty else { return }
                let inline = cmark_node_new_with_mem(CMARK_NODE_TEXT, allocator)
                _ = cmark_node_set_literal(inline, pendingText)
                cmark_node_insert_before(textNode, inline)
                pendingText = ""
            }
            for piece in pieces {
                guard let label = piece.label else {
                    pendingText += piece.text
                    continue
                }
                flushText()
                let number: Int
                if let known = numbers[label] {
                    number = known
                } else {
                    referenceCounts.append(0)
                    number = referenceCounts.count
                    numbers[label] = number
                }
                referenceCounts[number - 1] += 1
                let count = referenceCounts[number - 1]
                let id = naming.referenceID(number, count)
                let reference = cmark_node_new_with_mem(CMARK_NODE_CUSTOM_INLINE, allocator)
                _ = cmark_node_set_on_enter(reference, "<sup><a href=\"#\(naming.noteID(number))\" id=\"\(id)\" class=\"footnote-ref\" role=\"doc-noteref\">\(number)</a></sup>")
                _ = cmark_node_set_on_exit(reference, "")
                cmark_node_insert_before(textNode, reference)
            }
            flushText()
            cmark_node_unlink(textNode)
            garbage.add(textNode)
        }

        for label in definitionOrder where numbers[label] == nil {
            let (paragraph, line) = definitions[label]!
            garbage.add(paragraph)
            problems.append(
                Problem(
                    line: line, message: "footnote `[^\(label)]` is never referenced: the page leaves it out",
                    hint: "refer to it in the text with `[^\(label)]`, or delete it"))
        }
        guard !numbers.isEmpty else { return ([], problems) }

        // The notes, in the order of their numbers, at the end of the page.
        let section = cmark_node_new_with_mem(CMARK_NODE_CUSTOM_BLOCK, allocator)
        _ = cmark_node_set_on_enter(section, "<section class=\"footnotes\" aria-label=\"\(MarkupEscaping.html(naming.label))\">\n<hr>\n<ol>")
        _ = cmark_node_set_on_exit(section, "</ol>\n</section>")
        var ids: [String] = []
        for (label, number) in numbers.sorted(by: { $0.value < $1.value }) {
            let paragraph = definitions[label]!.paragraph
            let item = cmark_node_new_with_mem(CMARK_NODE_CUSTOM_BLOCK, allocator)
            _ = cmark_node_set_on_enter(item, "<li id=\"\(naming.noteID(number))\">")
            _ = cmark_node_set_on_exit(item, "</li>")
            ids.append(naming.noteID(number))
            var backLinks = ""
            for index in 1...referenceCounts[number - 1] {
                let id = naming.referenceID(number, index)
                ids.append(id)
                let mark = index == 1 ? "↩︎" : "↩︎<sup>\(index)</sup>"
                backLinks +=
                    " <a href=\"#\(id)\" class=\"footnote-back\" role=\"doc-backlink\" aria-label=\"Back to reference \(number)\(index == 1 ? "" : "-\(index)")\">\(mark)</a>"
            }
            let back = cmark_node_new_with_mem(CMARK_NODE_CUSTOM_INLINE, allocator)
            _ = cmark_node_set_on_enter(back, backLinks)
            _ = cmark_node_set_on_exit(back, "")
            cmark_node_append_child(paragraph, back)
            cmark_node_append_child(item, paragraph)
            cmark_node_append_child(section, item)
        }
        cmark_node_append_child(document, section)
        return (ids, problems)
    }
}
