import FoldoutBase

/// The templates folder a site brings (`--templates DIR`), read whole: templates, partials
/// and the assets they ship, each by its path in the folder.
package struct TemplateFolder {
    package var fileSystem: FileSystem
    /// How messages name the folder.
    package var displayName: String

    package init(fileSystem: FileSystem, displayName: String) {
        self.fileSystem = fileSystem
        self.displayName = displayName
    }

    /// Every file below `path` (not hidden ones, at most eight folders deep), by path relative to it.
    package func read(_ path: String) throws(BuildFailure) -> [SourceFile] {
        guard fileSystem.kindOfItem(path) == .directory else {
            throw BuildFailure([
                .error(
                    displayName, "templates folder not found",
                    hint: "pass --templates DIR, or leave it out to use the built-in templates")
            ])
        }
        var files: [SourceFile] = []
        var failures: [Diagnostic] = []
        func walk(_ absolute: String, _ relative: String, depth: Int) {
            guard depth < 8, let entries = try? fileSystem.listDirectory(absolute) else { return }
            for entry in entries where !entry.name.hasPrefix(".") {
                let childAbsolute = absolute + "/" + entry.name
                let childRelative = relative.isEmpty ? entry.name : relative + "/" + entry.name
                switch entry.kind == .symbolicLink ? fileSystem.kindOfItem(childAbsolute) : entry.kind {
                case .directory?: walk(childAbsolute, childRelative, depth: depth + 1)
                case .file?:
                    do {
                        files.append(.init(path: childRelative, bytes: try fileSystem.readFile(childAbsolute)))
                    } catch {
                        failures.append(.error(displayName + "/" + childRelative, "cannot read template: \(error)"))
                    }
                default: continue
                }
            }
        }
        walk(path, "", depth: 0)
        if !failures.isEmpty { throw BuildFailure(failures) }
        return files
    }
}
