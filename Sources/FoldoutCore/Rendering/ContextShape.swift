import Mustache

/// A template context taken apart for `TemplateShapeCache`: its shape (every key, every
/// list's length, every boolean: all that decides which parts of a template render) and its
/// leaves (the text of every string and number, in a fixed order).
///
/// Two contexts of the same shape render to the same text around their leaves, because in
/// swift-mustache a string or a number is always truthy and shows only as its text (the
/// cache turns templates away that could look further: transforms, `{{.}}`, indented
/// partials). So a template rendered once with markers in place of the leaves tells where
/// every leaf of every context of that shape goes.
struct ContextShape {
    /// The shape, written so that different shapes never give the same bytes.
    var key: [UInt8]
    /// Text of each string and number, as swift-mustache would show it.
    var leaves: [String]
    /// The leaf of each string right under the root dictionary, by key.
    private var rootStrings: [String: Int]

    /// Nil when the context holds something else than dictionaries, arrays, strings, numbers
    /// and booleans (the presenter makes only those).
    init?(_ context: Any) {
        var walker = Walker(marking: false)
        guard walker.walk(context) != nil else { return nil }
        key = walker.key
        leaves = walker.leaves
        rootStrings = walker.rootStrings
    }

    /// The shape of the same context with the string under the root key `key` replaced by
    /// `text` (nil when that key holds no string): the same shape, one leaf changed.
    func replacingRootString(_ key: String, with text: String) -> ContextShape? {
        guard let index = rootStrings[key] else { return nil }
        var shape = self
        shape.leaves[index] = text
        return shape
    }

    /// `context` with each leaf replaced by `marker(leaf number)`, dictionaries and arrays by
    /// look-alikes that show `containerMarker` when a template prints them whole.
    static func markedContext(_ context: Any) -> Any? {
        var walker = Walker(marking: true)
        return walker.walk(context)
    }

    /// Private-use characters: no template or context of Foldout's has them (the cache
    /// checks the templates; leaves are never scanned).
    static let markerStart: Unicode.Scalar = "\u{E000}", markerEnd: Unicode.Scalar = "\u{E001}", containerMarker: Unicode.Scalar = "\u{E002}"

    /// The `&` shows whether the template escaped the leaf (`&amp;`) or not.
    static func marker(_ leaf: Int) -> String {
        "\(markerStart)\(leaf)&\(markerEnd)"
    }

    private struct Walker {
        var key: [UInt8] = []
        var leaves: [String] = []
        var rootStrings: [String: Int] = [:]
        let marking: Bool
        /// How many dictionaries and lists the walk is in, and the root key it is under.
        private var depth = 0
        private var rootKey = ""

        init(marking: Bool) {
            self.marking = marking
            key.reserveCapacity(256)
        }

        /// The marked value when marking, else `()` (nothing to copy); nil for what cannot be traced.
        mutating func walk(_ value: Any) -> Any? {
            visit(value)
        }

        /// Takes the value with its type opened: the exact type picks the case without a
        /// dynamic cast (a context has thousands of values, and each cast costs hundreds of
        /// instructions, failed ones as much as successful ones).
        private mutating func visit<Value>(_ value: Value) -> Any? {
            if Value.self == String.self { return leaf("s", unsafeBitCast(value, to: String.self)) }
            if Value.self == [String: Any].self { return walk(dictionary: unsafeBitCast(value, to: [String: Any].self)) }
            if Value.self == Bool.self {
                key.append(unsafeBitCast(value, to: Bool.self) ? UInt8(ascii: "T") : UInt8(ascii: "F"))
                return marking ? value : ()
            }
            if Value.self == Int.self { return leaf("i", String(unsafeBitCast(value, to: Int.self))) }
            if Value.self == [[String: Any]].self { return walk(list: unsafeBitCast(value, to: [[String: Any]].self)) }
            if Value.self == [Any].self { return walk(list: unsafeBitCast(value, to: [Any].self)) }
            if Value.self == Double.self { return leaf("d", String(describing: unsafeBitCast(value, to: Double.self))) }
            // Other dictionaries and arrays (`[[String: String]]`) read like these in swift-mustache.
            if let dictionary = value as? [String: Any] { return walk(dictionary: dictionary) }
            if let array = value as? [Any] { return walk(list: array) }
            return nil
        }

        private mutating func walk(dictionary: [String: Any]) -> Any? {
            key.append(UInt8(ascii: "{"))
            depth += 1
            defer { depth -= 1 }
            var marked: [String: Any] = [:]
            for (name, child) in dictionary.sorted(by: { $0.key < $1.key }) {
                if depth == 1 { rootKey = name }
                appendNumber(name.utf8.count)
                key.append(UInt8(ascii: ":"))
                key += name.utf8
                guard let markedChild = walk(child) else { return nil }
                if marking { marked[name] = markedChild }
            }
            key.append(UInt8(ascii: "}"))
            return marking ? MarkedDictionary(values: marked) : ()
        }

        private mutating func walk<Element>(list: [Element]) -> Any? {
            key.append(UInt8(ascii: "["))
            depth += 1
            defer { depth -= 1 }
            appendNumber(list.count)
            key.append(UInt8(ascii: ";"))
            var marked: [Any] = []
            for element in list {
                guard let markedElement = walk(element) else { return nil }
                if marking { marked.append(markedElement) }
            }
            key.append(UInt8(ascii: "]"))
            return marking ? MarkedList(elements: marked) : ()
        }

        private mutating func appendNumber(_ number: Int) {
            if number >= 10 { appendNumber(number / 10) }
            key.append(UInt8(ascii: "0") + UInt8(number % 10))
        }

        private mutating func leaf(_ kind: Unicode.Scalar, _ text: String) -> Any {
            if depth == 1, kind == "s" { rootStrings[rootKey] = leaves.count }
            key.append(UInt8(ascii: kind))
            leaves.append(text)
            return marking ? ContextShape.marker(leaves.count - 1) : ()
        }
    }
}

/// Stands in for a `[String: Any]` while tracing: swift-mustache reads it the same way (as a
/// `MustacheParent`); printed whole, it shows the container marker so the trace is refused.
struct MarkedDictionary: MustacheParent, CustomStringConvertible {
    var values: [String: Any]
    func child(named name: String) -> Any? { values[name] }
    var description: String { String(ContextShape.containerMarker) }
}

/// Stands in for an array while tracing: iterated like one, reflected like one (unlabelled
/// children), and printed whole it shows the container marker.
struct MarkedList: MustacheSequence, CustomStringConvertible, CustomReflectable {
    var elements: [Any]
    func makeIterator() -> IndexingIterator<[Any]> { elements.makeIterator() }
    var description: String { String(ContextShape.containerMarker) }
    var customMirror: Mirror { Mirror(self, unlabeledChildren: elements) }
}
