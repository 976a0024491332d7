import Foundation

/// A node of the values templates read: `{{title}}` looks `title` up in it. The presenter
/// makes one per page, section, row, badge...; `dictionary` is the same node as
/// swift-mustache reads it, for the templates `CompiledTemplates` does not run.
///
/// Shaped for speed: a catalog page can have thousands of rows of twenty-odd keys each, and
/// a `[String: Any]` per row costs a string hash to make every entry and again to look every
/// tag up, and an existential to open at each use. Here a key is a small number fixed once
/// (`TemplateKey`), a node is a plain array of its entries in the order they were written,
/// and a look-up compares numbers.
package struct TemplateContext: Sendable, ExpressibleByDictionaryLiteral {
    /// Keys and values in the order written (the literal's own array, kept as it is).
    package private(set) var entries: [(TemplateKey, TemplateValue)]

    package init(dictionaryLiteral elements: (TemplateKey, TemplateValue)...) {
        entries = elements
    }

    /// The value of `key`; setting replaces it, or adds it at the end.
    package subscript(key: TemplateKey) -> TemplateValue? {
        get {
            // Compares keys in place: a `for entry in entries` loop would copy (retain and
            // release) every value it passes, and templates look up a dozen keys per row.
            entries.withUnsafeBufferPointer { entries in
                for index in entries.indices where entries[index].0 == key { return entries[index].1 }
                return nil
            }
        }
        set {
            if let index = entries.firstIndex(where: { $0.0 == key }) {
                if let newValue { entries[index].1 = newValue } else { entries.remove(at: index) }
            } else if let newValue {
                entries.append((key, newValue))
            }
        }
    }

    /// The node as swift-mustache reads it: strings, booleans, integers, nested
    /// dictionaries and arrays of them.
    package var dictionary: [String: Any] {
        var dictionary: [String: Any] = [:]
        dictionary.reserveCapacity(entries.count)
        for (key, value) in entries { dictionary[key.name] = value.swiftMustacheValue }
        return dictionary
    }
}

/// A value in a `TemplateContext`.
package enum TemplateValue: Sendable, ExpressibleByStringLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByArrayLiteral
{
    case text(String)
    case flag(Bool)
    case number(Int)
    case context(TemplateContext)
    case list([TemplateContext])
    /// HTML already rendered, as UTF-8: a page's own template inside `base` (`{{{content}}}`),
    /// appended as it is rather than made into a `String` first.
    case html([UInt8])

    package init(stringLiteral value: String) { self = .text(value) }
    package init(booleanLiteral value: Bool) { self = .flag(value) }
    package init(integerLiteral value: Int) { self = .number(value) }
    package init(arrayLiteral elements: TemplateContext...) { self = .list(elements) }

    /// `false` when there is no context: an optional node of a template (`thumbnail`, `previous`).
    package init(_ context: TemplateContext?) { self = context.map(TemplateValue.context) ?? .flag(false) }

    var swiftMustacheValue: Any {
        switch self {
        case .text(let text): return text
        case .flag(let flag): return flag
        case .number(let number): return number
        case .context(let context): return context.dictionary
        case .list(let list): return list.map(\.dictionary)
        case .html(let bytes): return String(decoding: bytes, as: UTF8.self)
        }
    }
}

/// A name templates look up, known by a number: each name gets one the first time it is
/// seen (`TemplateKey("title")`), and keeps it for the life of the process. The presenter's
/// keys are made once as constants (`.title`); `CompiledTemplates` makes the keys of the
/// names its templates use when it reads them.
package struct TemplateKey: Hashable, Sendable, CustomStringConvertible {
    package let number: Int

    package init(_ name: String) {
        number = Registry.shared.number(of: name)
    }

    package var name: String { Registry.shared.name(of: number) }
    package var description: String { name }

    private final class Registry: @unchecked Sendable {
        package static let shared = Registry()
        private let lock = NSLock()
        private var numbers: [String: Int] = [:]
        private var names: [String] = []

        package func number(of name: String) -> Int {
            lock.withLock {
                if let number = numbers[name] { return number }
                numbers[name] = names.count
                names.append(name)
                return names.count - 1
            }
        }

        package func name(of number: Int) -> String {
            lock.withLock { names[number] }
        }
    }
}
