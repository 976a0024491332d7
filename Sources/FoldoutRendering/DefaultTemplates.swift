import FoldoutBase
import Foundation

/// The templates from the repository's `Templates/` folder, compiled into the program by
/// the EmbedTemplates build plugin, so `foldout build` works from any directory.
package enum DefaultTemplates {
    package static var files: [TemplateSet.File] {
        encodedFiles.map { TemplateSet.File(path: $0.path, bytes: Array(Data(base64Encoded: $0.base64) ?? Data())) }
    }

    package static let displayRoot = BuildOptions.builtInTemplatesName
}
