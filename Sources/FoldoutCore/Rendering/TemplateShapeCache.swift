import Foundation

/// Renders each template once per context shape and fills in the rest: the shared parts of
/// pages (the layout, the header, the breadcrumb, a field list) are rendered by swift-mustache
/// once, not once per page.
///
/// swift-mustache spends several microseconds on every tag (a `String` split, a handful of
/// dynamic casts, a dictionary lookup per stack level); an item page has about seventy tags,
/// ten thousand pages have seven hundred thousand. Item pages of one group differ only in
/// their text, so the second time a template meets a context of some shape (`ContextShape`),
/// it is rendered once more with markers in place of the strings and numbers, and the result
/// becomes a program: pieces of fixed text and "leaf n, escaped or not". Every later context
/// of that shape is rendered by splicing its leaves into the program.
///
/// Templates that could make the output depend on a leaf's text beyond showing it (transforms
/// like `{{uppercased(title)}}`, `{{.}}`, dynamic and indented partials, inheritance, changed
/// delimiters) turn the cache off, and a trace that shows a whole dictionary or list, or a
/// marker it cannot read, is refused; those render through swift-mustache every time.
final class TemplateShapeCache: @unchecked Sendable {
    let templates: TemplateSet
    /// Whether the templates can be traced at all.
    let isEnabled: Bool

    private struct Key: Hashable {
        var template: String
        var shape: [UInt8]

        func hash(into hasher: inout Hasher) {
            hasher.combine(template)
            // All at once: `[UInt8]` would feed the hasher one byte at a time.
            shape.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }

    private let lock = NSLock()
    /// Hashes of the keys met once: a shape met only once (a catalog page) is not traced.
    private var seen: Set<Int> = []
    /// Programs by key; nil for a shape whose trace was refused.
    private var programs: [Key: Program?] = [:]

    init(templates: TemplateSet) {
        self.templates = templates
        isEnabled = templates.sources.values.allSatisfy(Self.canTrace)
    }

    /// What `templates.render(name, context)` gives, faster for shapes met before.
    func render(_ name: String, _ context: Any) -> String {
        String(decoding: renderBytes(name, context), as: UTF8.self)
    }

    /// The same as UTF-8 bytes, for a whole page, which is written as bytes.
    func renderBytes(_ name: String, _ context: Any) -> [UInt8] {
        guard isEnabled, let shape = ContextShape(context) else { return Array(templates.render(name, context).utf8) }
        return renderBytes(name, shape: shape) { context }
    }

    /// The same for a context whose shape is known already; `context` is made only when
    /// swift-mustache has to render it.
    func renderBytes(_ name: String, shape: ContextShape, context makeContext: () -> Any) -> [UInt8] {
        guard isEnabled else { return Array(templates.render(name, makeContext()).utf8) }
        let key = Key(template: name, shape: shape.key)
        lock.lock()
        let known = programs[key]
        let firstTime = known == nil && seen.insert(key.hashValue).inserted
        lock.unlock()
        switch known {
        case .some(.some(let program)):
            return program.render(shape.leaves)
        case .some(.none):
            return Array(templates.render(name, makeContext()).utf8)
        case .none:
            let context = makeContext()
            if firstTime { return Array(templates.render(name, context).utf8) }
            let program = trace(name, context, leafCount: shape.leaves.count)
            lock.lock()
            programs[key] = program
            lock.unlock()
            return program?.render(shape.leaves) ?? Array(templates.render(name, context).utf8)
        }
    }

    private func trace(_ name: String, _ context: Any, leafCount: Int) -> Program? {
        guard let marked = ContextShape.markedContext(context) else { return nil }
        return Program(trace: templates.render(name, marked), leafCount: leafCount)
    }

    // MARK: Programs

    /// A template's output for one shape: fixed text with holes for the leaves.
    struct Program {
        enum Piece {
            case text(Range<Int>)
            case leaf(Int, escaped: Bool)
        }

        var text: [UInt8] = []
        var pieces: [Piece] = []

        /// Reads the output of a marked render; nil when it holds a container marker or a
        /// marker that is not whole.
        init?(trace: String, leafCount: Int) {
            let bytes = Array(trace.utf8)
            let start = Array(String(ContextShape.markerStart).utf8), end = Array(String(ContextShape.markerEnd).utf8)
            let escapedAmpersand = Array("&amp;".utf8)
            var index = 0, textStart = 0
            while index < bytes.count {
                // Markers are U+E000...U+E002, three bytes from EE 80 80.
                guard bytes[index] == 0xEE, index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] & 0xFC == 0x80 else {
                    index += 1
                    continue
                }
                guard bytes[index..<(index + 3)].elementsEqual(start) else { return nil }
                var cursor = index + 3
                var leaf = 0, digits = 0
                while cursor < bytes.count, bytes[cursor] >= 0x30, bytes[cursor] <= 0x39, digits < 9 {
                    leaf = leaf * 10 + Int(bytes[cursor] - 0x30)
                    cursor += 1
                    digits += 1
                }
                guard digits > 0, leaf < leafCount else { return nil }
                let escaped: Bool
                if bytes[cursor...].starts(with: escapedAmpersand) {
                    escaped = true
                    cursor += escapedAmpersand.count
                } else if bytes[cursor...].first == UInt8(ascii: "&") {
                    escaped = false
                    cursor += 1
                } else {
                    return nil
                }
                guard bytes[cursor...].starts(with: end) else { return nil }
                appendText(bytes[textStart..<index])
                pieces.append(.leaf(leaf, escaped: escaped))
                index = cursor + end.count
                textStart = index
            }
            appendText(bytes[textStart...])
        }

        private mutating func appendText(_ slice: ArraySlice<UInt8>) {
            guard !slice.isEmpty else { return }
            pieces.append(.text(text.count..<(text.count + slice.count)))
            text += slice
        }

        func render(_ leaves: [String]) -> [UInt8] {
            var output: [UInt8] = []
            output.reserveCapacity(text.count + leaves.reduce(0) { $0 + $1.utf8.count } + 64)
            for piece in pieces {
                switch piece {
                case .text(let range): output += text[range]
                case .leaf(let leaf, let escaped): output += (escaped ? HTMLEscaping.escape(leaves[leaf]) : leaves[leaf]).utf8
                }
            }
            return output
        }
    }

    // MARK: Which templates can be traced

    /// Whether `source` (a template as written) only shows strings and numbers as text.
    static func canTrace(_ source: String) -> Bool {
        let bytes = Array(source.utf8)
        // The markers' own characters must not come from the template.
        for index in bytes.indices where bytes[index] == 0xEE && index + 2 < bytes.count
            && bytes[index + 1] == 0x80 && bytes[index + 2] & 0xFC == 0x80 {
            return false
        }
        var index = 0
        while index + 1 < bytes.count {
            guard bytes[index] == UInt8(ascii: "{"), bytes[index + 1] == UInt8(ascii: "{") else {
                index += 1
                continue
            }
            let tagStart = index
            var cursor = index + 2
            var sigil = cursor < bytes.count ? bytes[cursor] : 0
            if sigil == UInt8(ascii: "{") || sigil == UInt8(ascii: "&") || sigil == UInt8(ascii: "#") || sigil == UInt8(ascii: "^")
                || sigil == UInt8(ascii: "/") || sigil == UInt8(ascii: ">") || sigil == UInt8(ascii: "!") || sigil == UInt8(ascii: "%") {
                cursor += 1
            } else if sigil == UInt8(ascii: "=") || sigil == UInt8(ascii: "<") || sigil == UInt8(ascii: "$") {
                return false
            } else {
                sigil = 0
            }
            var close = cursor
            while close + 1 < bytes.count, !(bytes[close] == UInt8(ascii: "}") && bytes[close + 1] == UInt8(ascii: "}")) { close += 1 }
            let name = String(decoding: bytes[min(cursor, close)..<close], as: UTF8.self).trimmingCharacters(in: .whitespaces)
            switch sigil {
            case UInt8(ascii: "!"), UInt8(ascii: "%"):
                break
            case UInt8(ascii: ">"):
                if name.hasPrefix("*") { return false }
                // Indentation before a partial is repeated on its lines, depending on what they show.
                var lineStart = tagStart
                while lineStart > 0, bytes[lineStart - 1] == UInt8(ascii: " ") || bytes[lineStart - 1] == UInt8(ascii: "\t") { lineStart -= 1 }
                if lineStart < tagStart, lineStart == 0 || bytes[lineStart - 1] == UInt8(ascii: "\n") { return false }
            default:
                if name == "." || name.contains("(") { return false }
            }
            index = close + 2
        }
        return true
    }
}
