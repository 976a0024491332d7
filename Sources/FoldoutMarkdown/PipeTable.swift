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
    package static func convert(
        _ document: OpaquePointer, source: UnsafeBufferPointer<UInt8>, options: Int32,
        alignment: MarkdownRenderer.Options.TableAlignment,
        allocator: UnsafeMutablePointer<cmark_mem>, garbage: CmarkGarbage
    ) {
        // Most pages have no pipe at all: they pay one memchr.
        guard let base = source.baseAddress, memchr(base, Int32(UInt8(ascii: "|")), source.count) != nil else { return }
        // Link reference definitions are in a document's source only: a small document that
        // may use them gets the whole source appended (rare: a table, a `[` and a `]:`).
        let definitions = contains(source, UInt8(ascii: "]"), UInt8(ascii: ":")) ? source : nil
        var converter = Converter(
            source: source, options: options, alignment: alignment,
            allocator: allocator, garbage: garbage, definitions: definitions, depth: 0)
        converter.run(document, lastLine: Int.max)
    }

    enum Alignment { case none, left, center, right }

    struct Table {
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

    static func isSpaceChar(_ byte: UInt8) -> Bool {
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
