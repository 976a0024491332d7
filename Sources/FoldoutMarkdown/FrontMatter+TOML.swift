import TOMLKit

/// Hugo's TOML front matter, between two `+++` lines, read by a real TOML parser (TOMLKit,
/// over toml++). Its keys mean what YAML's do.
extension FrontMatter {
    /// Parses TOML text into fields. toml++ keeps a table's keys sorted, so the order and the
    /// line of each key are read from the text itself (`TOMLKeyOrder`), as the author wrote them.
    package static func parse(toml: String) throws(ParseError) -> FrontMatter {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: toml)
        } catch let error as TOMLParseError {
            throw ParseError(
                line: max(1, error.source.begin.line), column: error.source.begin.column > 0 ? error.source.begin.column : nil,
                message: "invalid TOML: \(error.description)",
                hint: error.description.contains("redefinition")
                    ? "keep one of the lines that set this key: each key is given once"
                    : "fix the TOML between the `+++` lines; text is quoted (`title = \"Rex\"`), lists are `[\"a\", \"b\"]`")
        } catch {
            throw ParseError(line: 1, column: nil, message: "invalid TOML: \(error)")
        }
        let order = TOMLKeyOrder(toml)
        var budget = maximumValueCount
        var fields: [(key: String, value: FieldValue)] = []
        var lines: [String: Int] = [:]
        for key in order.sorted(table.keys, topLevel: true) {
            guard let value = table[key] else { continue }
            fields.append((key, try fieldValue(of: value, order: order, budget: &budget)))
            lines[key] = order.topLevelLines[key] ?? 1
        }
        return FrontMatter(fields: fields, lines: lines)
    }

    private static func fieldValue(of value: TOMLValueConvertible, order: TOMLKeyOrder, budget: inout Int) throws(ParseError)
        -> FieldValue
    {
        budget -= 1
        if budget < 0 {
            throw ParseError(line: 1, column: nil, message: "front matter holds more than \(maximumValueCount) values")
        }
        switch value.type {
        case .string: return .string(value.string ?? "")
        case .int: return value.int.map(FieldValue.integer) ?? .null
        case .double: return value.double.map(FieldValue.number) ?? .null
        case .bool: return value.bool.map(FieldValue.bool) ?? .null
        // Dates and times as the text YAML would have given: `2026-05-01`, `2026-05-01T09:30:00+02:00`.
        case .date: return value.date.map { .string(dayText($0)) } ?? .null
        case .time: return value.time.map { .string(timeText($0)) } ?? .null
        case .dateTime:
            guard let moment = value.dateTime else { return .null }
            return .string(dayText(moment.date) + "T" + timeText(moment.time) + (moment.offset.map(offsetText) ?? ""))
        case .array:
            var values: [FieldValue] = []
            for element in value.array ?? TOMLArray() { values.append(try fieldValue(of: element, order: order, budget: &budget)) }
            return .list(values)
        case .table:
            guard let table = value.table else { return .null }
            var pairs: [(key: String, value: FieldValue)] = []
            for key in order.sorted(table.keys, topLevel: false) {
                guard let element = table[key] else { continue }
                pairs.append((key, try fieldValue(of: element, order: order, budget: &budget)))
            }
            return .map(pairs)
        }
    }

    private static func twoDigits(_ number: Int) -> String { number < 10 ? "0\(number)" : String(number) }

    private static func dayText(_ date: TOMLDate) -> String {
        let year = String(date.year)
        return String(repeating: "0", count: max(0, 4 - year.count)) + year + "-" + twoDigits(date.month) + "-" + twoDigits(date.day)
    }

    private static func timeText(_ time: TOMLTime) -> String {
        var text = twoDigits(time.hour) + ":" + twoDigits(time.minute) + ":" + twoDigits(time.second)
        if time.nanoSecond > 0 {
            var fraction = String(time.nanoSecond)
            fraction = String(repeating: "0", count: max(0, 9 - fraction.count)) + fraction
            while fraction.hasSuffix("0") { fraction.removeLast() }
            text += "." + fraction
        }
        return text
    }

    private static func offsetText(_ offset: TOMLTimeOffset) -> String {
        guard offset.offset != 0 else { return "Z" }
        let minutes = abs(offset.offset)
        return (offset.offset < 0 ? "-" : "+") + twoDigits(minutes / 60) + ":" + twoDigits(minutes % 60)
    }
}
