/// `trimmingCharacters(in: .whitespaces)` and `(in: .whitespacesAndNewlines)` without
/// Foundation, scalar by scalar. Rows, badges, facets and item-name links trim every field
/// value of every item, and template tags are trimmed as templates are read; Foundation's
/// version (through NSString and UTF-16) cost a 10,000-item build a tenth of its time
/// (docs/benchmarks.md, session 19).
extension String {
    /// Tab and the spaces of Unicode category Zs cut from both ends.
    public var trimmingSpaces: String { trimming(\.isTrimmedSpace) }

    /// Spaces, tab and line breaks (line feed to carriage return, U+0085, U+2028, U+2029)
    /// cut from both ends.
    public var trimmingSpacesAndNewlines: String { trimming { $0.isTrimmedSpace || $0.isTrimmedNewline } }

    private func trimming(_ isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        // Most values start and end with a letter: nothing to cut, nothing to copy.
        if let first = utf8.first, let last = utf8.last, first > 0x20, first < 0x80, last > 0x20, last < 0x80 {
            return self
        }
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !isTrimmed($0) }) else { return "" }
        let end = scalars.lastIndex(where: { !isTrimmed($0) })!
        return String(String.UnicodeScalarView(scalars[start...end]))
    }
}

extension Unicode.Scalar {
    /// A member of Foundation's `CharacterSet.whitespaces`, which on Linux also holds the
    /// zero-width space (U+200B, a space separator in older Unicode).
    var isTrimmedSpace: Bool {
        value == 0x09 || value == 0x20 || value == 0x200B || (value >= 0x80 && properties.generalCategory == .spaceSeparator)
    }

    /// A member of `CharacterSet.newlines`.
    var isTrimmedNewline: Bool {
        (0x0A...0x0D).contains(value) || value == 0x85 || value == 0x2028 || value == 0x2029
    }
}
