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

    /// An `http:` or `https:` URL as browsers and the HTML checker accept it. A
    /// protocol-relative URL (`//host/path`) gets `https:`, since from `file://` it would
    /// name a file on the reader's disk. After the host, what a URL may not hold is
    /// percent-encoded: a `#` after the fragment's own (`…/wiki/Overriding#C#` → `…#C%23`),
    /// `[`, `]`, `{`, `}`, `|`, `\`, `^`, `` ` ``, `<`, `>`, `"`, spaces and control characters, and a
    /// `%` that does not start an escape. Nil when the port is not a number
    /// (`http://localhost:port`, a placeholder in prose): no browser can open it. Any other
    /// URL comes back as it is.
    public static func repairedWebURL(_ url: String) -> String? {
        // Every link of every page comes here: read on UTF-8 bytes, and nothing is allocated
        // for the URLs that need no repair, nearly all of them.
        let bytes = url.utf8
        var index = bytes.startIndex
        func take(_ expected: String, caseless: Bool) -> Bool {
            for byte in expected.utf8 {
                guard index != bytes.endIndex, (caseless ? bytes[index] | 0x20 : bytes[index]) == byte else { return false }
                bytes.formIndex(after: &index)
            }
            return true
        }
        if take("//", caseless: false) {
            guard index != bytes.endIndex, bytes[index] != UInt8(ascii: "/"), bytes[index] != UInt8(ascii: "\\") else { return url }
            return repairedWebURL("https:" + url)
        }
        index = bytes.startIndex
        guard take("http", caseless: true) else { return url }
        if index != bytes.endIndex, bytes[index] | 0x20 == UInt8(ascii: "s") { bytes.formIndex(after: &index) }
        guard take("://", caseless: false) else { return url }
        // The authority: a port is what follows the host's last `:` (not inside `[…]`, an
        // IPv6 address, nor before an `@`, the user's name and password).
        var colon: String.Index?
        var inBrackets = false
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
            switch byte {
            case UInt8(ascii: "@"): colon = nil
            case UInt8(ascii: "["): inBrackets = true
            case UInt8(ascii: "]"): inBrackets = false; colon = nil
            case UInt8(ascii: ":") where !inBrackets: colon = index
            default: break
            }
            bytes.formIndex(after: &index)
        }
        if let colon, !bytes[bytes.index(after: colon)..<index].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            return nil
        }
        return encodingForbidden(url, from: index)
    }

    /// A relative URL (no scheme) kept as it is written, because it leads to nothing in the
    /// content folder, as the HTML checker accepts it: what a URL may not hold percent-encoded,
    /// as in `repairedWebURL` (`{{% eturl alias %}}`, another tool's template, is
    /// `%7B%7B%25%20eturl…`). Any other URL comes back as it is.
    public static func repairedRelativeURL(_ url: String) -> String {
        guard !readScheme(url, { _ in }) else { return url }
        return encodingForbidden(url, from: url.utf8.startIndex)
    }

    /// `url` with every byte from `start` on that a URL may not hold percent-encoded.
    private static func encodingForbidden(_ url: String, from start: String.Index) -> String {
        // One pass; the repaired copy is made only from the first byte that needs encoding.
        let bytes = url.utf8
        var repaired: [UInt8]?
        var seenHash = false
        var position = start
        while position != bytes.endIndex {
            let byte = bytes[position]
            let next = bytes.index(after: position)
            let encodes: Bool
            if byte == UInt8(ascii: "#") {
                encodes = seenHash
                seenHash = true
            } else {
                encodes = isForbiddenInURL(byte) || (byte == UInt8(ascii: "%") && !startsEscape(bytes[next...]))
            }
            if encodes {
                if repaired == nil { repaired = Array(bytes[..<position]) }
                repaired!.append(UInt8(ascii: "%"))
                repaired!.append(hexDigits[Int(byte >> 4)])
                repaired!.append(hexDigits[Int(byte & 0xF)])
            } else {
                repaired?.append(byte)
            }
            position = next
        }
        return repaired.map { String(decoding: $0, as: UTF8.self) } ?? url
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// ASCII bytes the URL standard and the HTML checker refuse in a path, query or fragment.
    private static func isForbiddenInURL(_ byte: UInt8) -> Bool {
        switch byte {
        case 0..<0x21, 0x7F, UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "["), UInt8(ascii: "]"),
            UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "|"), UInt8(ascii: "\\"), UInt8(ascii: "^"), UInt8(ascii: "`"):
            return true
        default:
            return false
        }
    }

    private static func startsEscape(_ bytes: Substring.UTF8View) -> Bool {
        func isHex(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
        }
        var position = bytes.startIndex
        for _ in 0..<2 {
            guard position != bytes.endIndex, isHex(bytes[position]) else { return false }
            position = bytes.index(after: position)
        }
        return true
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
