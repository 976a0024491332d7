import FoldoutBase
import FoldoutMarkdown

extension FieldDeclaration.Field {
    /// What is wrong with a value, as a message that quotes what varies (so that the
    /// warnings summary counts one kind) and a hint.
    package struct Mistake: Sendable, Equatable {
        package var message: String
        package var hint: String
    }

    /// What is wrong with `value` for this field's type, or nil when it fits. Whether an
    /// image file or a linked item exists is checked where files and items are known.
    package func mistake(in value: FieldValue) -> Mistake? {
        if value == .null { return nil }
        switch kind {
        case .text, .markdown:
            if case .map = value { return wrongType("text", example: "Some words") }
            return nil
        case .number:
            guard let number = Self.number(value) else { return wrongType("a number" + (unit.map { " (of \($0))" } ?? ""), example: "3") }
            if let minimum, number < minimum { return outside(number, "less than \(Self.text(minimum)), the least it can be") }
            if let maximum, number > maximum { return outside(number, "more than \(Self.text(maximum)), the most it can be") }
            return nil
        case .yesNo:
            return Self.yesNo(value) == nil ? wrongType("yes or no", example: "yes") : nil
        case .choice:
            guard let text = value.stringValue else { return wrongType("one of \(values.joined(separator: ", "))", example: values.first ?? "…") }
            if Self.choice(text, among: values) != nil { return nil }
            let nearest =
                NearestName.suggestion(for: text, among: values)
                ?? values.first { Slug.make($0).hasPrefix(Slug.make(text)) || Slug.make(text).hasPrefix(Slug.make($0)) }
            return Mistake(
                message: "`\(name)` is `\(text)`, which is not one of its values" + (nearest.map { " — did you mean `\($0)`?" } ?? ""),
                hint: "the values of `\(name)` are " + values.joined(separator: ", "))
        case .list, .link:
            let elements = value.listValue ?? [value]
            return elements.allSatisfy({ $0.stringValue != nil })
                ? nil
                : wrongType(kind == .list ? "a list of words" : "the title of another item, or a list of them", example: "[one, two]")
        case .date:
            guard let text = value.stringValue, Self.isDate(text) else { return wrongType("a date", example: "2026-05-01") }
            return nil
        case .image:
            return value.stringValue == nil ? wrongType("an image file's name", example: "photo.jpg") : nil
        case .nested:
            return nil
        }
    }

    /// A number beyond the declared `min:` or `max:`.
    private func outside(_ number: Double, _ reason: String) -> Mistake {
        let range = [minimum.map { "from \(Self.text($0))" }, maximum.map { "up to \(Self.text($0))" }].compactMap { $0 }.joined(separator: " ")
        return Mistake(message: "`\(name)` is \(Self.text(number)), \(reason)", hint: "`\(name)` is a number \(range), as its declaration says")
    }

    /// `2` for 2.0, `2.5` for 2.5.
    static func text(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }

    private func wrongType(_ expected: String, example: String) -> Mistake {
        Mistake(message: "`\(name)` must be \(expected)", hint: "write it like `\(name): \(example)`")
    }

    /// The value's number: `3`, `2.5`, or text that is one.
    package static func number(_ value: FieldValue) -> Double? {
        switch value {
        case .integer(let number): return Double(number)
        case .number(let number): return number.isFinite ? number : nil
        case .string(let text): return Double(text.trimmingSpaces).flatMap { $0.isFinite ? $0 : nil }
        default: return nil
        }
    }

    /// true, false, or nil for a value that is neither (`unknown` is the field left out).
    package static func yesNo(_ value: FieldValue) -> Bool? {
        if case .bool(let flag) = value { return flag }
        switch value.stringValue?.lowercased() {
        case "yes", "true", "y": return true
        case "no", "false", "n": return false
        default: return nil
        }
    }

    /// The listed value that `text` is, compared as facets compare them (by slug: `Cat` is `cat`).
    package static func choice(_ text: String, among values: [String]) -> String? {
        let slug = Slug.make(text)
        return values.first { Slug.make($0) == slug }
    }

    /// `2026-05-01`, with or without a time after it.
    package static func isDate(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars.prefix(11))
        guard scalars.count >= 10, scalars.count == 10 || scalars[10] == "T" || scalars[10] == " " else { return false }
        let digits = [0, 1, 2, 3, 5, 6, 8, 9]
        return digits.allSatisfy { scalars[$0].isASCII && scalars[$0].properties.numericType != nil } && scalars[4] == "-" && scalars[7] == "-"
            && Timestamp(String(String.UnicodeScalarView(scalars.prefix(10)))) != nil  // a day of the calendar: not `2026-02-30`
    }

    /// The word of the unit that goes with `number`: "year" for 1 when the unit is "years".
    package static func unitWord(_ unit: String, for number: Double) -> String {
        guard number == 1, unit.hasSuffix("s"), !unit.hasSuffix("ss"), unit.count > 1 else { return unit }
        return String(unit.dropLast())
    }
}
