/// Paths inside `Output/` and the relative links between them. Every link names a file
/// (never a directory or `/`), so the site works from `file://` and from any server.
public enum OutputPath {
    /// The relative URL from the page at `from` to the file at `to`, both paths in `Output/`,
    /// with each segment percent-encoded. `fragment` is appended after `#`.
    public static func relativeURL(from: String, to: String, fragment: String? = nil) -> String {
        let fromDirectory = from.split(separator: "/", omittingEmptySubsequences: true).dropLast()
        let target = to.split(separator: "/", omittingEmptySubsequences: true)
        var common = 0
        while common < fromDirectory.count, common < target.count - 1,
              fromDirectory[fromDirectory.startIndex + common] == target[common] {
            common += 1
        }
        var parts: [String] = Array(repeating: "..", count: fromDirectory.count - common)
        parts += target[common...].map { encodeSegment(String($0)) }
        var url = parts.joined(separator: "/")
        if let fragment, !fragment.isEmpty { url += "#" + encodeFragment(fragment) }
        return url
    }

    /// The prefix that leads from the page at `path` to the output root ("" or "../../").
    public static func rootPrefix(of path: String) -> String {
        String(repeating: "../", count: max(0, path.split(separator: "/").count - 1))
    }

    /// Percent-encodes one path segment. Besides the usual, `:` is encoded so a first
    /// segment like `a:b.html` is not read as a URL scheme.
    public static func encodeSegment(_ segment: String) -> String {
        var result = ""
        result.reserveCapacity(segment.utf8.count)
        for byte in segment.utf8 {
            if isUnreserved(byte) || byte == UInt8(ascii: "@") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ",") {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += percent(byte)
            }
        }
        return result
    }

    /// Percent-encodes a fragment; `/` stays so slug-path ids read naturally.
    public static func encodeFragment(_ fragment: String) -> String {
        var result = ""
        for byte in fragment.utf8 {
            if isUnreserved(byte) || byte == UInt8(ascii: "/") {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += percent(byte)
            }
        }
        return result
    }

    /// Decodes `%XX` escapes; invalid escapes are kept as written.
    public static func percentDecode(_ text: String) -> String {
        guard text.contains("%") else { return text }
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.first {
            utf8 = utf8.dropFirst()
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
               let high = hexValue(utf8[utf8.startIndex]), let low = hexValue(utf8[utf8.startIndex + 1]) {
                bytes.append(high << 4 | low)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Joins `relative` onto the folder `base` and removes `.` and `..` segments; nil when
    /// the result would climb above the root.
    public static func resolve(_ relative: String, inFolder base: String) -> String? {
        var parts = relative.hasPrefix("/") ? [] : base.split(separator: "/").map(String.init)
        for part in relative.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                if parts.isEmpty { return nil }
                parts.removeLast()
            default: parts.append(String(part))
            }
        }
        return parts.joined(separator: "/")
    }

    /// Whether a link destination is a local path (not `https:`, `mailto:`, `//host`, `#x`).
    public static func isLocal(_ destination: String) -> Bool {
        if destination.isEmpty || destination.hasPrefix("#") || destination.hasPrefix("//") { return false }
        for character in destination.utf8 {
            if character == UInt8(ascii: ":") { return false }
            if character == UInt8(ascii: "/") || character == UInt8(ascii: "?") || character == UInt8(ascii: "#") { return true }
        }
        return true
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func percent(_ byte: UInt8) -> String {
        String(decoding: [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]], as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
