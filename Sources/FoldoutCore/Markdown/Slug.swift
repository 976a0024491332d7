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
            } else {
                pendingDash = true
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

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
