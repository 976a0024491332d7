import Foundation

/// Where each key of a TOML text is first written: the order fields keep and the line
/// messages name. A top-level key is one set before any `[table]` header (`title = …`,
/// `params.author = …`) or named first by a header (`[params]`, `[[menu.main]]`); a nested
/// key is placed by the first line that sets or names it anywhere.
struct TOMLKeyOrder {
    /// 1-based line of each top-level key.
    private(set) var topLevelLines: [String: Int] = [:]
    /// Every key's first place (its line, then its depth in a dotted key), for ordering nested tables.
    private var firstPlace: [String: Int] = [:]

    init(_ text: String) {
        var inTable = false
        var openString: Substring?
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.drop { $0 == " " || $0 == "\t" }
            // A line inside a multi-line string sets no key.
            if let quotes = openString {
                if Self.count(of: quotes, in: line) % 2 == 1 { openString = nil }
                continue
            }
            for quotes in ["\"\"\"", "'''"] where Self.count(of: quotes[...], in: line) % 2 == 1 {
                openString = quotes[...]
            }
            let isHeader = line.hasPrefix("[")
            let (keys, rest) = Self.dottedKeys(isHeader ? line.drop { $0 == "[" } : line)
            // `[a.b]` names a table; `key = …` sets its first part; any other line (an array's
            // next line, say) sets nothing.
            guard !keys.isEmpty, isHeader ? rest.hasPrefix("]") : rest.hasPrefix("=") else { continue }
            if isHeader { inTable = true }
            for (depth, key) in keys.enumerated() where firstPlace[String(key)] == nil {
                firstPlace[String(key)] = index * 1024 + depth
            }
            if let first = keys.first, !inTable || isHeader, topLevelLines[String(first)] == nil {
                topLevelLines[String(first)] = index + 1
            }
        }
    }

    /// `keys` in the order they are first written; keys not found keep toml++'s order, after.
    func sorted(_ keys: [String], topLevel: Bool) -> [String] {
        let place: (String) -> Int = { key in
            if topLevel, let line = topLevelLines[key] { return line * 1024 }
            return firstPlace[key] ?? Int.max
        }
        return keys.enumerated().sorted { (place($0.element), $0.offset) < (place($1.element), $1.offset) }.map(\.element)
    }

    /// The dotted key at the start of `line` (`a.b."c d"` → `a`, `b`, `c d`) and what follows
    /// it, spaces skipped; no keys when the line does not start with one.
    private static func dottedKeys(_ line: Substring) -> (keys: [Substring], rest: Substring) {
        var keys: [Substring] = []
        var rest = line
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" }
            guard let first = rest.first else { return (keys, rest) }
            if first == "\"" || first == "'" {
                let body = rest.dropFirst()
                guard let close = body.firstIndex(of: first) else { return ([], rest) }
                keys.append(body[..<close])
                rest = body[body.index(after: close)...]
            } else {
                let key = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
                guard !key.isEmpty else { return (keys, rest) }
                keys.append(key)
                rest = rest.dropFirst(key.count)
            }
            rest = rest.drop { $0 == " " || $0 == "\t" }
            guard rest.first == "." else { return (keys, rest) }
            rest = rest.dropFirst()
        }
    }

    private static func count(of needle: Substring, in line: Substring) -> Int {
        var count = 0
        var rest = line
        while let found = rest.range(of: needle) {
            count += 1
            rest = rest[found.upperBound...]
        }
        return count
    }
}
