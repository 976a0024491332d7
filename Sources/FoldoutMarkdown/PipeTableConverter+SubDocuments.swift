import CCmark
import Foundation

/// Small documents: cells and lines parsed by cmark on their own, with the page's options.
extension PipeTables.Converter {
    func parse(_ subDocument: inout SubDocument) -> OpaquePointer {
        if let definitions, subDocument.text.contains(UInt8(ascii: "[")) {
            // A blank line and a no-break-space paragraph close whatever the last line opened.
            subDocument.text.append(contentsOf: [0x0A, 0xC2, 0xA0, 0x0A, 0x0A])
            subDocument.text.append(contentsOf: definitions)
        }
        let parser = cmark_parser_new_with_mem(options, allocator)
        subDocument.text.withUnsafeBytes { bytes in
            let characters = bytes.bindMemory(to: CChar.self)
            cmark_parser_feed(parser, characters.baseAddress, characters.count)
        }
        let document = cmark_parser_finish(parser)!
        cmark_parser_free(parser)
        garbage.add(document)
        return document
    }

    /// The paragraph of each of the first `count` list items.
    func listItemParagraphs(of document: OpaquePointer, count: Int) -> [OpaquePointer] {
        var paragraphs: [OpaquePointer] = []
        var list = cmark_node_first_child(document)
        while let current = list, paragraphs.count < count, cmark_node_get_type(current) == CMARK_NODE_LIST {
            var item = cmark_node_first_child(current)
            while let at = item, paragraphs.count < count {
                guard let paragraph = cmark_node_first_child(at), cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH else {
                    return paragraphs
                }
                paragraphs.append(paragraph)
                item = cmark_node_next(at)
            }
            list = cmark_node_next(current)
        }
        return paragraphs
    }

    /// Lines of `node` after a table, which begin other blocks, parsed as blocks (tables among them
    /// converted too), unlinked from their document.
    func blocks(after node: OpaquePointer, _ remainder: ClosedRange<Int>) -> [OpaquePointer] {
        var subDocument = SubDocument()
        subDocument.pad(to: remainder.lowerBound)
        var converter = self
        for number in remainder {
            let line = converter.line(number, of: node)
            subDocument.append(line: source[line.start..<line.end], pendingSpaces: line.pendingSpaces)
        }
        let parsed = parse(&subDocument)
        if depth < PipeTables.maximumDepth {
            subDocument.text.withUnsafeBufferPointer { text in
                var nested = PipeTables.Converter(
                    source: text, options: options, alignment: alignment, allocator: allocator,
                    garbage: garbage, definitions: definitions, depth: depth + 1)
                nested.run(parsed, lastLine: remainder.upperBound)
            }
        }
        var found: [OpaquePointer] = []
        var block = cmark_node_first_child(parsed)
        // Converted tables have no source position (line 0).
        while let current = block, Int(cmark_node_get_start_line(current)) <= remainder.upperBound {
            block = cmark_node_next(current)
            cmark_node_unlink(current)
            found.append(current)
        }
        return found
    }
}
