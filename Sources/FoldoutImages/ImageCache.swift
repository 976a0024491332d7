import FoldoutBase

/// Made images kept across builds, one file each, named by the digest of the source's bytes
/// and the operation (`ImageOperation.key`): a build whose photos did not change decodes
/// nothing, a clean `Output/` is filled again by copying, and a changed photo gets new names.
/// Lives in `.foldout-cache/images/` beside the output folder.
public struct ImageCache: Sendable {
    public var folder: String
    public var fileSystem: FileSystem

    public init(folder: String, fileSystem: FileSystem) {
        self.folder = folder
        self.fileSystem = fileSystem
    }

    /// Where the result of `key` is kept, in one of 256 sub-folders so none grows huge.
    public func path(of key: UInt64, format: ImageFormat) -> String {
        let hex = String(key, radix: 16)
        let name = String(repeating: "0", count: 16 - hex.count) + hex
        return folder + "/" + name.prefix(2) + "/" + name + "." + format.fileExtension
    }

    /// The kept file for `key`, if there is one.
    public func lookup(_ key: UInt64, format: ImageFormat) -> String? {
        let path = path(of: key, format: format)
        return fileSystem.status(path) != nil ? path : nil
    }

    /// Keeps `bytes` as the result of `key` (written whole or not at all) and returns its path.
    public func store(_ bytes: [UInt8], for key: UInt64, format: ImageFormat) throws -> String {
        let path = path(of: key, format: format)
        try makeFolders(for: path)
        _ = try AtomicFile.write(bytes, to: path, in: fileSystem)
        return path
    }

    /// Removes every kept file not named in `used` (paths from `path(of:format:)`): what no
    /// page shows any more. Returns how many were removed.
    @discardableResult
    public func prune(keeping used: Set<String>) -> Int {
        guard let groups = try? fileSystem.listDirectory(folder) else { return 0 }
        var removed = 0
        for group in groups where group.kind == .directory {
            let groupPath = folder + "/" + group.name
            for entry in (try? fileSystem.listDirectory(groupPath)) ?? [] where entry.kind == .file {
                let path = groupPath + "/" + entry.name
                if !used.contains(path), (try? fileSystem.removeFile(path)) != nil { removed += 1 }
            }
            try? fileSystem.removeFolder(groupPath)
        }
        return removed
    }

    private func makeFolders(for path: String) throws {
        var current: String? = path.hasPrefix("/") ? "" : nil
        for part in path.split(separator: "/").dropLast() {
            let folder = current.map { $0 + "/" + part } ?? String(part)
            current = folder
            if fileSystem.kindOfItem(folder) != .directory { _ = try fileSystem.makeFolder(folder) }
        }
    }
}
