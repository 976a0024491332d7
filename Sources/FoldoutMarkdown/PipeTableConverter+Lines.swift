import CCmark
import Foundation

/// Lines inside containers: a paragraph's line without the prefixes of the block quotes
/// and list items it sits in, as cmark reads them.
extension PipeTables.Converter {
    /// Line `number` of `node` (a paragraph or heading) without its containers' prefixes.
    mutating func line(_ number: Int, of node: OpaquePointer) -> Line {
        let bytes = range(ofLine: number)
        var cursor = Cursor(source: source, line: bytes)
        var isLazy = false
        if number == Int(cmark_node_get_start_line(node)) {
            cursor.jump(to: bytes.lowerBound + Int(cmark_node_get_start_column(node)) - 1)
        } else {
            if chain?.node != node { chain = (node, containers(above: node)) }
            for container in chain!.containers where !pass(container, on: number, &cursor) {
                isLazy = true
                break
            }
        }
        let pendingSpaces = cursor.pendingSpaces
        let (textStart, textColumn) = cursor.firstNonSpace()
        return Line(
            start: cursor.position + (pendingSpaces > 0 ? 1 : 0), end: bytes.upperBound,
            pendingSpaces: pendingSpaces, textStart: textStart, indent: textColumn - cursor.column,
            isLazy: isLazy)
    }

    /// Block quotes and list items around `node`, outermost first.
    func containers(above node: OpaquePointer) -> [OpaquePointer] {
        var found: [OpaquePointer] = []
        var parent = cmark_node_parent(node)
        while let current = parent {
            let type = cmark_node_get_type(current)
            if type == CMARK_NODE_BLOCK_QUOTE || type == CMARK_NODE_ITEM { found.append(current) }
            parent = cmark_node_parent(current)
        }
        return found.reversed()
    }

    /// Moves `cursor` past `container`'s prefix on line `number`; false when the line lacks it.
    mutating func pass(_ container: OpaquePointer, on number: Int, _ cursor: inout Cursor) -> Bool {
        if cmark_node_get_type(container) == CMARK_NODE_BLOCK_QUOTE { return cursor.passBlockQuoteMarker() }
        if Int(cmark_node_get_start_line(container)) == number {
            _ = passMarker(of: container, on: number, &cursor)
            return true
        }
        let required = indent(of: container)
        let (_, textColumn) = cursor.firstNonSpace()
        guard textColumn - cursor.column >= required else { return false }
        cursor.advance(columns: required)
        return true
    }

    /// cmark's rule: the marker's indentation, its width, then its padding (the spaces after
    /// it, or one when they are five or more or the line is otherwise blank).
    mutating func passMarker(of item: OpaquePointer, on number: Int, _ cursor: inout Cursor) -> Int {
        let startColumn = cursor.column
        cursor.jump(to: range(ofLine: number).lowerBound + Int(cmark_node_get_start_column(item)) - 1)
        let markerOffset = cursor.column - startColumn
        var width = 1
        if cursor.position < cursor.end, source[cursor.position] >= UInt8(ascii: "0"), source[cursor.position] <= UInt8(ascii: "9") {
            width = 0
            while cursor.position + width < cursor.end, source[cursor.position + width] >= UInt8(ascii: "0"),
                source[cursor.position + width] <= UInt8(ascii: "9")
            { width += 1 }
            width += 1
        }
        cursor.jump(to: cursor.position + width)
        let (textStart, textColumn) = cursor.firstNonSpace()
        let spaces = textColumn - cursor.column
        let padding = textStart == cursor.end || spaces >= 5 || spaces < 1 ? 1 : spaces
        cursor.advance(columns: padding)
        let required = markerOffset + width + padding
        itemIndents[item] = required
        return required
    }

    mutating func indent(of item: OpaquePointer) -> Int {
        if let known = itemIndents[item] { return known }
        let number = Int(cmark_node_get_start_line(item))
        var cursor = Cursor(source: source, line: range(ofLine: number))
        for container in containers(above: item) where !pass(container, on: number, &cursor) { break }
        return passMarker(of: item, on: number, &cursor)
    }
}
