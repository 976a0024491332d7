import Foundation

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
    package static func writeTemporary(_ bytes: [UInt8], for path: String) throws -> FileStatus {
        try writeWhole(bytes, to: temporaryPath(for: path), reportedAs: path)
    }

    /// Writes `bytes` to the file `file` (made or emptied first), not atomically, and returns
    /// its status; errors name `path`. A file that could not be written whole is removed.
    /// `file` is looked up in the open folder `folder` when one is given.
    package static func writeWhole(_ bytes: [UInt8], to file: String, in folder: Int32 = AT_FDCWD,
                           reportedAs path: @autoclosure () -> String) throws -> FileStatus {
        let fd = openat(folder, file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FileSystemError(path: path(), reason: String(cString: strerror(errno))) }
        if !writeAll(bytes, to: fd) {
            let reason = String(cString: strerror(errno))
            close(fd)
            unlinkat(folder, file, 0)
            throw FileSystemError(path: path(), reason: reason)
        }
        var info = stat()
        let statResult = fstat(fd, &info)
        let statErrno = errno
        if close(fd) != 0 || statResult != 0 {
            let reason = String(cString: strerror(statResult != 0 ? statErrno : errno))
            unlinkat(folder, file, 0)
            throw FileSystemError(path: path(), reason: reason)
        }
        return FileStatus(info)
    }

    /// Writes what `fill` hands its writer, piece by piece, to the temporary file for `path`,
    /// then renames it into place: for files too large to put together in memory first.
    package static func write(to path: String, streaming fill: (_ write: (UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws {
        let temporary = temporaryPath(for: path)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FileSystemError(path: path, reason: String(cString: strerror(errno))) }
        do {
            try fill { piece in
                guard writeAll(piece, to: fd) else { throw FileSystemError(path: path, reason: String(cString: strerror(errno))) }
            }
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        guard close(fd) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw FileSystemError(path: path, reason: reason)
        }
        try commit(path)
    }

    /// Writes all of `bytes` to the open file `fd`; false (with `errno` set) when it cannot.
    package static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        bytes.withUnsafeBytes { writeAll($0, to: fd) }
    }

    package static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> Bool {
        var done = 0
        while done < bytes.count {
            let count = Glibc.write(fd, bytes.baseAddress! + done, bytes.count - done)
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            if count == 0 {
                errno = EIO
                return false
            }
            done += count
        }
        return true
    }

    /// Moves the temporary file for `path` into place.
    package static func commit(_ path: String) throws {
        let temporary = temporaryPath(for: path)
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw FileSystemError(path: path, reason: reason)
        }
    }

    package static func discard(_ path: String) {
        unlink(temporaryPath(for: path))
    }

    /// Writes and commits in one go.
    @discardableResult
    package static func write(_ bytes: [UInt8], to path: String) throws -> FileStatus {
        let status = try writeTemporary(bytes, for: path)
        try commit(path)
        return status
    }
}
