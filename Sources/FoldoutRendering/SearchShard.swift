import FoldoutBase
import FoldoutPresentation
import Foundation

/// One shard of the site-wide search as the script `Output/search/<catalog-id>.js`, a
/// classic script (it loads from `file://`, where `fetch` and modules do not), which hands
/// its data to `foldoutSearchShard`, defined by `assets/search-box.js`:
///
///     foldoutSearchShard({"v":2,"id":"pets","title":"Pet Explorer",
///       "trails":["Pet Explorer→Dogs→Terriers→pets/dogs/terriers/", …],
///       "places":["Pet Explorer→→pets/index.html", "Dogs→0→pets/index.html#dogs", …],
///       "synonyms":["kitten→species cat, age under 1", …],
///       "strings":["3 years old · Terriers", "pets/dogs/terriers/rex-sq48.webp", …],
///       "items":["Diego→0→→:Loves walks→1", …],
///       "words":"adopted available calm …",
///       "postings":"0a3 1w5.3 ..2 …"});
///
/// (`→` stands for a tab.) JSON, but that strings hold raw tabs, which separate fields
/// (JavaScript allows them in a string; content's own tabs and line breaks become spaces):
/// - `trails`: each the titles around an item (catalog, section, groups), then the folder
///   its page is in (`pets/dogs/terriers/`, or "" for the top).
/// - `places`: the catalog, its sections and groups (`SearchIndex.Place`): each its title,
///   the number of the place around it (empty for none), and its page with the anchor.
/// - `synonyms`: each word of the catalog's `search: {synonyms:}` and what it stands for.
/// - `strings`: secondary lines and thumbnails used by more than one item, the most used first.
/// - `items`, in outline order, numbered from 0: the row's title; the trail's number; the
///   page (empty: the trail's folder, then the title made into a slug as `slug` in search-index.js
///   does, then `.html`; a name without `/`: the folder, it and `.html`; `/` and a path from
///   the output folder otherwise); the secondary line and the thumbnail (empty: none; `:`
///   and the text; `.` and a file name in the trail's folder, for a thumbnail; else the
///   number of a string). Numbers are base 36; empty fields at the
///   end are left out.
/// - `words`: the folded words (see `SearchIndex.words`) items are found by besides their
///   titles and trails, sorted by UTF-16 code units as JavaScript compares strings (a prefix
///   is a binary search), separated by spaces; `postings`, separated by spaces too, the
///   numbers of the items holding each word: those holding it in a field, then `.` and
///   those holding it in a tag, then `.` and those holding it in their text (empty lists
///   at the end left out; an item is in the first list that holds it), each list ascending,
///   each number written as its distance from the one before less one (the first: its
///   number), in `VarInt` digits.
package struct SearchShard: Sendable {
    package var shard: SearchIndex.Shard

    package init(_ shard: SearchIndex.Shard) {
        self.shard = shard
    }

    package static let version = 2
    /// The function a shard calls.
    package static let registration = "foldoutSearchShard"
    /// Longest secondary line a shard holds, in characters: a result shows one line of it, and a
    /// summary (a row's default secondary line) runs to 200.
    package static let secondaryLimit = 56

    /// The shard's script.
    package var script: String { String(decoding: bytes, as: UTF8.self) }

    /// The shard's script as it is written: bytes, appended as they are made (a catalog's
    /// shard holds a line for each of its thousands of items).
    package var bytes: [UInt8] {
        let entries = shard.entries
        // Trails, numbered in order of first use.
        var trailNumbers = TextNumbers(capacity: 64)
        var itemTrails: [Int] = []
        var folders: [String] = []
        itemTrails.reserveCapacity(entries.count)
        folders.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            let folder = Self.folder(of: entry.path)
            folders.append(folder)
            // Items of a group follow each other: most share the trail of the one before.
            if index > 0, folder == folders[index - 1], entry.trail == entries[index - 1].trail {
                itemTrails.append(itemTrails[index - 1])
                continue
            }
            var key = ""
            for title in entry.trail { key += Self.field(title) + "\t" }
            key += folder
            itemTrails.append(trailNumbers.number(of: key).number)
        }
        let trails = trailNumbers.texts
        // Secondary lines and thumbnails used twice or more go in the table, the most used first.
        let secondaries = entries.map { Self.shortened(Self.field($0.secondary)) }
        let thumbnails = entries.map { $0.thumbnail.map(Self.field) ?? "" }
        var used = TextNumbers(capacity: 2 * entries.count)
        var useCounts: [Int] = []
        // Each entry's secondary line and thumbnail by their numbers in `used` (nil: none).
        func count(_ texts: [String]) -> [Int?] {
            texts.map { text -> Int? in
                guard !text.isEmpty else { return nil }
                let (number, isNew) = used.number(of: text)
                if isNew { useCounts.append(1) } else { useCounts[number] += 1 }
                return number
            }
        }
        let secondaryNumbers = count(secondaries), thumbnailNumbers = count(thumbnails)
        let shared = useCounts.indices.filter { useCounts[$0] > 1 }
            .sorted { useCounts[$0] != useCounts[$1] ? useCounts[$0] > useCounts[$1] : $0 < $1 }
        let strings = shared.map { used.texts[$0] }
        // By a text's number in `used`: its place in `strings`, if it is there.
        var stringNumbers = [Int?](repeating: nil, count: used.texts.count)
        for (place, number) in shared.enumerated() { stringNumbers[number] = place }

        var out: [UInt8] = []
        out.reserveCapacity(entries.count * 96)
        out += Array((Self.registration + "({\"v\":\(Self.version),\"id\":").utf8)
        ScriptString.append(shard.id, to: &out)
        out += Array(",\"title\":".utf8)
        ScriptString.append(Self.field(shard.title), to: &out)
        out += Array(",\n\"trails\":".utf8)
        Self.appendList(trails, to: &out)
        out += Array(",\n\"places\":".utf8)
        Self.appendList(
            shard.places.map { place in
                Self.field(place.title) + "\t" + (place.parent.map { String($0, radix: 36) } ?? "") + "\t" + Self.field(place.link)
            }, to: &out)
        out += Array(",\n\"synonyms\":".utf8)
        Self.appendList(shard.synonyms.map { $0.word + "\t" + Self.field($0.description) }, to: &out)
        out += Array(",\n\"strings\":".utf8)
        Self.appendList(strings, to: &out)

        // An item's line: empty fields at the end are left out.
        out += Array(",\n\"items\":[".utf8)
        // Each field is written where it goes, inside the line's one string literal.
        func write(_ text: String) { ScriptString.appendContents(text, to: &out, keepingTabs: true) }
        func writeReference(_ text: String, number: Int?, folder: String? = nil) {
            guard !text.isEmpty else { return }
            if let place = number.flatMap({ stringNumbers[$0] }) { return write(String(place, radix: 36)) }
            // A thumbnail beside its item's page: its name alone.
            if let folder, text.hasPrefix(folder), !text.utf8.dropFirst(folder.utf8.count).contains(0x2F) {
                out.append(0x2E)
                return write(String(text.dropFirst(folder.count)))
            }
            out.append(0x3A)
            write(text)
        }
        for (index, entry) in entries.enumerated() {
            let title = Self.field(entry.title)
            let folder = folders[index]
            var page = "/" + entry.path
            if entry.path.hasSuffix(".html") {
                let name = entry.path.utf8.dropFirst(folder.utf8.count).dropLast(5)
                if !name.contains(0x2F) { page = Self.isSlug(of: title, name) ? "" : String(decoding: name, as: UTF8.self) }
            }
            let secondary = secondaries[index], thumbnail = thumbnails[index]
            // Empty fields at the end are left out (the trail's number never is empty).
            let fieldCount = !thumbnail.isEmpty ? 5 : !secondary.isEmpty ? 4 : !page.isEmpty ? 3 : 2
            if index > 0 { out.append(0x2C) }
            out.append(0x22)
            write(title)
            out.append(0x09)
            VarInt.appendBase36(itemTrails[index], to: &out)
            if fieldCount > 2 { out.append(0x09); write(page) }
            if fieldCount > 3 { out.append(0x09); writeReference(secondary, number: secondaryNumbers[index]) }
            if fieldCount > 4 { out.append(0x09); writeReference(thumbnail, number: thumbnailNumbers[index], folder: folder) }
            out.append(0x22)
        }
        out.append(0x5D)

        // The inverted index over the sorted words.
        var postings = PostingsTable(capacity: entries.count * 4)
        for (index, entry) in entries.enumerated() {
            for word in entry.fieldWords { postings.add(index, to: word, tier: 0) }
            for word in entry.tagWords { postings.add(index, to: word, tier: 1) }
            for word in entry.textWords { postings.add(index, to: word, tier: 2) }
        }
        let words = postings.words
        let order = words.indices.sorted { words[$0].utf16.lexicographicallyPrecedes(words[$1].utf16) }
        out += Array(",\n\"words\":".utf8)
        ScriptString.append(order.map { words[$0] }.joined(separator: " "), to: &out)
        // Postings are digits of `VarInt`, dots and spaces: nothing to escape.
        out += Array(",\n\"postings\":\"".utf8)
        for (position, word) in order.enumerated() {
            if position > 0 { out.append(0x20) }
            let tiers = postings.items[word]
            let used = (tiers.lastIndex { !$0.isEmpty } ?? 0) + 1
            for tier in 0..<used {
                if tier > 0 { out.append(0x2E) }
                VarInt.appendAscending(tiers[tier], to: &out)
            }
        }
        out += Array("\"});\n".utf8)
        return out
    }

    /// The folder of an output path, with its `/` (`pets/dogs/`), or "".
    static func folder(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: 0x2F) else { return "" }
        return String(path[...slash])
    }

    /// Whether `name` is `slug(title)`, byte by byte (no string made: one a row).
    static func isSlug(of title: String, _ name: Substring.UTF8View) -> Bool {
        var title = title
        return title.withUTF8 { bytes -> Bool in
            var position = name.startIndex
            var pendingDash = false, wroteAny = false
            for byte in bytes {
                guard byte < 0x80 else { return false }
                let lower = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
                guard (lower >= 0x30 && lower <= 0x39) || (lower >= 0x61 && lower <= 0x7A) else {
                    pendingDash = true
                    continue
                }
                if pendingDash, wroteAny {
                    guard position != name.endIndex, name[position] == 0x2D else { return false }
                    position = name.index(after: position)
                }
                pendingDash = false
                guard position != name.endIndex, name[position] == lower else { return false }
                position = name.index(after: position)
                wroteAny = true
            }
            return position == name.endIndex
        }
    }

    /// What search-index.js makes of a title to guess a page's name: `slug` there, for ASCII
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
        // Bytes below 0x20, and E2 80 A8 and E2 80 A9 (U+2028 and U+2029) in UTF-8: found
        // in the bytes, as most texts have none (a summary's `…` is E2 80 A6).
        var copy = text
        let needsChange = copy.withUTF8 { bytes -> Bool in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x20 { return true }
                if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 {
                    return true
                }
                index += 1
            }
            return false
        }
        guard needsChange else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0 == "\u{2028}" || $0 == "\u{2029}" ? " " : $0 }))
    }

    /// A secondary line cut to `secondaryLimit` characters at a space, with `…`.
    static func shortened(_ text: String) -> String {
        // No more bytes than the limit: no more characters either.
        guard text.utf8.count > secondaryLimit else { return text }
        // Below U+0300 (UTF-8 lead bytes below 0xCC) every scalar is a character of its own
        // (`field` has made line breaks spaces), so the start is cut at scalars' bytes,
        // without finding characters' bounds.
        var copy = text
        return copy.withUTF8 { bytes -> String in
            var starts: [Int] = []
            starts.reserveCapacity(secondaryLimit + 1)
            var index = 0
            while index < bytes.count, starts.count <= secondaryLimit {
                guard bytes[index] < 0xCC else { return shortenedByCharacters(text) }
                starts.append(index)
                index += bytes[index] < 0x80 ? 1 : 2
            }
            guard starts.count > secondaryLimit else { return text }
            // As `trimmingCharacters(in: .whitespaces)`: tab and the spaces of category Zs.
            func isSpace(_ scalar: Int) -> Bool {
                let byte = bytes[starts[scalar]]
                return byte == 0x20 || byte == 0x09 || (byte == 0xC2 && bytes[starts[scalar] + 1] == 0xA0)
            }
            var end = secondaryLimit
            if let space = (0..<end).last(where: { bytes[starts[$0]] == 0x20 }), space > secondaryLimit / 2 { end = space }
            while end > 0, isSpace(end - 1) { end -= 1 }
            var start = 0
            while start < end, isSpace(start) { start += 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[starts[start]..<starts[end]]), as: UTF8.self) + "…"
        }
    }

    /// `shortened` for any text.
    static func shortenedByCharacters(_ text: String) -> String {
        guard text.count > secondaryLimit else { return text }
        var cut = text.prefix(secondaryLimit)
        if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) > secondaryLimit / 2 {
            cut = cut[..<space]
        }
        return cut.trimmingCharacters(in: .whitespaces) + "…"
    }

    /// Tables one entry a line.
    private static func appendList(_ strings: [String], to out: inout [UInt8]) {
        out.append(0x5B)
        for (index, string) in strings.enumerated() {
            if index > 0 { out += [0x2C, 0x0A] }
            ScriptString.append(string, to: &out, keepingTabs: true)
        }
        out.append(0x5D)
    }

    /// A JavaScript string literal that no content can end or break out of; the tab that
    /// separates fields stays a tab.
    package static func quoted(_ text: String) -> String {
        ScriptString.quoted(text, keepingTabs: true)
    }

    /// Numbers as digits of 5 bits, the most significant first: a last digit from `0`-`9`,
    /// `a`-`v`, the ones before it from `w`-`z`, `A`-`Z`, `-` and `_`. No digit is a space.
    package enum VarInt {
        package static let last = Array("0123456789abcdefghijklmnopqrstuv".utf8)
        package static let more = Array("wxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_".utf8)

        /// `String(value, radix: 36)`'s digits, written as bytes.
        package static func appendBase36(_ value: Int, to bytes: inout [UInt8]) {
            precondition(value >= 0)
            var divisor = 1
            while value / divisor >= 36 { divisor *= 36 }
            while divisor > 0 {
                bytes.append(base36[(value / divisor) % 36])
                divisor /= 36
            }
        }

        private static let base36 = Array("0123456789abcdefghijklmnopqrstuvwxyz".utf8)

        package static func append(_ value: Int, to bytes: inout [UInt8]) {
            precondition(value >= 0)
            var shift = 0
            while value >> (shift + 5) > 0 { shift += 5 }
            while shift > 0 {
                bytes.append(more[(value >> shift) & 31])
                shift -= 5
            }
            bytes.append(last[value & 31])
        }

        /// Ascending numbers, each as its distance from the one before less one.
        package static func encodeAscending(_ numbers: [Int]) -> String {
            var bytes: [UInt8] = []
            appendAscending(numbers, to: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }

        package static func appendAscending(_ numbers: [Int], to bytes: inout [UInt8]) {
            var previous = -1
            for number in numbers {
                append(number - previous - 1, to: &bytes)
                previous = number
            }
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
