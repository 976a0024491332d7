import Foundation
import Yams

/// The YAML block at the top of a Markdown file, between two `---` lines.
public struct FrontMatter: Sendable {
    public var fields: [(key: String, value: FieldValue)]
    /// 1-based line of each top-level key, for messages.
    public var lines: [String: Int]

    package init(fields: [(key: String, value: FieldValue)], lines: [String: Int]) {
        self.fields = fields
        self.lines = lines
    }

    public static let empty = FrontMatter(fields: [], lines: [:])

    public subscript(key: String) -> FieldValue? {
        fields.first { $0.key == key }?.value
    }

    /// A file split into its front matter text and its Markdown body.
    public struct Split: Sendable, Equatable {
        /// The YAML between the fences, or nil when the file has no front matter.
        public var yaml: String?
        public var body: String
        /// The 1-based line in the file where the body starts, so body messages can name file lines.
        public var bodyFirstLine: Int
    }

    public enum SplitError: Error, Equatable {
        /// The opening `---` has no closing fence.
        case unclosed
    }

    /// Splits `text` at its front matter fences. A fence is a line of exactly `---`
    /// (trailing spaces allowed); the opening one must be the file's first line.
    public static func split(_ text: String) throws(SplitError) -> Split {
        // On the UTF-8 bytes: every file of the site is split here.
        var text = text
        let result: Result<Split, SplitError> = text.withUTF8 { bytes in
            var start = 0
            // A byte-order mark before the fence is common from Windows editors.
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
            func string(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
            let first = lineEnd(in: bytes, from: start)
            guard start < bytes.count, isFence(bytes, start..<first.contentEnd) else {
                return .success(Split(yaml: nil, body: string(start..<bytes.count), bodyFirstLine: 1))
            }
            var cursor = first.next
            var line = 2
            while cursor < bytes.count {
                let end = lineEnd(in: bytes, from: cursor)
                if isFence(bytes, cursor..<end.contentEnd) {
                    return .success(Split(yaml: string(first.next..<cursor), body: string(end.next..<bytes.count), bodyFirstLine: line + 1))
                }
                cursor = end.next
                line += 1
            }
            return .failure(.unclosed)
        }
        return try result.get()
    }

    /// Where the line starting at `start` ends (before `\r\n` or `\n`) and where the next begins.
    private static func lineEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (contentEnd: Int, next: Int) {
        guard start < bytes.count, let base = bytes.baseAddress,
              let found = memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start) else {
            return (bytes.count, bytes.count)
        }
        let newline = UnsafeRawPointer(found) - UnsafeRawPointer(base)
        var contentEnd = newline
        if contentEnd > start, bytes[contentEnd - 1] == UInt8(ascii: "\r") { contentEnd -= 1 }
        return (contentEnd, newline + 1)
    }

    private static func isFence(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Bool {
        var end = line.upperBound
        while end > line.lowerBound, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        return end - line.lowerBound == 3 && bytes[line.lowerBound] == UInt8(ascii: "-")
            && bytes[line.lowerBound + 1] == UInt8(ascii: "-") && bytes[line.lowerBound + 2] == UInt8(ascii: "-")
    }

    public struct ParseError: Error, Sendable {
        /// 1-based line within the YAML text.
        public var line: Int
        public var column: Int?
        public var message: String
        /// What the YAML parser was reading and where that began (an unclosed `[` fails
        /// only at the end of the text; where it opened is what the user needs).
        public var context: (text: String, line: Int, column: Int)?
        /// What to do, when this error knows better than the general advice on YAML.
        public var hint: String?

        public init(line: Int, column: Int?, message: String, context: (text: String, line: Int, column: Int)? = nil, hint: String? = nil) {
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
    public static let maximumValueCount = 10_000

    /// Parses YAML text into fields. The text must be a mapping (or empty). The fast path,
    /// `FlatFrontMatterParser`, answers where it can; `parseWithYams` is the reference.
    public static func parse(yaml: String) throws(ParseError) -> FrontMatter {
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
            throw ParseError(line: node.mark?.line ?? 1, column: node.mark?.column,
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
                throw ParseError(line: keyNode.mark?.line ?? 1, column: keyNode.mark?.column, message: "key `\(key.string)` appears twice",
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
            throw ParseError(line: node.mark?.line ?? 1, column: node.mark?.column,
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
            return ParseError(line: mark.line, column: mark.column, message: "invalid YAML: \(problem)",
                              context: context.map { ($0.text.trimmingCharacters(in: .whitespaces), $0.mark.line, $0.mark.column) })
        case let .reader(problem, _, _, _):
            return ParseError(line: 1, column: nil, message: "invalid YAML: \(problem)")
        case let .duplicatedKeysInMapping(duplicates, context):
            // Yams marks the key's first use; the line to fix is where it is used again.
            let line = duplicates.first.flatMap { lineOfRepeatedKey($0, firstUse: context.mark, in: yaml) } ?? context.mark.line
            return ParseError(line: line, column: line == context.mark.line ? context.mark.column : nil,
                              message: "duplicate keys: \(duplicates.joined(separator: ", "))", hint: ParseError.repeatedKeyHint(duplicates))
        default:
            return ParseError(line: 1, column: nil, message: "invalid YAML: \(error)")
        }
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
