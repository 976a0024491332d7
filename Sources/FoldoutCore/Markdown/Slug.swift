import Foundation

/// Slugs: the names Foldout gives folders, pages and headings in URLs and ids.
/// Letters (any script) and digits are kept and lower-cased; every other run of characters
/// becomes one `-`. Non-ASCII letters stay, and links percent-encode them. Text is composed
/// (NFC) first, so `é` typed as one character or as `e` plus an accent gives the same slug,
/// as it must on disks that compare names that way (macOS).
public enum Slug {
    public static func make(_ text: String) -> String {
        let isASCII = text.utf8.allSatisfy { $0 < 0x80 }
        let composed = isASCII ? text : text.precomposedStringWithCanonicalMapping
        var result = ""
        result.reserveCapacity(composed.utf8.count)
        var pendingDash = false
        for scalar in composed.unicodeScalars {
            if scalar.isASCII {
                let value = scalar.value
                let isDigit = value >= 48 && value <= 57
                let isUpper = value >= 65 && value <= 90
                let isLower = value >= 97 && value <= 122
                if isDigit || isLower || isUpper {
                    if pendingDash, !result.isEmpty { result.append("-") }
                    pendingDash = false
                    result.unicodeScalars.append(isUpper ? Unicode.Scalar(value + 32)! : scalar)
                } else if scalar == "_" || scalar == "." {
                    // `_` and `.` split words like spaces do.
                    pendingDash = true
                } else {
                    pendingDash = true
                }
            } else if Self.isLetterOrDigit(scalar) {
                if pendingDash, !result.isEmpty { result.append("-") }
                pendingDash = false
                // Lower-casing can add marks that are not letters (`İ` becomes `i` and a
                // combining dot); only letters and digits go into a slug.
                for lower in String(scalar).lowercased().unicodeScalars where Self.isLetterOrDigit(lower) {
                    result.unicodeScalars.append(lower)
                }
            } else {
                pendingDash = true
            }
        }
        return result
    }

    private static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    /// A file or folder name made readable: `how_this_course_works.md` → "How this course works".
    public static func readableTitle(fromFileName name: String) -> String {
        var base = Substring(name)
        for suffix in [".markdown", ".md"] where base.hasSuffix(suffix) {
            base = base.dropLast(suffix.count)
            break
        }
        let words = base.split(whereSeparator: { $0 == "_" || $0 == "-" || $0 == " " })
        guard let first = words.first else { return String(base) }
        return ([first.prefix(1).uppercased() + first.dropFirst()] + words.dropFirst().map(String.init)).joined(separator: " ")
    }
}
