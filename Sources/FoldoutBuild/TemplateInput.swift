import FoldoutBase
import FoldoutLoading
import FoldoutRendering

/// The templates a build renders with: the site's folder (`--templates`) or the built-in
/// ones, read at once and compiled on the other core while the content folder loads (compiled
/// after the content had loaded, they kept one core idle).
package struct TemplateInput {
    /// The files read; nil when the folder could not be read (see `problems`).
    package var files: [SourceFile]?
    /// Why the templates could not be read, reported with the other stages' problems.
    package var problems: [Diagnostic]
    package var compiled: Pending<Result<TemplateSet, BuildFailure>>?

    /// Reads the templates `options` name and starts compiling them.
    package static func read(_ options: BuildOptions) -> TemplateInput {
        var files: [SourceFile]?
        var problems: [Diagnostic] = []
        do {
            files =
                try options.templatesPath.map { path throws(BuildFailure) in
                    try TemplateFolder(fileSystem: options.fileSystem, displayName: options.templatesDisplayName).read(path)
                } ?? DefaultTemplates.files
        } catch {
            problems = error.diagnostics
        }
        let displayRoot = options.templatesDisplayName
        let compiled = files.map { files in
            Pending { () -> Result<TemplateSet, BuildFailure> in Result { () throws(BuildFailure) in try TemplateSet(files: files, displayRoot: displayRoot) } }
        }
        return TemplateInput(files: files, problems: problems, compiled: compiled)
    }

    /// The templates once compiled; nil, with the problems added to `diagnostics`, when they
    /// could not be read or compiled.
    package func compiledTemplates(reportingTo diagnostics: inout [Diagnostic]) -> TemplateSet? {
        switch compiled?.wait() {
        case .success(let templates)?: return templates
        case .failure(let error)?:
            diagnostics += error.diagnostics
            return nil
        case nil: return nil
        }
    }
}
