import Foundation

/// Slugs: the names Foldout gives folders, pages and headings in URLs and ids.
/// Letters (any script) and digits are kept and lower-cased; every other run of characters
/// becomes one `-`. Non-ASCII letters stay, and links percent-encode them. Text is composed
/// (NFC) first, so `é` typed as one character or as `e` plus an accent gives the same slug,
/// as it must on disks that compare names that way (macOS).
public enum Slug {
    public static func make(_ text: String) -> String {
        if let ascii = makeFromASCII(text) { return ascii }
        let composed = text.precomposedStringWithCanonicalMapping
        // Built as UTF-8 bytes: headings, file and folder names of every page go through here.
        var result: [UInt8] = []
        result.reserveCapacity(composed.utf8.count)
        var pendingDash = false
        for scalar in composed.unicodeScalars {
            if scalar.isASCII {
                let value = UInt8(scalar.value)
                let isDigit = value >= 48 && value <= 57
                let isUpper = value >= 65 && value <= 90
                let isLower = value >= 97 && value <= 122
                if isDigit || isLower || isUpper {
                    if pendingDash, !result.isEmpty { result.append(UInt8(ascii: "-")) }
                    pendingDash = false
                    result.append(isUpper ? value + 32 : value)
                } else {
                    // `_`, `.` and other punctuation split words like spaces do.
                    pendingDash = true
                }
            } else if Self.isLetterOrDigit(scalar) {
                if pendingDash, !result.isEmpty { result.append(UInt8(ascii: "-")) }
                pendingDash = false
                // Lower-casing can add marks that are not letters (`İ` becomes `i` and a
                // combining dot); only letters and digits go into a slug.
                for lower in String(scalar).lowercased().unicodeScalars where Self.isLetterOrDigit(lower) {
                    result += lower.utf8
                }
            } else if scalar.properties.generalCategory.isMark {
                // A combining mark belongs to the letter before it: the virama of `हिन्दी` is
                // part of the word, not a break in it.
                if !pendingDash, !result.isEmpty { result += scalar.utf8 }
            } else {
                pendingDash = true
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// A heading's id as GitHub and Hugo make it, so that links written for them
    /// (`#whats-next` for "What’s next", `#pt_br` for "pt_BR") find the heading: lower-cased
    /// letters, digits and marks of every script, `-` and `_` kept, each space a `-`, every
    /// other character left out.
    public static func headingID(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            // Every heading of every page: written straight into the new string, which is
            // never longer than the text.
            return String(unsafeUninitializedCapacity: text.utf8.count) { result in
                var length = 0
                for value in text.utf8 {
                    switch value {
                    case 65...90: result[length] = value + 32
                    case 97...122, 48...57, UInt8(ascii: "-"), UInt8(ascii: "_"): result[length] = value
                    case UInt8(ascii: " "): result[length] = UInt8(ascii: "-")
                    default: continue
                    }
                    length += 1
                }
                return length
            }
        }
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count)
        for scalar in text.precomposedStringWithCanonicalMapping.lowercased().unicodeScalars {
            if scalar == " " {
                result.append(UInt8(ascii: "-"))
            } else if scalar == "-" || scalar == "_" || isLetterOrDigit(scalar) || scalar.properties.generalCategory.isMark {
                result += String(scalar).utf8
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The slug of a file or folder name, for its name in `Output/`: `make`, except that
    /// symbols which tell names apart are spelled out, so distinct files keep distinct
    /// pages: `c++` → `c-plus-plus`, `c#` → `c-sharp`, `.net` → `dot-net`, `Q&A` → `q-and-a`.
    /// A name of symbols alone is spelled symbol by symbol (`[[` → `open-bracket-open-bracket`,
    /// `→` → `rightwards-arrow`), never left empty. Output names stay plain letters, digits
    /// and dashes, which need no escaping in a URL and mean the same on every disk.
    public static func fileName(_ name: String) -> String {
        // Most names have none of these: their slug is `make`'s, on its fast path.
        let plain = !name.utf8.contains(where: isSpelled) && name.utf8.first != UInt8(ascii: ".")
        let slug = make(plain ? name : spellingSymbols(in: name))
        return slug.isEmpty ? make(spellingEverySymbol(in: name)) : slug
    }

    /// The symbols `spellingSymbols` spells out (a switch: a set made on every call cost
    /// an allocation per page routed).
    private static func isSpelled(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "+"), UInt8(ascii: "#"), UInt8(ascii: "&"), UInt8(ascii: "@"), UInt8(ascii: "%"): true
        default: false
        }
    }

    /// `name` with the symbols that tell names apart replaced by words, each word set apart
    /// by spaces; a leading dot before a letter or digit is `dot`.
    private static func spellingSymbols(in name: String) -> String {
        var words = ""
        var previous: Character?
        for character in name {
            switch character {
            case "+": words += " plus "
            // `C#`, `F#`: after a letter or digit it is a sharp; elsewhere (`#1`) a hash.
            case "#": words += previous.map { $0.isLetter || $0.isNumber } == true ? " sharp " : " hash "
            case "&": words += " and "
            case "@": words += " at "
            case "%": words += " percent "
            case "." where previous == nil: words += "dot "
            default: words.append(character)
            }
            previous = character
        }
        return words
    }

    /// Every symbol of `name` as its name: ASCII ones by a short common name, others by
    /// their Unicode name (`★` → `black star`).
    private static func spellingEverySymbol(in name: String) -> String {
        var words: [String] = []
        for scalar in name.precomposedStringWithCanonicalMapping.unicodeScalars where !scalar.properties.isWhitespace {
            if scalar.isASCII, let word = asciiSymbolNames[UInt8(scalar.value)] {
                words.append(word)
            } else if let unicodeName = scalar.properties.name {
                words.append(unicodeName)
            } else {
                words.append("u" + String(scalar.value, radix: 16))
            }
        }
        return words.isEmpty ? "untitled" : words.joined(separator: " ")
    }

    private static let asciiSymbolNames: [UInt8: String] = [
        UInt8(ascii: "!"): "bang", UInt8(ascii: "\""): "quote", UInt8(ascii: "#"): "hash", UInt8(ascii: "$"): "dollar",
        UInt8(ascii: "%"): "percent", UInt8(ascii: "&"): "and", UInt8(ascii: "'"): "apostrophe", UInt8(ascii: "("): "open paren",
        UInt8(ascii: ")"): "close paren", UInt8(ascii: "*"): "star", UInt8(ascii: "+"): "plus", UInt8(ascii: ","): "comma",
        UInt8(ascii: "-"): "dash", UInt8(ascii: "."): "dot", UInt8(ascii: "/"): "slash", UInt8(ascii: ":"): "colon",
        UInt8(ascii: ";"): "semicolon", UInt8(ascii: "<"): "less than", UInt8(ascii: "="): "equals", UInt8(ascii: ">"): "greater than",
        UInt8(ascii: "?"): "question mark", UInt8(ascii: "@"): "at", UInt8(ascii: "["): "open bracket", UInt8(ascii: "\\"): "backslash",
        UInt8(ascii: "]"): "close bracket", UInt8(ascii: "^"): "caret", UInt8(ascii: "_"): "underscore", UInt8(ascii: "`"): "backtick",
        UInt8(ascii: "{"): "open brace", UInt8(ascii: "|"): "pipe", UInt8(ascii: "}"): "close brace", UInt8(ascii: "~"): "tilde",
    ]

    /// `make` for plain ASCII text (nil for any other), on bytes straight into the new
    /// string: ASCII needs no composing, and walking Unicode scalars cost more than the rest.
    /// The slug is never longer than the text (a dash stands for at least one byte).
    private static func makeFromASCII(_ text: String) -> String? {
        let count = text.utf8.count
        guard count > 0 else { return "" }
        return text.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            return String(unsafeUninitializedCapacity: count) { result in
                var length = 0
                var pendingDash = false
                for value in bytes {
                    let isUpper = value >= 65 && value <= 90
                    if (value >= 48 && value <= 57) || (value >= 97 && value <= 122) || isUpper {
                        if pendingDash, length > 0 {
                            result[length] = UInt8(ascii: "-")
                            length += 1
                        }
                        pendingDash = false
                        result[length] = isUpper ? value + 32 : value
                        length += 1
                    } else {
                        pendingDash = true
                    }
                }
                return length
            }
        } ?? nil
    }

    private static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    /// A file or folder name made readable: `how_this_course_works.md` → "How this course works".
    public static func readableTitle(fromFileName name: String) -> String {
        if let ascii = asciiReadableTitle(fromFileName: name) { return ascii }
        var base = Substring(name)
        for suffix in [".markdown", ".md"] where base.hasSuffix(suffix) {
            base = base.dropLast(suffix.count)
            break
        }
        let words = base.split(whereSeparator: { $0 == "_" || $0 == "-" || $0 == " " })
        guard let first = words.first else { return String(base) }
        return ([first.prefix(1).uppercased() + first.dropFirst()] + words.dropFirst().map(String.init)).joined(separator: " ")
    }

    /// The same for plain ASCII names (field keys like `lesson_count`), on bytes: one
    /// character per byte, so no Unicode segmentation or case mapping is needed.
    private static func asciiReadableTitle(fromFileName name: String) -> String? {
        var bytes = Array(name.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) else { return nil }
        for suffix in [".markdown", ".md"] where bytes.count >= suffix.utf8.count && bytes.suffix(suffix.utf8.count).elementsEqual(suffix.utf8) {
            bytes.removeLast(suffix.utf8.count)
            break
        }
        let words = bytes.split(whereSeparator: { $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: " ") })
        guard !words.isEmpty else { return String(decoding: bytes, as: UTF8.self) }
        var title: [UInt8] = []
        title.reserveCapacity(bytes.count)
        for (index, word) in words.enumerated() {
            if index > 0 { title.append(UInt8(ascii: " ")) }
            title += word
        }
        if title[0] >= UInt8(ascii: "a"), title[0] <= UInt8(ascii: "z") { title[0] -= 32 }
        return String(decoding: title, as: UTF8.self)
    }
}

private extension Unicode.GeneralCategory {
    package var isMark: Bool { self == .nonspacingMark || self == .spacingMark || self == .enclosingMark }
}
