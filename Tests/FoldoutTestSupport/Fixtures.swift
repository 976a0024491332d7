import FoldoutBase
import FoldoutBuild
import FoldoutMarkdown
import FoldoutModel
import FoldoutOutput
import FoldoutRendering
import Foundation

/// A folder under the system's temporary directory, removed when the value goes away.
package final class TemporaryFolder {
    package let url: URL
    package var path: String { url.path }

    package init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("foldout-tests-" + UUID().uuidString, isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes text files, creating folders as needed; keys are paths relative to this folder.
    package func write(_ files: [String: String]) throws {
        for (path, text) in files { try write(path, bytes: Array(text.utf8)) }
    }

    package func write(_ path: String, bytes: [UInt8]) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
    }

    package func text(_ path: String) throws -> String {
        try String(contentsOf: url.appendingPathComponent(path), encoding: .utf8)
    }

    package func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: url.appendingPathComponent(path).path)
    }

    package func write(_ relative: String, _ text: String) throws {
        try write(relative, bytes: Array(text.utf8))
    }

    package func symlink(_ relative: String, to destination: String) throws {
        let link = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: destination)
    }

    /// Every file below `relative` with its bytes, to compare a folder before and after.
    package func contents(of relative: String) -> [String: Data] {
        let root = path + "/" + relative
        var result: [String: Data] = [:]
        for sub in (try? FileManager.default.subpathsOfDirectory(atPath: root)) ?? [] {
            var isDirectory: ObjCBool = false
            let full = root + "/" + sub
            if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue {
                result[sub] = FileManager.default.contents(atPath: full)
            }
        }
        return result
    }
}

/// Sites on disk and templates for tests (a site in memory is a `MemorySite`).
package enum Fixture {
    /// Builds `content` (a folder on disk) into `output` with the built-in templates, or
    /// with the templates folder `templates`.
    @discardableResult
    package static func build(
        content: String, output: String, templates: String? = nil,
        includeDrafts: Bool = false
    ) throws(BuildFailure) -> Builder.Report {
        let options = BuildOptions(
            contentPath: content, templatesPath: templates, outputPath: output,
            includeDrafts: includeDrafts)
        return try Builder(options: options).build().report
    }

    /// The default templates as text, keyed by their path in `Templates/`, for tests that
    /// change one of them.
    package static var defaultTemplates: [String: String] {
        var files: [String: String] = [:]
        for file in DefaultTemplates.files { files[file.path] = String(decoding: file.bytes, as: UTF8.self) }
        return files
    }

    /// The default templates with some files replaced (or removed, with nil).
    package static func defaultTemplates(changing changes: [String: String?]) -> [String: String] {
        var templates = defaultTemplates
        for (path, text) in changes { templates[path] = text }
        return templates
    }

    /// Every regular file under `root`, as sorted paths relative to it, but the output
    /// manifest (Foldout's record of what it wrote, with modification times, not site content).
    package static func files(under root: URL) throws -> [String] {
        let base = root.standardizedFileURL.path
        guard let enumerator = FileManager.default.enumerator(atPath: base) else { return [] }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if relative == OutputManifest.fileName { continue }
            if FileManager.default.fileExists(atPath: base + "/" + relative, isDirectory: &isDirectory), !isDirectory.boolValue {
                files.append(relative)
            }
        }
        return files.sorted()
    }

    /// The package's root folder (the one holding Package.swift), found from this file's path.
    package static func packageRoot(file: String = #filePath) -> URL {
        var url = URL(fileURLWithPath: file)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return url
    }
}

extension Site {
    /// The catalog with the given id (its top-level folder's slug).
    package func catalog(_ id: String) -> Catalog? { catalogs.first { $0.id == id } }
}

extension Group {
    /// Titles of the direct entries, in order.
    package var entryTitles: [String] {
        entries.map { entry in
            switch entry {
            case .group(let group): return group.title
            case .item(let item): return item.title
            }
        }
    }

    /// The direct child group with `title`.
    package func group(_ title: String) -> Group? {
        for case .group(let group) in entries where group.title == title { return group }
        return nil
    }
}
