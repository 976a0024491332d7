import CCmark
import Foundation

extension PipeTables {
    /// Visual columns as cmark counts them on one line: a byte is a column, a tab runs to the next
    /// multiple of four, and a container's prefix may use part of a tab.
    struct Cursor {
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

        static func column(after byte: UInt8, at column: Int) -> Int {
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
}
