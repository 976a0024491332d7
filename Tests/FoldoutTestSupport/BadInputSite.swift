import Foundation
import Testing
import FoldoutBase
import FoldoutMarkdown
import FoldoutRendering
import FoldoutBuild

/// A site for the bad-input tests: content files under `Content/`, the built-in templates
/// unless others are given, built in memory or on disk.
package struct BadInputSite {
    package var content: [String: [UInt8]]
    /// Replacement templates by path under `Templates/`; nil uses the built-in ones.
    package var templates: [String: String]?
    package var strict = false

    package init(_ content: [String: String], templates: [String: String]? = nil, strict: Bool = false) {
        self.content = content.mapValues { Array($0.utf8) }
        self.templates = templates
        self.strict = strict
    }

    package init(bytes content: [String: [UInt8]]) {
        self.content = content
    }

    package var options: BuildOptions {
        var files: [String: [UInt8]] = [:]
        for (path, bytes) in content { files["/site/Content/" + path] = bytes }
        for (path, text) in templates ?? [:] { files["/site/Templates/" + path] = Array(text.utf8) }
        if content.isEmpty { files["/site/.keep"] = [] }
        return BuildOptions(contentPath: "/site/Content", templatesPath: templates == nil ? nil : "/site/Templates",
                            outputPath: "/site/Output", strict: strict, contentDisplayName: "Content",
                            templatesDisplayName: templates == nil ? nil : "Templates", fileSystem: .memory(bytes: files))
    }

    package func build() -> Result<Builder.Report, BuildFailure> {
        Result { () throws(BuildFailure) in try Builder(options: options).makeSnapshot() }
    }

    /// Every problem the build reported, whether it failed or not.
    package func diagnostics() -> [Diagnostic] {
        switch build() {
        case .success(let report): return report.warnings
        case .failure(let failure): return failure.diagnostics
        }
    }

    package func errors() -> [Diagnostic] { diagnostics().filter { $0.severity == .error } }
    package func warnings() -> [Diagnostic] { diagnostics().filter { $0.severity == .warning } }

    /// The snapshot of a build that must succeed.
    package func snapshot(sourceLocation: SourceLocation = #_sourceLocation) throws -> OutputSnapshot {
        switch build() {
        case .success(let report): return report.snapshot
        case .failure(let failure):
            Issue.record("build failed:\n\(failure)", sourceLocation: sourceLocation)
            throw failure
        }
    }
}
