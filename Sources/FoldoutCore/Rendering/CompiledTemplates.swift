import Mustache

/// The templates run by Foldout itself, as swift-mustache parsed them, with swift-mustache's
/// rules, straight to bytes. swift-mustache spends several thousand instructions on every tag
/// (the name split at each use, the value cast to half a dozen protocols, the context stack
/// copied at each section); a catalog page of ten thousand rows has hundreds of thousands of
/// tags, and was a fifth of a whole build. Here a tag is a look-up of a key number in a
/// `TemplateContext` or two.
///
/// The parse is swift-mustache's own: each template's tokens are read once through
/// reflection, so whitespace, standalone lines and errors stay exactly the library's. What is
/// run covers what Foldout's templates and the presenter's contexts use: text, `{{name}}`,
/// `{{{name}}}` and `{{&name}}`, dotted names, sections and inverted sections, partials that
/// are not indented, comments and `CONTENT_TYPE` pragmas; every kind of `TemplateValue`.
/// Anything else (transforms, `{{.}}`, indented or dynamic partials, inheritance, a node or
/// list printed whole, a token the reading does not know, as a newer swift-mustache might
/// have) makes `render` answer nil, and swift-mustache renders that page from the context's
/// `dictionary`. Tests compare both on the default templates and on generated templates and
/// contexts.
struct CompiledTemplates: Sendable {
    /// A template name as looked up: `a.b` is `a` looked up through the context stack, then
    /// `b` inside it; `.a` is `a` in the innermost context only.
    struct Name: Sendable {
        var first: TemplateKey
        var rest: [TemplateKey]
        var innermostOnly: Bool
    }

    indirect enum Node: Sendable {
        case text([UInt8])
        case variable(Name, escaped: Bool)
        case section(Name, [Node], inverted: Bool)
        case partial(String)
        case contentType(Escaper)
        /// A token this renderer does not run: a page that reaches it goes to swift-mustache.
        case unsupported
    }

    /// How `{{name}}` escapes, from the template's `CONTENT_TYPE` pragma: swift-mustache's
    /// default (which Foldout's templates always replace in their first line, see
    /// `TemplateSet`, and which is not run here), Foldout's own (`HTMLEscaping`, appended
    /// straight to the page), or another content type's, by its place in `otherEscapers`.
    /// A plain value, passed down every section without reference counting.
    enum Escaper: Sendable, Equatable {
        case swiftMustacheDefault
        case html
        case other(Int)
    }

    /// Every template of the library by name.
    private let programs: [String: [Node]]
    private let otherEscapers: [any MustacheContentType]

    init(library: MustacheLibrary, names: some Sequence<String>) {
        var programs: [String: [Node]] = [:]
        var otherEscapers: [any MustacheContentType] = []
        for name in names {
            guard let template = library.getTemplate(named: name) else { continue }
            programs[name] = Self.nodes(of: template, otherEscapers: &otherEscapers) ?? [.unsupported]
        }
        self.programs = programs
        self.otherEscapers = otherEscapers
    }

    /// What swift-mustache renders from template `name` with `context`, as UTF-8; nil when
    /// the template or the context uses something this renderer does not run.
    /// `reserving` is the size expected, when known.
    func render(_ name: String, _ context: TemplateContext, reserving: Int = 4 << 10) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(reserving)
        guard render(name, context, into: &output) else { return nil }
        // Pages are kept until written: a buffer grown by doubling would hold up to twice the page.
        if output.capacity - output.count > output.count / 8 {
            return output.withUnsafeBufferPointer { Array($0) }
        }
        return output
    }

    /// Appends what `render` answers to `output`; false (with `output` partly written) where
    /// that is nil.
    func render(_ name: String, _ context: TemplateContext, into output: inout [UInt8]) -> Bool {
        guard let program = programs[name] else { return false }
        var run = Run(programs: programs, otherEscapers: otherEscapers, output: output)
        output = []
        run.stack.append(context)
        let done = run.run(program, escaper: .swiftMustacheDefault)
        output = run.output
        return done
    }

    // MARK: Running

    private struct Run {
        let programs: [String: [Node]]
        let otherEscapers: [any MustacheContentType]
        var output: [UInt8]
        /// The context stack, innermost last; nil stands for a context that is not a node
        /// (a section over a string, say), in which no name is found.
        var stack: [TemplateContext?] = []

        init(programs: [String: [Node]], otherEscapers: [any MustacheContentType], output: [UInt8]) {
            self.programs = programs
            self.otherEscapers = otherEscapers
            self.output = output
            stack.reserveCapacity(16)
        }

        /// Runs `nodes`; false at anything unsupported. `escaper` is the content type in force.
        mutating func run(_ nodes: [Node], escaper: Escaper) -> Bool {
            var escaper = escaper
            for node in nodes {
                switch node {
                case .text(let bytes):
                    output += bytes
                case .variable(let name, let escaped):
                    guard let value = lookUp(name) else { continue }
                    if !write(value, escaped ? escaper : nil) { return false }
                case .section(let name, let body, let inverted):
                    if let value = lookUp(name) {
                        if !(inverted ? runInverted(body, value, escaper: escaper) : runSection(body, value, escaper: escaper)) { return false }
                    } else if inverted, !run(body, escaper: escaper) {
                        return false
                    }
                case .partial(let name):
                    // A partial starts with swift-mustache's default content type.
                    if let program = programs[name], !run(program, escaper: .swiftMustacheDefault) { return false }
                case .contentType(let type):
                    escaper = type
                case .unsupported:
                    return false
                }
            }
            return true
        }

        /// Writes `value` as `{{name}}` (escaped with `escaper`) or `{{{name}}}` (nil) does.
        private mutating func write(_ value: TemplateValue, _ escaper: Escaper?) -> Bool {
            switch value {
            case .text(let text):
                return write(text, escaper)
            case .number(let number):
                return write(String(number), escaper)
            case .flag(let flag):
                return write(flag ? "true" : "false", escaper)
            case .html(let bytes):
                guard escaper != nil else {
                    output += bytes
                    return true
                }
                return write(String(decoding: bytes, as: UTF8.self), escaper)
            // A node or list printed whole: never in a sane template.
            case .context, .list:
                return false
            }
        }

        private mutating func write(_ text: String, _ escaper: Escaper?) -> Bool {
            switch escaper {
            case nil: append(text)
            case .html: HTMLEscaping.append(text, to: &output)
            case .other(let index): append(otherEscapers[index].escapeText(text))
            case .swiftMustacheDefault: return false
            }
            return true
        }

        private mutating func runSection(_ body: [Node], _ value: TemplateValue, escaper: Escaper) -> Bool {
            switch value {
            case .list(let list):
                for element in list where !runPushed(body, element, escaper: escaper) { return false }
            case .flag(let flag):
                if flag { return run(body, escaper: escaper) }
            case .context(let context):
                return runPushed(body, context, escaper: escaper)
            case .text, .number, .html:
                return runPushed(body, nil, escaper: escaper)
            }
            return true
        }

        private mutating func runInverted(_ body: [Node], _ value: TemplateValue, escaper: Escaper) -> Bool {
            switch value {
            case .list(let list) where list.isEmpty: return runPushed(body, nil, escaper: escaper)
            case .flag(false): return run(body, escaper: escaper)
            default: return true
            }
        }

        private mutating func runPushed(_ body: [Node], _ context: TemplateContext?, escaper: Escaper) -> Bool {
            stack.append(context)
            defer { stack.removeLast() }
            return run(body, escaper: escaper)
        }

        /// swift-mustache's lookup: the first name through the stack from the innermost
        /// context out, the rest inside what it found. Contexts that are not nodes (strings,
        /// numbers, lists) have no named children there either.
        private func lookUp(_ name: Name) -> TemplateValue? {
            var found: TemplateValue?
            if name.innermostOnly {
                found = stack.last.flatMap { $0?[name.first] }
            } else {
                var level = stack.count - 1
                while level >= 0 {
                    if let value = stack[level]?[name.first] {
                        found = value
                        break
                    }
                    level -= 1
                }
            }
            guard var value = found else { return nil }
            for part in name.rest {
                guard case .context(let context) = value, let child = context[part] else { return nil }
                value = child
            }
            return value
        }

        private mutating func append(_ text: String) {
            var text = text
            text.withUTF8 { output.append(contentsOf: $0) }
        }
    }

    // MARK: Reading swift-mustache's tokens

    /// The nodes of `template`'s tokens (`MustacheTemplate.tokens`, an enum of `text`,
    /// `variable`, `section`...). Nil when they cannot be read as expected.
    static func nodes(of template: MustacheTemplate, otherEscapers: inout [any MustacheContentType]) -> [Node]? {
        guard let tokens = Mirror(reflecting: template).children.first(where: { $0.label == "tokens" })?.value as? [Any] else { return nil }
        var nodes: [Node] = []
        for token in tokens {
            let mirror = Mirror(reflecting: token)
            guard mirror.displayStyle == .enum, let payload = mirror.children.first, let kind = payload.label else { return nil }
            let fields = Mirror(reflecting: payload.value).children.map(\.value)
            switch kind {
            case "text":
                guard let text = payload.value as? String else { return nil }
                nodes.append(.text(Array(text.utf8)))
            case "variable", "unescapedVariable":
                guard fields.count == 2, let name = fields[0] as? String, let transforms = fields[1] as? [String] else { return nil }
                guard transforms.isEmpty, let parsed = Self.name(name) else { nodes.append(.unsupported); continue }
                nodes.append(.variable(parsed, escaped: kind == "variable"))
            case "section", "invertedSection":
                guard fields.count == 3, let name = fields[0] as? String, let transforms = fields[1] as? [String],
                      let body = fields[2] as? MustacheTemplate, let bodyNodes = Self.nodes(of: body, otherEscapers: &otherEscapers) else { return nil }
                guard transforms.isEmpty, let parsed = Self.name(name) else { nodes.append(.unsupported); continue }
                nodes.append(.section(parsed, bodyNodes, inverted: kind == "invertedSection"))
            case "partial":
                guard fields.count == 3, let name = fields[0] as? String else { return nil }
                // Indentation is repeated on the partial's lines; inheritance overrides blocks.
                guard (fields[1] as? String ?? "").isEmpty, Self.isNil(fields[2]) else {
                    nodes.append(.unsupported)
                    continue
                }
                nodes.append(.partial(name))
            case "contentType":
                guard let type = payload.value as? MustacheContentType else { return nil }
                if type is HTMLEscaping {
                    nodes.append(.contentType(.html))
                } else {
                    otherEscapers.append(type)
                    nodes.append(.contentType(.other(otherEscapers.count - 1)))
                }
            case "dynamicNamePartial", "blockDefinition", "blockExpansion":
                nodes.append(.unsupported)
            default:
                return nil
            }
        }
        return nodes
    }

    /// The name as swift-mustache splits it; nil for `.` and the empty name (the context itself).
    private static func name(_ text: String) -> Name? {
        guard text != "." else { return nil }
        let parts = text.split(separator: ".").map { TemplateKey(String($0)) }
        guard let first = parts.first else { return nil }
        return Name(first: first, rest: Array(parts.dropFirst()), innermostOnly: text.hasPrefix("."))
    }

    private static func isNil(_ value: Any) -> Bool {
        let mirror = Mirror(reflecting: value)
        return mirror.displayStyle == .optional && mirror.children.isEmpty
    }
}
