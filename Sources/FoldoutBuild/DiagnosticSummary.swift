import FoldoutBase

/// A long list of warnings made short enough to read in a terminal: the first few of each
/// kind in full, then each kind with its count, most frequent first. Real content can give
/// hundreds of warnings of two or three kinds, and a list that long hides the errors and
/// the few warnings of rarer kinds that are above or among them.
package struct DiagnosticSummary: Sendable, Equatable {
    /// Up to this many warnings are printed in full: with their hints that is about a
    /// screenful, which a reader takes in faster than a summary of it.
    package static let fullListLimit = 20
    /// Enough to see what a kind is about and whether it comes from one file or many.
    package static let examplesPerKind = 3

    package struct Kind: Sendable, Equatable {
        /// The message with its quoted parts left out (see `kind(of:)`).
        package var template: String
        package var count: Int
        /// The first diagnostics of this kind, in the order they were reported.
        package var examples: [Diagnostic]
    }

    /// Most frequent first; kinds as frequent as each other in the order they first appear.
    package var kinds: [Kind]
    package var examplesPerKind: Int

    package init(_ diagnostics: [Diagnostic], examplesPerKind: Int = Self.examplesPerKind) {
        self.examplesPerKind = examplesPerKind
        var kinds: [Kind] = []
        var index: [String: Int] = [:]
        for diagnostic in diagnostics {
            let template = Self.kind(of: diagnostic.message)
            if let position = index[template] {
                kinds[position].count += 1
                if kinds[position].examples.count < examplesPerKind { kinds[position].examples.append(diagnostic) }
            } else {
                index[template] = kinds.count
                kinds.append(Kind(template: template, count: 1, examples: examplesPerKind > 0 ? [diagnostic] : []))
            }
        }
        // Ties are broken by first appearance, since Swift's sort is not stable.
        self.kinds = kinds.indices.sorted { a, b in
            kinds[a].count != kinds[b].count ? kinds[a].count > kinds[b].count : a < b
        }.map { kinds[$0] }
    }

    /// What a message says with what it is about left out: each backtick-quoted part (a path,
    /// a link, an anchor) becomes `…`, so "link `a.md#x` leads to `a.html`, …" and
    /// "link `b.md#y` leads to `b.html`, …" are one kind. Messages quote what varies, and
    /// this leaves the stored diagnostics (kept in build record and manifests) as they are.
    package static func kind(of message: String) -> String {
        var result = ""
        var rest = Substring(message)
        while let open = rest.firstIndex(of: "`") {
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: "`") else { break }
            result += rest[..<open]
            result += "`…`"
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    package var total: Int { kinds.reduce(0) { $0 + $1.count } }
    package var shownCount: Int { kinds.reduce(0) { $0 + $1.examples.count } }

    /// The examples, then a table of the kinds with their counts, then how many were left
    /// out; the table comes last so that it stays on screen above the build's summary line.
    package var lines: [String] {
        let width = String(kinds.first?.count ?? 0).count
        var lines = kinds.flatMap { $0.examples.map(\.description) }
        lines.append("\(total) warning\(total == 1 ? "" : "s") of \(kinds.count) kind\(kinds.count == 1 ? "" : "s") (above, the first \(examplesPerKind) of each):")
        for kind in kinds {
            let count = String(kind.count)
            lines.append("  " + String(repeating: " ", count: width - count.count) + count + "  " + kind.template)
        }
        let hidden = total - shownCount
        lines.append("\(hidden) warning\(hidden == 1 ? "" : "s") not shown; --verbose prints every one")
        return lines
    }

    /// What a terminal shows of a build's diagnostics: every one, in order, when there are
    /// few warnings or `verbose`; else the summary of the warnings, then every error in full
    /// (errors are what must be fixed, so none is ever left out). Notes come last, apart;
    /// those marked verbose-only only with `verbose`.
    package static func terminalLines(for diagnostics: [Diagnostic], verbose: Bool) -> [String] {
        let notes = diagnostics.filter { $0.severity == .note && (verbose || !$0.isVerboseOnly) }
        let problems = diagnostics.filter { $0.severity != .note }
        return problemLines(for: problems, verbose: verbose) + notes.map(\.description)
    }

    private static func problemLines(for diagnostics: [Diagnostic], verbose: Bool) -> [String] {
        let warnings = diagnostics.filter { $0.severity == .warning }
        guard !verbose, warnings.count > fullListLimit else { return diagnostics.map(\.description) }
        let summary = DiagnosticSummary(warnings)
        // Many kinds of one warning each would be summarized into a longer text than the list.
        guard summary.shownCount < warnings.count else { return diagnostics.map(\.description) }
        return summary.lines + diagnostics.filter { $0.severity == .error }.map(\.description)
    }
}
