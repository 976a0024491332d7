import FoldoutBase
import Foundation
import Yams

/// The block of settings at the top of a Markdown file: YAML between two `---` lines, TOML
/// between two `+++` lines (Hugo's), or a JSON object (read as the YAML it also is).
package struct FrontMatter: Sendable {
    package var fields: [(key: String, value: FieldValue)]
    /// 1-based line of each top-level key, for messages.
    package var lines: [String: Int]

    package init(fields: [(key: String, value: FieldValue)], lines: [String: Int]) {
        self.fields = fields
        self.lines = lines
    }

    package static let empty = FrontMatter(fields: [], lines: [:])

    package subscript(key: String) -> FieldValue? {
        fields.first { $0.key == key }?.value
    }

    /// Front matter text as written, and the language it is written in.
    package struct Source: Sendable, Equatable {
        package enum Language: Sendable, Equatable {
            case yaml
            case toml
        }

        package var text: String
        package var language: Language

        package init(text: String, language: Language) {
            self.text = text
            self.language = language
        }

        /// The key of its parsed fields in caches: the same text read as TOML means something else.
        package var digest: UInt64 {
            guard language == .toml else { return ContentHash.of(text) }
            var hasher = ContentHash()
            hasher.combine("toml")
            hasher.combine(text)
            return hasher.finalize()
        }
    }

    /// A file split into its front matter text and its Markdown body.
    package struct Split: Sendable, Equatable {
        /// The YAML between the fences (or the JSON object), or nil when the file has none.
        package var yaml: String?
        package var body: String
        /// The 1-based line in the file where the body starts, so body messages can name file lines.
        package var bodyFirstLine: Int
        /// The TOML between `+++` fences, when the file's front matter is written so.
        package var toml: String? = nil

        /// The front matter to parse, in its language; nil when the file has none.
        package var source: Source? {
            if let toml { return Source(text: toml, language: .toml) }
            return yaml.map { Source(text: $0, language: .yaml) }
        }
    }

    package enum SplitError: Error, Equatable {
        /// The opening `---` (or `+++`) has no closing fence.
        case unclosed
    }

    /// Splits `text` at its front matter fences. A fence is a line of exactly `---` (or `+++`
    /// for TOML, trailing spaces allowed); the opening one must be the file's first line and
    /// the closing one the same.
    package static func split(_ text: String) throws(SplitError) -> Split {
        // On the UTF-8 bytes: every file of the site is split here.
        var text = text
        let result: Result<Split, SplitError> = text.withUTF8 { bytes in
            var start = 0
            // A byte-order mark before the fence is common from Windows editors.
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
            func string(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
            let first = lineEnd(in: bytes, from: start)
            // Hugo's JSON front matter: an object from the first line, read as the YAML it also is.
            if let close = jsonObjectEnd(in: bytes, from: start) {
                let closing = lineEnd(in: bytes, from: close)
                let lines = bytes[start..<close].reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
                // A lone `{` on line 1 is joined to line 2, so the text's lines are the file's
                // from line 2, as YAML's are.
                let opensAlone = first.contentEnd == start + 1 && first.next < close
                let json = opensAlone ? "{ " + string(first.next..<close) : string(start..<close)
                return .success(Split(yaml: json, body: string(closing.next..<bytes.count), bodyFirstLine: lines + 1))
            }
            let fence = start < bytes.count ? bytes[start] : 0
            guard fence == UInt8(ascii: "-") || fence == UInt8(ascii: "+"), isFence(bytes, start..<first.contentEnd, of: fence) else {
                return .success(Split(yaml: nil, body: string(start..<bytes.count), bodyFirstLine: 1))
            }
            var cursor = first.next
            var line = 2
            while cursor < bytes.count {
                let end = lineEnd(in: bytes, from: cursor)
                if isFence(bytes, cursor..<end.contentEnd, of: fence) {
                    let settings = string(first.next..<cursor)
                    let body = string(end.next..<bytes.count)
                    return .success(
                        fence == UInt8(ascii: "+")
                            ? Split(yaml: nil, body: body, bodyFirstLine: line + 1, toml: settings)
                            : Split(yaml: settings, body: body, bodyFirstLine: line + 1))
                }
                cursor = end.next
                line += 1
            }
            return .failure(.unclosed)
        }
        return try result.get()
    }

    /// Just past the `}` that closes a JSON object opening at `start`, when the object is
    /// the file's first lines: `{`, then `"` or `}`, strings skipped, and nothing after the
    /// closing brace on its line. Nil for any other text (`{% raw %}` opening a Jekyll page).
    private static func jsonObjectEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "{") else { return nil }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        var next = start + 1
        while next < bytes.count, isSpace(bytes[next]) { next += 1 }
        guard next < bytes.count, bytes[next] == UInt8(ascii: "\"") || bytes[next] == UInt8(ascii: "}") else { return nil }
        var depth = 0, inString = false, escaped = false
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                guard depth == 0 else { continue }
                var after = index
                while after < bytes.count, bytes[after] == 0x20 || bytes[after] == 0x09 || bytes[after] == 0x0D { after += 1 }
                return after == bytes.count || bytes[after] == UInt8(ascii: "\n") ? index : nil
            default: break
            }
        }
        return nil
    }

    /// Where the line starting at `start` ends (before `\r\n` or `\n`) and where the next begins.
    private static func lineEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (contentEnd: Int, next: Int) {
        guard start < bytes.count, let base = bytes.baseAddress,
            let found = memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start)
        else {
            return (bytes.count, bytes.count)
        }
        let newline = UnsafeRawPointer(found) - UnsafeRawPointer(base)
        var contentEnd = newline
        if contentEnd > start, bytes[contentEnd - 1] == UInt8(ascii: "\r") { contentEnd -= 1 }
        return (contentEnd, newline + 1)
    }

    /// Whether `line` is three `fence` characters (`-` or `+`), trailing spaces allowed.
    private static func isFence(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>, of fence: UInt8) -> Bool {
        var end = line.upperBound
        while end > line.lowerBound, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        return end - line.lowerBound == 3 && bytes[line.lowerBound] == fence
            && bytes[line.lowerBound + 1] == fence && bytes[line.lowerBound + 2] == fence
    }

    package struct ParseError: Error, Sendable {
        /// 1-based line within the YAML text.
        package var line: Int
        package var column: Int?
        package var message: String
        /// What the YAML parser was reading and where that began (an unclosed `[` fails
        /// only at the end of the text; where it opened is what the user needs).
        package var context: (text: String, line: Int, column: Int)?
        /// What to do, when this error knows better than the general advice on YAML.
        package var hint: String?

        package init(line: Int, column: Int?, message: String, context: (text: String, line: Int, column: Int)? = nil, hint: String? = nil) {
            self.line = line
            self.column = column
            self.message = message
            self.context = context
            self.hint = hint
        }

        /// The hint for a key given twice.
        static func repeatedKeyHint(_ keys: [String]) -> String {
            "keep one of the `\(keys.first ?? "")` lines: each key is given once"
        }
    }

    /// Largest number of values one front matter may expand to. Guards against alias bombs
    /// ("billion laughs"), where a few lines of YAML name each other into billions of values.
    package static let maximumValueCount = 10_000

    /// Parses front matter text into fields, in its language.
    package static func parse(_ source: Source) throws(ParseError) -> FrontMatter {
        switch source.language {
        case .yaml: return try parse(yaml: source.text)
        case .toml: return try parse(toml: source.text)
        }
    }

    /// Parses YAML text into fields. The text must be a mapping (or empty). The fast path,
    /// `FlatFrontMatterParser`, answers where it can; `parseWithYams` is the reference.
    package static func parse(yaml: String) throws(ParseError) -> FrontMatter {
        if let flat = FlatFrontMatterParser.parse(yaml) { return flat }
        return try parseWithYams(yaml: yaml)
    }

    /// The full YAML reader, for everything `FlatFrontMatterParser` leaves alone, and the
    /// reference it is tested and measured against.
    package static func parseWithYams(yaml: String) throws(ParseError) -> FrontMatter {
        let node: Node?
        do {
            node = try Yams.compose(yaml: yaml)
        } catch let error as YamlError {
            throw Self.parseError(from: error, yaml: yaml)
        } catch {
            throw ParseError(line: 1, column: nil, message: "\(error)")
        }
        guard let node else { return .empty }
        guard case .mapping(let mapping) = node else {
            throw ParseError(
                line: node.mark?.line ?? 1, column: node.mark?.column,
                message: "front matter must be a list of `key: value` lines")
        }
        var budget = maximumValueCount
        var fields: [(key: String, value: FieldValue)] = []
        var lines: [String: Int] = [:]
        for (keyNode, valueNode) in mapping {
            guard case .scalar(let key) = keyNode else {
                throw ParseError(line: keyNode.mark?.line ?? 1, column: keyNode.mark?.column, message: "keys must be plain words")
            }
            if lines[key.string] != nil {
                throw ParseError(
                    line: keyNode.mark?.line ?? 1, column: keyNode.mark?.column, message: "key `\(key.string)` appears twice",
                    hint: ParseError.repeatedKeyHint([key.string]))
            }
            fields.append((key.string, try value(of: valueNode, budget: &budget)))
            lines[key.string] = keyNode.mark?.line ?? 1
        }
        return FrontMatter(fields: fields, lines: lines)
    }

    private static func value(of node: Node, budget: inout Int) throws(ParseError) -> FieldValue {
        budget -= 1
        if budget < 0 {
            throw ParseError(
                line: node.mark?.line ?? 1, column: node.mark?.column,
                message: "front matter expands to more than \(maximumValueCount) values (YAML aliases?)")
        }
        switch node {
        case .scalar(let scalar):
            switch Tag.Name(rawValue: node.tag.rawValue) {
            case .null: return .null
            case .bool: return Bool.construct(from: scalar).map(FieldValue.bool) ?? .string(scalar.string)
            case .int: return Int.construct(from: scalar).map(FieldValue.integer) ?? .string(scalar.string)
            case .float: return Double.construct(from: scalar).map(FieldValue.number) ?? .string(scalar.string)
            default: return .string(scalar.string)
            }
        case .sequence(let sequence):
            var values: [FieldValue] = []
            for element in sequence { values.append(try value(of: element, budget: &budget)) }
            return .list(values)
        case .mapping(let mapping):
            var pairs: [(key: String, value: FieldValue)] = []
            for (key, element) in mapping {
                pairs.append((key.string ?? key.scalar?.string ?? "", try value(of: element, budget: &budget)))
            }
            return .map(pairs)
        case .alias:
            throw ParseError(line: node.mark?.line ?? 1, column: node.mark?.column, message: "unresolved YAML alias")
        }
    }

    private static func parseError(from error: YamlError, yaml: String) -> ParseError {
        switch error {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _), let .composer(context, problem, mark, _):
            if let tab = tabIndentedLine(in: yaml, upTo: mark.line) { return tab }
            return ParseError(
                line: mark.line, column: mark.column, message: "invalid YAML: \(problem)",
                context: context.map { ($0.text.trimmingCharacters(in: .whitespaces), $0.mark.line, $0.mark.column) })
        case let .reader(problem, _, _, _):
            return ParseError(line: 1, column: nil, message: "invalid YAML: \(problem)")
        case let .duplicatedKeysInMapping(duplicates, context):
            // Yams marks the key's first use; the line to fix is where it is used again.
            let line = duplicates.first.flatMap { lineOfRepeatedKey($0, firstUse: context.mark, in: yaml) } ?? context.mark.line
            return ParseError(
                line: line, column: line == context.mark.line ? context.mark.column : nil,
                message: "duplicate keys: \(duplicates.joined(separator: ", "))", hint: ParseError.repeatedKeyHint(duplicates))
        default:
            return ParseError(line: 1, column: nil, message: "invalid YAML: \(error)")
        }
    }

    /// The first line up to `line` (1-based, with one line of slack: the scanner often stops
    /// on the line after) indented with a tab, which YAML forbids: the likely cause of the
    /// error, named with the line as written (its tabs shown as `→`).
    static func tabIndentedLine(in yaml: String, upTo line: Int) -> ParseError? {
        for (index, text) in yaml.split(separator: "\n", omittingEmptySubsequences: false).prefix(line + 1).enumerated() {
            let indentation = text.prefix { $0 == " " || $0 == "\t" }
            guard let column = indentation.firstIndex(of: "\t") else { continue }
            let shown = text.replacingOccurrences(of: "\t", with: "→").trimmingCharacters(in: .whitespaces)
            return ParseError(
                line: index + 1, column: text.distance(from: text.startIndex, to: column) + 1,
                message: "invalid YAML: line `\(shown)` is indented with a tab, which YAML does not allow",
                hint: "indent it with spaces instead of the tab (most editors: convert indentation to spaces)")
        }
        return nil
    }

    /// The line where a block mapping's `key`, first used at `firstUse`, appears again: the
    /// next line at the same indentation that starts with the key, before the mapping ends.
    private static func lineOfRepeatedKey(_ key: String, firstUse: Mark, in yaml: String) -> Int? {
        let indentation = firstUse.column - 1
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
        guard firstUse.line >= 1, firstUse.line < lines.count else { return nil }
        for index in firstUse.line..<lines.count {
            let line = lines[index]
            let content = line.drop { $0 == " " }
            if content.isEmpty || content.hasPrefix("#") { continue }
            let indent = line.count - content.count
            if indent < indentation { return nil }
            guard indent == indentation else { continue }
            for written in [key, "\"\(key)\"", "'\(key)'"] where content.hasPrefix(written) {
                if content.dropFirst(written.count).drop(while: { $0 == " " }).hasPrefix(":") { return index + 1 }
            }
        }
        return nil
    }
}
