import CCmark
import Foundation

/// Another tool's template tags in the text of a page: Hugo's shortcodes (`{{< tagcloud >}}`,
/// `{{% note %}}`) and Jekyll's Liquid (`{% include note.html %}`, `{{ site.repository }}`).
/// Foldout runs none, so the page shows them as written, and the build warns about each.
/// Only text counts: in code spans and code blocks a tag is an example.
package enum TemplateTags {
    package enum Kind: Sendable, Equatable {
        case hugoShortcode
        case liquid
    }

    package struct Found: Sendable, Equatable {
        /// The line in the Markdown it starts on.
        package var line: Int
        /// The tag as written (cut short after 60 characters when it does not end).
        package var text: String
        /// Whose syntax it is, which the warning names.
        package var kind: Kind = .hugoShortcode
    }

    /// Whether `bytes` may hold a tag: most bodies have no `{{` or `{%`, and their trees are
    /// not walked for one.
    static func mayHold(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress, bytes.count >= 3 else { return false }
        var offset = 0
        // memchr skips the long stretches without a `{` many bytes at a time.
        while offset < bytes.count - 1, let found = memchr(base + offset, Int32(UInt8(ascii: "{")), bytes.count - 1 - offset) {
            let at = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            if bytes[at + 1] == UInt8(ascii: "{") || bytes[at + 1] == UInt8(ascii: "%") { return true }
            offset = at + 1
        }
        return false
    }

    /// The tags in the text of `document`, parsed from `source`. libcmark keeps the `<`
    /// of `{{<` as a text node of its own, so the text nodes that follow each other are read as
    /// one; smart punctuation curled their quotes, so each is taken as `source` writes it.
    static func find(in document: OpaquePointer, source: UnsafeBufferPointer<UInt8>) -> [Found] {
        let found = find(in: document)
        guard !found.isEmpty else { return found }
        let lines = source.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        return found.map { tag in
            var written = tag
            guard tag.line >= 1, tag.line <= lines.count else { return written }
            let line = lines[tag.line - 1]
            let plain = straightened(tag.text)
            if line.firstRange(of: Array(plain.utf8)) != nil {
                written.text = plain
            } else if tag.text.hasSuffix(cutMark) {
                // Cut short: what comes before the mark is in the line, and is cut again, since
                // straightening may have made it longer (`…` is three periods).
                let start = straightened(String(tag.text.dropLast()))
                if line.firstRange(of: Array(start.utf8)) != nil { written.text = start.prefix(60) + cutMark }
            }
            return written
        }
    }

    /// What ends a tag cut short.
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
            for (text, kind) in tags(in: run) { found.append(Found(line: line, text: text, kind: kind)) }
        }
        return found
    }

    /// Jekyll's variables, which `{{ … }}` must start with to be taken for Liquid: other
    /// double braces (a Go template's `{{ .Title }}`, a set `{{1, 2}}`) are left alone.
    static let liquidObjects: [[UInt8]] = ["site", "page", "include", "jekyll", "paginator", "layout"].map { Array($0.utf8) }

    /// Each `{{<` … `>}}` and `{{%` … `%}}` (Hugo), `{% name` … `%}` and `{{ site.` … `}}`
    /// (Liquid) in `text`.
    static func tags(in text: [UInt8]) -> [(String, Kind)] {
        let brace = UInt8(ascii: "{"), percent = UInt8(ascii: "%"), less = UInt8(ascii: "<")
        var found: [(String, Kind)] = []
        var index = 0
        while index + 2 < text.count {
            guard text[index] == brace, text[index + 1] == brace || text[index + 1] == percent else {
                index += 1
                continue
            }
            let kind: Kind
            let close: [UInt8]
            if text[index + 1] == brace, text[index + 2] == less || text[index + 2] == percent {
                kind = .hugoShortcode
                close = [text[index + 2] == less ? UInt8(ascii: ">") : percent, UInt8(ascii: "}"), UInt8(ascii: "}")]
            } else if text[index + 1] == percent, Self.startsLiquid(text, at: index + 2, names: nil) {
                kind = .liquid
                close = [percent, UInt8(ascii: "}")]
            } else if text[index + 1] == brace, Self.startsLiquid(text, at: index + 2, names: liquidObjects) {
                kind = .liquid
                close = [UInt8(ascii: "}"), UInt8(ascii: "}")]
            } else {
                index += 1
                continue
            }
            let opening = kind == .hugoShortcode ? 3 : 2
            var end = index + opening
            while end + close.count <= text.count, !text[end..<end + close.count].elementsEqual(close) { end += 1 }
            let stop = end + close.count <= text.count ? end + close.count : text.count
            var written = String(decoding: text[index..<stop], as: UTF8.self)
            if written.count > 60 { written = written.prefix(60) + cutMark }
            found.append((written, kind))
            index = stop
        }
        return found
    }

    /// Whether Liquid goes on at `start`, after `{%` or `{{`: an optional `-` and spaces, then
    /// a tag's name (a word, then a space, `-` or `%`: `{%s}` in prose is no tag) or one of
    /// `names` followed by `.` and a lowercase letter, `|`, a space or `}` (Jekyll writes
    /// `site.title`; Hugo's Go templates, `site.Title`).
    private static func startsLiquid(_ text: [UInt8], at start: Int, names: [[UInt8]]?) -> Bool {
        func isLower(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
        var at = start
        if at < text.count, text[at] == UInt8(ascii: "-") { at += 1 }
        while at < text.count, text[at] == UInt8(ascii: " ") { at += 1 }
        guard let names else {
            var end = at
            while end < text.count, isLower(text[end]) || text[end] == UInt8(ascii: "_") { end += 1 }
            guard end > at, end < text.count else { return false }
            return [UInt8(ascii: " "), UInt8(ascii: "-"), UInt8(ascii: "%")].contains(text[end])
        }
        return names.contains { name in
            let end = at + name.count
            guard end < text.count, text[at..<end].elementsEqual(name) else { return false }
            if text[end] == UInt8(ascii: ".") { return end + 1 < text.count && isLower(text[end + 1]) }
            return [UInt8(ascii: "|"), UInt8(ascii: " "), UInt8(ascii: "}")].contains(text[end])
        }
    }
}
