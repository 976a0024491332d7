/// Writing a file so that a reader (a browser, a web server) never sees half of it: the
/// bytes go to a hidden temporary file in the same folder, which is then renamed over the
/// target in one step.
package enum AtomicFile {
    /// The temporary name for `path`: hidden, beside it, recognisable as Foldout's.
    package static func temporaryPath(for path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." + path + temporarySuffix }
        return String(path[...slash]) + "." + String(path[path.index(after: slash)...]) + temporarySuffix
    }

    package static let temporarySuffix = ".foldout-tmp"

    /// Writes `bytes` to the temporary file for `path` and returns its status (size and
    /// modification time, which the rename keeps).
    package static func writeTemporary(_ bytes: [UInt8], for path: String, in fileSystem: FileSystem) throws -> FileStatus {
        do {
            return try fileSystem.writeFile(temporaryPath(for: path)) { write in try bytes.withUnsafeBytes(write) }
        } catch {
            throw FileSystemError.naming(path, error)
        }
    }

    /// Writes what `fill` hands its writer, piece by piece, to the temporary file for `path`,
    /// then renames it into place: for files too large to put together in memory first.
    package static func write(to path: String, in fileSystem: FileSystem, streaming fill: FileSystem.Fill) throws {
        do {
            _ = try fileSystem.writeFile(temporaryPath(for: path), fill)
        } catch {
            throw FileSystemError.naming(path, error)
        }
        try commit(path, in: fileSystem)
    }

    /// Moves the temporary file for `path` into place.
    package static func commit(_ path: String, in fileSystem: FileSystem) throws {
        let temporary = temporaryPath(for: path)
        do {
            try fileSystem.rename(temporary, path)
        } catch {
            try? fileSystem.removeFile(temporary)
            throw FileSystemError.naming(path, error)
        }
    }

    package static func discard(_ path: String, in fileSystem: FileSystem) {
        try? fileSystem.removeFile(temporaryPath(for: path))
    }

    /// Writes and commits in one go.
    @discardableResult
    package static func write(_ bytes: [UInt8], to path: String, in fileSystem: FileSystem) throws -> FileStatus {
        let status = try writeTemporary(bytes, for: path, in: fileSystem)
        try commit(path, in: fileSystem)
        return status
    }
}
