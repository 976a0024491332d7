import FoldoutBase

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How long one name in the output may be. A file system holds names of at most `NAME_MAX`
/// bytes (255 on Linux and macOS), and the output writer puts a page beside it under a
/// longer temporary name first, so names are kept short enough for that one too. A longer
/// name (a `slug:`, a file name whose symbols are spelled out, an alias) would stop the
/// whole build at the write, naming no source.
package enum OutputNameLength {
    /// The most bytes an output name may have.
    package static let limit = Int(NAME_MAX) - 1 - AtomicFile.temporarySuffix.utf8.count

    /// `stem + suffix` when it fits in `limit` bytes; else `stem` cut at a Unicode scalar
    /// (so it stays valid UTF-8), a dash and 16 hex digits of the whole stem's digest, then
    /// `suffix`: the same long name is always shortened alike, and two long names that
    /// begin alike stay apart.
    package static func fitted(_ stem: String, suffix: String = "") -> String {
        guard stem.utf8.count + suffix.utf8.count > limit else { return stem + suffix }
        let digest = String(ContentHash.of(stem), radix: 16)
        let tag = "-" + String(repeating: "0", count: 16 - digest.count) + digest
        let room = max(0, limit - suffix.utf8.count - tag.utf8.count)
        var kept = Substring.UnicodeScalarView()
        var used = 0
        for scalar in stem.unicodeScalars {
            let size = UTF8.width(scalar)
            guard used + size <= room else { break }
            kept.append(scalar)
            used += size
        }
        var cut = String(kept)
        while cut.hasSuffix("-") { cut.removeLast() }
        return cut + tag + suffix
    }

    /// A file name (`photo.jpg`) fitted with its extension kept, unless the extension
    /// itself is most of the name.
    package static func fitted(fileName name: String) -> String {
        guard name.utf8.count > limit else { return name }
        if let dot = name.lastIndex(of: "."), dot != name.startIndex, name.utf8.count - name[..<dot].utf8.count <= 32 {
            return fitted(String(name[..<dot]), suffix: String(name[dot...]))
        }
        return fitted(name)
    }
}
