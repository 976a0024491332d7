/// `trimmingCharacters(in: .whitespaces)` without Foundation: tab and the spaces of Unicode
/// category Zs cut from both ends, scalar by scalar. Rows, badges, facets and item-name links
/// trim every field value of every item, and Foundation's version (through NSString and
/// UTF-16) cost a 10,000-item build a tenth of its time (docs/benchmarks.md, session 19).
extension String {
    public var trimmingSpaces: String {
        let scalars = unicodeScalars
        // Most values start and end with a letter: nothing to cut, nothing to copy.
        if let first = utf8.first, let last = utf8.last, first > 0x20, first < 0x80, last > 0x20, last < 0x80 {
            return self
        }
        guard let start = scalars.firstIndex(where: { !$0.isTrimmedSpace }) else { return "" }
        let end = scalars.lastIndex(where: { !$0.isTrimmedSpace })!
        return String(String.UnicodeScalarView(scalars[start...end]))
    }
}

extension Unicode.Scalar {
    /// A member of Foundation's `CharacterSet.whitespaces`, which on Linux also holds the
    /// zero-width space (U+200B, a space separator in older Unicode).
    var isTrimmedSpace: Bool {
        value == 0x09 || value == 0x20 || value == 0x200B || (value >= 0x80 && properties.generalCategory == .spaceSeparator)
    }
}
