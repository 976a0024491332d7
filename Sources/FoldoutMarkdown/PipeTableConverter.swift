import CCmark
import Foundation

extension PipeTables {
    struct Converter {
        // Its extensions, in files of their own, name these as the struct does.
        typealias Cursor = PipeTables.Cursor
        typealias Line = PipeTables.Line
        typealias SubDocument = PipeTables.SubDocument

        package let source: UnsafeBufferPointer<UInt8>
        package let options: Int32
        package let alignment: MarkdownRenderer.Options.TableAlignment
        package let allocator: UnsafeMutablePointer<cmark_mem>
        /// Where what is dropped goes, to be freed once the render is done.
        package let garbage: CmarkGarbage
        package let definitions: UnsafeBufferPointer<UInt8>?
        package let depth: Int
        /// Byte ranges of the source's lines (without their endings), line 1 first.
        var lines: [Range<Int>] = []
        /// Columns a list item's continuation lines are indented by, inside its parent.
        var itemIndents: [OpaquePointer: Int] = [:]
        /// The containers of the paragraph last asked about.
        var chain: (node: OpaquePointer, containers: [OpaquePointer])?

        package init(
            source: UnsafeBufferPointer<UInt8>, options: Int32, alignment: MarkdownRenderer.Options.TableAlignment,
            allocator: UnsafeMutablePointer<cmark_mem>, garbage: CmarkGarbage, definitions: UnsafeBufferPointer<UInt8>?, depth: Int
        ) {
            self.source = source
            self.options = options
            self.alignment = alignment
            self.allocator = allocator
            self.garbage = garbage
            self.definitions = definitions
            self.depth = depth
            lines = Self.lineRanges(of: source)
        }

        /// Lines end at `\n`, `\r\n` or a lone `\r`, as cmark's do.
        static func lineRanges(of source: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
            var ranges: [Range<Int>] = []
            guard let base = source.baseAddress else { return [0..<0] }
            let hasReturns = memchr(base, 0x0D, source.count) != nil
            var start = 0
            if !hasReturns {
                while start < source.count, let found = memchr(base + start, 0x0A, source.count - start) {
                    let end = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                    ranges.append(start..<end)
                    start = end + 1
                }
            } else {
                var index = 0
                while index < source.count {
                    let byte = source[index]
                    if byte == 0x0A || byte == 0x0D {
                        ranges.append(start..<index)
                        if byte == 0x0D, index + 1 < source.count, source[index + 1] == 0x0A { index += 1 }
                        start = index + 1
                    }
                    index += 1
                }
            }
            ranges.append(start..<source.count)
            return ranges
        }

        func range(ofLine number: Int) -> Range<Int> {
            number >= 1 && number <= lines.count ? lines[number - 1] : source.count..<source.count
        }

        package mutating func run(_ document: OpaquePointer, lastLine: Int) {
            var tables: [Table] = []
            for candidate in candidates(in: document, lastLine: lastLine) where tables.last?.nodes.contains(candidate) != true {
                if let table = analyze(candidate) { tables.append(table) }
            }
            guard !tables.isEmpty else { return }

            // Each cell's inlines, parsed in small documents.
            var compact = SubDocument()
            var exact: [SubDocument] = []
            var prefixes = SubDocument()
            for (tableIndex, table) in tables.enumerated() {
                for (rowIndex, row) in table.rows.enumerated() {
                    var linked = 0
                    for (column, cell) in row.cells.prefix(table.alignments.count).enumerated() where !cell.isEmpty {
                        let slot = (tableIndex, rowIndex, column)
                        if cell.contains(UInt8(ascii: "[")) || cell.contains(UInt8(ascii: "<")) {
                            if linked == exact.count { exact.append(SubDocument()) }
                            exact[linked].append(cell: cell, at: row.line, slot)
                            linked += 1
                        } else {
                            compact.append(cell: cell, at: nil, slot)
                        }
                    }
                }
                if let prefix = table.prefix {
                    prefixes.pad(to: prefix.lowerBound)
                    for number in prefix {
                        let line = line(number, of: table.nodes[0])
                        prefixes.append(line: source[line.start..<line.end], pendingSpaces: line.pendingSpaces)
                    }
                }
            }
            var cellParagraphs = tables.map { table in
                table.rows.map { _ in [OpaquePointer?](repeating: nil, count: table.alignments.count) }
            }
            for var subDocument in [compact] + exact where !subDocument.cells.isEmpty {
                let parsed = parse(&subDocument)
                let paragraphs = listItemParagraphs(of: parsed, count: subDocument.cells.count)
                // Cannot happen (each cell is one list item); leave the page as cmark made it.
                guard paragraphs.count == subDocument.cells.count else { return }
                for (slot, paragraph) in zip(subDocument.cells, paragraphs) {
                    cellParagraphs[slot.table][slot.row][slot.column] = paragraph
                }
            }
            var before = tables.map { _ in [OpaquePointer]() }
            if !prefixes.text.isEmpty {
                let parsed = parse(&prefixes)
                var tableIndex = 0
                var block = cmark_node_first_child(parsed)
                while let current = block {
                    block = cmark_node_next(current)
                    let line = Int(cmark_node_get_start_line(current))
                    while tableIndex < tables.count, (tables[tableIndex].prefix?.upperBound ?? 0) < line { tableIndex += 1 }
                    guard tableIndex < tables.count else { break }
                    if tables[tableIndex].prefix?.contains(line) == true { before[tableIndex].append(current) }
                }
            }

            for (tableIndex, table) in tables.enumerated() {
                let node = table.nodes[0]
                for block in before[tableIndex] {
                    cmark_node_unlink(block)
                    cmark_node_insert_before(node, block)
                }
                cmark_node_insert_before(node, makeTable(table, cells: cellParagraphs[tableIndex]))
                if let remainder = table.remainder, let last = table.nodes.last {
                    for block in blocks(after: last, remainder) { cmark_node_insert_before(node, block) }
                }
                for replaced in table.nodes {
                    cmark_node_unlink(replaced)
                    garbage.add(replaced)
                }
            }
        }

        /// Paragraphs and setext headings whose lines hold a pipe, in document order. Tables are
        /// leaf blocks, so only containers are entered.
        func candidates(in document: OpaquePointer, lastLine: Int) -> [OpaquePointer] {
            var found: [OpaquePointer] = []
            var next = cmark_node_first_child(document)
            while let node = next {
                let type = cmark_node_get_type(node)
                let startLine = Int(cmark_node_get_start_line(node))
                if startLine > lastLine { break }
                if type == CMARK_NODE_BLOCK_QUOTE || type == CMARK_NODE_LIST || type == CMARK_NODE_ITEM,
                    let child = cmark_node_first_child(node)
                {
                    next = child
                    continue
                }
                let endLine = Int(cmark_node_get_end_line(node))
                if type == CMARK_NODE_PARAGRAPH || (type == CMARK_NODE_HEADING && endLine > startLine) {
                    let bytes = range(ofLine: startLine).lowerBound..<range(ofLine: endLine).upperBound
                    if endLine > startLine, let base = source.baseAddress,
                        memchr(base + bytes.lowerBound, Int32(UInt8(ascii: "|")), bytes.count) != nil
                    {
                        found.append(node)
                    }
                }
                var at = node
                next = nil
                while true {
                    if let sibling = cmark_node_next(at) {
                        next = sibling
                        break
                    }
                    guard let parent = cmark_node_parent(at), parent != document else { break }
                    at = parent
                }
            }
            return found
        }

        /// The table in `node`'s lines, if there is one. Follows cmark-gfm: the first line that
        /// looks like a delimiter row decides; the line above it is the header row and must have
        /// as many cells.
        mutating func analyze(_ node: OpaquePointer) -> PipeTables.Table? {
            let first = Int(cmark_node_get_start_line(node))
            guard let last = lastLine(of: node) else { return nil }
            let contentLast = cmark_node_get_type(node) == CMARK_NODE_HEADING ? last - 1 : last
            guard contentLast > first else { return nil }

            var delimiterLine = 0
            var rows: [(line: Int, cells: [[UInt8]])] = []
            var alignments: [PipeTables.Alignment] = []
            for number in (first + 1)...contentLast {
                let line = line(number, of: node)
                guard !line.isLazy, line.indent < 4, line.textStart < line.end else { continue }
                let lead = source[line.textStart]
                guard lead == UInt8(ascii: "|") || lead == UInt8(ascii: ":") || lead == UInt8(ascii: "-") else { continue }
                let text = UnsafeBufferPointer(rebasing: source[line.textStart..<line.end])
                guard PipeTables.isDelimiterRow(text) else { continue }
                let header = self.line(number - 1, of: node)
                guard let delimiters = PipeTables.cells(of: text),
                    let headerCells = PipeTables.cells(of: UnsafeBufferPointer(rebasing: source[header.textStart..<header.end])),
                    headerCells.count == delimiters.count
                else { return nil }
                alignments = delimiters.map { cell in
                    switch (cell.first == UInt8(ascii: ":"), cell.last == UInt8(ascii: ":")) {
                    case (true, true): .center
                    case (true, false): .left
                    case (false, true): .right
                    case (false, false): .none
                    }
                }
                rows.append((number - 1, headerCells))
                delimiterLine = number
                break
            }
            guard delimiterLine > 0 else { return nil }

            // Rows to the end of the node. cmark ends a paragraph at a setext underline, but for
            // cmark-gfm `===` and `--` are rows and the table goes on into the lines below.
            var nodes = [node]
            var segment = node, segmentLast = last, number = delimiterLine + 1
            var remainder: ClosedRange<Int>?
            var filled = 0
            rows: while true {
                let isHeading = cmark_node_get_type(segment) == CMARK_NODE_HEADING
                while number <= segmentLast {
                    let line = line(number, of: segment)
                    let text = UnsafeBufferPointer(rebasing: source[line.textStart..<line.end])
                    // kramdown's `{: .class}` under a table is the table's attribute list (`AttributeLists`).
                    if line.isLazy || line.indent >= 4 || text.isEmpty || Self.isAttributeList(text)
                        || (isHeading && number == segmentLast ? endsTableAsUnderline(text) : startsAnotherBlock(text))
                    {
                        remainder = number...segmentLast
                        break rows
                    }
                    guard let cells = PipeTables.cells(of: text), filled <= PipeTables.maximumFilledCells else {
                        remainder = number...segmentLast
                        break rows
                    }
                    filled += max(0, alignments.count - cells.count)
                    rows.append((number, cells))
                    number += 1
                }
                guard isHeading, let next = cmark_node_next(segment),
                    Int(cmark_node_get_start_line(next)) == segmentLast + 1,
                    cmark_node_get_type(next) == CMARK_NODE_PARAGRAPH || cmark_node_get_type(next) == CMARK_NODE_HEADING,
                    let nextLast = lastLine(of: next)
                else { break }
                nodes.append(next)
                segment = next
                segmentLast = nextLast
            }
            let headerLine = delimiterLine - 1
            return PipeTables.Table(
                nodes: nodes, prefix: headerLine > first ? first...(headerLine - 1) : nil,
                alignments: alignments, rows: rows, remainder: remainder)
        }

        /// A paragraph's last line, or a setext heading's underline: cmark 0.30 ends a setext
        /// heading on the line after its underline (where it saw the heading end), so the
        /// underline is looked for. Nil for an ATX heading.
        mutating func lastLine(of node: OpaquePointer) -> Int? {
            let first = Int(cmark_node_get_start_line(node)), last = Int(cmark_node_get_end_line(node))
            guard cmark_node_get_type(node) == CMARK_NODE_HEADING else { return last }
            guard last > first else { return nil }
            for number in (first + 1)...last {
                let line = line(number, of: node)
                guard !line.isLazy, line.indent < 4, line.textStart < line.end else { continue }
                let text = source[line.textStart..<line.end]
                let mark = text.first!
                guard mark == UInt8(ascii: "=") || mark == UInt8(ascii: "-") else { continue }
                if text.drop(while: { $0 == mark }).allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return number }
            }
            return nil
        }

        /// A setext underline under a table: `=` and `--` are rows for cmark-gfm, while `-` starts
        /// a list and `---` is a thematic break.
        static func isAttributeList(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
            text.count > 3 && text[0] == UInt8(ascii: "{") && text[1] == UInt8(ascii: ":")
                && AttributeList.parse(String(decoding: text, as: UTF8.self), requireColon: true) != nil
        }

        func endsTableAsUnderline(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
            guard text.first == UInt8(ascii: "-") else { return false }
            return text.prefix(while: { $0 == UInt8(ascii: "-") }).count != 2
        }

        /// Blocks that cannot interrupt a paragraph, so cmark kept their line in it, but that do
        /// end a table: an empty list item, an ordered list not starting at 1, an HTML block of the
        /// seventh kind (a lone tag on its line).
        func startsAnotherBlock(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
            func isBlank(from index: Int) -> Bool { text[index...].allSatisfy { $0 == 0x20 || $0 == 0x09 } }
            let lead = text[0]
            if lead == UInt8(ascii: "-") || lead == UInt8(ascii: "+") || lead == UInt8(ascii: "*") {
                return text.count == 1 || ((text[1] == 0x20 || text[1] == 0x09) && isBlank(from: 1))
            }
            if lead >= UInt8(ascii: "0"), lead <= UInt8(ascii: "9") {
                var index = 0, number = 0
                while index < text.count, index < 9, text[index] >= UInt8(ascii: "0"), text[index] <= UInt8(ascii: "9") {
                    number = number * 10 + Int(text[index] - UInt8(ascii: "0"))
                    index += 1
                }
                guard index < text.count, text[index] == UInt8(ascii: ".") || text[index] == UInt8(ascii: ")") else { return false }
                index += 1
                if index == text.count { return true }
                guard text[index] == 0x20 || text[index] == 0x09 else { return false }
                return number != 1 || isBlank(from: index)
            }
            if lead == UInt8(ascii: "<") {
                // cmark knows HTML block starts best: ask it about the line alone.
                let parser = cmark_parser_new_with_mem(0, allocator)
                text.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress, $0.count) }
                let document = cmark_parser_finish(parser)
                cmark_parser_free(parser)
                garbage.add(document)
                return cmark_node_get_type(cmark_node_first_child(document)) == CMARK_NODE_HTML_BLOCK
            }
            return false
        }
    }
}
