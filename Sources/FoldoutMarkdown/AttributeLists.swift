import CCmark
import FoldoutBase
import Foundation

/// Attribute lists, which libcmark does not know: kramdown's `{: .class #id}` on the line after
/// a block (or the block's own last line), and Pandoc's and Hugo's `{.class #id}` at the end
/// of a heading (taken by `MarkdownRenderer.takeWrittenID`). Only `id` and `class` are applied,
/// and only with ASCII letters, digits and `-_:.` (nothing to escape, no script); anything else
/// (`onclick=…`, `style=…`, a kramdown reference name) is dropped with a warning.
package struct AttributeList: Sendable, Equatable {
    package var id: String?
    package var classes: [String] = []
    /// What was written but not applied, as written (`onclick="…"`).
    package var dropped: [String] = []

    /// The list `text` is, as a whole (`{: .a #b}`, `{.a}`, `{#b}`), or nil. kramdown's colon is
    /// needed when `requireColon` (a paragraph line of its own: `{.x}` there is text).
    package static func parse<S: StringProtocol>(_ text: S, requireColon: Bool) -> AttributeList? {
        var body = text.trimmingCharacters(in: .whitespaces)[...]
        guard body.hasPrefix("{"), body.hasSuffix("}"), body.count >= 3 else { return nil }
        body = body.dropFirst().dropLast()
        if body.hasPrefix(":") { body = body.dropFirst() } else if requireColon { return nil }
        guard !body.contains("{"), !body.contains("}") else { return nil }
        var list = AttributeList()
        var tokens: [String] = []
        var current = ""
        var quote: Character?
        for character in body {
            if let open = quote {
                current.append(character)
                if character == open || (open == "\u{201C}" && character == "\u{201D}") || (open == "\u{2018}" && character == "\u{2019}") { quote = nil }
            } else if character == " " || character == "\t" {
                if !current.isEmpty { tokens.append(current) }
                current = ""
            } else {
                if character == "\"" || character == "'" || character == "\u{201C}" || character == "\u{2018}" { quote = character }
                current.append(character)
            }
        }
        if !current.isEmpty { tokens.append(current) }
        guard !tokens.isEmpty else { return nil }
        for token in tokens {
            if token.hasPrefix("#"), isSafeName(token.dropFirst()) {
                list.id = String(token.dropFirst())
            } else if token.hasPrefix("."), isSafeName(token.dropFirst()) {
                list.classes.append(String(token.dropFirst()))
            } else if token.contains("=") || token.hasPrefix("#") || token.hasPrefix(".") {
                list.dropped.append(token)
            } else {
                // A bare word (`{#not an id}`, `{in euros}`): text in braces, no attribute list.
                return nil
            }
        }
        return list
    }

    /// ASCII letters, digits and `-_:.`: what needs no escaping in an attribute.
    package static func isSafeName<S: StringProtocol>(_ name: S) -> Bool {
        let allowed = Set("-_:.".utf8)
        return !name.isEmpty && name.utf8.count <= 100
            && name.utf8.allSatisfy { ($0 < 0x80 && isalnum(Int32($0)) != 0) || allowed.contains($0) }
    }

    /// ` id="…" class="…"`, escaped all the same.
    package var markup: String {
        var text = ""
        if let id { text += " id=\"\(MarkupEscaping.html(id))\"" }
        if !classes.isEmpty { text += " class=\"\(MarkupEscaping.html(classes.joined(separator: " ")))\"" }
        return text
    }

    /// This list with `other`'s values added (its id wins).
    package func merged(with other: AttributeList) -> AttributeList {
        AttributeList(id: other.id ?? id, classes: classes + other.classes, dropped: dropped + other.dropped)
    }
}

package enum AttributeLists {
    /// A list the page wrote, for its warnings: 1-based line in the body.
    package struct Written: Sendable, Equatable {
        package var line: Int
        package var list: AttributeList
    }

    /// Whether `bytes` may hold a kramdown list: most pages have no `{:`.
    package static func mayHold(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        PipeTables.contains(bytes, UInt8(ascii: "{"), UInt8(ascii: ":"))
    }

    /// Takes kramdown's block attribute lists out of `document`: a paragraph line `{: …}`
    /// applies to the paragraph it ends, a paragraph of nothing but one to the block before
    /// it (or, first in its container, the block after). Returns each block's attributes.
    package static func take(from document: OpaquePointer, garbage: CmarkGarbage) -> (blocks: [OpaquePointer: AttributeList], written: [Written]) {
        var blocks: [OpaquePointer: AttributeList] = [:]
        var written: [Written] = []
        var paragraphs: [OpaquePointer] = []
        let iterator = cmark_iter_new(document)
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator),
                cmark_node_get_type(node) == CMARK_NODE_PARAGRAPH
            else { continue }
            paragraphs.append(node)
        }
        cmark_iter_free(iterator)
        for paragraph in paragraphs {
            // The last line: the text nodes after the last line break.
            var run: [OpaquePointer] = []
            var node = cmark_node_last_child(paragraph)
            while let current = node, cmark_node_get_type(current) == CMARK_NODE_TEXT {
                run.insert(current, at: 0)
                node = cmark_node_previous(current)
            }
            let lineBreak = node
            guard !run.isEmpty,
                lineBreak == nil || cmark_node_get_type(lineBreak!) == CMARK_NODE_SOFTBREAK
                    || cmark_node_get_type(lineBreak!) == CMARK_NODE_LINEBREAK
            else { continue }
            let text = run.map { cmark_node_get_literal($0).map { String(cString: $0) } ?? "" }.joined()
            guard let list = AttributeList.parse(text, requireColon: true) else { continue }
            let line = Int(cmark_node_get_start_line(paragraph)) + countLines(before: run[0], in: paragraph)
            written.append(Written(line: line, list: list))
            let target: OpaquePointer?
            if let lineBreak {
                for extra in run + [lineBreak] {
                    cmark_node_unlink(extra)
                    garbage.add(extra)
                }
                // The lazy last line of a list's last item, as kramdown reads it: the list's.
                if let item = cmark_node_parent(paragraph), cmark_node_get_type(item) == CMARK_NODE_ITEM,
                    cmark_node_next(paragraph) == nil, cmark_node_next(item) == nil, let list = cmark_node_parent(item),
                    cmark_node_get_start_line(paragraph) < Int32(line)
                {
                    target = list
                } else {
                    target = paragraph
                }
            } else {
                target = cmark_node_previous(paragraph) ?? cmark_node_next(paragraph)
                cmark_node_unlink(paragraph)
                garbage.add(paragraph)
            }
            if let target { blocks[target] = (blocks[target] ?? AttributeList()).merged(with: list) }
        }
        return (blocks, written)
    }

    private static func countLines(before node: OpaquePointer, in paragraph: OpaquePointer) -> Int {
        var count = 0
        var current = cmark_node_first_child(paragraph)
        while let at = current, at != node {
            let type = cmark_node_get_type(at)
            if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK { count += 1 }
            current = cmark_node_next(at)
        }
        return count
    }

    /// Puts `list` on `block` (not a heading: those get theirs with their ids). A paragraph
    /// becomes a `<p>` with them; any other block is wrapped in a `<div>` that carries them.
    package static func apply(
        _ list: AttributeList, to block: OpaquePointer, allocator: UnsafeMutablePointer<cmark_mem>,
        garbage: CmarkGarbage
    ) {
        guard list.id != nil || !list.classes.isEmpty, cmark_node_parent(block) != nil else { return }
        let wrapper = cmark_node_new_with_mem(CMARK_NODE_CUSTOM_BLOCK, allocator)
        if cmark_node_get_type(block) == CMARK_NODE_PARAGRAPH {
            let inline = cmark_node_new_with_mem(CMARK_NODE_CUSTOM_INLINE, allocator)
            _ = cmark_node_set_on_enter(inline, "<p\(list.markup)>")
            _ = cmark_node_set_on_exit(inline, "</p>")
            cmarkMoveChildren(of: block, to: inline)
            cmark_node_append_child(wrapper, inline)
            cmark_node_replace(block, wrapper)
            garbage.add(block)
        } else {
            _ = cmark_node_set_on_enter(wrapper, "<div\(list.markup)>")
            _ = cmark_node_set_on_exit(wrapper, "</div>")
            cmark_node_replace(block, wrapper)
            cmark_node_append_child(wrapper, block)
        }
    }
}
