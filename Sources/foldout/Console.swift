import FoldoutBase
import FoldoutBuild
import Foundation

enum Console {
    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// 10039 → "10,039", the way the summary line reads best.
    static func grouped(_ number: Int) -> String {
        let digits = String(number)
        var result = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return result
    }

    /// `built 10,039 pages: 3 written, 1 removed, 10,035 unchanged in 0.21 s`
    static func summary(_ outcome: Builder.Outcome, seconds: Double) -> String {
        let summary = outcome.summary
        return "built \(grouped(outcome.pageCount)) page\(outcome.pageCount == 1 ? "" : "s"): "
            + "\(grouped(summary.written)) written, \(grouped(summary.removed)) removed, "
            + "\(grouped(summary.unchanged)) unchanged in \(String(format: "%.2f", seconds)) s"
    }

    /// What a draft build (`--draft-images`, `serve`) left out, and `then`, what happens next.
    static func pendingImagesNote(_ count: Int, then: String) -> String {
        "\(grouped(count)) photo\(count == 1 ? "" : "s") shown as \(count == 1 ? "its original" : "originals"): \(then)"
    }

    /// Prints a build's diagnostics: many warnings as a summary unless `verbose`, errors
    /// always in full (see `DiagnosticSummary`).
    static func report(_ diagnostics: [Diagnostic], verbose: Bool) {
        let lines = DiagnosticSummary.terminalLines(for: diagnostics, verbose: verbose)
        if !lines.isEmpty { error(lines.joined(separator: "\n")) }
    }

    /// Prints a failed build's diagnostics (only errors when quiet).
    static func report(_ failure: BuildFailure, quiet: Bool, verbose: Bool) {
        report(quiet ? failure.diagnostics.filter { $0.severity == .error } : failure.diagnostics, verbose: verbose)
    }
}

extension BuildFailure {
    var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
}
