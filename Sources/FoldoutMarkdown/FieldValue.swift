/// A front matter value, kept in the YAML's own order so output stays deterministic.
package indirect enum FieldValue: Sendable, Equatable {
    case string(String)
    case integer(Int)
    case number(Double)
    case bool(Bool)
    case list([FieldValue])
    case map([(key: String, value: FieldValue)])
    case null

    package static func == (lhs: FieldValue, rhs: FieldValue) -> Bool {
        switch (lhs, rhs) {
        case let (.string(a), .string(b)): return a == b
        case let (.integer(a), .integer(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        case let (.bool(a), .bool(b)): return a == b
        case let (.list(a), .list(b)): return a == b
        case let (.map(a), .map(b)): return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.null, .null): return true
        default: return false
        }
    }

    /// The value as a user would write it in text: numbers without needless decimals,
    /// lists joined with commas.
    package var text: String {
        switch self {
        case .string(let value): return value
        case .integer(let value): return String(value)
        case .number(let value):
            if value.rounded() == value, abs(value) < 1e15 { return String(Int(value)) }
            return String(value)
        case .bool(let value): return value ? "true" : "false"
        case .list(let values): return values.map(\.text).joined(separator: ", ")
        case .map(let pairs): return pairs.map { "\($0.key): \($0.value.text)" }.joined(separator: ", ")
        case .null: return ""
        }
    }

    package var stringValue: String? {
        switch self {
        case .string(let value): return value
        case .integer, .number, .bool: return text
        default: return nil
        }
    }

    package var listValue: [FieldValue]? {
        if case .list(let values) = self { return values }
        return nil
    }

    package subscript(key: String) -> FieldValue? {
        guard case .map(let pairs) = self else { return nil }
        return pairs.first { $0.key == key }?.value
    }
}
