/// Which URLs Foldout lets into `href` and `src`: http(s), mailto, and relative ones (no
/// scheme). `javascript:` and `vbscript:` run script, `data:` can carry a whole page, `file:`
/// reaches the reader's disk; no other scheme is needed for a catalog, so all are refused.
/// Markdown links and front matter URLs (such as `image:`) both go through here.
public enum SafeURL {
    public static let allowedSchemes: Set<String> = ["http", "https", "mailto"]

    public static func isAllowed(_ url: String) -> Bool {
        // Every link of every page comes here: the scheme is packed into an integer rather
        // than put together as a `String`.
        var packed: UInt64 = 0, length = 0
        let hasScheme = readScheme(url) { byte in
            if length < 8 { packed |= UInt64(byte) << (8 * UInt64(length)) }
            length += 1
        }
        return !hasScheme || (length <= 8 && packedAllowedSchemes.contains(packed))
    }

    private static let packedAllowedSchemes: [UInt64] = allowedSchemes.map { scheme in
        precondition(scheme.utf8.count <= 8, "isAllowed packs schemes of up to 8 bytes")
        return scheme.utf8.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    }

    /// An `http:` or `https:` URL as browsers and the HTML checker accept it: a `#` after the
    /// fragment's own is percent-encoded (`…/wiki/Overriding#C#` → `…#C%23`). Nil when the port
    /// is not a number (`http://localhost:port`, a placeholder in prose): no browser can open it.
    /// Any other URL comes back as it is.
    public static func repairedWebURL(_ url: String) -> String? {
        guard url.utf8.first == UInt8(ascii: "h") || url.utf8.first == UInt8(ascii: "H"),
              let scheme = scheme(of: url), scheme == "http" || scheme == "https",
              let separator = url.range(of: "://") else { return url }
        let rest = url[separator.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let host = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? authority
        let afterHost = host.hasPrefix("[") ? host.drop { $0 != "]" }.dropFirst() : host.drop { $0 != ":" }
        if afterHost.hasPrefix(":"), !afterHost.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }) { return nil }
        guard let hash = url.firstIndex(of: "#") else { return url }
        let fragment = url[url.index(after: hash)...]
        guard fragment.contains("#") else { return url }
        return String(url[...hash]) + fragment.replacingOccurrences(of: "#", with: "%23")
    }

    /// The scheme a browser would read, lower-cased, or nil when the URL is relative.
    /// Browsers drop tabs and newlines anywhere in a URL and spaces and control characters
    /// at its start, so `java\tscript:` is `javascript:` to them; it is here too.
    public static func scheme(of url: String) -> String? {
        var scheme: [UInt8] = []
        return readScheme(url) { scheme.append($0) } ? String(decoding: scheme, as: UTF8.self) : nil
    }

    /// Hands `take` the bytes of the scheme, lower-cased, and answers whether there is one.
    @inline(__always)
    private static func readScheme(_ url: String, _ take: (UInt8) -> Void) -> Bool {
        var length = 0
        var started = false
        for byte in url.utf8 {
            if byte == 0x09 || byte == 0x0A || byte == 0x0D { continue }
            if !started, byte <= 0x20 { continue }
            started = true
            switch byte {
            case UInt8(ascii: ":"):
                return length > 0
            case UInt8(ascii: "a")...UInt8(ascii: "z"):
                take(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                take(byte + 32)
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
                guard length > 0 else { return false }
                take(byte)
            default:
                return false
            }
            length += 1
        }
        return false
    }
}
