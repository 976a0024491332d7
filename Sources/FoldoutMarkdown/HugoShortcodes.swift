import CCmark
import Foundation

/// Hugo's shortcodes (`{{< tagcloud >}}`, `{{% note %}}`) in the text of a page: Foldout runs
/// none, so the page shows them as written, and the build warns about each. Only text counts:
/// in code spans and code blocks a shortcode is an example.
public enum HugoShortcodes {
    public struct Found: Sendable, Equatable {
        /// The line in the Markdown it starts on.
        public var line: Int
        /// The shortcode as written (cut short after 60 characters when it does not end).
        public var text: String
    }

    /// Whether `bytes` may hold a shortcode: most bodies have no `{{`, and their trees are
    /// not walked for one.
    static func mayHold(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress, bytes.count >= 3 else { return false }
        var offset = 0
        // memchr skips the long stretches without a `{` many bytes at a time.
        while offset < bytes.count - 1, let found = memchr(base + offset, Int32(UInt8(ascii: "{")), bytes.count - 1 - offset) {
            let at = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            if bytes[at + 1] == UInt8(ascii: "{") { return true }
            offset = at + 1
        }
        return false
    }

    /// The shortcodes in the text of `document`, parsed from `source`. libcmark keeps the `<`
    /// of `{{<` as a text node of its own, so the text nodes that follow each other are read as
    /// one; smart punctuation curled their quotes, so each is taken as `source` writes it.
    static func find(in document: OpaquePointer, source: UnsafeBufferPointer<UInt8>) -> [Found] {
        let found = find(in: document)
        guard !found.isEmpty else { return found }
        let lines = source.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        return found.map { shortcode in
            var written = shortcode
            guard shortcode.line >= 1, shortcode.line <= lines.count else { return written }
            let line = lines[shortcode.line - 1]
            let plain = straightened(shortcode.text)
            if line.firstRange(of: Array(plain.utf8)) != nil {
                written.text = plain
            } else if shortcode.text.hasSuffix(cutMark) {
                // Cut short: what comes before the mark is in the line, and is cut again, since
                // straightening may have made it longer (`…` is three periods).
                let start = straightened(String(shortcode.text.dropLast()))
                if line.firstRange(of: Array(start.utf8)) != nil { written.text = start.prefix(60) + cutMark }
            }
            return written
        }
    }

    /// What ends a shortcode cut short.
    static let cutMark = "…"

    /// `text` with smart punctuation undone: curly quotes straight, dashes and the ellipsis
    /// as the hyphens and periods that make them.
    static func straightened(_ text: String) -> String {
        var plain = ""
        for character in text {
            switch character {
            case "\u{201C}", "\u{201D}": plain.append("\"")
            case "\u{2018}", "\u{2019}": plain.append("'")
            case "\u{2013}": plain.append("--")
            case "\u{2014}": plain.append("---")
            case "\u{2026}": plain.append("...")
            default: plain.append(character)
            }
        }
        return plain
    }

    private static func find(in document: OpaquePointer) -> [Found] {
        var found: [Found] = []
        let iterator = cmark_iter_new(document)
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator), cmark_node_get_type(node) == CMARK_NODE_TEXT else { continue }
            // A run of text nodes is read from its first.
            if let previous = cmark_node_previous(node), cmark_node_get_type(previous) == CMARK_NODE_TEXT { continue }
            var run: [UInt8] = []
            var next: OpaquePointer? = node
            while let current = next, cmark_node_get_type(current) == CMARK_NODE_TEXT {
                if let literal = cmark_node_get_literal(current) {
                    run.append(contentsOf: UnsafeRawBufferPointer(start: literal, count: strlen(literal)))
                }
                next = cmark_node_next(current)
            }
            let line = Int(cmark_node_get_start_line(node))
            for text in shortcodes(in: run) { found.append(Found(line: line, text: text)) }
        }
        return found
    }

    /// Each `{{<` … `>}}` and `{{%` … `%}}` in `text`.
    static func shortcodes(in text: [UInt8]) -> [String] {
        var found: [String] = []
        var index = 0
        while index + 2 < text.count {
            guard text[index] == UInt8(ascii: "{"), text[index + 1] == UInt8(ascii: "{"),
                  text[index + 2] == UInt8(ascii: "<") || text[index + 2] == UInt8(ascii: "%") else {
                index += 1
                continue
            }
            let close: [UInt8] = [text[index + 2] == UInt8(ascii: "<") ? UInt8(ascii: ">") : UInt8(ascii: "%"), UInt8(ascii: "}"), UInt8(ascii: "}")]
            var end = index + 3
            while end + 3 <= text.count, !text[end..<end + 3].elementsEqual(close) { end += 1 }
            let ends = end + 3 <= text.count
            let stop = ends ? end + 3 : text.count
            var written = String(decoding: text[index..<stop], as: UTF8.self)
            if written.count > 60 { written = written.prefix(60) + cutMark }
            found.append(written)
            index = stop
        }
        return found
    }
}
