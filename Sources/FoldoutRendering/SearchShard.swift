import Foundation
import FoldoutBase
import FoldoutPresentation

/// One shard of the site-wide search as the script `Output/search/<catalog-id>.js`, a
/// classic script (it loads from `file://`, where `fetch` and modules do not), which hands
/// its data to `foldoutSearchShard`, defined by `assets/search.js`:
///
///     foldoutSearchShard({"v":1,"id":"pets","title":"Pet Explorer",
///       "trails":["Pet Explorer→Dogs→Terriers→pets/dogs/terriers/", …],
///       "strings":["3 years old · Terrier", "pets/dogs/terriers/rex-sq48.webp", …],
///       "items":["Diego→0→→:Loves walks→1", …],
///       "words":"adopted available calm …",
///       "postings":"0a3 1w5 …"});
///
/// (`→` stands for a tab.) JSON, but that strings hold raw tabs, which separate fields
/// (JavaScript allows them in a string; content's own tabs and line breaks become spaces):
/// - `trails`: each the titles around an item (catalog, section, groups), then the folder
///   its page is in (`pets/dogs/terriers/`, or "" for the top).
/// - `strings`: secondary lines and thumbnails used by more than one item, the most used first.
/// - `items`, in outline order, numbered from 0: the row's title; the trail's number; the
///   page (empty: the trail's folder, then the title made into a slug as `slug` in search.js
///   does, then `.html`; a name without `/`: the folder, it and `.html`; `/` and a path from
///   the output folder otherwise); the secondary line and the thumbnail (empty: none; `:`
///   and the text; `.` and a file name in the trail's folder, for a thumbnail; else the
///   number of a string). Numbers are base 36; empty fields at the
///   end are left out.
/// - `words`: the folded words (see `SearchIndex.words`) items are found by besides their
///   titles and trails, sorted by UTF-16 code units as JavaScript compares strings (a prefix
///   is a binary search), separated by spaces; `postings`, separated by spaces too, the
///   numbers of the items holding each word, ascending, each written as its distance from
///   the one before less one (the first: its number), in `VarInt` digits.
public struct SearchShard: Sendable {
    public var shard: SearchIndex.Shard

    public init(_ shard: SearchIndex.Shard) {
        self.shard = shard
    }

    public static let version = 1
    /// The function a shard calls.
    public static let registration = "foldoutSearchShard"
    /// Longest secondary line a shard holds, in characters: a result shows one line of it, and a
    /// summary (a row's default secondary line) runs to 200.
    public static let secondaryLimit = 56

    /// The shard's script.
    public var script: String {
        let entries = shard.entries
        // Trails, numbered in order of first use.
        var trailNumbers: [String: Int] = [:]
        var trails: [String] = []
        var itemTrails: [Int] = []
        itemTrails.reserveCapacity(entries.count)
        for entry in entries {
            let key = (entry.trail.map(Self.field) + [Self.folder(of: entry.path)]).joined(separator: "\t")
            if let number = trailNumbers[key] {
                itemTrails.append(number)
            } else {
                trailNumbers[key] = trails.count
                itemTrails.append(trails.count)
                trails.append(key)
            }
        }
        // Secondary lines and thumbnails used twice or more go in the table, the most used first.
        let secondaries = entries.map { Self.shortened(Self.field($0.secondary)) }
        var uses: [String: Int] = [:]
        var firstUse: [String: Int] = [:]
        func count(_ text: String) {
            guard !text.isEmpty else { return }
            uses[text, default: 0] += 1
            if firstUse[text] == nil { firstUse[text] = firstUse.count }
        }
        for (entry, secondary) in zip(entries, secondaries) {
            count(secondary)
            count(entry.thumbnail.map(Self.field) ?? "")
        }
        let strings = uses.filter { $0.value > 1 }.keys.sorted { a, b in
            uses[a]! != uses[b]! ? uses[a]! > uses[b]! : firstUse[a]! < firstUse[b]!
        }
        let stringNumbers = Dictionary(uniqueKeysWithValues: strings.enumerated().map { ($1, $0) })
        func reference(_ text: String?, folder: String? = nil) -> String {
            guard let text, !text.isEmpty else { return "" }
            if let number = stringNumbers[text] { return String(number, radix: 36) }
            // A thumbnail beside its item's page: its name alone.
            if let folder, text.hasPrefix(folder), !text.dropFirst(folder.count).contains("/") {
                return "." + text.dropFirst(folder.count)
            }
            return ":" + text
        }
        var items: [String] = []
        items.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            let title = Self.field(entry.title)
            let folder = Self.folder(of: entry.path)
            var page = "/" + entry.path
            if entry.path.hasSuffix(".html") {
                let name = entry.path.dropFirst(folder.count).dropLast(5)
                if !name.contains("/") { page = Self.slug(title) == String(name) ? "" : String(name) }
            }
            var fields = [title, String(itemTrails[index], radix: 36), page, reference(secondaries[index]),
                          reference(entry.thumbnail.map(Self.field), folder: folder)]
            while fields.count > 1, fields.last!.isEmpty { fields.removeLast() }
            items.append(fields.joined(separator: "\t"))
        }
        // The inverted index over the sorted words.
        var postings: [String: [Int]] = [:]
        for (index, entry) in entries.enumerated() {
            for word in entry.words { postings[word, default: []].append(index) }
        }
        let words = postings.keys.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) }

        var script = Self.registration + "({\"v\":\(Self.version),\"id\":" + Self.quoted(shard.id)
        script += ",\"title\":" + Self.quoted(Self.field(shard.title))
        script += ",\n\"trails\":" + Self.list(trails)
        script += ",\n\"strings\":" + Self.list(strings)
        script += ",\n\"items\":" + Self.list(items, lines: false)
        script += ",\n\"words\":" + Self.quoted(words.joined(separator: " "))
        script += ",\n\"postings\":" + Self.quoted(words.map { VarInt.encodeAscending(postings[$0]!) }.joined(separator: " "))
        script += "});\n"
        return script
    }

    /// The folder of an output path, with its `/` (`pets/dogs/`), or "".
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }

    /// What search.js makes of a title to guess a page's name: `slug` there, for ASCII
    /// titles only (nil otherwise, where the two languages' lowercasing could differ).
    static func slug(_ title: String) -> String? {
        guard title.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        var result = ""
        var pendingDash = false
        for byte in title.lowercased().utf8 {
            let isWord = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x7A)
            if isWord {
                if pendingDash, !result.isEmpty { result.append("-") }
                pendingDash = false
                result.append(Character(Unicode.Scalar(byte)))
            } else {
                pendingDash = true
            }
        }
        return result
    }

    /// Text as a field: tabs (the separator) and line breaks become spaces.
    static func field(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == "\u{2028}" || $0 == "\u{2029}" }) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0 == "\u{2028}" || $0 == "\u{2029}" ? " " : $0 }))
    }

    /// A secondary line cut to `secondaryLimit` characters at a space, with `…`.
    static func shortened(_ text: String) -> String {
        guard text.count > secondaryLimit else { return text }
        var cut = text.prefix(secondaryLimit)
        if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) > secondaryLimit / 2 {
            cut = cut[..<space]
        }
        return cut.trimmingCharacters(in: .whitespaces) + "…"
    }

    /// Tables one entry a line; items (thousands) all on one, a byte less each.
    private static func list(_ strings: [String], lines: Bool = true) -> String {
        "[" + strings.map(quoted).joined(separator: lines ? ",\n" : ",") + "]"
    }

    /// A JavaScript string literal that no content can end or break out of; the tab that
    /// separates fields stays a tab.
    package static func quoted(_ text: String) -> String {
        ScriptString.quoted(text, keepingTabs: true)
    }

    /// Numbers as digits of 5 bits, the most significant first: a last digit from `0`-`9`,
    /// `a`-`v`, the ones before it from `w`-`z`, `A`-`Z`, `-` and `_`. No digit is a space.
    public enum VarInt {
        package static let last = Array("0123456789abcdefghijklmnopqrstuv".utf8)
        package static let more = Array("wxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_".utf8)

        package static func append(_ value: Int, to bytes: inout [UInt8]) {
            precondition(value >= 0)
            var groups: [UInt8] = [UInt8(value & 31)]
            var rest = value >> 5
            while rest > 0 {
                groups.append(UInt8(rest & 31))
                rest >>= 5
            }
            for (index, group) in groups.reversed().enumerated() {
                bytes.append(index == groups.count - 1 ? last[Int(group)] : more[Int(group)])
            }
        }

        /// Ascending numbers, each as its distance from the one before less one.
        package static func encodeAscending(_ numbers: [Int]) -> String {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(numbers.count)
            var previous = -1
            for number in numbers {
                append(number - previous - 1, to: &bytes)
                previous = number
            }
            return String(decoding: bytes, as: UTF8.self)
        }

        /// What `encodeAscending` wrote; nil for a digit it does not write.
        package static func decodeAscending(_ text: String) -> [Int]? {
            var numbers: [Int] = []
            var value = 0
            var previous = -1
            for byte in text.utf8 {
                if let digit = more.firstIndex(of: byte) {
                    value = value << 5 | digit
                } else if let digit = last.firstIndex(of: byte) {
                    previous += (value << 5 | digit) + 1
                    numbers.append(previous)
                    value = 0
                } else {
                    return nil
                }
            }
            return value == 0 ? numbers : nil
        }
    }
}
