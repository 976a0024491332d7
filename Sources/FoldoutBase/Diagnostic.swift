/// One problem found in the user's input, printed as `path:line:column: error: message`
/// followed by a hint of what to do. Errors fail the build; warnings are reported only;
/// a note is advice about the site as a whole (a missing `base_url`), never a problem, so
/// `--strict` leaves it a note and `serve` says it once per session.
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    public enum Severity: String, Sendable { case error, warning, note }

    public var severity: Severity
    /// The file the problem is in, as the user would type it (e.g. `Content/pets/a.md`).
    public var path: String
    /// 1-based line, or nil when the problem concerns the file as a whole.
    public var line: Int?
    public var column: Int?
    public var message: String
    /// What the user can do about it.
    public var hint: String?
    /// Whether a terminal shows it only with `--verbose`: a note about a layout that is
    /// meant (Hugo's `static/`), which would otherwise be said again on every build.
    public var isVerboseOnly = false

    public init(_ severity: Severity, path: String, line: Int? = nil, column: Int? = nil, message: String, hint: String? = nil) {
        self.severity = severity
        self.path = path
        self.line = line
        self.column = column
        self.message = message
        self.hint = hint
    }

    public static func error(_ path: String, line: Int? = nil, column: Int? = nil, _ message: String, hint: String? = nil) -> Diagnostic {
        Diagnostic(.error, path: path, line: line, column: column, message: message, hint: hint)
    }

    public static func warning(_ path: String, line: Int? = nil, column: Int? = nil, _ message: String, hint: String? = nil) -> Diagnostic {
        Diagnostic(.warning, path: path, line: line, column: column, message: message, hint: hint)
    }

    /// `path:line:column: severity: message`, the form editors and terminals link to a file
    /// position; a problem with the whole file points at its start (1:1).
    public var description: String {
        var text = "\(path):\(line ?? 1):\(column ?? 1): \(severity.rawValue): \(message)"
        if let hint { text += "\n  hint: \(hint)" }
        return text
    }

    public static func note(_ path: String, line: Int? = nil, column: Int? = nil, _ message: String, hint: String? = nil) -> Diagnostic {
        Diagnostic(.note, path: path, line: line, column: column, message: message, hint: hint)
    }

    /// The same diagnostic, shown on a terminal only with `--verbose`.
    public var verboseOnly: Diagnostic {
        var copy = self
        copy.isVerboseOnly = true
        return copy
    }

    /// The same problem as an error, for `--strict` (a note stays a note).
    public var asError: Diagnostic {
        var copy = self
        if copy.severity == .warning { copy.severity = .error }
        return copy
    }
}
