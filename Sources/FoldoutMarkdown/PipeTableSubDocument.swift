import CCmark
import Foundation

extension PipeTables {
    /// One line of a paragraph with its containers' prefixes taken off.
    struct Line {
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
    struct SubDocument {
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
}
