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

    /// The cache of the output folder at `output`: `.foldout-cache/images/` beside it, shared
    /// by the output folders of one parent (each records what it uses, see `recordUse`).
    public static func beside(output: String, fileSystem: FileSystem) -> ImageCache {
        let sidecar = SidecarFile.path(forOutput: output, suffix: "")
        let folder = sidecar[..<(sidecar.lastIndex(of: "/") ?? sidecar.endIndex)]
        return ImageCache(folder: folder + "/images", fileSystem: fileSystem)
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

    /// Records which kept files the output folder named `output` uses, and removes those it
    /// used before that it and every other output folder sharing this cache no longer use
    /// (each folder's list is a file `used-by-NAME` here). Returns how many were removed.
    @discardableResult
    public func recordUse(of used: Set<String>, by output: String) -> Int {
        let listPath = folder + "/used-by-" + output.map { $0 == "/" ? "_" : $0 }
        let before = paths(listedIn: listPath)
        let gone = before.subtracting(used)
        if used.isEmpty {
            try? fileSystem.removeFile(listPath)
        } else {
            try? makeFolders(for: listPath)
            _ = try? AtomicFile.write(Array(used.sorted().joined(separator: "\n").utf8), to: listPath, in: fileSystem)
        }
        guard !gone.isEmpty else { return 0 }
        var stillUsed: Set<String> = []
        for entry in (try? fileSystem.listDirectory(folder)) ?? [] where entry.kind == .file && entry.name.hasPrefix("used-by-") {
            let other = folder + "/" + entry.name
            if other != listPath { stillUsed.formUnion(paths(listedIn: other)) }
        }
        var removed = 0
        for path in gone where !stillUsed.contains(path) && path.hasPrefix(folder + "/") {
            if (try? fileSystem.removeFile(path)) != nil { removed += 1 }
        }
        return removed
    }

    private func paths(listedIn listPath: String) -> Set<String> {
        guard let bytes = try? fileSystem.readFile(listPath) else { return [] }
        return Set(String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init))
    }

    /// Headers of images read by earlier builds, by the digest of their bytes: a build whose
    /// photos did not change reads none of them (`headers` in the folder, a line each: digest,
    /// format, upright width and height, `m` when it carries metadata).
    public func knownHeaders() -> [UInt64: ImageHeader] {
        guard let bytes = try? fileSystem.readFile(folder + "/headers") else { return [:] }
        var headers: [UInt64: ImageHeader] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: " ")
            guard parts.count == 5, let digest = UInt64(parts[0], radix: 16), let format = ImageFormat(rawValue: String(parts[1])),
                  let width = Int(parts[2]), let height = Int(parts[3]) else { continue }
            var header = ImageHeader(format: format, storedWidth: width, storedHeight: height)
            header.carriesMetadata = parts[4] == "m"
            headers[digest] = header
        }
        return headers
    }

    /// Adds `headers` to the known ones.
    public func remember(_ headers: [UInt64: ImageHeader], with known: [UInt64: ImageHeader]) {
        let all = known.merging(headers) { _, new in new }
        let text = all.sorted { $0.key < $1.key }
            .map { "\(String($0.key, radix: 16)) \($0.value.format.rawValue) \($0.value.width) \($0.value.height) \($0.value.carriesMetadata ? "m" : "-")" }
            .joined(separator: "\n")
        try? makeFolders(for: folder + "/headers")
        _ = try? AtomicFile.write(Array(text.utf8), to: folder + "/headers", in: fileSystem)
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
