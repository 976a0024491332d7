import Foundation
import PackagePlugin

/// Embeds the repository's `Templates/` folder into FoldoutRendering as Swift source, so the
/// `foldout` binary carries the default templates and works from any directory.
@main
struct EmbedTemplates: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let templates = context.package.directoryURL.appending(path: "Templates")
        let output = context.pluginWorkDirectoryURL.appending(path: "DefaultTemplates+Files.swift")
        var inputs: [URL] = []
        if let walker = FileManager.default.enumerator(at: templates, includingPropertiesForKeys: nil) {
            for case let url as URL in walker where !url.hasDirectoryPath {
                inputs.append(url)
            }
        }
        return [
            .buildCommand(
                displayName: "Embedding default templates",
                executable: try context.tool(named: "EmbedTemplatesTool").url,
                arguments: [templates.path, output.path],
                inputFiles: inputs.sorted { $0.path < $1.path },
                outputFiles: [output]
            )
        ]
    }
}
