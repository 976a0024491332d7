import FoldoutBase
import Foundation

/// A Markdown file's bytes as text. Content is UTF-8. A NUL byte or a UTF-16 byte-order
/// mark means the file is not UTF-8 text at all (a binary file, or an editor's UTF-16), which
/// is an error; other invalid bytes (a Latin-1 `é`) are replaced with U+FFFD and warned
/// about, so one stray byte does not stop a build.
package enum SourceText {
    package static func decode(_ bytes: [UInt8], displayPath: String, diagnostics: inout [Diagnostic]) -> String {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            diagnostics.append(
                .error(
                    displayPath, line: 1, column: 1, "file is UTF-16 text; Foldout reads UTF-8",
                    hint: "save the file as UTF-8 (in most editors: Save As, Encoding: UTF-8)"))
            return ""
        }
        // memchr: a byte-by-byte loop over a large file is slow in debug builds.
        let nul = bytes.withUnsafeBytes { buffer -> Int? in
            guard let base = buffer.baseAddress, let found = memchr(base, 0, buffer.count) else { return nil }
            return UnsafeRawPointer(found) - base
        }
        if let nul {
            let (line, column) = position(of: nul, in: bytes)
            diagnostics.append(
                .error(
                    displayPath, line: line, column: column, "file contains a NUL byte, so it is not a text file",
                    hint: "if this is not Markdown, rename it so it does not end in .md; else remove the byte"))
        }
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        if let bad = firstInvalidByte(in: bytes) {
            let (line, column) = position(of: bad, in: bytes)
            diagnostics.append(
                .warning(
                    displayPath, line: line, column: column,
                    "file is not valid UTF-8 here; invalid bytes were replaced with �",
                    hint: "save the file as UTF-8 (in most editors: Save As, Encoding: UTF-8)"))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// 1-based line and column (in characters) of the byte at `offset`.
    package static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        // Count characters as the leading bytes of UTF-8 sequences (continuation bytes are 10xxxxxx).
        let column = bytes[lineStart..<offset].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        return (line, column)
    }

    private static func firstInvalidByte(in bytes: [UInt8]) -> Int? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .error: return offset
            case .emptyInput: return nil
            }
        }
    }
}
