import FoldoutBase
import Foundation

extension Routes {
    /// The image file that `link`, written in `source`, most likely means when it names no
    /// file: the one whose path matches without case, or without case and extension
    /// (`pickles.jpeg` for `Pickles.jpg`), written as `link` is, with the file's own name.
    package func imageWithoutCase(ofLink link: String, inSource source: String) -> String? {
        let folder = source.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(source[..<$0]) } ?? ""
        guard let resolved = OutputPath.resolve(OutputPath.percentDecode(link), inFolder: folder),
            targets[resolved] == nil,
            let file = imagesWithoutCase.file(ImagesWithoutCase.key(resolved), sources: { targets.keys })
        else { return nil }
        let name = file.split(separator: "/").last.map(String.init) ?? file
        let written = link.split(separator: "/", omittingEmptySubsequences: false)
        return (written.dropLast().map(String.init) + [name]).joined(separator: "/")
    }
}

/// Image files by their path in lower case without extension, made the first time a name
/// misses (a build whose images are all found never makes it), then shared.
final class ImagesWithoutCase: @unchecked Sendable {
    private let lock = NSLock()
    private var files: [String: String]?

    static let extensions: Set<String> = ["png", "jpg", "jpeg", "gif", "webp", "avif", "svg", "heic", "heif", "tif", "tiff"]

    /// `Pets/Pickles.JPG` → `pets/pickles`; nil for a name that is no image's.
    static func key(_ path: String) -> String? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/"),
            extensions.contains(path[path.index(after: dot)...].lowercased())
        else { return nil }
        return path[..<dot].lowercased()
    }

    func file(_ key: String?, sources: () -> Dictionary<String, Routes.Target>.Keys) -> String? {
        guard let key else { return nil }
        return lock.withLock {
            if files == nil {
                var table: [String: String] = [:]
                for source in sources() {
                    guard let found = Self.key(source) else { continue }
                    // The least path where two share a key, so the answer does not depend on order.
                    if table[found].map({ source < $0 }) ?? true { table[found] = source }
                }
                files = table
            }
            return files![key]
        }
    }
}
