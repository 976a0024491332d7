/// Writing a file so that a reader (a browser, a web server) never sees half of it: the
/// bytes go to a temporary file, which is then renamed over the target in one step. By
/// default the temporary is hidden beside the target, which suits Foldout's own folder
/// (`.foldout-cache`); a file a server publishes is written `via` a temporary path outside
/// the published folder (on the same file system), so no temporary is ever visible there.
package enum AtomicFile {
    /// The temporary name for `path`: hidden, beside it, recognisable as Foldout's.
    package static func temporaryPath(for path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." + path + temporarySuffix }
        return String(path[...slash]) + "." + String(path[path.index(after: slash)...]) + temporarySuffix
    }

    package static let temporarySuffix = ".foldout-tmp"

    /// Writes what `fill` hands its writer, piece by piece, to the temporary file for `path`,
    /// then renames it into place: for files too large to put together in memory first.
    package static func write(to path: String, in fileSystem: FileSystem, streaming fill: FileSystem.Fill) throws {
        let temporary = temporaryPath(for: path)
        do {
            _ = try fileSystem.writeFile(temporary, fill)
        } catch {
            throw FileSystemError.naming(path, error)
        }
        try commit(temporary, to: path, in: fileSystem)
    }

    /// Writes `bytes` to `temporary` (by default hidden beside `path`) and renames it over
    /// `path`; returns the file's status, which the rename keeps. A failure leaves `path` as
    /// it was and no temporary behind, and names `path`.
    @discardableResult
    package static func write(
        _ bytes: [UInt8], to path: String, via temporary: String? = nil,
        in fileSystem: FileSystem
    ) throws -> FileStatus {
        let temporary = temporary ?? temporaryPath(for: path)
        let status: FileStatus
        do {
            status = try fileSystem.writeFile(temporary) { write in try bytes.withUnsafeBytes(write) }
        } catch {
            throw FileSystemError.naming(path, error)
        }
        try commit(temporary, to: path, in: fileSystem)
        return status
    }

    /// Moves `temporary` over `path`, or removes it and throws naming `path`.
    private static func commit(_ temporary: String, to path: String, in fileSystem: FileSystem) throws {
        do {
            try fileSystem.rename(temporary, path)
        } catch {
            try? fileSystem.removeFile(temporary)
            throw FileSystemError.naming(path, error)
        }
    }
}
