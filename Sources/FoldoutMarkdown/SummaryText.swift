/// A summary as readers see it in rows, descriptions, feeds and meta descriptions: plain
/// words only. Other tools' markup that reaches a summary as text (Hugo shortcodes, Liquid,
/// kramdown and Hugo attribute lists, raw or escaped HTML tags) would otherwise be shown
/// escaped, as written, so it is removed here, in the one place summaries pass through.
package enum SummaryText {
    /// `text` without template tags, attribute lists and HTML tags, its spaces collapsed.
    /// Text without `{` or `<` (nearly every summary) is only trimmed.
    package static func plain(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "<") }) else {
            return collapsingSpaces(text)
        }
        let bytes = Array(text.utf8)
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if let end = markupEnd(in: bytes, at: index) {
                // A space stands where the markup was, so the words on either side stay apart.
                kept.append(UInt8(ascii: " "))
                index = end
            } else {
                kept.append(bytes[index])
                index += 1
            }
        }
        return collapsingSpaces(String(decoding: kept, as: UTF8.self))
    }

    /// The index just past the markup starting at `start`, or nil when none starts there.
    private static func markupEnd(in bytes: [UInt8], at start: Int) -> Int? {
        let first = bytes[start]
        let second = start + 1 < bytes.count ? bytes[start + 1] : 0
        if first == UInt8(ascii: "{") {
            switch second {
            // `{{< x >}}`, `{{% x %}}`, `{{ page.title }}`
            case UInt8(ascii: "{"): return end(of: "}}", in: bytes, from: start + 2)
            // `{% raw %}`
            case UInt8(ascii: "%"): return end(of: "%}", in: bytes, from: start + 2)
            // `{: .class}`, `{.class}`, `{#id}`: attribute lists of kramdown and Hugo.
            case UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "#"):
                return end(of: "}", in: bytes, from: start + 2, within: 200)
            default: return nil
            }
        }
        if first == UInt8(ascii: "<") {
            // A tag starts with a letter, `/` or `!` (`<a href>`, `</a>`, `<!-- -->`); `a < b`
            // is words.
            let isLetter = (second | 0x20) >= UInt8(ascii: "a") && (second | 0x20) <= UInt8(ascii: "z")
            guard isLetter || second == UInt8(ascii: "/") || second == UInt8(ascii: "!") else { return nil }
            if second == UInt8(ascii: "!"), start + 3 < bytes.count, bytes[start + 2] == UInt8(ascii: "-"), bytes[start + 3] == UInt8(ascii: "-") {
                return end(of: "-->", in: bytes, from: start + 4)
            }
            return end(of: ">", in: bytes, from: start + 1, within: 500, stoppingAt: UInt8(ascii: "<"))
        }
        return nil
    }

    /// The index past the first `closing` at or after `from`, within `limit` bytes and before
    /// any `stop` byte; nil when there is none (an unclosed `{` or `<` is text).
    private static func end(
        of closing: String, in bytes: [UInt8], from: Int, within limit: Int = 2_000,
        stoppingAt stop: UInt8? = nil
    ) -> Int? {
        let close = Array(closing.utf8)
        var index = from
        let last = min(bytes.count, from + limit)
        while index + close.count <= last {
            if let stop, bytes[index] == stop { return nil }
            if bytes[index] == close[0], Array(bytes[index..<(index + close.count)]) == close { return index + close.count }
            index += 1
        }
        return nil
    }

    private static func collapsingSpaces(_ text: String) -> String {
        // Nearly every summary has single spaces between words only: one look at its bytes,
        // and no new string (splitting every one cost 2.5 % of a clean build).
        var previousIsSpace = true
        var isCollapsed = true
        for byte in text.utf8 {
            let isSpace = byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
            if isSpace, previousIsSpace || byte != 0x20 {
                isCollapsed = false
                break
            }
            previousIsSpace = isSpace
        }
        if isCollapsed, !previousIsSpace { return text }
        return text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
    }
}
