import CCmark
import FoldoutBase
import Foundation

/// Headings: their ids, unique on the page (GitHub's `-1`, `-2` after a repeated one) or as
/// the author wrote them, and the fragments that find them.
extension MarkdownRenderer {
    static func replaceHeading(
        _ heading: OpaquePointer, id: String, classes: [String], level: Int32,
        allocator: UnsafeMutablePointer<cmark_mem>
    ) {
        let level = UInt8(clamping: level)
        // Ids are slugs, or written by the author (`{#id}`): escaped all the same; so are classes.
        let id = MarkupEscaping.html(id) + (classes.isEmpty ? "" : "\" class=\"" + MarkupEscaping.html(classes.joined(separator: " ")))
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
        cmarkMoveChildren(of: heading, to: inline)
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

    /// The attribute list written at the end of a heading (`## Setup {#install}`, `{ #install }`,
    /// Pandoc's and Hugo's `{#install .wide}`), taken out of its text. Ids and classes are kept
    /// to ASCII letters, digits and `-_:.` (`AttributeList`), so they need no escaping; a brace
    /// pair with neither (`{a, b}`) stays text.
    static func takeWrittenAttributes(from heading: OpaquePointer) -> AttributeList? {
        // Nearly every heading ends in something else than `}`: one look at its last bytes.
        guard let last = cmark_node_last_child(heading), cmark_node_get_type(last) == CMARK_NODE_TEXT,
            let literal = cmark_node_get_literal(last)
        else { return nil }
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
        guard text.last == "}", let open = text.lastIndex(of: "{"),
            let list = AttributeList.parse(text[open...], requireColon: false), list.id != nil || !list.classes.isEmpty
        else { return nil }
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
        return list
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
    static func fragmentMatchingCase(
        _ destination: String, ids: [String], withoutCase: [String: String],
        rawHTML: [OpaquePointer]
    ) -> String? {
        let fragment = String(destination.dropFirst())
        guard !fragment.isEmpty, !ids.contains(fragment), let id = withoutCase[fragment.lowercased()] else { return nil }
        for node in rawHTML {
            if let literal = cmark_node_get_literal(node), String(cString: literal).contains(fragment) { return nil }
        }
        return "#" + id
    }
}
