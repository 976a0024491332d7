/// A fast reader for the front matter nearly every page has: one `key: value` per line,
/// where a value is a plain word or sentence, a number, `true`/`false`, a quoted string
/// without escapes, or a one-line list like `[indoor, kids]`.
///
/// Yams builds a full YAML node tree, resolves every scalar through regular expressions and
/// checks for duplicate keys by hashing nodes. This reader reads the common case directly
/// and gives up (returns nil) on anything it does not fully understand, so
/// `FrontMatter.parse` falls back to Yams and the result is always what Yams would give
/// (`FrontMatter.parseWithYams` is the reference; tests compare the two on generated inputs).
/// Measured at least 35x faster than Yams on the benchmark corpus (docs/benchmarks.md).
package enum FlatFrontMatterParser {
    /// The fields of `yaml`, or nil when it is not flat front matter this reader knows.
    package static func parse(_ yaml: String) -> FrontMatter? {
        var yaml = yaml
        return yaml.withUTF8 { parse(bytes: $0) }
    }

    private static func parse(bytes: UnsafeBufferPointer<UInt8>) -> FrontMatter? {
        // Room for a typical front matter up front: growing from empty rehashed `lines` three times.
        var fields: [(key: String, value: FieldValue)] = []
        fields.reserveCapacity(12)
        var lines: [String: Int] = [:]
        lines.reserveCapacity(12)
        var valueCount = 0
        var lineNumber = 0
        var start = 0
        while start < bytes.count {
            lineNumber += 1
            var end = start
            while end < bytes.count, bytes[end] != newline { end += 1 }
            let next = end + 1
            if end > start, bytes[end - 1] == carriageReturn { end -= 1 }
            defer { start = next }
            let line = Slice(base: bytes, bounds: start..<end)
            if line.allSatisfy({ $0 == space }) || line.first == hash { continue }
            guard let (key, rest) = splitKey(line), lines[key] == nil else { return nil }
            guard let value = value(of: trimmed(rest), count: &valueCount), valueCount <= FrontMatter.maximumValueCount else {
                return nil
            }
            fields.append((key, value))
            lines[key] = lineNumber
        }
        return FrontMatter(fields: fields, lines: lines)
    }

    // MARK: Lines

    /// `key:` followed by a space or the end of the line; keys are plain words.
    private static func splitKey(_ line: Slice<UnsafeBufferPointer<UInt8>>) -> (String, Slice<UnsafeBufferPointer<UInt8>>)? {
        guard let first = line.first, isLetter(first) || first == underscore else { return nil }
        var index = line.startIndex
        while index < line.endIndex, isKeyByte(line[index]) { index += 1 }
        guard index < line.endIndex, line[index] == colon else { return nil }
        let afterColon = index + 1
        guard afterColon == line.endIndex || line[afterColon] == space else { return nil }
        return (String(decoding: line[line.startIndex..<index], as: UTF8.self), line[afterColon...])
    }

    private static func value(of text: Slice<UnsafeBufferPointer<UInt8>>, count: inout Int) -> FieldValue? {
        count += 1
        guard let first = text.first else { return .null }
        if first == openBracket {
            guard text.last == closeBracket else { return nil }
            return list(text.dropFirst().dropLast(), count: &count)
        }
        return scalar(text, inFlow: false)
    }

    /// The inside of `[a, b, "c"]`: quoted or plain elements separated by commas.
    private static func list(_ text: Slice<UnsafeBufferPointer<UInt8>>, count: inout Int) -> FieldValue? {
        var values: [FieldValue] = []
        let inside = trimmed(text)
        if inside.isEmpty { return .list([]) }
        var start = inside.startIndex
        while true {
            var end = start
            // A quoted element may hold commas; find its closing quote first.
            if let quote = inside[start...].first, quote == doubleQuote || quote == singleQuote {
                guard let close = inside[(start + 1)...].firstIndex(of: quote) else { return nil }
                end = close + 1
                while end < inside.endIndex, inside[end] == space { end += 1 }
            } else {
                while end < inside.endIndex, inside[end] != comma { end += 1 }
            }
            guard end == inside.endIndex || inside[end] == comma else { return nil }
            let element = trimmed(inside[start..<end])
            guard !element.isEmpty, let value = scalar(element, inFlow: true) else { return nil }
            values.append(value)
            count += 1
            if end == inside.endIndex { return .list(values) }
            start = end + 1
            guard start < inside.endIndex else { return nil }
        }
    }

    // MARK: Scalars

    private static func scalar(_ text: Slice<UnsafeBufferPointer<UInt8>>, inFlow: Bool) -> FieldValue? {
        guard let first = text.first else { return .null }
        guard isPrintable(text) else { return nil }
        if first == doubleQuote || first == singleQuote {
            // Escapes (`\"`, `''`) and anything after the closing quote are left to Yams.
            guard text.count >= 2, text.last == first else { return nil }
            let inside = text.dropFirst().dropLast()
            if inside.contains(first) || (first == doubleQuote && inside.contains(backslash)) { return nil }
            return .string(String(decoding: inside, as: UTF8.self))
        }
        // Numbers other than plain decimal integers, dates and `.inf` take Yams' rules.
        if isDigit(first) || first == plus || first == minus || first == dot {
            return decimalInteger(text).map(FieldValue.integer)
        }
        if isIndicator(first) { return nil }
        // `: ` or a final `:` would make a mapping and ` #` a comment. In a list, flow indicators
        // end the value, and YAML parsers disagree about `:` there, so Yams decides.
        var index = text.startIndex
        var previous: UInt8 = 0
        while index < text.endIndex {
            let byte = text[index]
            if byte == hash, previous == space { return nil }
            if byte == colon, inFlow || index + 1 == text.endIndex || text[index + 1] == space { return nil }
            if inFlow, isFlowIndicator(byte) { return nil }
            previous = byte
            index += 1
        }
        let word = String(decoding: text, as: UTF8.self)
        switch word {
        case "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON": return .bool(true)
        case "false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF": return .bool(false)
        default: return .string(word)
        }
    }

    /// `0`, `42`, `-7`: digits without a leading zero, underscores or sign `+`, within `Int`.
    /// (Yams reads `-0` as text.)
    private static func decimalInteger(_ text: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        let negative = text.first == minus
        let digits = negative ? text.dropFirst() : text
        guard let first = digits.first, digits.allSatisfy(isDigit), first != zero || (digits.count == 1 && !negative) else { return nil }
        return Int(String(decoding: text, as: UTF8.self))
    }

    /// Printable text as YAML means it, without tabs, the line breaks only YAML 1.1 knows
    /// (U+0085, U+2028, U+2029) and the byte-order mark; anything else is left to Yams.
    private static func isPrintable(_ text: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        var index = text.startIndex
        while index < text.endIndex {
            let byte = text[index]
            if byte < 0x80 {
                if byte < space || byte == 0x7F { return false }
                index += 1
                continue
            }
            // Two- and three-byte sequences that encode the characters above; valid UTF-8 is given
            // (the file was decoded with replacement), so the lead byte tells the length.
            if byte == 0xC2, index + 1 < text.endIndex, text[index + 1] < 0xA0 { return false }
            if byte == 0xE2, index + 2 < text.endIndex, text[index + 1] == 0x80, text[index + 2] == 0xA8 || text[index + 2] == 0xA9 { return false }
            if byte == 0xEF, index + 2 < text.endIndex,
                (text[index + 1] == 0xBB && text[index + 2] == 0xBF) || (text[index + 1] == 0xBF && text[index + 2] >= 0xBE)
            {
                return false
            }
            index += 1
        }
        return true
    }

    private static func trimmed(_ text: Slice<UnsafeBufferPointer<UInt8>>) -> Slice<UnsafeBufferPointer<UInt8>> {
        var result = text
        while let first = result.first, first == space { result = result.dropFirst() }
        while let last = result.last, last == space { result = result.dropLast() }
        return result
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= zero && byte <= UInt8(ascii: "9") }
    private static func isKeyByte(_ byte: UInt8) -> Bool { isLetter(byte) || isDigit(byte) || byte == underscore || byte == minus }

    /// Characters that give a plain scalar's first character a YAML meaning.
    private static func isIndicator(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: "#"), UInt8(ascii: "&"), UInt8(ascii: "*"),
            UInt8(ascii: "!"), UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "%"),
            UInt8(ascii: "@"), UInt8(ascii: "`"), UInt8(ascii: "<"), UInt8(ascii: "="):
            return true
        default:
            return isFlowIndicator(byte)
        }
    }

    private static func isFlowIndicator(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"): return true
        default: return false
        }
    }
    private static let newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r"), space = UInt8(ascii: " ")
    private static let hash = UInt8(ascii: "#"), colon = UInt8(ascii: ":"), comma = UInt8(ascii: ",")
    private static let openBracket = UInt8(ascii: "["), closeBracket = UInt8(ascii: "]"), underscore = UInt8(ascii: "_")
    private static let doubleQuote = UInt8(ascii: "\""), singleQuote = UInt8(ascii: "'"), backslash = UInt8(ascii: "\\")
    private static let plus = UInt8(ascii: "+"), minus = UInt8(ascii: "-"), dot = UInt8(ascii: "."), zero = UInt8(ascii: "0")
}
