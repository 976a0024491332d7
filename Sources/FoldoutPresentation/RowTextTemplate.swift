import FoldoutBase
import Foundation

/// A one-line template over an item's fields, for a row's text: `"{{age}} years old · {{breed}}"`.
/// `{{key}}` is the field as text (lists joined with commas); `{{key|year,years}}` is the word
/// that goes with the field's number (the first for 1, the second for any other value;
/// `{{key|year}}` makes the second by English rules, as `item_name` does);
/// `{{#key}}…{{/key}}` shows its inside only when the field has a value,
/// `{{^key}}…{{/key}}` only when it has none. A
/// part between ` · ` separators that names a field without a value is left out, so a
/// missing age does not leave " years old" behind. The result is plain text, escaped
/// where it is used.
package struct RowTextTemplate: Sendable, Equatable {
    package indirect enum Node: Sendable, Equatable {
        case text(String)
        case field(String)
        /// `{{key|singular,plural}}`: one of the two words, by the field's number.
        case plural(String, singular: String, plural: String)
        case section(String, inverted: Bool, [Node])
    }

    package static let separator = " · "

    /// The template split at top-level separators.
    package let parts: [[Node]]
    package let source: String

    package struct SyntaxError: Error, Equatable {
        package var message: String
    }

    package init(_ source: String) throws(SyntaxError) {
        self.source = source
        var parts: [[Node]] = []
        for piece in Self.splitAtSeparators(source) {
            var index = piece.startIndex
            let (nodes, closing) = try Self.parse(piece, &index)
            if let closing { throw SyntaxError(message: "`{{/\(closing)}}` closes a section that was never opened") }
            parts.append(nodes)
        }
        self.parts = parts
    }

    /// Renders with `value`, which gives a field's text or nil when the item has none.
    package func render(_ value: (String) -> String?) -> String {
        var rendered: [String] = []
        for part in parts {
            var missing = false
            let text = Self.render(part, value, missing: &missing).trimmingSpaces
            if !missing, !text.isEmpty { rendered.append(text) }
        }
        return rendered.joined(separator: Self.separator)
    }

    /// Every field name the template uses.
    package var fieldNames: [String] {
        var names: [String] = []
        func collect(_ nodes: [Node]) {
            for node in nodes {
                switch node {
                case .text: break
                case .field(let name), .plural(let name, _, _): if !names.contains(name) { names.append(name) }
                case .section(let name, _, let inner):
                    if !names.contains(name) { names.append(name) }
                    collect(inner)
                }
            }
        }
        parts.forEach(collect)
        return names
    }

    private static func render(_ nodes: [Node], _ value: (String) -> String?, missing: inout Bool) -> String {
        var result = ""
        for node in nodes {
            switch node {
            case .text(let text):
                result += text
            case .field(let name):
                if let text = value(name), !text.isEmpty { result += text } else { missing = true }
            case .plural(let name, let singular, let plural):
                if let text = value(name), !text.isEmpty {
                    result += Self.isOne(text) ? singular : plural
                } else {
                    missing = true
                }
            case .section(let name, let inverted, let inner):
                let present = !(value(name) ?? "").isEmpty
                if present != inverted {
                    var innerMissing = false
                    result += render(inner, value, missing: &innerMissing)
                    if innerMissing { missing = true }
                }
            }
        }
        return result
    }

    /// Whether a field's text is the number one ("1", "1.0"), which takes the singular.
    static func isOne(_ text: String) -> Bool {
        Double(text.trimmingCharacters(in: .whitespaces)) == 1
    }

    /// `name|singular,plural` or `name|singular` (the plural by English rules).
    private static func pluralNode(_ tag: String) throws(SyntaxError) -> Node {
        let bar = tag.firstIndex(of: "|")!
        let name = tag[..<bar].trimmingCharacters(in: .whitespaces)
        let forms = tag[tag.index(after: bar)...].split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard !name.isEmpty, (1...2).contains(forms.count), !forms.contains(where: \.isEmpty) else {
            throw SyntaxError(message: "`{{\(tag)}}` must name a field and its word for one and for more, like `{{age|year,years}}`")
        }
        return .plural(name, singular: forms[0], plural: forms.count == 2 ? forms[1] : ItemNoun.plural(of: forms[0]))
    }

    /// Splits at ` · ` outside sections, so a section may hold a separator of its own.
    private static func splitAtSeparators(_ source: String) -> [Substring] {
        var pieces: [Substring] = []
        var depth = 0
        var start = source.startIndex
        var index = source.startIndex
        while index < source.endIndex {
            if source[index...].hasPrefix("{{#") || source[index...].hasPrefix("{{^") {
                depth += 1
            } else if source[index...].hasPrefix("{{/") {
                depth = max(0, depth - 1)
            } else if depth == 0, source[index...].hasPrefix(separator) {
                pieces.append(source[start..<index])
                index = source.index(index, offsetBy: separator.count)
                start = index
                continue
            }
            index = source.index(after: index)
        }
        pieces.append(source[start...])
        return pieces
    }

    /// Parses until the end or a closing tag; returns the nodes and the closing tag's name.
    private static func parse(_ text: Substring, _ index: inout Substring.Index) throws(SyntaxError) -> ([Node], String?) {
        var nodes: [Node] = []
        var literal = ""
        while index < text.endIndex {
            guard text[index...].hasPrefix("{{") else {
                literal.append(text[index])
                index = text.index(after: index)
                continue
            }
            guard let close = text[index...].range(of: "}}") else {
                throw SyntaxError(message: "a `{{` is not closed with `}}`")
            }
            let tag = text[text.index(index, offsetBy: 2)..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            index = close.upperBound
            if !literal.isEmpty { nodes.append(.text(literal)); literal = "" }
            guard let sigil = tag.first else { throw SyntaxError(message: "`{{}}` names no field") }
            let name = String(tag.dropFirst()).trimmingCharacters(in: .whitespaces)
            switch sigil {
            case "#", "^":
                guard !name.isEmpty else { throw SyntaxError(message: "`{{\(sigil)}}` names no field") }
                let (inner, closing) = try parse(text, &index)
                guard closing == name else { throw SyntaxError(message: "`{{\(sigil)\(name)}}` is not closed with `{{/\(name)}}`") }
                nodes.append(.section(name, inverted: sigil == "^", inner))
            case "/":
                return (nodes, name)
            case "{", "&", "!", ">", "<", "=":
                throw SyntaxError(message: "`{{\(tag)}}` is not supported in row text; use `{{field}}`, `{{field|one,more}}` or `{{#field}}…{{/field}}`")
            default:
                nodes.append(tag.contains("|") ? try pluralNode(tag) : .field(tag))
            }
        }
        if !literal.isEmpty { nodes.append(.text(literal)) }
        return (nodes, nil)
    }
}
