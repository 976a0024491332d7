import Foundation

/// Paths inside `Output/` and the relative links between them. Every link names a file
/// (never a directory or `/`), so the site works from `file://` and from any server.
public enum OutputPath {
    /// The relative URL from the page at `from` to the file at `to`, both paths in `Output/`,
    /// with each segment percent-encoded. `fragment` is appended after `#`. (A page that
    /// links to many files makes a `Linker` once.)
    public static func relativeURL(from: String, to: String, fragment: String? = nil) -> String {
        Linker(from: from).url(to: to, fragment: fragment)
    }

    /// Relative URLs from one page, whose own path is read once: a catalog or tag page links
    /// to thousands of files, an item page to a dozen.
    ///
    /// Works on UTF-8 bytes, written straight into the new string's storage: splitting
    /// `String`s into `Character`s, or growing an array byte by byte, cost more than
    /// rendering the rest of a page.
    public struct Linker: Sendable {
        public let page: String
        /// The length of the page's folders with their `/` (0 for a page at the top), when its
        /// path has no empty segment (no leading, trailing or doubled `/`, as every path
        /// Foldout makes); nil sends every URL the general way.
        private let folderEnd: Int?

        public init(from page: String) {
            self.page = page
            var page = page
            folderEnd = page.withUTF8 { bytes in
                var previous = slash, folderEnd = 0
                for index in 0..<bytes.count {
                    let byte = bytes[index]
                    if byte == slash {
                        if previous == slash { return nil }
                        folderEnd = index + 1
                    }
                    previous = byte
                }
                return previous == slash ? nil : folderEnd
            }
        }

        /// The URL of the file at `target` (plus `#fragment`).
        public func url(to target: String, fragment: String? = nil) -> String {
            var from = page, to = target, fragment = fragment ?? ""
            return from.withUTF8 { fromBytes in
                to.withUTF8 { toBytes in
                    fragment.withUTF8 { fragmentBytes in
                        let fragmentCapacity = fragmentBytes.isEmpty ? 0 : 1 + 3 * fragmentBytes.count
                        if let folderEnd, let shared = SharedFolders(from: fromBytes, folderEnd: folderEnd, to: toBytes) {
                            let rest = UnsafeBufferPointer(rebasing: toBytes[shared.restStart...])
                            let capacity = 3 * shared.folderUps + (shared.restNeedsEncoding ? 3 : 1) * rest.count + fragmentCapacity
                            return String(unsafeUninitializedCapacity: capacity) { url in
                                var count = 0
                                for _ in 0..<shared.folderUps {
                                    url[count] = UInt8(ascii: ".")
                                    url[count + 1] = UInt8(ascii: ".")
                                    url[count + 2] = slash
                                    count += 3
                                }
                                if shared.restNeedsEncoding {
                                    for byte in rest {
                                        if isKeptInSegment(byte) || byte == slash {
                                            url[count] = byte
                                            count += 1
                                        } else {
                                            writePercent(byte, into: url, count: &count)
                                        }
                                    }
                                } else {
                                    (url.baseAddress! + count).update(from: rest.baseAddress!, count: rest.count)
                                    count += rest.count
                                }
                                writeFragment(fragmentBytes, into: url, count: &count)
                                return count
                            }
                        }
                        // Every byte may become `%XX`, every folder of `from` `../`.
                        let capacity = 3 * (fromBytes.count + toBytes.count) + fragmentCapacity
                        return String(unsafeUninitializedCapacity: capacity) { url in
                            var count = 0
                            writeRelativeURL(from: fromBytes, to: toBytes, into: url, count: &count)
                            writeFragment(fragmentBytes, into: url, count: &count)
                            return count
                        }
                    }
                }
            }
        }
    }

    /// What a relative URL from a page without empty segments (its folders `from[..<folderEnd]`)
    /// to `to` is made of: `folderUps` times `../`, then `to` from `restStart`, percent-encoded
    /// where `restNeedsEncoding`. Nil when `to` has an empty segment.
    private struct SharedFolders {
        package var folderUps = 0
        package var restStart = 0
        package var restNeedsEncoding = false

        package init?(from: UnsafeBufferPointer<UInt8>, folderEnd: Int, to: UnsafeBufferPointer<UInt8>) {
            // Plain loops over pointers: slices and closures cost several times more per byte here.
            guard let fromStart = from.baseAddress, let toStart = to.baseAddress else { return nil }
            // The folders both paths share end at a `/` where neither has differed yet.
            var index = 0
            let limit = min(folderEnd, to.count)
            while index < limit, fromStart[index] == toStart[index] {
                if fromStart[index] == slash { restStart = index + 1 }
                index += 1
            }
            // What `to` shares with the page has no empty segment; the rest is read here (the
            // shared part ends in `/`, so the rest must not start with one).
            var previous = slash
            for index in restStart..<to.count {
                let byte = toStart[index]
                if byte == slash {
                    if previous == slash { return nil }
                } else if !isKeptInSegment(byte) {
                    restNeedsEncoding = true
                }
                previous = byte
            }
            // `to` ends in a name, not a `/`: the file name of `from` never counts as shared.
            guard previous != slash else { return nil }
            for index in restStart..<folderEnd where fromStart[index] == slash { folderUps += 1 }
        }
    }

    private static func writeFragment(
        _ fragment: UnsafeBufferPointer<UInt8>, into url: UnsafeMutableBufferPointer<UInt8>,
        count: inout Int
    ) {
        guard !fragment.isEmpty else { return }
        url[count] = UInt8(ascii: "#")
        count += 1
        for byte in fragment {
            if isUnreserved(byte) || byte == slash {
                url[count] = byte
                count += 1
            } else {
                writePercent(byte, into: url, count: &count)
            }
        }
    }

    private static func writeRelativeURL(
        from: UnsafeBufferPointer<UInt8>, to: UnsafeBufferPointer<UInt8>,
        into url: UnsafeMutableBufferPointer<UInt8>, count: inout Int
    ) {
        let fromFolders = max(0, segmentCount(from) - 1), targetCount = segmentCount(to)
        var fromCursor = 0, toCursor = 0
        var fromSegment = nextSegment(from, after: &fromCursor), toSegment = nextSegment(to, after: &toCursor)
        // Skip the folders both paths share (never the target's file name).
        var common = 0
        while common < fromFolders, common < targetCount - 1, let a = fromSegment, let b = toSegment,
            a.count == b.count, memcmp(from.baseAddress! + a.lowerBound, to.baseAddress! + b.lowerBound, a.count) == 0
        {
            common += 1
            fromSegment = nextSegment(from, after: &fromCursor)
            toSegment = nextSegment(to, after: &toCursor)
        }
        for _ in common..<fromFolders {
            if count > 0 {
                url[count] = slash
                count += 1
            }
            url[count] = UInt8(ascii: ".")
            url[count + 1] = UInt8(ascii: ".")
            count += 2
        }
        while let segment = toSegment {
            if count > 0 {
                url[count] = slash
                count += 1
            }
            let bytes = UnsafeBufferPointer(rebasing: to[segment])
            if bytes.allSatisfy(isKeptInSegment) {
                // Most segments need no encoding: copied whole.
                (url.baseAddress! + count).update(from: bytes.baseAddress!, count: bytes.count)
                count += bytes.count
            } else {
                for byte in bytes {
                    if isKeptInSegment(byte) {
                        url[count] = byte
                        count += 1
                    } else {
                        writePercent(byte, into: url, count: &count)
                    }
                }
            }
            toSegment = nextSegment(to, after: &toCursor)
        }
    }

    private static func writePercent(_ byte: UInt8, into url: UnsafeMutableBufferPointer<UInt8>, count: inout Int) {
        url[count] = UInt8(ascii: "%")
        url[count + 1] = hexDigit(byte >> 4)
        url[count + 2] = hexDigit(byte & 0xF)
        count += 3
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }

    /// The next non-empty `/`-separated segment at or after `cursor`, which moves past it.
    private static func nextSegment(_ path: UnsafeBufferPointer<UInt8>, after cursor: inout Int) -> Range<Int>? {
        while cursor < path.count, path[cursor] == slash { cursor += 1 }
        guard cursor < path.count else { return nil }
        let start = cursor
        while cursor < path.count, path[cursor] != slash { cursor += 1 }
        return start..<cursor
    }

    private static func segmentCount(_ path: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0, cursor = 0
        while nextSegment(path, after: &cursor) != nil { count += 1 }
        return count
    }

    /// The prefix that leads from the page at `path` to the output root ("" or "../../").
    public static func rootPrefix(of path: String) -> String {
        var path = path
        let depth = path.withUTF8 { segmentCount($0) } - 1
        return String(repeating: "../", count: max(0, depth))
    }

    /// The absolute URL of the output file `path` under the site's `base` (its `base_url`),
    /// for pages shown at any depth (404.html) and for sitemap.xml.
    public static func absoluteURL(base: String, to path: String, fragment: String? = nil) -> String {
        let encoded = path.split(separator: "/").map { encodeSegment(String($0)) }.joined(separator: "/")
        let url = (base.hasSuffix("/") ? base : base + "/") + encoded
        guard let fragment, !fragment.isEmpty else { return url }
        return url + "#" + encodeFragment(fragment)
    }

    /// Absolute URLs under a site's `base_url`, as `absoluteURL` makes them, for many files:
    /// link previews and structured data name every item of a catalog.
    public struct AbsoluteLinker: Sendable {
        /// The base, ending in `/`.
        public let base: String
        private let fromRoot = Linker(from: "index.html")

        public init(base: String) {
            self.base = base.hasSuffix("/") ? base : base + "/"
        }

        /// The URL of the output file `path` (plus `#fragment`); a path from a page at the top
        /// of `Output/` is its own segments, percent-encoded.
        public func url(to path: String, fragment: String? = nil) -> String {
            base + fromRoot.url(to: path, fragment: fragment)
        }
    }

    /// Percent-encodes one path segment. Besides the usual, `:` is encoded so a first
    /// segment like `a:b.html` is not read as a URL scheme.
    public static func encodeSegment(_ segment: String) -> String {
        var result: [UInt8] = []
        appendEncodedSegment(segment.utf8, into: &result)
        return String(decoding: result, as: UTF8.self)
    }

    private static func appendEncodedSegment<Bytes: Sequence<UInt8>>(_ segment: Bytes, into result: inout [UInt8]) {
        for byte in segment {
            if isKeptInSegment(byte) {
                result.append(byte)
            } else {
                appendPercent(byte, into: &result)
            }
        }
    }

    /// Percent-encodes a fragment; `/` stays so slug-path ids read naturally.
    public static func encodeFragment(_ fragment: String) -> String {
        var result: [UInt8] = []
        appendEncodedFragment(fragment, into: &result)
        return String(decoding: result, as: UTF8.self)
    }

    private static func appendEncodedFragment(_ fragment: String, into result: inout [UInt8]) {
        for byte in fragment.utf8 {
            if isUnreserved(byte) || byte == slash {
                result.append(byte)
            } else {
                appendPercent(byte, into: &result)
            }
        }
    }

    /// Decodes `%XX` escapes; invalid escapes are kept as written.
    public static func percentDecode(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.first {
            utf8 = utf8.dropFirst()
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
                let high = hexValue(utf8[utf8.startIndex]), let low = hexValue(utf8[utf8.startIndex + 1])
            {
                bytes.append(high << 4 | low)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Joins `relative` onto the folder `base` and removes `.` and `..` segments of
    /// `relative`; nil when the result would climb above the root.
    public static func resolve(_ relative: String, inFolder base: String) -> String? {
        // On UTF-8 bytes, in one buffer: every local link and image of every page resolves here.
        var result: [UInt8] = []
        result.reserveCapacity(base.utf8.count + relative.utf8.count + 1)
        var starts: [Int] = []  // where each segment kept so far begins in `result`
        var current: Int?  // where the segment being read begins
        func endSegment(interpreting: Bool) -> Bool {
            guard let start = current else { return true }
            current = nil
            // A segment after the first has a slash before it.
            let cut = starts.isEmpty ? start : start - 1
            if interpreting, result.count - start == 1, result[start] == dot {
                result.removeSubrange(cut...)
            } else if interpreting, result.count - start == 2, result[start] == dot, result[start + 1] == dot {
                result.removeSubrange(cut...)
                guard let previous = starts.popLast() else { return false }
                result.removeSubrange((starts.isEmpty ? previous : previous - 1)...)
            } else {
                starts.append(start)
            }
            return true
        }
        func add(_ path: String, interpreting: Bool) -> Bool {
            for byte in path.utf8 {
                if byte == slash {
                    guard endSegment(interpreting: interpreting) else { return false }
                    continue
                }
                if current == nil {
                    if !starts.isEmpty { result.append(slash) }
                    current = result.count
                }
                result.append(byte)
            }
            return endSegment(interpreting: interpreting)
        }
        if relative.utf8.first != slash { _ = add(base, interpreting: false) }
        guard add(relative, interpreting: true) else { return nil }
        return String(decoding: result, as: UTF8.self)
    }

    /// A local link's destination as Foldout reads it: the path without the query, whether it
    /// starts from the content folder (`/docs/setup.md`, as on GitHub; `path` is then without
    /// its leading slashes), and the fragment after `#`, percent-decoded.
    public struct LocalLink: Sendable, Equatable {
        public var path: Substring
        public var fromRoot: Bool
        public var fragment: String?
    }

    /// `destination` (a local path, see `isLocal`) taken apart.
    public static func localLink(_ destination: String) -> LocalLink {
        var path = Substring(destination)
        var fragment: String?
        if let hash = path.firstIndex(of: "#") {
            // Written fragments may be percent-encoded already; `relativeURL` encodes once.
            fragment = percentDecode(String(path[path.index(after: hash)...]))
            path = path[..<hash]
        }
        if let question = path.firstIndex(of: "?") { path = path[..<question] }
        let fromRoot = path.hasPrefix("/")
        return LocalLink(path: fromRoot ? path.drop { $0 == "/" } : path, fromRoot: fromRoot, fragment: fragment)
    }

    /// Whether a link destination is a local path (not `https:`, `mailto:`, `//host`, `#x`).
    public static func isLocal(_ destination: String) -> Bool {
        if destination.isEmpty || destination.hasPrefix("#") || destination.hasPrefix("//") { return false }
        for character in destination.utf8 {
            // `(https://…)`, a URL wrapped in parentheses, has no scheme: it is a (broken) path.
            if character == UInt8(ascii: ":") { return SafeURL.scheme(of: destination) == nil }
            if character == UInt8(ascii: "/") || character == UInt8(ascii: "?") || character == UInt8(ascii: "#") { return true }
        }
        return true
    }

    /// Bytes a path segment keeps as they are; `:` is not among them (see `encodeSegment`).
    private static func isKeptInSegment(_ byte: UInt8) -> Bool {
        // A bit per ASCII byte: `0-9 + , - .` below 64, `@ A-Z _ a-z ~` from 64 (tested for
        // every byte of every URL on every page).
        let below64: UInt64 = 0x03FF_7800_0000_0000, from64: UInt64 = 0x47FF_FFFE_87FF_FFFF
        if byte < 64 { return below64 & (1 << UInt64(byte)) != 0 }
        return byte < 128 && from64 & (1 << UInt64(byte - 64)) != 0
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
    }

    private static let slash = UInt8(ascii: "/")
    private static let dot = UInt8(ascii: ".")

    private static func appendPercent(_ byte: UInt8, into result: inout [UInt8]) {
        result.append(UInt8(ascii: "%"))
        result.append(hexDigit(byte >> 4))
        result.append(hexDigit(byte & 0xF))
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
