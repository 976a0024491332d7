import Foundation

/// A length of time as schema.org's `Duration` wants it: ISO 8601 (`PT6H`, `P3W`,
/// `PT1H30M`), read from what people write in front matter (`6 hours`, `3 weeks`,
/// `1h 30m`, `90 min`) or from ISO 8601 itself.
package struct ISODuration: Sendable, Equatable {
    /// The ISO 8601 text, e.g. `PT1H30M`.
    package var text: String

    /// Nil when `written` is neither ISO 8601 nor amounts with units; a bare number is
    /// refused too, since it could mean minutes or hours.
    package init?(_ written: String) {
        let trimmed = written.trimmingCharacters(in: .whitespaces)
        if Self.isISO(trimmed.uppercased()) {
            text = trimmed.uppercased()
            return
        }
        guard let amounts = Self.amounts(in: trimmed.lowercased()), !amounts.isEmpty else { return nil }
        var date = "", time = ""
        for unit in Unit.allCases {
            let total = amounts.filter { $0.unit == unit }.map(\.amount)
            guard !total.isEmpty else { continue }
            let amount = Self.format(total.reduce(0, +))
            if unit.isTime { time += amount + unit.letter } else { date += amount + unit.letter }
        }
        text = "P" + date + (time.isEmpty ? "" : "T" + time)
    }

    /// Examples for hints.
    package static let examples = "`6 hours`, `3 weeks`, `1h 30m` or ISO 8601 like `PT6H`"

    private enum Unit: CaseIterable {
        case years, months, weeks, days, hours, minutes, seconds

        var letter: String {
            switch self {
            case .years: "Y"
            case .months, .minutes: "M"
            case .weeks: "W"
            case .days: "D"
            case .hours: "H"
            case .seconds: "S"
            }
        }

        var isTime: Bool { [.hours, .minutes, .seconds].contains(self) }

        /// `m` alone is minutes, as in `1h 30m`; months are `mo`.
        init?(_ word: Substring) {
            switch word {
            case "y", "yr", "yrs", "year", "years": self = .years
            case "mo", "mon", "month", "months": self = .months
            case "w", "wk", "wks", "week", "weeks": self = .weeks
            case "d", "day", "days": self = .days
            case "h", "hr", "hrs", "hour", "hours": self = .hours
            case "m", "min", "mins", "minute", "minutes": self = .minutes
            case "s", "sec", "secs", "second", "seconds": self = .seconds
            default: return nil
            }
        }
    }

    /// `1h 30m`, `2 hours and 30 minutes`, `1.5 hours` as amounts with units; nil at
    /// anything else.
    private static func amounts(in text: String) -> [(amount: Double, unit: Unit)]? {
        var result: [(Double, Unit)] = []
        var rest = Substring(text)
        func skipSeparators() {
            while true {
                rest = rest.drop { $0 == " " || $0 == "," || $0 == "\t" }
                if rest.hasPrefix("and ") { rest = rest.dropFirst(4) } else { break }
            }
        }
        skipSeparators()
        while !rest.isEmpty {
            let number = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
            guard !number.isEmpty, let amount = Double(number), amount.isFinite else { return nil }
            rest = rest.dropFirst(number.count).drop { $0 == " " }
            let word = rest.prefix { $0.isLetter }
            guard let unit = Unit(word) else { return nil }
            rest = rest.dropFirst(word.count)
            result.append((amount, unit))
            skipSeparators()
        }
        return result
    }

    /// `P`, then date parts `nY nM nW nD`, then `T` and time parts `nH nM nS`, each optional
    /// but at least one, in that order; the last may have a fraction.
    private static func isISO(_ text: String) -> Bool {
        var rest = Substring(text)
        guard rest.first == "P" else { return false }
        rest = rest.dropFirst()
        var parts = 0
        func read(_ letters: [Character]) -> Bool {
            var allowed = letters[...]
            while let digit = rest.first, digit.isASCII, digit.isNumber {
                let number = rest.prefix { $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",") }
                rest = rest.dropFirst(number.count)
                guard let letter = rest.first, let place = allowed.firstIndex(of: letter),
                    number.filter({ $0 == "." || $0 == "," }).count <= 1, number.last?.isNumber == true
                else { return false }
                allowed = allowed[(place + 1)...]
                rest = rest.dropFirst()
                parts += 1
            }
            return true
        }
        guard read(["Y", "M", "W", "D"]) else { return false }
        if rest.first == "T" {
            rest = rest.dropFirst()
            let before = parts
            guard read(["H", "M", "S"]), parts > before else { return false }
        }
        return rest.isEmpty && parts > 0
    }

    private static func format(_ amount: Double) -> String {
        if amount == amount.rounded(), amount < 1e15 { return String(Int(amount)) }
        return String(amount)
    }
}
