import CCmark
import Foundation

/// GitHub's pipe tables (the GFM specification's "Tables (extension)"), which libcmark does not
/// know. They are found on the parsed tree: a paragraph (or a setext heading, whose underline is
/// then a row) with a header row followed by a delimiter row becomes a table of custom nodes,
/// printed as cmark-gfm prints it. Cells are split on unescaped pipes first, then each cell's
/// inline Markdown is parsed by cmark in a small document of its own, with the same options, and
/// its nodes are moved into the table, so links in cells are seen and rewritten like any other.
///
/// Lines of the paragraph before the header row stay a paragraph. A line that cmark-gfm would
/// start another block with (but cmark kept in the paragraph: an indented line, a list that may
/// not interrupt a paragraph, an HTML block of the seventh kind, a lazy line in a block quote or
/// list item) ends the table; it and the lines after it are parsed again as blocks of their own.
///
/// Where this differs from cmark-gfm: a table needs a pipe in its lines (cmark-gfm also takes
/// `a` over `:--` for a table; here a page without a pipe pays nothing); blocks parsed again
/// after a lazy line stay inside the container it lacked; and they end with cmark's paragraph
/// (an HTML block or list there does not take in the block after it).
///
/// Nodes from the small documents keep their source lines (`Link.line`): each such document puts
/// a cell, or a paragraph's lines, on the line it came from, padded with blank lines. Cells with
/// no `[` or `<` (no link, image or autolink) need no true line and share one short document.
package enum PipeTables {
    /// cmark-gfm stops adding rows once this many cells were made up to fill short rows: a
    /// wide header over many one-cell rows would otherwise make millions of nodes.
    package static let maximumFilledCells = 0x80000
    /// Tables found again in the lines after a table are converted this many levels deep.
    package static let maximumDepth = 4

    /// Converts the tables of `document`, parsed by cmark from `source` with `options`.
    package static func convert(_ document: OpaquePointer, source: UnsafeBufferPointer<UInt8>, options: Int32,
                        alignment: MarkdownRenderer.Options.TableAlignment,
                        allocator: UnsafeMutablePointer<cmark_mem>, garbage: CmarkGarbage) {
        // Most pages have no pipe at all: they pay one memchr.
        guard let base = source.baseAddress, memchr(base, Int32(UInt8(ascii: "|")), source.count) != nil else { return }
        // Link reference definitions are in a document's source only: a small document that
        // may use them gets the whole source appended (rare: a table, a `[` and a `]:`).
        let definitions = contains(source, UInt8(ascii: "]"), UInt8(ascii: ":")) ? source : nil
        var converter = Converter(source: source, options: options, alignment: alignment,
                                  allocator: allocator, garbage: garbage, definitions: definitions, depth: 0)
        converter.run(document, lastLine: Int.max)
    }

    fileprivate enum Alignment { case none, left, center, right }

    fileprivate struct Table {
        /// The paragraph or heading the table is in, and those after it that it goes on into.
        package var nodes: [OpaquePointer]
        /// Lines of the first node before the header row: they stay a paragraph.
        package var prefix: ClosedRange<Int>?
        package var alignments: [Alignment]
        /// The header row first, each with its line.
        package var rows: [(line: Int, cells: [[UInt8]])]
        /// Lines of the last node after the last row, which begin other blocks.
        package var remainder: ClosedRange<Int>?
    }

    /// A row, split GFM's way: an optional leading pipe, cells separated by pipes not preceded
    /// by a backslash, an optional trailing one. `\|` in a cell becomes `|` before the cell is
    /// parsed (inside code spans too), and the cell is trimmed. Nil when there is no cell.
    package static func cells(of row: UnsafeBufferPointer<UInt8>) -> [[UInt8]]? {
        let pipe = UInt8(ascii: "|"), backslash = UInt8(ascii: "\\")
        var cells: [[UInt8]] = []
        var offset = 0
        func skipSpaceChars() { while offset < row.count, isSpaceChar(row[offset]) { offset += 1 } }
        if offset < row.count, row[offset] == pipe {
            offset += 1
            skipSpaceChars()
        }
        while offset < row.count {
            let start = offset
            while offset < row.count, row[offset] != pipe || (offset > start && row[offset - 1] == backslash) { offset += 1 }
            var cell: [UInt8] = []
            cell.reserveCapacity(offset - start)
            var index = start
            while index < offset {
                if row[index] == backslash, index + 1 < offset, row[index + 1] == pipe { index += 1 }
                cell.append(row[index])
                index += 1
            }
            cells.append(trimmed(cell))
            guard offset < row.count else { break }
            offset += 1  // the pipe
            skipSpaceChars()
            if cells.count > Int(UInt16.max) { return nil }
        }
        return cells.isEmpty ? nil : cells
    }

    /// Whether `row` is a delimiter row: cells of `-`, each with an optional colon at either end.
    package static func isDelimiterRow(_ row: UnsafeBufferPointer<UInt8>) -> Bool {
        var offset = 0
        func marker() -> Bool {
            while offset < row.count, isSpaceChar(row[offset]) { offset += 1 }
            if offset < row.count, row[offset] == UInt8(ascii: ":") { offset += 1 }
            guard offset < row.count, row[offset] == UInt8(ascii: "-") else { return false }
            while offset < row.count, row[offset] == UInt8(ascii: "-") { offset += 1 }
            if offset < row.count, row[offset] == UInt8(ascii: ":") { offset += 1 }
            while offset < row.count, isSpaceChar(row[offset]) { offset += 1 }
            return true
        }
        if offset < row.count, row[offset] == UInt8(ascii: "|") { offset += 1 }
        guard marker() else { return false }
        while offset < row.count, row[offset] == UInt8(ascii: "|") {
            let pipe = offset
            offset += 1
            if !marker() {
                offset = pipe + 1  // the optional trailing pipe
                break
            }
        }
        while offset < row.count, isSpaceChar(row[offset]) { offset += 1 }
        return offset == row.count
    }

    fileprivate static func isSpaceChar(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0B || byte == 0x0C
    }

    private static func trimmed(_ bytes: [UInt8]) -> [UInt8] {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else { return [] }
        return first == 0 && last == bytes.count - 1 ? bytes : Array(bytes[first...last])
    }

    package static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ first: UInt8, _ second: UInt8) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        var offset = 0
        while offset < bytes.count - 1, let found = memchr(base + offset, Int32(first), bytes.count - 1 - offset) {
            let index = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            if bytes[index + 1] == second { return true }
            offset = index + 1
        }
        return false
    }
}

extension PipeTables {
    /// Visual columns as cmark counts them on one line: a byte is a column, a tab runs to the next
    /// multiple of four, and a container's prefix may use part of a tab.
    fileprivate struct Cursor {
        package let source: UnsafeBufferPointer<UInt8>
        package let end: Int
        package var position: Int
        /// The column where the byte at `position` begins.
        package var positionColumn = 0
        /// The column reached: past `positionColumn` inside a partly used tab.
        package var column = 0

        package init(source: UnsafeBufferPointer<UInt8>, line: Range<Int>) {
            self.source = source
            end = line.upperBound
            position = line.lowerBound
        }

        private static func column(after byte: UInt8, at column: Int) -> Int {
            byte == 0x09 ? (column / 4 + 1) * 4 : column + 1
        }

        /// The first byte that is not a space or tab, and its column.
        package func firstNonSpace() -> (position: Int, column: Int) {
            var at = position, atColumn = positionColumn
            while at < end, source[at] == 0x20 || source[at] == 0x09 {
                atColumn = Self.column(after: source[at], at: atColumn)
                at += 1
            }
            return (at, atColumn)
        }

        package mutating func jump(to target: Int) {
            while position < min(target, end) {
                positionColumn = Self.column(after: source[position], at: positionColumn)
                position += 1
            }
            column = positionColumn
        }

        /// Uses `count` columns of spaces and tabs.
        package mutating func advance(columns count: Int) {
            var remaining = count
            while remaining > 0, position < end, source[position] == 0x20 || source[position] == 0x09 {
                let next = Self.column(after: source[position], at: positionColumn)
                if next - column <= remaining {
                    remaining -= next - column
                    position += 1
                    positionColumn = next
                    column = next
                } else {
                    column += remaining
                    remaining = 0
                }
            }
        }

        /// Passes a block quote marker: up to three spaces, `>` and an optional space.
        package mutating func passBlockQuoteMarker() -> Bool {
            let (at, atColumn) = firstNonSpace()
            guard atColumn - column <= 3, at < end, source[at] == UInt8(ascii: ">") else { return false }
            jump(to: at + 1)
            if position < end, source[position] == 0x20 || source[position] == 0x09 { advance(columns: 1) }
            return true
        }

        /// Columns of a partly used tab still to be written as spaces before `position`.
        package var pendingSpaces: Int {
            column > positionColumn ? Self.column(after: source[position], at: positionColumn) - column : 0
        }
    }

    /// One line of a paragraph with its containers' prefixes taken off.
    fileprivate struct Line {
        package var start: Int
        package var end: Int
        /// Spaces that stand for the rest of a tab a prefix used part of.
        package var pendingSpaces: Int
        package var textStart: Int
        /// Columns of indentation inside the innermost container.
        package var indent: Int
        /// A lazy continuation line: it lacks a container's prefix.
        package var isLazy: Bool
    }

    /// Text for a small cmark document whose lines match the page's.
    fileprivate struct SubDocument {
        package var text: [UInt8] = []
        /// The line the next byte goes on.
        package var line = 1
        /// Cells, in the order of their list items: (table, row, column).
        package var cells: [(table: Int, row: Int, column: Int)] = []

        package mutating func pad(to target: Int) {
            if target > line {
                text.append(contentsOf: repeatElement(0x0A, count: target - line))
                line = target
            }
        }

        /// A cell, as a list item of its own so that cells on neighbouring lines stay apart; the
        /// no-break space first keeps it a paragraph (`# x`, `> x`, `1. x` are text in a cell) and,
        /// being Unicode whitespace, leaves emphasis and smart quotes at its start as at a line's.
        package mutating func append(cell: [UInt8], at target: Int?, _ slot: (table: Int, row: Int, column: Int)) {
            if let target { pad(to: target) }
            text.append(contentsOf: [UInt8(ascii: "-"), 0x20, 0xC2, 0xA0])
            text.append(contentsOf: cell)
            text.append(0x0A)
            line += 1
            cells.append(slot)
        }

        package mutating func append(line bytes: UnsafeBufferPointer<UInt8>.SubSequence, pendingSpaces: Int) {
            text.append(contentsOf: repeatElement(0x20, count: pendingSpaces))
            text.append(contentsOf: bytes)
            text.append(0x0A)
            line += 1
        }
    }

    fileprivate struct Converter {
        package let source: UnsafeBufferPointer<UInt8>
        package let options: Int32
        package let alignment: MarkdownRenderer.Options.TableAlignment
        package let allocator: UnsafeMutablePointer<cmark_mem>
        /// Where what is dropped goes, to be freed once the render is done.
        package let garbage: CmarkGarbage
        package let definitions: UnsafeBufferPointer<UInt8>?
        package let depth: Int
        /// Byte ranges of the source's lines (without their endings), line 1 first.
        private var lines: [Range<Int>] = []
        /// Columns a list item's continuation lines are indented by, inside its parent.
        private var itemIndents: [OpaquePointer: Int] = [:]
        /// The containers of the paragraph last asked about.
        private var chain: (node: OpaquePointer, containers: [OpaquePointer])?

        package init(source: UnsafeBufferPointer<UInt8>, options: Int32, alignment: MarkdownRenderer.Options.TableAlignment,
             allocator: UnsafeMutablePointer<cmark_mem>, garbage: CmarkGarbage, definitions: UnsafeBufferPointer<UInt8>?, depth: Int) {
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
        private static func lineRanges(of source: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
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

        private func range(ofLine number: Int) -> Range<Int> {
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
        private func candidates(in document: OpaquePointer, lastLine: Int) -> [OpaquePointer] {
            var found: [OpaquePointer] = []
            var next = cmark_node_first_child(document)
            while let node = next {
                let type = cmark_node_get_type(node)
                let startLine = Int(cmark_node_get_start_line(node))
                if startLine > lastLine { break }
                if type == CMARK_NODE_BLOCK_QUOTE || type == CMARK_NODE_LIST || type == CMARK_NODE_ITEM,
                   let child = cmark_node_first_child(node) {
                    next = child
                    continue
                }
                let endLine = Int(cmark_node_get_end_line(node))
                if type == CMARK_NODE_PARAGRAPH || (type == CMARK_NODE_HEADING && endLine > startLine) {
                    let bytes = range(ofLine: startLine).lowerBound..<range(ofLine: endLine).upperBound
                    if endLine > startLine, let base = source.baseAddress,
                       memchr(base + bytes.lowerBound, Int32(UInt8(ascii: "|")), bytes.count) != nil {
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
        private mutating func analyze(_ node: OpaquePointer) -> PipeTables.Table? {
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
                      headerCells.count == delimiters.count else { return nil }
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
                    if line.isLazy || line.indent >= 4 || text.isEmpty
                        || (isHeading && number == segmentLast ? endsTableAsUnderline(text) : startsAnotherBlock(text)) {
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
                      let nextLast = lastLine(of: next) else { break }
                nodes.append(next)
                segment = next
                segmentLast = nextLast
            }
            let headerLine = delimiterLine - 1
            return PipeTables.Table(nodes: nodes, prefix: headerLine > first ? first...(headerLine - 1) : nil,
                                    alignments: alignments, rows: rows, remainder: remainder)
        }

        /// A paragraph's last line, or a setext heading's underline: cmark 0.30 ends a setext
        /// heading on the line after its underline (where it saw the heading end), so the
        /// underline is looked for. Nil for an ATX heading.
        private mutating func lastLine(of node: OpaquePointer) -> Int? {
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
        private func endsTableAsUnderline(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
            guard text.first == UInt8(ascii: "-") else { return false }
            return text.prefix(while: { $0 == UInt8(ascii: "-") }).count != 2
        }

        /// Blocks that cannot interrupt a paragraph, so cmark kept their line in it, but that do
        /// end a table: an empty list item, an ordered list not starting at 1, an HTML block of the
        /// seventh kind (a lone tag on its line).
        private func startsAnotherBlock(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
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

        // MARK: Lines inside containers

        /// Line `number` of `node` (a paragraph or heading) without its containers' prefixes.
        private mutating func line(_ number: Int, of node: OpaquePointer) -> Line {
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
            return Line(start: cursor.position + (pendingSpaces > 0 ? 1 : 0), end: bytes.upperBound,
                        pendingSpaces: pendingSpaces, textStart: textStart, indent: textColumn - cursor.column,
                        isLazy: isLazy)
        }

        /// Block quotes and list items around `node`, outermost first.
        private func containers(above node: OpaquePointer) -> [OpaquePointer] {
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
        private mutating func pass(_ container: OpaquePointer, on number: Int, _ cursor: inout Cursor) -> Bool {
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
        private mutating func passMarker(of item: OpaquePointer, on number: Int, _ cursor: inout Cursor) -> Int {
            let startColumn = cursor.column
            cursor.jump(to: range(ofLine: number).lowerBound + Int(cmark_node_get_start_column(item)) - 1)
            let markerOffset = cursor.column - startColumn
            var width = 1
            if cursor.position < cursor.end, source[cursor.position] >= UInt8(ascii: "0"), source[cursor.position] <= UInt8(ascii: "9") {
                width = 0
                while cursor.position + width < cursor.end, source[cursor.position + width] >= UInt8(ascii: "0"),
                      source[cursor.position + width] <= UInt8(ascii: "9") { width += 1 }
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

        private mutating func indent(of item: OpaquePointer) -> Int {
            if let known = itemIndents[item] { return known }
            let number = Int(cmark_node_get_start_line(item))
            var cursor = Cursor(source: source, line: range(ofLine: number))
            for container in containers(above: item) where !pass(container, on: number, &cursor) { break }
            return passMarker(of: item, on: number, &cursor)
        }

        // MARK: Small documents

        private func parse(_ subDocument: inout SubDocument) -> OpaquePointer {
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
        private func listItemParagraphs(of document: OpaquePointer, count: Int) -> [OpaquePointer] {
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
        private func blocks(after node: OpaquePointer, _ remainder: ClosedRange<Int>) -> [OpaquePointer] {
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
                    var nested = Converter(source: text, options: options, alignment: alignment, allocator: allocator,
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

        // MARK: Output

        /// `<table>` … `</table>` as cmark-gfm prints it: custom blocks for the table, its head,
        /// body and rows (each tag on its own line), a custom inline per cell holding its inlines.
        private func makeTable(_ table: PipeTables.Table, cells: [[OpaquePointer?]]) -> OpaquePointer {
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

        private func block(_ enter: String, _ exit: String) -> OpaquePointer {
            let node = cmark_node_new_with_mem(CMARK_NODE_CUSTOM_BLOCK, allocator)!
            _ = cmark_node_set_on_enter(node, enter)
            _ = cmark_node_set_on_exit(node, exit)
            return node
        }

        private func openingTag(isHeader: Bool, _ columnAlignment: PipeTables.Alignment) -> String {
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
        private func moveInlines(from paragraph: OpaquePointer, to cell: OpaquePointer) {
            if let text = cmark_node_first_child(paragraph), cmark_node_get_type(text) == CMARK_NODE_TEXT,
               let literal = cmark_node_get_literal(text),
               UInt8(bitPattern: literal[0]) == 0xC2, UInt8(bitPattern: literal[1]) == 0xA0 {
                if literal[2] == 0 {
                    cmark_node_unlink(text)
                    garbage.add(text)
                } else {
                    let rest = String(cString: literal + 2)
                    _ = cmark_node_set_literal(text, rest)
                }
            }
            while let child = cmark_node_first_child(paragraph) {
                cmark_node_unlink(child)
                cmark_node_append_child(cell, child)
            }
        }
    }
}
