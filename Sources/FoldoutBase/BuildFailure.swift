/// Thrown when a build cannot finish; carries every problem found, not only the first.
public struct BuildFailure: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]
    /// The output folder holds part of this build (publishing stopped after some files were
    /// renamed into place); otherwise it was left as it was.
    public var outputChanged: Bool
    /// The build was asked to stop (`BuildCancellation`) and published nothing.
    package var wasInterrupted = false

    public init(_ diagnostics: [Diagnostic], outputChanged: Bool = false) {
        self.diagnostics = diagnostics
        self.outputChanged = outputChanged
    }

    package static var interrupted: BuildFailure {
        var failure = BuildFailure([])
        failure.wasInterrupted = true
        return failure
    }
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
