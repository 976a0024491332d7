/// The known name a mistyped one was most likely meant to be: `speices` → `species`,
/// `good_with_kid` → `good_with_kids`. Distance is counted in edits (a letter added, left
/// out, changed, or two neighbours swapped), compared without case, and a name counts as
/// near only when few edits apart for its length: one for names of up to five letters,
/// two for longer ones, so that `age` is never taken for `sex`.
public enum NearestName {
    /// The nearest of `candidates` within reach of `name`, the first written on a tie; nil
    /// when none is near, or when `name` is one of them.
    public static func suggestion(for name: String, among candidates: some Sequence<String>) -> String? {
        let written = Array(name.lowercased().unicodeScalars)
        let reach = maximumEdits(forLength: written.count)
        guard reach > 0 else { return nil }
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let known = Array(candidate.lowercased().unicodeScalars)
            guard abs(known.count - written.count) <= reach else { continue }
            let distance = edits(written, known, atMost: reach)
            if distance == 0 { return candidate == name ? nil : candidate }
            if distance <= reach, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// How many edits a name of `length` letters may be from the one meant.
    public static func maximumEdits(forLength length: Int) -> Int {
        length < 3 ? 0 : length <= 5 ? 1 : 2
    }

    /// Edits between `a` and `b` (optimal string alignment: Levenshtein with swaps of
    /// neighbours); stops early past `limit`, returning `limit + 1`.
    public static func edits(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], atMost limit: Int = .max - 1) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowLeast = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { value = min(value, beforePrevious[j - 2] + 1) }
                current[j] = value
                rowLeast = min(rowLeast, value)
            }
            if rowLeast > limit { return limit + 1 }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
