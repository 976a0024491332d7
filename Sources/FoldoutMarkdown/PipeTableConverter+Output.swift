import CCmark
import Foundation

/// Output: the table's custom nodes, printed as cmark-gfm prints a table.
extension PipeTables.Converter {
    /// `<table>` … `</table>` as cmark-gfm prints it: custom blocks for the table, its head,
    /// body and rows (each tag on its own line), a custom inline per cell holding its inlines.
    func makeTable(_ table: PipeTables.Table, cells: [[OpaquePointer?]]) -> OpaquePointer {
        let node = block("<table>", "</table>")
        let head = block("<thead>", "</thead>")
        cmark_node_append_child(node, head)
        var body: OpaquePointer?
        let headerTags = table.alignments.map { openingTag(isHeader: true, $0) }
        let dataTags = table.alignments.map { openingTag(isHeader: false, $0) }
        for (rowIndex, paragraphs) in cells.enumerated() {
            let row = block("<tr>", "</tr>")
            let isHeader = rowIndex == 0
            for (column, paragraph) in paragraphs.enumerated() {
                let cell: OpaquePointer = cmark_node_new_with_mem(CMARK_NODE_CUSTOM_INLINE, allocator)
                _ = cmark_node_set_on_enter(cell, isHeader ? headerTags[column] : dataTags[column])
                _ = cmark_node_set_on_exit(cell, isHeader ? "</th>\n" : "</td>\n")
                if let paragraph { moveInlines(from: paragraph, to: cell) }
                cmark_node_append_child(row, cell)
            }
            if isHeader {
                cmark_node_append_child(head, row)
            } else {
                if body == nil {
                    body = block("<tbody>", "</tbody>")
                    cmark_node_append_child(node, body)
                }
                cmark_node_append_child(body, row)
            }
        }
        return node
    }

    func block(_ enter: String, _ exit: String) -> OpaquePointer {
        let node = cmark_node_new_with_mem(CMARK_NODE_CUSTOM_BLOCK, allocator)!
        _ = cmark_node_set_on_enter(node, enter)
        _ = cmark_node_set_on_exit(node, exit)
        return node
    }

    func openingTag(isHeader: Bool, _ columnAlignment: PipeTables.Alignment) -> String {
        let name = isHeader ? "<th" : "<td"
        let side: String
        switch columnAlignment {
        case .none: return name + ">"
        case .left: side = "left"
        case .center: side = "center"
        case .right: side = "right"
        }
        switch alignment {
        case .styleAttribute: return name + " style=\"text-align: " + side + "\">"
        case .alignAttribute: return name + " align=\"" + side + "\">"
        }
    }

    /// Moves a cell paragraph's inlines, less the no-break space put before them.
    func moveInlines(from paragraph: OpaquePointer, to cell: OpaquePointer) {
        if let text = cmark_node_first_child(paragraph), cmark_node_get_type(text) == CMARK_NODE_TEXT,
            let literal = cmark_node_get_literal(text),
            UInt8(bitPattern: literal[0]) == 0xC2, UInt8(bitPattern: literal[1]) == 0xA0
        {
            if literal[2] == 0 {
                cmark_node_unlink(text)
                garbage.add(text)
            } else {
                let rest = String(cString: literal + 2)
                _ = cmark_node_set_literal(text, rest)
            }
        }
        cmarkMoveChildren(of: paragraph, to: cell)
    }
}
