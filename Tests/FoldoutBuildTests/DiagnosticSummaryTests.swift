import FoldoutTestSupport
import Testing

@testable import FoldoutBase
@testable import FoldoutBuild

/// Many warnings printed short: grouped by the message with its quoted parts left out, most
/// frequent kind first, a few of each in full; errors never left out.
@Suite struct DiagnosticSummaryTests {
    static func missingAnchor(_ number: Int) -> Diagnostic {
        .warning(
            "Content/p\(number).md", line: number, "link `#a\(number)` leads to `p\(number).html`, which has no heading or row `#a\(number)`",
            hint: "headings get ids from their text")
    }

    static func missingPage(_ number: Int) -> Diagnostic {
        .warning("Content/q\(number).md", line: 1, "link `q\(number).md` points to nothing in the content folder")
    }

    @Test func kindLeavesOutEachQuotedPart() {
        #expect(
            DiagnosticSummary.kind(of: "link `a.md#x` leads to `a.html`, which has no heading or row `#x`")
                == "link `…` leads to `…`, which has no heading or row `…`")
        #expect(DiagnosticSummary.kind(of: "file is not valid UTF-8 here") == "file is not valid UTF-8 here")
        #expect(DiagnosticSummary.kind(of: "image `` has no alt text") == "image `…` has no alt text")
        // A backtick that is never closed is text, not the start of a quoted part.
        #expect(DiagnosticSummary.kind(of: "link `a` and a ` alone") == "link `…` and a ` alone")
    }

    @Test func kindsAreCountedMostFrequentFirstWithTheirFirstExamples() {
        let noAlt = Diagnostic.warning("Content/z.md", "image `z.jpg` has no alt text")
        let warnings = [noAlt] + (1...2).map(Self.missingPage) + (1...5).map(Self.missingAnchor) + [Self.missingPage(3)]
        let summary = DiagnosticSummary(warnings)
        #expect(
            summary.kinds.map(\.template) == [
                "link `…` leads to `…`, which has no heading or row `…`",
                "link `…` points to nothing in the content folder",
                "image `…` has no alt text",
            ])
        #expect(summary.kinds.map(\.count) == [5, 3, 1])
        #expect(summary.kinds[0].examples == (1...3).map(Self.missingAnchor))
        #expect(summary.kinds[1].examples == (1...3).map(Self.missingPage))
        #expect(summary.total == 9)
        #expect(summary.shownCount == 7)
    }

    @Test func kindsAsFrequentAsEachOtherKeepTheOrderTheyFirstAppearIn() {
        let warnings = [Self.missingPage(1), Self.missingAnchor(1), Self.missingAnchor(2), Self.missingPage(2)]
        #expect(DiagnosticSummary(warnings).kinds.map(\.count) == [2, 2])
        #expect(DiagnosticSummary(warnings).kinds[0].examples[0] == Self.missingPage(1))
    }

    @Test func linesShowTheExamplesThenTheKindsThenWhatWasLeftOut() {
        let warnings = (1...4).map(Self.missingAnchor) + [Self.missingPage(1)]
        #expect(
            DiagnosticSummary(warnings, examplesPerKind: 1).lines == [
                Self.missingAnchor(1).description,
                Self.missingPage(1).description,
                "5 warnings of 2 kinds (above, the first 1 of each):",
                "  4  link `…` leads to `…`, which has no heading or row `…`",
                "  1  link `…` points to nothing in the content folder",
                "3 warnings not shown; --verbose prints every one",
            ])
    }

    @Test func aFewWarningsArePrintedInFullAndInOrder() {
        let diagnostics = (1...DiagnosticSummary.fullListLimit).map(Self.missingAnchor) + [.error("Content/e.md", "bad")]
        #expect(DiagnosticSummary.terminalLines(for: diagnostics, verbose: false) == diagnostics.map(\.description))
    }

    @Test func manyWarningsAreSummarizedAndEveryErrorIsPrintedAfterThem() {
        let errors: [Diagnostic] = [.error("Content/e1.md", "bad"), .error("Content/e2.md", "worse")]
        let warnings = (1...30).map(Self.missingAnchor)
        let lines = DiagnosticSummary.terminalLines(for: [warnings[0], errors[0]] + warnings.dropFirst() + [errors[1]], verbose: false)
        #expect(lines == DiagnosticSummary(warnings).lines + errors.map(\.description))
        #expect(lines.contains("27 warnings not shown; --verbose prints every one"))
    }

    @Test func verbosePrintsEveryWarning() {
        let diagnostics = (1...30).map(Self.missingAnchor)
        #expect(DiagnosticSummary.terminalLines(for: diagnostics, verbose: true) == diagnostics.map(\.description))
    }

    @Test func manyKindsOfOneWarningEachArePrintedInFull() {
        // A summary would show every warning anyway, and a table of one-counts besides.
        let diagnostics = (1...25).map { Diagnostic.warning("Content/s\($0).md", "symbolic link leads outside the content folder (to /x\($0)); skipped") }
        #expect(DiagnosticSummary.terminalLines(for: diagnostics, verbose: false) == diagnostics.map(\.description))
    }

    @Test func verboseOnlyNotesArePrintedOnlyWithVerbose() {
        let warning = Self.missingAnchor(1)
        let said = Diagnostic.note("Content/_index.md", "a note said every build")
        let quiet = Diagnostic.note("Content/static/", "a note for --verbose").verboseOnly
        #expect(DiagnosticSummary.terminalLines(for: [quiet, warning, said], verbose: false) == [warning.description, said.description])
        #expect(DiagnosticSummary.terminalLines(for: [quiet, warning, said], verbose: true) == [warning.description, quiet.description, said.description])
    }
}
