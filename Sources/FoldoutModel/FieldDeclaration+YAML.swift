import FoldoutMarkdown

extension FieldDeclaration {
    /// The declaration as the `fields:` of a catalog's `_index.md`, one line per field, ready
    /// to paste: read back, it is this declaration.
    package var yaml: String {
        var lines = ["fields:"]
        for field in fields {
            var settings = ["type: " + Self.scalar(field.kind.rawValue)]
            if field.labelIsWritten { settings.append("label: " + Self.scalar(field.label)) }
            if !field.values.isEmpty { settings.append("values: [" + field.values.map(Self.scalar).joined(separator: ", ") + "]") }
            if let unit = field.unit { settings.append("unit: " + Self.scalar(unit)) }
            if let minimum = field.minimum { settings.append("min: " + Field.text(minimum)) }
            if let maximum = field.maximum { settings.append("max: " + Field.text(maximum)) }
            if field.required { settings.append("required: true") }
            if let value = field.defaultValue { settings.append("default: " + Self.flow(value)) }
            if !field.places.isEmpty { settings.append("show: [" + field.places.map(\.rawValue).joined(separator: ", ") + "]") }
            lines.append("  " + Self.scalar(field.name) + ": {" + settings.joined(separator: ", ") + "}")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `value` in YAML's flow style.
    static func flow(_ value: FieldValue) -> String {
        switch value {
        case .string(let text): return scalar(text)
        case .integer, .number, .bool: return value.text
        case .null: return "~"
        case .list(let values): return "[" + values.map(flow).joined(separator: ", ") + "]"
        case .map(let pairs): return "{" + pairs.map { scalar($0.key) + ": " + flow($0.value) }.joined(separator: ", ") + "}"
        }
    }

    /// Text as a YAML scalar that reads back as the same text: plain when it can be (letters,
    /// digits, spaces and `_ . / -` inside, and not a word YAML reads as something else), else quoted.
    static func scalar(_ text: String) -> String {
        let plainInside: (Character) -> Bool = { $0.isLetter || $0.isNumber || " _./-()'".contains($0) }
        let isPlain =
            !text.isEmpty && text.allSatisfy(plainInside) && (text.first!.isLetter || text.first == "_")
            && text.last != " " && !["true", "false", "yes", "no", "on", "off", "null", "y", "n"].contains(text.lowercased())
        if isPlain { return text }
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }
}
