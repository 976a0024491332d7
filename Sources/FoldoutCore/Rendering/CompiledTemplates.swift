import Mustache

/// The templates run by Foldout itself, as swift-mustache parsed them, with swift-mustache's
/// rules, straight to bytes. swift-mustache spends several thousand instructions on every tag
/// (the name split at each use, the value cast to half a dozen protocols, the context stack
/// copied at each section); a catalog page of ten thousand rows has hundreds of thousands of
/// tags, and was a fifth of a whole build. Here a tag is a dictionary lookup or two.
///
/// The parse is swift-mustache's own: each template's tokens are read once through
/// reflection, so whitespace, standalone lines and errors stay exactly the library's. What is
/// run covers what Foldout's templates and the presenter's contexts use: text, `{{name}}`,
/// `{{{name}}}` and `{{&name}}`, dotted names, sections and inverted sections, partials that
/// are not indented, comments and `CONTENT_TYPE` pragmas; values that are dictionaries, lists,
/// strings, integers, doubles and booleans. Anything else (transforms, `{{.}}`, indented or
/// dynamic partials, inheritance, another type of value, a token the reading does not know,
/// as a newer swift-mustache might have) makes `render` answer nil, and swift-mustache renders
/// that page. Tests compare both on the default templates and on generated templates and
/// contexts.
struct CompiledTemplates: Sendable {
    /// A template name as looked up: `a.b` is `a` looked up through the context stack, then
    /// `b` inside it; `.a` is `a` in the innermost context only.
    struct Name: Sendable {
        var first: String
        var rest: [String]
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

    /// How `{{name}}` escapes, from the template's `CONTENT_TYPE` pragma: Foldout's own
    /// (`HTMLEscaping`, appended straight to the page) or another content type's.
    enum Escaper: Sendable {
        case html
        case other(MustacheContentType)
    }

    /// Every template of the library by name.
    private let programs: [String: [Node]]

    init(library: MustacheLibrary, names: some Sequence<String>) {
        var programs: [String: [Node]] = [:]
        for name in names {
            guard let template = library.getTemplate(named: name) else { continue }
            programs[name] = Self.nodes(of: template) ?? [.unsupported]
        }
        self.programs = programs
    }

    /// What swift-mustache renders from template `name` with `context`, as UTF-8; nil when
    /// the template or the context uses something this renderer does not run.
    func render(_ name: String, _ context: Any) -> [UInt8]? {
        guard let program = programs[name], case .dictionary(let root)? = Value(context) else { return nil }
        var run = Run(programs: programs)
        run.stack.append(root)
        guard run.run(program, escaper: nil) else { return nil }
        // Pages are kept until written: a buffer grown by doubling would hold up to twice the page.
        if run.output.capacity - run.output.count > run.output.count / 8 {
            return run.output.withUnsafeBufferPointer { Array($0) }
        }
        return run.output
    }

    // MARK: Running

    /// A value of the context, its type opened once.
    private enum Value {
        case text(String)
        case flag(Bool)
        case dictionary([String: Any])
        case dictionaries([[String: Any]])
        case list([Any])

        /// Nil for a value of another type.
        init?(_ value: Any) {
            guard let opened = Self.open(value) else { return nil }
            self = opened
        }

        /// The exact type picks the case without a dynamic cast (a context has thousands of
        /// values, and each cast, failed or not, costs hundreds of instructions).
        private static func open<Opened>(_ value: Opened) -> Value? {
            if Opened.self == String.self { return .text(unsafeBitCast(value, to: String.self)) }
            if Opened.self == [String: Any].self { return .dictionary(unsafeBitCast(value, to: [String: Any].self)) }
            if Opened.self == Bool.self { return .flag(unsafeBitCast(value, to: Bool.self)) }
            if Opened.self == Int.self { return .text(String(describing: unsafeBitCast(value, to: Int.self))) }
            if Opened.self == [[String: Any]].self { return .dictionaries(unsafeBitCast(value, to: [[String: Any]].self)) }
            if Opened.self == [Any].self { return .list(unsafeBitCast(value, to: [Any].self)) }
            if Opened.self == Double.self { return .text(String(describing: unsafeBitCast(value, to: Double.self))) }
            if Opened.self == [String].self { return .list(unsafeBitCast(value, to: [String].self)) }
            return nil
        }
    }

    private struct Run {
        let programs: [String: [Node]]
        var output: [UInt8] = []
        /// The context stack, innermost last; nil stands for a context that is not a
        /// dictionary (a list element that is a string, say), in which no name is found.
        var stack: [[String: Any]?] = []

        init(programs: [String: [Node]]) {
            self.programs = programs
            output.reserveCapacity(4 << 10)
        }

        /// Runs `nodes`; false at anything unsupported. `escaper` is the content type in
        /// force, nil for swift-mustache's own default (which Foldout's templates always
        /// replace in their first line, see `TemplateSet`).
        mutating func run(_ nodes: [Node], escaper: Escaper?) -> Bool {
            var escaper = escaper
            for node in nodes {
                switch node {
                case .text(let bytes):
                    output += bytes
                case .variable(let name, let escaped):
                    let value: Value
                    switch lookUp(name) {
                    case .found(let found): value = found
                    case .missing: continue
                    case .unsupported: return false
                    }
                    let text: String
                    switch value {
                    case .text(let string): text = string
                    case .flag(let flag): text = flag ? "true" : "false"
                    // A dictionary or list printed whole: never in a sane template.
                    case .dictionary, .dictionaries, .list: return false
                    }
                    if !escaped {
                        append(text)
                    } else if let escaper {
                        switch escaper {
                        case .html: HTMLEscaping.append(text, to: &output)
                        case .other(let type): append(type.escapeText(text))
                        }
                    } else {
                        return false
                    }
                case .section(let name, let body, let inverted):
                    switch lookUp(name) {
                    case .found(let value):
                        if !(inverted ? runInverted(body, value, escaper: escaper) : runSection(body, value, escaper: escaper)) { return false }
                    case .missing:
                        if inverted, !run(body, escaper: escaper) { return false }
                    case .unsupported:
                        return false
                    }
                case .partial(let name):
                    // A partial starts with swift-mustache's default content type.
                    if let program = programs[name], !run(program, escaper: nil) { return false }
                case .contentType(let type):
                    escaper = type
                case .unsupported:
                    return false
                }
            }
            return true
        }

        private mutating func runSection(_ body: [Node], _ value: Value, escaper: Escaper?) -> Bool {
            switch value {
            case .dictionaries(let list):
                for element in list where !runPushed(body, element, escaper: escaper) { return false }
            case .list(let list):
                for element in list {
                    guard let value = Value(element) else { return false }
                    if case .dictionary(let dictionary) = value {
                        if !runPushed(body, dictionary, escaper: escaper) { return false }
                    } else if !runPushed(body, nil, escaper: escaper) {
                        return false
                    }
                }
            case .flag(let flag):
                if flag { return run(body, escaper: escaper) }
            case .dictionary(let dictionary):
                return runPushed(body, dictionary, escaper: escaper)
            case .text:
                return runPushed(body, nil, escaper: escaper)
            }
            return true
        }

        private mutating func runInverted(_ body: [Node], _ value: Value, escaper: Escaper?) -> Bool {
            switch value {
            case .dictionaries(let list) where list.isEmpty: return runPushed(body, nil, escaper: escaper)
            case .list(let list) where list.isEmpty: return runPushed(body, nil, escaper: escaper)
            case .flag(false): return run(body, escaper: escaper)
            default: return true
            }
        }

        private mutating func runPushed(_ body: [Node], _ context: [String: Any]?, escaper: Escaper?) -> Bool {
            stack.append(context)
            defer { stack.removeLast() }
            return run(body, escaper: escaper)
        }

        private enum LookUp {
            case found(Value)
            case missing
            /// Found a value of a type this renderer does not know (swift-mustache might look into it).
            case unsupported
        }

        /// swift-mustache's lookup: the first name through the stack from the innermost
        /// context out, the rest inside what it found. Contexts that are not dictionaries
        /// (strings, numbers, lists) have no named children there either.
        private func lookUp(_ name: Name) -> LookUp {
            var found: Any?
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
            guard let first = found else { return .missing }
            guard var value = Value(first) else { return .unsupported }
            for part in name.rest {
                guard case .dictionary(let dictionary) = value else { return .missing }
                guard let child = dictionary[part] else { return .missing }
                guard let next = Value(child) else { return .unsupported }
                value = next
            }
            return .found(value)
        }

        private mutating func append(_ text: String) {
            var text = text
            text.withUTF8 { output.append(contentsOf: $0) }
        }
    }

    // MARK: Reading swift-mustache's tokens

    /// The nodes of `template`'s tokens (`MustacheTemplate.tokens`, an enum of `text`,
    /// `variable`, `section`...). Nil when they cannot be read as expected.
    static func nodes(of template: MustacheTemplate) -> [Node]? {
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
                      let body = fields[2] as? MustacheTemplate, let bodyNodes = Self.nodes(of: body) else { return nil }
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
                nodes.append(.contentType(type is HTMLEscaping ? .html : .other(type)))
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
        let parts = text.split(separator: ".").map(String.init)
        guard let first = parts.first else { return nil }
        return Name(first: first, rest: Array(parts.dropFirst()), innermostOnly: text.hasPrefix("."))
    }

    private static func isNil(_ value: Any) -> Bool {
        let mirror = Mirror(reflecting: value)
        return mirror.displayStyle == .optional && mirror.children.isEmpty
    }
}
