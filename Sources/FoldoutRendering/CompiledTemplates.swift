import FoldoutPresentation
import Mustache

/// The templates run by Foldout itself, as swift-mustache parsed them, with swift-mustache's
/// rules, straight to bytes. swift-mustache splits a tag's name at each use, casts the value
/// to half a dozen protocols and copies the context stack at each section; here a tag is a
/// look-up of a key number in a `TemplateContext` or two. Measured at least 30x faster than
/// swift-mustache running the benchmark corpus's templates (docs/benchmarks.md).
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
package struct CompiledTemplates: Sendable {
    /// A template name as looked up: `a.b` is `a` looked up through the context stack, then
    /// `b` inside it; `.a` is `a` in the innermost context only.
    package struct Name: Sendable {
        package var first: TemplateKey
        package var rest: [TemplateKey]
        package var innermostOnly: Bool
    }

    /// A template as read from swift-mustache's tokens, before it is assembled into `Instruction`s.
    package indirect enum Node: Sendable {
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
    package enum Escaper: Sendable, Equatable {
        case swiftMustacheDefault
        case html
        case other(Int)

        /// The escaper as one number, as instructions hold it.
        package var code: Int {
            switch self {
            case .swiftMustacheDefault: return -1
            case .html: return -2
            case .other(let index): return index
            }
        }

        package init(code: Int) {
            self = code == -1 ? .swiftMustacheDefault : code == -2 ? .html : .other(code)
        }
    }

    /// One step of a template. Every template is assembled into one array of these, made of
    /// plain numbers (text, names and partials are places in the other arrays), so running a
    /// page reference-counts nothing but the values it writes: walking a tree of enums with
    /// arrays in them retained and released a payload at every node, on two threads at once.
    package struct Instruction: Sendable {
        package enum Operation: UInt8, Sendable {
            /// `text[operand..<operand + extent]`.
            case text
            /// `{{name}}` and `{{{name}}}` of `names[operand]`.
            case escapedVariable, variable
            /// The section of `names[operand]`; its body is the instructions up to `extent`.
            case section, invertedSection
            /// The partial whose instructions are `operand..<extent` (nothing when `operand` is -1:
            /// the library has no such template, and swift-mustache renders it as nothing).
            case partial
            /// Switches escaping to `Escaper(code: operand)`.
            case contentType
            case unsupported
        }

        package var operation: Operation
        package var operand: Int32
        package var extent: Int32
    }

    /// A `Name` as plain numbers: `restCount` key numbers from `nameParts[restStart]` follow `first`.
    package struct AssembledName: Sendable {
        package var first: TemplateKey
        package var restStart: Int32
        package var restCount: Int32
        package var innermostOnly: Bool
    }

    private let instructions: [Instruction]
    private let text: [UInt8]
    private let names: [AssembledName]
    private let nameParts: [TemplateKey]
    /// Each template's instructions, by name.
    private let programs: [String: Range<Int>]
    private let otherEscapers: [any MustacheContentType]

    package init(library: MustacheLibrary, names templateNames: some Sequence<String>) {
        var read: [(name: String, nodes: [Node])] = []
        var otherEscapers: [any MustacheContentType] = []
        for name in templateNames {
            guard let template = library.getTemplate(named: name) else { continue }
            read.append((name, Self.nodes(of: template, otherEscapers: &otherEscapers) ?? [.unsupported]))
        }
        var assembler = Assembler()
        for (name, nodes) in read {
            let start = assembler.instructions.count
            assembler.add(nodes)
            assembler.programs[name] = start..<assembler.instructions.count
        }
        assembler.linkPartials()
        instructions = assembler.instructions
        text = assembler.text
        names = assembler.names
        nameParts = assembler.nameParts
        programs = assembler.programs
        self.otherEscapers = otherEscapers
    }

    /// What swift-mustache renders from template `name` with `context`, as UTF-8; nil when
    /// the template or the context uses something this renderer does not run.
    /// `reserving` is the size expected, when known.
    package func render(_ name: String, _ context: TemplateContext, reserving: Int = 4 << 10) -> [UInt8]? {
        var output = PageBytes(capacity: reserving)
        guard render(name, context, appendingTo: &output) else { return nil }
        return output.array()
    }

    /// `name` run with `context`, its bytes appended to `output`; false where `render` gives
    /// nil (`output` then holds part of the template's bytes).
    package func render(_ name: String, _ context: TemplateContext, appendingTo output: inout PageBytes) -> Bool {
        run(name, context, appendingTo: &output, leavingOpen: nil) != nil
    }

    /// Runs template `name` with `context`, appending to `output`; nil where this renderer
    /// cannot. With `slots` (see `Prepared`), their places are left open and returned, with
    /// the bytes between them, as pieces.
    private func run(
        _ name: String, _ context: TemplateContext, appendingTo output: inout PageBytes,
        leavingOpen slots: [TemplateKey]?
    ) -> [Prepared.Piece]?? {
        guard let program = programs[name] else { return nil }
        return instructions.withUnsafeBufferPointer { instructions in
            text.withUnsafeBufferPointer { text in
                names.withUnsafeBufferPointer { names in
                    nameParts.withUnsafeBufferPointer { nameParts in
                        var run = Run(
                            instructions: instructions, text: text, names: names, nameParts: nameParts,
                            otherEscapers: otherEscapers, output: output)
                        if let slots {
                            run.slots = slots
                            run.pieces = []
                        }
                        run.stack.append(context)
                        let done = run.run(program, escaper: .swiftMustacheDefault)
                        if done, slots != nil { run.endBytesPiece() }
                        let pieces = run.pieces
                        output = run.output
                        return done ? .some(pieces) : nil
                    }
                }
            }
        }
    }

    // MARK: Slots

    /// A template's output with places left open: run once with the values of `slots` (keys
    /// of the root context) unknown, its bytes are kept with the places those values are
    /// written, so a page only fills them in. `base.html` is the same for every page of a
    /// folder but for the page's `title` and `content`, and was a fifth of an item page.
    ///
    /// Exact because the slots hold text or HTML, whose look-ups never change which parts
    /// of a template run (any text opens a section and closes an inverted one), only the
    /// bytes written where they are printed. A slot found anywhere but in the root context
    /// is not a slot: that name is written as any other value.
    package struct Prepared: Sendable {
        package enum Piece: Sendable {
            case bytes([UInt8])
            /// The value of slot `index`, escaped with `escaper` (nil for `{{{name}}}`).
            case slot(Int, escaper: Escaper?)
        }

        package var pieces: [Piece]
        package var byteCount: Int
    }

    /// `name` run with `context`, whose values of `slots` are left open (what `context` holds
    /// for them stands for any text); nil where `render` would be.
    package func prepare(_ name: String, _ context: TemplateContext, slots: [TemplateKey]) -> Prepared? {
        var output = PageBytes(capacity: 4 << 10)
        guard let pieces = run(name, context, appendingTo: &output, leavingOpen: slots) else { return nil }
        return Prepared(pieces: pieces ?? [], byteCount: output.count)
    }

    /// The output of `prepared` appended to `output`, each slot's place written by
    /// `writeSlot(index, escaper, &output)`; false where that fails (`output` then holds
    /// part of the page).
    package func fill(
        _ prepared: Prepared, into output: inout PageBytes,
        writeSlot: (Int, Escaper?, inout PageBytes) -> Bool
    ) -> Bool {
        for piece in prepared.pieces {
            switch piece {
            case .bytes(let bytes):
                output.append(bytes)
            case .slot(let index, let escaper):
                guard writeSlot(index, escaper, &output) else { return false }
            }
        }
        return true
    }

    /// Writes `value` into a slot as `{{name}}` (escaped with `escaper`) or `{{{name}}}`
    /// (nil) would; false for what this renderer does not write.
    package func write(_ value: TemplateValue, _ escaper: Escaper?, to output: inout PageBytes) -> Bool {
        Self.write(value, escaper, otherEscapers: otherEscapers, to: &output)
    }

    /// Writes `value` as `{{name}}` (escaped with `escaper`) or `{{{name}}}` (nil) does; false
    /// for what this renderer does not write.
    private static func write(
        _ value: TemplateValue, _ escaper: Escaper?, otherEscapers: [any MustacheContentType],
        to output: inout PageBytes
    ) -> Bool {
        switch value {
        case .text(let text):
            return write(text, escaper, otherEscapers: otherEscapers, to: &output)
        case .number(let number):
            return write(String(number), escaper, otherEscapers: otherEscapers, to: &output)
        case .flag(let flag):
            return write(flag ? "true" : "false", escaper, otherEscapers: otherEscapers, to: &output)
        case .html(let bytes):
            guard escaper != nil else {
                output.append(bytes)
                return true
            }
            return write(String(decoding: bytes, as: UTF8.self), escaper, otherEscapers: otherEscapers, to: &output)
        // A node or list printed whole: never in a sane template.
        case .context, .list:
            return false
        }
    }

    private static func write(
        _ text: String, _ escaper: Escaper?, otherEscapers: [any MustacheContentType],
        to output: inout PageBytes
    ) -> Bool {
        switch escaper {
        case nil: output.append(text)
        case .html: output.appendEscapingHTML(text)
        case .other(let index): output.append(otherEscapers[index].escapeText(text))
        case .swiftMustacheDefault: return false
        }
        return true
    }

    // MARK: Assembling

    private struct Assembler {
        package var instructions: [Instruction] = []
        package var text: [UInt8] = []
        package var names: [AssembledName] = []
        package var nameParts: [TemplateKey] = []
        package var programs: [String: Range<Int>] = [:]
        /// Partial instructions to point at their template once every template is assembled.
        package var partials: [(instruction: Int, name: String)] = []

        package mutating func add(_ nodes: [Node]) {
            for node in nodes {
                switch node {
                case .text(let bytes):
                    append(.text, operand: text.count, extent: bytes.count)
                    text += bytes
                case .variable(let name, let escaped):
                    append(escaped ? .escapedVariable : .variable, operand: add(name), extent: 0)
                case .section(let name, let body, let inverted):
                    let section = instructions.count
                    append(inverted ? .invertedSection : .section, operand: add(name), extent: 0)
                    add(body)
                    instructions[section].extent = Int32(instructions.count)
                case .partial(let name):
                    partials.append((instructions.count, name))
                    append(.partial, operand: -1, extent: 0)
                case .contentType(let escaper):
                    append(.contentType, operand: escaper.code, extent: 0)
                case .unsupported:
                    append(.unsupported, operand: 0, extent: 0)
                }
            }
        }

        package mutating func linkPartials() {
            for partial in partials {
                guard let program = programs[partial.name] else { continue }
                instructions[partial.instruction].operand = Int32(program.lowerBound)
                instructions[partial.instruction].extent = Int32(program.upperBound)
            }
        }

        private mutating func add(_ name: Name) -> Int {
            names.append(
                AssembledName(
                    first: name.first, restStart: Int32(nameParts.count), restCount: Int32(name.rest.count),
                    innermostOnly: name.innermostOnly))
            nameParts += name.rest
            return names.count - 1
        }

        private mutating func append(_ operation: Instruction.Operation, operand: Int, extent: Int) {
            instructions.append(Instruction(operation: operation, operand: Int32(operand), extent: Int32(extent)))
        }
    }

    // MARK: Running

    private struct Run: ~Copyable {
        package let instructions: UnsafeBufferPointer<Instruction>
        package let text: UnsafeBufferPointer<UInt8>
        package let names: UnsafeBufferPointer<AssembledName>
        package let nameParts: UnsafeBufferPointer<TemplateKey>
        package let otherEscapers: [any MustacheContentType]
        package var output: PageBytes
        /// While preparing (see `Prepared`): the slot keys, and the pieces made so far (the
        /// output since the last slot is the bytes piece under way).
        package var slots: [TemplateKey] = []
        package var pieces: [Prepared.Piece]?
        package var bytesPieceStart = 0
        /// The context stack, innermost last. A context that is not a node (a section over a
        /// string, say), in which no name is found, is an empty node.
        package var stack: [TemplateContext] = []

        package init(
            instructions: UnsafeBufferPointer<Instruction>, text: UnsafeBufferPointer<UInt8>, names: UnsafeBufferPointer<AssembledName>,
            nameParts: UnsafeBufferPointer<TemplateKey>, otherEscapers: [any MustacheContentType], output: consuming PageBytes
        ) {
            self.instructions = instructions
            self.text = text
            self.names = names
            self.nameParts = nameParts
            self.otherEscapers = otherEscapers
            self.output = output
            stack.reserveCapacity(16)
        }

        /// Runs the instructions of `range`; false at anything unsupported. `escaper` is the
        /// content type in force.
        package mutating func run(_ range: Range<Int>, escaper: Escaper) -> Bool {
            var escaper = escaper
            var index = range.lowerBound
            while index < range.upperBound {
                let instruction = instructions[index]
                let operand = Int(instruction.operand), extent = Int(instruction.extent)
                index += 1
                switch instruction.operation {
                case .text:
                    output.append(UnsafeBufferPointer(rebasing: text[operand..<(operand + extent)]))
                case .escapedVariable, .variable:
                    let name = names[operand], escaping = instruction.operation == .escapedVariable ? escaper : nil
                    if pieces != nil, let slot = slot(name) {
                        if escaping == .swiftMustacheDefault { return false }
                        endBytesPiece()
                        pieces!.append(.slot(slot, escaper: escaping))
                    } else if let value = lookUp(name), !CompiledTemplates.write(value, escaping, otherEscapers: otherEscapers, to: &output) {
                        return false
                    }
                case .section, .invertedSection:
                    let body = index..<extent
                    index = extent
                    let inverted = instruction.operation == .invertedSection
                    if let value = lookUp(names[operand]) {
                        if !(inverted ? runInverted(body, value, escaper: escaper) : runSection(body, value, escaper: escaper)) { return false }
                    } else if inverted, !run(body, escaper: escaper) {
                        return false
                    }
                case .partial:
                    // A partial starts with swift-mustache's default content type.
                    if operand >= 0, !run(operand..<extent, escaper: .swiftMustacheDefault) { return false }
                case .contentType:
                    escaper = Escaper(code: operand)
                case .unsupported:
                    return false
                }
            }
            return true
        }

        /// The slot `name` is, when it is one: a slot key found in the root context, nowhere inside.
        private func slot(_ name: AssembledName) -> Int? {
            guard name.restCount == 0, let slot = slots.firstIndex(of: name.first) else { return nil }
            let foundInside = stack.withUnsafeBufferPointer { stack in
                name.innermostOnly ? stack.count > 1 : stack.dropFirst().contains { $0[name.first] != nil }
            }
            return foundInside ? nil : slot
        }

        /// Closes the bytes piece under way (while preparing).
        package mutating func endBytesPiece() {
            guard output.count > bytesPieceStart else { return }
            pieces?.append(.bytes(output.bytes(from: bytesPieceStart)))
            bytesPieceStart = output.count
        }

        private mutating func runSection(_ body: Range<Int>, _ value: TemplateValue, escaper: Escaper) -> Bool {
            switch value {
            case .list(let list):
                for element in list where !runPushed(body, element, escaper: escaper) { return false }
            case .flag(let flag):
                if flag { return run(body, escaper: escaper) }
            case .context(let context):
                return runPushed(body, context, escaper: escaper)
            case .text, .number, .html:
                return runPushed(body, [:], escaper: escaper)
            }
            return true
        }

        private mutating func runInverted(_ body: Range<Int>, _ value: TemplateValue, escaper: Escaper) -> Bool {
            switch value {
            case .list(let list) where list.isEmpty: return runPushed(body, [:], escaper: escaper)
            case .flag(false): return run(body, escaper: escaper)
            default: return true
            }
        }

        private mutating func runPushed(_ body: Range<Int>, _ context: TemplateContext, escaper: Escaper) -> Bool {
            stack.append(context)
            defer { stack.removeLast() }
            return run(body, escaper: escaper)
        }

        /// swift-mustache's lookup: the first name through the stack from the innermost
        /// context out, the rest inside what it found. Contexts that are not nodes (strings,
        /// numbers, lists) have no named children there either.
        private func lookUp(_ name: AssembledName) -> TemplateValue? {
            let found: TemplateValue? = stack.withUnsafeBufferPointer { stack in
                if name.innermostOnly { return stack.last?[name.first] }
                var level = stack.count - 1
                while level >= 0 {
                    if let value = stack[level][name.first] { return value }
                    level -= 1
                }
                return nil
            }
            guard name.restCount > 0 else { return found }
            guard var value = found else { return nil }
            let restStart = Int(name.restStart)
            for part in nameParts[restStart..<(restStart + Int(name.restCount))] {
                guard case .context(let context) = value, let child = context[part] else { return nil }
                value = child
            }
            return value
        }
    }
}
