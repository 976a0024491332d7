import Foundation

/// An instant, to the second, in UTC: what feeds date their entries with. Read from the
/// dates people write in front matter (`2026-05-01`, `2026-05-01T09:30:00+02:00`) and written
/// as RFC 3339 in UTC (`2026-05-01T07:30:00Z`), the form Atom's date constructs take.
/// Worked out with plain arithmetic (no calendar, no locale), so the same text gives the
/// same instant on every machine.
public struct Timestamp: Sendable, Hashable, Comparable {
    /// Seconds since 1970-01-01T00:00:00Z.
    public var seconds: Int64

    public init(seconds: Int64) {
        self.seconds = seconds
    }

    /// The current second.
    public static func now() -> Timestamp {
        Timestamp(seconds: Int64(Date().timeIntervalSince1970.rounded(.down)))
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.seconds < rhs.seconds }

    /// Reads `YYYY-MM-DD` (midnight UTC) or an RFC 3339 date and time, `T` or a space between
    /// them, seconds and fractions optional, `Z` or an offset (none: UTC). Nil for anything
    /// else ("Spring 2026", `2026-02-30`).
    public init?(_ text: String) {
        let bytes = Array(text.trimmingCharacters(in: .whitespaces).utf8)
        var cursor = 0
        func number(_ width: Int) -> Int? {
            guard cursor + width <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[cursor..<cursor + width] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            cursor += width
            return value
        }
        func skip(_ character: Character) -> Bool {
            guard cursor < bytes.count, bytes[cursor] == character.asciiValue! else { return false }
            cursor += 1
            return true
        }
        guard let year = number(4), skip("-"), let month = number(2), skip("-"), let day = number(2),
            (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        var seconds = Self.daysSinceEpoch(year: year, month: month, day: day) * 86_400
        if cursor < bytes.count {
            guard skip("T") || skip("t") || skip(" "), let hour = number(2), skip(":"), let minute = number(2),
                hour < 24, minute < 60
            else { return nil }
            var second = 0
            if skip(":") {
                guard let written = number(2), written < 61 else { return nil }
                second = min(written, 59)  // a leap second counts as the one before it
                if skip(".") {
                    let start = cursor
                    while cursor < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[cursor]) { cursor += 1 }
                    guard cursor > start else { return nil }
                }
            }
            seconds += Int64(hour * 3600 + minute * 60 + second)
            if skip("Z") || skip("z") {
                // UTC
            } else if cursor < bytes.count {
                let sign: Int64
                if skip("+") { sign = 1 } else if skip("-") { sign = -1 } else { return nil }
                guard let offsetHours = number(2), offsetHours < 24 else { return nil }
                _ = skip(":")
                guard let offsetMinutes = number(2), offsetMinutes < 60 else { return nil }
                seconds -= sign * Int64(offsetHours * 3600 + offsetMinutes * 60)
            }
            guard cursor == bytes.count else { return nil }
        }
        self.seconds = seconds
    }

    /// RFC 3339 in UTC: `2026-05-01T07:30:00Z`.
    public var rfc3339: String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let time = Int(seconds - days * 86_400)
        let (year, month, day) = Self.civil(fromDays: days)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        return "\(yearText)-\(two(month))-\(two(day))T\(two(time / 3600)):\(two(time / 60 % 60)):\(two(time % 60))Z"
    }

    private static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to the date, in the proleptic Gregorian calendar (H. Hinnant's
    /// `days_from_civil`).
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let m = Int64(month)
        let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The inverse of `daysSinceEpoch` (`civil_from_days`).
    private static func civil(fromDays days: Int64) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (Int(year), Int(month), Int(day))
    }
}
