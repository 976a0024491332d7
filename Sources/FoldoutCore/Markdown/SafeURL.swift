/// Which URLs Foldout lets into `href` and `src`: http(s), mailto, and relative ones (no
/// scheme). `javascript:` and `vbscript:` run script, `data:` can carry a whole page, `file:`
/// reaches the reader's disk; no other scheme is needed for a catalog, so all are refused.
/// Markdown links and front matter URLs (such as `image:`) both go through here.
public enum SafeURL {
    public static let allowedSchemes: Set<String> = ["http", "https", "mailto"]

    public static func isAllowed(_ url: String) -> Bool {
        guard let scheme = scheme(of: url) else { return true }
        return allowedSchemes.contains(scheme)
    }

    /// The scheme a browser would read, lower-cased, or nil when the URL is relative.
    /// Browsers drop tabs and newlines anywhere in a URL and spaces and control characters
    /// at its start, so `java\tscript:` is `javascript:` to them; it is here too.
    public static func scheme(of url: String) -> String? {
        var scheme = ""
        var started = false
        for byte in url.utf8 {
            if byte == 0x09 || byte == 0x0A || byte == 0x0D { continue }
            if !started, byte <= 0x20 { continue }
            started = true
            switch byte {
            case UInt8(ascii: ":"):
                return scheme.isEmpty ? nil : scheme
            case UInt8(ascii: "a")...UInt8(ascii: "z"):
                scheme.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                scheme.unicodeScalars.append(Unicode.Scalar(byte + 32))
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
                guard !scheme.isEmpty else { return nil }
                scheme.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                return nil
            }
        }
        return nil
    }
}
