import FoldoutBase
import FoldoutIncremental
import FoldoutModel
import FoldoutPresentation

/// What `foldout fields CATALOG` prints: the catalog's field declaration as the YAML of its
/// `_index.md`, declared or (where it declares none) inferred from its items, ready to
/// paste. Pasted in place of an older `fields:` list, the site builds the same.
package struct FieldsReport {
    package var options: BuildOptions

    package init(options: BuildOptions) {
        self.options = options
    }

    /// The catalog `name` names: its folder's name or slug, or its path with or without the
    /// content folder in front (`pets`, `Content/pets/`).
    package func text(forCatalog name: String) throws(BuildFailure) -> (text: String, warnings: [Diagnostic]) {
        var clock = StageClock()
        let templates = TemplateInput.read(options)
        var inputs = try InputReader(options: options).read(templateFiles: templates.files, clock: &clock, known: { nil })
        let modeled = try Pipeline(options: options).model(&inputs.content, templates: templates)
        var wanted = name
        while wanted.hasSuffix("/") { wanted.removeLast() }
        let folderName = options.contentPath.split(separator: "/").last.map(String.init) ?? options.contentPath
        for prefix in ["./", options.contentPath + "/", options.contentDisplayName + "/", folderName + "/"] where wanted.hasPrefix(prefix) {
            wanted.removeFirst(prefix.count)
        }
        let catalogs = modeled.site.catalogs
        guard
            let catalog = catalogs.first(where: { $0.sourcePath == wanted || $0.id == wanted })
                ?? catalogs.first(where: { $0.sourcePath.lowercased() == wanted.lowercased() || $0.id == Slug.make(wanted) })
        else {
            let known = catalogs.map(\.sourcePath).joined(separator: ", ")
            throw BuildFailure([
                .error(
                    options.contentDisplayName + "/" + wanted, "is not a catalog of the site",
                    hint: catalogs.isEmpty
                        ? "a catalog is a folder directly in the content folder"
                        : "the catalogs are \(known)")
            ])
        }
        let presentation = modeled.presentation[catalog.id] ?? .standard
        let declaration = presentation.declaration
        let indexPath = options.contentDisplayName + "/" + catalog.sourcePath + "/_index.md"
        var lines: [String] = []
        if declaration.isDeclared {
            lines.append("# The fields \(indexPath) declares.")
        } else {
            let count = catalog.entryCount
            lines.append("# The fields of \(catalog.title), inferred from its \(count) item\(count == 1 ? "" : "s").")
            lines.append(
                "# Paste them into the front matter of \(indexPath)"
                    + (catalog.field("fields") != nil ? ", in place of its `fields:`" : "") + ",")
            lines.append("# then check each type and where it shows (docs/content.md, “Declared fields”).")
        }
        return (lines.joined(separator: "\n") + "\n" + declaration.yaml, modeled.warnings)
    }
}
