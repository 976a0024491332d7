import CCmark
import Foundation

/// Fenced code coloured at build time, so pages need no script: a block whose info string
/// names a language `CodeLanguage` knows is written as cmark writes it
/// (`<pre><code class="language-swift">`), its keywords, strings, comments and numbers in
/// `<span class="hl-…">` that the default style colours (light and dark). One pass over
/// the bytes; a language it does not know keeps its code plain.
package struct CodeHighlighter {
    package let language: CodeLanguage

    /// The classes of its spans: keyword, string, comment, number, attribute (or key), and a
    /// diff's inserted and deleted lines.
    package static let classes: Set<String> = ["hl-k", "hl-s", "hl-c", "hl-n", "hl-a", "hl-ins", "hl-del"]

    package init(language: CodeLanguage) {
        self.language = language
    }

    /// Replaces `blocks` (code blocks of the document) that name a known language by custom
    /// blocks holding their highlighted HTML; the replaced nodes go to `garbage`.
    package static func convert(_ blocks: [OpaquePointer], allocator: UnsafeMutablePointer<cmark_mem>, garbage: CmarkGarbage) {
        for block in blocks {
            guard let info = cmark_node_get_fence_info(block), info.pointee != 0 else { continue }
            let word = String(cString: info).prefix { $0 != " " && $0 != "\t" && $0 != "{" && $0 != "," }
            guard let language = CodeLanguage.named(String(word)), let literal = cmark_node_get_literal(block) else { continue }
            let code = UnsafeBufferPointer(start: UnsafeRawPointer(literal).assumingMemoryBound(to: UInt8.self), count: strlen(literal))
            var html: [UInt8] = []
            html.reserveCapacity(2 * code.count + 64)
            html += "<pre><code class=\"language-".utf8
            html += word.utf8
            html += "\">".utf8
            CodeHighlighter(language: language).write(code, to: &html)
            html += "</code></pre>\n".utf8
            html.append(0)
            let replacement = cmark_node_new_with_mem(CMARK_NODE_CUSTOM_BLOCK, allocator)!
            html.withUnsafeBufferPointer { _ = cmark_node_set_on_enter(replacement, UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self)) }
            cmark_node_replace(block, replacement)
            garbage.add(block)
        }
    }

    /// Whether `name` is a language the highlighter knows (the word `convert` reads).
    package static func knows(_ name: String) -> Bool { CodeLanguage.named(name) != nil }

    /// The HTML of `code`, escaped and highlighted.
    package func html(_ code: String) -> String {
        var bytes: [UInt8] = []
        var code = code
        code.withUTF8 { write($0, to: &bytes) }
        return String(decoding: bytes, as: UTF8.self)
    }

    package func write(_ code: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        switch language.shape {
        case .code: writeCode(code, to: &out)
        case .markup: writeMarkup(code, to: &out)
        case .diff: writeDiff(code, to: &out)
        }
    }

    // MARK: Tokens

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F
            || byte >= 0x80
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static let amp = Array("&amp;".utf8), lt = Array("&lt;".utf8), gt = Array("&gt;".utf8), quot = Array("&quot;".utf8)

    private static func escape(_ byte: UInt8, to out: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "&"): out += amp
        case UInt8(ascii: "<"): out += lt
        case UInt8(ascii: ">"): out += gt
        case UInt8(ascii: "\""): out += quot
        default: out.append(byte)
        }
    }

    /// `bytes` escaped, the runs between the bytes HTML needs escaped copied whole: most of
    /// a block's bytes go through here, and byte by byte they were most of its time.
    private static func escape(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence, to out: inout [UInt8]) {
        let base = bytes.base
        var run = bytes.startIndex
        var index = run
        while index < bytes.endIndex {
            let byte = base[index]
            index += 1
            guard byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\"")
            else { continue }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: base[run..<index - 1]))
            escape(byte, to: &out)
            run = index
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: base[run..<bytes.endIndex]))
    }

    /// The opening tags of the spans, by the class's last part.
    private static let openTags: [String: [UInt8]] = Dictionary(
        uniqueKeysWithValues: classes.map { (String($0.dropFirst(3)), Array("<span class=\"\($0)\">".utf8)) })
    private static let keyword = openTags["k"]!, string = openTags["s"]!, comment = openTags["c"]!, number = openTags["n"]!
    private static let attribute = openTags["a"]!, inserted = openTags["ins"]!, deleted = openTags["del"]!
    private static let closeTag = Array("</span>".utf8)

    private static func span(_ openTag: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>.SubSequence, to out: inout [UInt8]) {
        out += openTag
        escape(bytes, to: &out)
        out += closeTag
    }

    private static func starts(_ code: UnsafeBufferPointer<UInt8>, with prefix: [UInt8], at index: Int) -> Bool {
        guard index + prefix.count <= code.count else { return false }
        for (offset, byte) in prefix.enumerated() where code[index + offset] != byte { return false }
        return true
    }

    /// The end of the line holding `index` (the newline's index, or the end).
    private static func lineEnd(_ code: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        var end = index
        while end < code.count, code[end] != 0x0A { end += 1 }
        return end
    }

    private func writeCode(_ code: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        var index = 0
        // Bytes that start no token are written in runs, from `plain` to where one starts.
        var plain = 0
        var lineStart = true
        while index < code.count {
            let byte = code[index]
            if language.startsToken[Int(byte)] {
                let previous = index > 0 ? code[index - 1] : 0x0A
                var kind: [UInt8]?
                var end = index + 1
                if let comment = language.lineComments.first(where: { Self.starts(code, with: $0, at: index) }),
                    comment != [UInt8(ascii: "#")] || previous == 0x0A || previous == 0x20 || previous == 0x09
                {
                    // A comment to the end of the line.
                    kind = Self.comment
                    end = Self.lineEnd(code, from: index)
                } else if let block = language.blockComment, Self.starts(code, with: block.open, at: index) {
                    end = index + block.open.count
                    while end < code.count, !Self.starts(code, with: block.close, at: end) { end += 1 }
                    kind = Self.comment
                    end = min(code.count, end + block.close.count)
                } else if language.quotes.contains(byte), !(byte == UInt8(ascii: "'") && Self.isIdentifierByte(previous)) {
                    kind = Self.string
                    end = stringEnd(code, from: index)
                    lineStart = false
                } else if Self.isDigit(byte), !Self.isIdentifierByte(previous) {
                    while end < code.count,
                        Self.isIdentifierByte(code[end]) || code[end] == UInt8(ascii: ".") && end + 1 < code.count && Self.isDigit(code[end + 1])
                    {
                        end += 1
                    }
                    kind = Self.number
                    lineStart = false
                } else if Self.isIdentifierByte(byte) {
                    while end < code.count, Self.isIdentifierByte(code[end]) || code[end] == UInt8(ascii: "-") && language.keysAtLineStart { end += 1 }
                    if language.keysAtLineStart, lineStart, isKey(code, after: end) {
                        kind = Self.attribute
                    } else if language.isKeyword(code[index..<end]) {
                        kind = Self.keyword
                    }
                    lineStart = false
                }
                if let kind {
                    Self.escape(code[plain..<index], to: &out)
                    Self.span(kind, code[index..<end], to: &out)
                    plain = end
                    index = end
                    continue
                }
                if end > index + 1 {
                    // A word that is no keyword: plain, as a whole.
                    index = end
                    continue
                }
            }
            if byte == 0x0A {
                lineStart = true
            } else if byte != 0x20, byte != 0x09, byte != UInt8(ascii: "-") {
                // `- key:` in a YAML list still starts a key.
                lineStart = false
            }
            index += 1
        }
        Self.escape(code[plain..<code.count], to: &out)
    }

    /// Whether a YAML `key:` or TOML `key =` ends at `end`.
    private func isKey(_ code: UnsafeBufferPointer<UInt8>, after end: Int) -> Bool {
        var at = end
        while at < code.count, code[at] == 0x20 || code[at] == 0x09 { at += 1 }
        guard at < code.count else { return false }
        return code[at] == UInt8(ascii: "=") || (code[at] == UInt8(ascii: ":") && (at + 1 == code.count || code[at + 1] == 0x20 || code[at + 1] == 0x0A))
    }

    /// Just past the string opening at `start`: its closing quote (not escaped by `\`), the
    /// end of the line for one left open, or Python's closing `"""` for a triple-quoted one.
    private func stringEnd(_ code: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let quote = code[start]
        let triple = [quote, quote, quote]
        if language.tripleQuotes, Self.starts(code, with: triple, at: start) {
            var end = start + 3
            while end < code.count, !Self.starts(code, with: triple, at: end) { end += 1 }
            return min(code.count, end + 3)
        }
        // A backtick's template string may span lines; other strings end with their line.
        let spansLines = quote == UInt8(ascii: "`")
        var end = start + 1
        while end < code.count {
            let byte = code[end]
            if byte == UInt8(ascii: "\\") {
                end += 2
                continue
            }
            if byte == quote { return end + 1 }
            if byte == 0x0A, !spansLines { return end }
            end += 1
        }
        return code.count
    }

    private func writeMarkup(_ code: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        var index = 0
        let commentOpen = Array("<!--".utf8), commentClose = Array("-->".utf8)
        while index < code.count {
            if Self.starts(code, with: commentOpen, at: index) {
                var end = index + 4
                while end < code.count, !Self.starts(code, with: commentClose, at: end) { end += 1 }
                end = min(code.count, end + 3)
                Self.span(Self.comment, code[index..<end], to: &out)
                index = end
                continue
            }
            guard code[index] == UInt8(ascii: "<") else {
                // Text up to the next `<`, in one run.
                var end = index + 1
                while end < code.count, code[end] != UInt8(ascii: "<") { end += 1 }
                Self.escape(code[index..<end], to: &out)
                index = end
                continue
            }
            let next = index + 1 < code.count ? code[index + 1] : 0
            guard Self.isIdentifierByte(next) || next == UInt8(ascii: "/") || next == UInt8(ascii: "!") || next == UInt8(ascii: "?") else {
                Self.escape(code[index], to: &out)
                index += 1
                continue
            }
            // A tag: its name, then attributes and their quoted values, to `>`.
            out += "&lt;".utf8
            var at = index + 1
            if code[at] == UInt8(ascii: "/") || code[at] == UInt8(ascii: "!") || code[at] == UInt8(ascii: "?") {
                Self.escape(code[at], to: &out)
                at += 1
            }
            var nameEnd = at
            while nameEnd < code.count, Self.isIdentifierByte(code[nameEnd]) || code[nameEnd] == UInt8(ascii: "-") || code[nameEnd] == UInt8(ascii: ":") {
                nameEnd += 1
            }
            if nameEnd > at { Self.span(Self.keyword, code[at..<nameEnd], to: &out) }
            at = nameEnd
            while at < code.count, code[at] != UInt8(ascii: ">") {
                let byte = code[at]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    var end = at + 1
                    while end < code.count, code[end] != byte { end += 1 }
                    end = min(code.count, end + 1)
                    Self.span(Self.string, code[at..<end], to: &out)
                    at = end
                } else if Self.isIdentifierByte(byte) {
                    var end = at + 1
                    while end < code.count, Self.isIdentifierByte(code[end]) || code[end] == UInt8(ascii: "-") || code[end] == UInt8(ascii: ":") {
                        end += 1
                    }
                    Self.span(Self.attribute, code[at..<end], to: &out)
                    at = end
                } else {
                    Self.escape(byte, to: &out)
                    at += 1
                }
            }
            if at < code.count {
                out += "&gt;".utf8
                at += 1
            }
            index = at
        }
    }

    private func writeDiff(_ code: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        var index = 0
        while index < code.count {
            let end = Self.lineEnd(code, from: index)
            let line = code[index..<end]
            switch line.first {
            case UInt8(ascii: "+") where !Self.starts(code, with: Array("+++ ".utf8), at: index): Self.span(Self.inserted, line, to: &out)
            case UInt8(ascii: "-") where !Self.starts(code, with: Array("--- ".utf8), at: index): Self.span(Self.deleted, line, to: &out)
            case UInt8(ascii: "@"): Self.span(Self.comment, line, to: &out)
            default: Self.escape(line, to: &out)
            }
            if end < code.count { out.append(0x0A) }
            index = end + 1
        }
    }
}
