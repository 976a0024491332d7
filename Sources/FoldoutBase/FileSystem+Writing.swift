import Foundation

extension FileSystem {
    /// Removes `path` with everything in it (a file, a link or a folder), as far as it can;
    /// what cannot be removed stays. Made of the other operations, so every file system has it.
    public func removeTree(_ path: String) {
        if status(path)?.kind == .directory {
            for entry in (try? listDirectory(path)) ?? [] {
                let child = path + "/" + entry.name
                if entry.kind == .directory { removeTree(child) } else { try? removeFile(child) }
            }
            try? removeFolder(path)
        } else {
            try? removeFile(path)
        }
    }

    // MARK: The real disk

    /// Makes or empties the file `file` (looked up in the open folder `folder`, or from the
    /// working folder) and writes `fill`'s pieces to it; its status comes from `fstat` before
    /// it is closed. A file that could not be written whole is removed.
    static func writeLocalFile(_ file: String, in folder: Int32, _ fill: Fill) throws -> FileStatus {
        let fd = openat(folder, file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FileSystemError(path: file, errno: errno) }
        do {
            try fill { piece in
                guard writeAll(piece, to: fd) else { throw FileSystemError(path: file, errno: errno) }
            }
        } catch {
            close(fd)
            unlinkat(folder, file, 0)
            throw error
        }
        var info = stat()
        let statResult = fstat(fd, &info)
        let statErrno = errno
        if close(fd) != 0 || statResult != 0 {
            let error = FileSystemError(path: file, errno: statResult != 0 ? statErrno : errno)
            unlinkat(folder, file, 0)
            throw error
        }
        return FileStatus(info)
    }

    static func appendLocalFile(_ path: String, _ fill: Fill) throws {
        let fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard fd >= 0 else { throw FileSystemError(path: path, errno: errno) }
        defer { close(fd) }
        try fill { piece in
            guard writeAll(piece, to: fd) else { throw FileSystemError(path: path, errno: errno) }
        }
    }

    /// The folder opened once, its files made by name: a path's every folder costs the
    /// kernel a look-up, which adds up eight folders deep in `.foldout-cache/NAME.new`.
    static func openLocalFolder(_ path: String) -> OpenFolder? {
        let descriptor = openat(AT_FDCWD, path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        return OpenFolder(
            path: path,
            writeFile: { name, fill in
                do {
                    return try writeLocalFile(name, in: descriptor, fill)
                } catch let error as FileSystemError {
                    throw FileSystemError(path: path + "/" + name, reason: error.reason)
                }
            }, close: { close(descriptor) })
    }

    /// `flock` on the file, made when missing; released and closed with the value returned.
    /// Without `waiting`, nil at once when another holds it.
    static func lockLocalFile(_ path: String, waiting: Bool = true) -> HeldLock? {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return nil }
        while flock(descriptor, waiting ? LOCK_EX : LOCK_EX | LOCK_NB) != 0 {
            guard errno == EINTR else {
                close(descriptor)
                return nil
            }
        }
        // Removed while this waited (the files of an output folder that is gone are cleaned
        // under their lock): whoever opens the path now gets another file, so lock that one.
        var held = stat(), named = stat()
        guard fstat(descriptor, &held) == 0, stat(path, &named) == 0, held.st_ino == named.st_ino, held.st_dev == named.st_dev else {
            close(descriptor)
            return lockLocalFile(path, waiting: waiting)
        }
        return HeldLock {
            flock(descriptor, LOCK_UN)
            close(descriptor)
        }
    }

    /// Writes all of `bytes` to the open file `fd`; false (with `errno` set) when it cannot.
    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> Bool {
        var done = 0
        while done < bytes.count {
            let count = systemWrite(fd, bytes.baseAddress! + done, bytes.count - done)
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
}

extension FileSystemError {
    /// The error `errno` names, for `path`.
    public init(path: String, errno code: Int32) {
        self.init(path: path, reason: String(cString: strerror(code)))
    }

    /// What a file system that cannot write answers.
    public static func readOnly(_ path: String) -> FileSystemError {
        FileSystemError(path: path, errno: EROFS)
    }

    /// `error` naming `path` instead, when it is a `FileSystemError`: a file written under
    /// another name (a temporary one) is reported by the name the user knows.
    package static func naming(_ path: String, _ error: any Error) -> any Error {
        guard let error = error as? FileSystemError else { return error }
        return FileSystemError(path: path, reason: error.reason)
    }
}

/// `write(2)`, named through its module because `FileSystem` has a `write` of its own.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        return Glibc.write(fd, buffer, count)
    #elseif canImport(Darwin)
        return Darwin.write(fd, buffer, count)
    #endif
}
