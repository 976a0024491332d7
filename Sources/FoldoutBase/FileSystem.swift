import Foundation

/// The file system as a value of closures, so most tests run without touching the disk
/// (the idea comes from Saga). `FileSystem.local` is the real one. The write side (output
/// folder, cache and state files, the build lock) goes through it as well as the read side.
public struct FileSystem: Sendable {
    public enum EntryKind: Sendable, Equatable { case file, directory, symbolicLink, other }

    public struct Entry: Sendable, Equatable {
        public var name: String
        public var kind: EntryKind
        /// False when the name on disk is not valid UTF-8 (a Latin-1 name from an old
        /// archive): `name` then shows the bytes that are not as `�` and names no file.
        public var nameIsValidUTF8: Bool
        public init(name: String, kind: EntryKind, nameIsValidUTF8: Bool = true) {
            self.name = name
            self.kind = kind
            self.nameIsValidUTF8 = nameIsValidUTF8
        }
    }

    /// Hands a file's bytes, piece by piece, to the writer it is given.
    public typealias Fill = (_ write: (UnsafeRawBufferPointer) throws -> Void) throws -> Void

    // MARK: Reading

    /// Entries of a directory, unsorted; throws when the directory cannot be read.
    public var listDirectory: @Sendable (_ path: String) throws -> [Entry]
    /// The kind of the thing at `path` after following symbolic links, or nil when nothing is there.
    public var kindOfItem: @Sendable (_ path: String) -> EntryKind?
    /// The whole file's bytes.
    public var readFile: @Sendable (_ path: String) throws -> [UInt8] { didSet { fusedRead = nil; openForReading = nil } }
    /// The canonical path (symbolic links resolved), or nil when it does not exist.
    public var resolvePath: @Sendable (_ path: String) -> String?
    /// What `stat` says of each file `names` in the folder `folder` (links followed); nil
    /// for a file it cannot tell of, which is then read to find out whether it changed.
    public var stamps: @Sendable (_ folder: String, _ names: [String]) -> [FileStamp?] { didSet { fusedRead = nil } }
    /// `readStampedFile` in one go, where the file system has a way (`local`): one look-up of
    /// the path instead of two. Dropped when `readFile` or `stamps` is replaced, so a file
    /// system made of another with either changed reads through them.
    private var fusedRead: (@Sendable (_ path: String) throws -> (bytes: [UInt8], stamp: FileStamp?))?
    /// `openFile` where the file system reads a part of a file without the rest (`local`).
    private var openForReading: (@Sendable (_ path: String) throws -> OpenFile)?

    // MARK: Writing

    /// What `lstat` says of the thing at `path` (a symbolic link is not followed); nil when
    /// nothing is there.
    public var status: @Sendable (_ path: String) -> FileStatus? { didSet { statusEach = nil } }
    /// Makes the file `path`, or empties it, and writes what `fill` hands its writer, in
    /// place (not atomically: see `AtomicFile`); returns its status once written. A file that
    /// could not be written whole is removed. Errors are `FileSystemError`s naming `path`,
    /// or what `fill` threw.
    public var writeFile: @Sendable (_ path: String, _ fill: Fill) throws -> FileStatus { didSet { openForWriting = nil } }
    /// Appends what `fill` hands its writer to the existing file `path`. `fill` is called
    /// once the file is open, so a caller can tell a file it could not open from a failed write.
    public var appendFile: @Sendable (_ path: String, _ fill: Fill) throws -> Void
    /// Moves `source` to `target` in one step, replacing a file or an empty folder there (`rename`).
    public var rename: @Sendable (_ source: String, _ target: String) throws -> Void
    /// Removes the file or symbolic link `path`; succeeds when nothing is there.
    public var removeFile: @Sendable (_ path: String) throws -> Void
    /// Removes the folder `path` if it is empty, and throws otherwise (`rmdir`).
    public var removeFolder: @Sendable (_ path: String) throws -> Void
    /// Makes the folder `path` in an existing folder: true when it made it, false when
    /// something is there already (`mkdir`, with `EEXIST` not an error); throws otherwise.
    public var makeFolder: @Sendable (_ path: String) throws -> Bool
    /// Waits for an exclusive lock on the file `path` (made when missing), held until the
    /// value returned is released; nil when it cannot be taken.
    public var lockFile: @Sendable (_ path: String) -> HeldLock?
    /// `lockFile` without waiting: nil at once when another holds the lock.
    public var lockFileIfFree: @Sendable (_ path: String) -> HeldLock?
    /// `statuses(of:in:)` in one go, where the file system has a way (`local`). Dropped when `status` is replaced.
    private var statusEach: (@Sendable (_ folder: String, _ names: [String]) -> [FileStatus?])?
    /// `openFolder` where the file system makes files in a folder held open (`local`).
    /// Dropped when `writeFile` is replaced.
    private var openForWriting: (@Sendable (_ path: String) -> OpenFolder?)?

    public init(
        listDirectory: @escaping @Sendable (String) throws -> [Entry],
        kindOfItem: @escaping @Sendable (String) -> EntryKind?,
        readFile: @escaping @Sendable (String) throws -> [UInt8],
        resolvePath: @escaping @Sendable (String) -> String?,
        stamps: @escaping @Sendable (String, [String]) -> [FileStamp?] = { _, names in names.map { _ in nil } },
        readStampedFile: (@Sendable (String) throws -> (bytes: [UInt8], stamp: FileStamp?))? = nil,
        openFile: (@Sendable (String) throws -> OpenFile)? = nil,
        status: @escaping @Sendable (String) -> FileStatus? = { _ in nil },
        statuses: (@Sendable (String, [String]) -> [FileStatus?])? = nil,
        writeFile: @escaping @Sendable (String, Fill) throws -> FileStatus = { path, _ in throw FileSystemError.readOnly(path) },
        appendFile: @escaping @Sendable (String, Fill) throws -> Void = { path, _ in throw FileSystemError.readOnly(path) },
        openFolder: (@Sendable (String) -> OpenFolder?)? = nil,
        rename: @escaping @Sendable (String, String) throws -> Void = { source, _ in throw FileSystemError.readOnly(source) },
        removeFile: @escaping @Sendable (String) throws -> Void = { path in throw FileSystemError.readOnly(path) },
        removeFolder: @escaping @Sendable (String) throws -> Void = { path in throw FileSystemError.readOnly(path) },
        makeFolder: @escaping @Sendable (String) throws -> Bool = { path in throw FileSystemError.readOnly(path) },
        lockFile: @escaping @Sendable (String) -> HeldLock? = { _ in nil },
        lockFileIfFree: @escaping @Sendable (String) -> HeldLock? = { _ in nil }
    ) {
        self.listDirectory = listDirectory
        self.kindOfItem = kindOfItem
        self.readFile = readFile
        self.resolvePath = resolvePath
        self.stamps = stamps
        self.fusedRead = readStampedFile
        self.openForReading = openFile
        self.status = status
        self.statusEach = statuses
        self.writeFile = writeFile
        self.appendFile = appendFile
        self.openForWriting = openFolder
        self.rename = rename
        self.removeFile = removeFile
        self.removeFolder = removeFolder
        self.makeFolder = makeFolder
        self.lockFile = lockFile
        self.lockFileIfFree = lockFileIfFree
    }

    /// The whole file's bytes, with what `stamps` says of it, taken before it is read: a
    /// build that reads every file learns both, for one look-up of each path where the file
    /// system reads them in one go.
    public func readStampedFile(_ path: String) throws -> (bytes: [UInt8], stamp: FileStamp?) {
        if let fusedRead { return try fusedRead(path) }
        let slash = path.utf8.lastIndex(of: UInt8(ascii: "/"))
        let folder = slash.map { String(path[..<$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let stamp = stamps(folder, [name]).first ?? nil
        return (try readFile(path), stamp)
    }

    /// The file `path`, open to be read a part at a time; where the file system has no way
    /// to read a part alone, the whole file is read now.
    public func openFile(_ path: String) throws -> OpenFile {
        if let openForReading { return try openForReading(path) }
        let bytes = try readFile(path)
        return OpenFile(size: bytes.count, read: { offset, count in Array(bytes[offset..<(offset + count)]) })
    }

    /// What `status` says of each of `names` in the folder `folder`.
    public func statuses(of names: [String], in folder: String) -> [FileStatus?] {
        if let statusEach { return statusEach(folder, names) }
        return names.map { status(folder + "/" + $0) }
    }

    /// The folder `path`, held open so files are made in it by name; nil where the file
    /// system has no such way or the folder cannot be opened (files are then made by path).
    public func openFolder(_ path: String) -> OpenFolder? {
        openForWriting?(path)
    }
}

extension FileSystem {
    /// The real disk, through POSIX calls: Foundation's FileManager costs several times more
    /// per file on Linux, which shows on catalogs of tens of thousands of items.
    public static let local = FileSystem(
        listDirectory: { path in
            guard let dir = opendir(path) else {
                throw FileSystemError(path: path, reason: String(cString: strerror(errno)))
            }
            defer { closedir(dir) }
            var entries: [Entry] = []
            while let pointer = readdir(dir) {
                let (name, isValid) = withUnsafePointer(to: pointer.pointee.d_name) {
                    $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { bytes in
                        String(validatingCString: bytes).map { ($0, true) } ?? (String(cString: bytes), false)
                    }
                }
                if name == "." || name == ".." { continue }
                let kind: EntryKind
                switch Int32(pointer.pointee.d_type) {
                case Int32(DT_REG): kind = .file
                case Int32(DT_DIR): kind = .directory
                case Int32(DT_LNK): kind = .symbolicLink
                default: kind = Self.lstatKind(path + "/" + name)
                }
                entries.append(Entry(name: name, kind: kind, nameIsValidUTF8: isValid))
            }
            return entries
        },
        kindOfItem: { path in
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            return Self.kind(of: info.st_mode)
        },
        readFile: { path in try readWithStatus(path).bytes },
        resolvePath: { path in
            guard let resolved = realpath(path, nil) else { return nil }
            defer { free(resolved) }
            return String(cString: resolved)
        },
        stamps: { folder, names in
            statEach(names, in: folder, followingLinks: true).map { $0.flatMap(stamp(of:)) }
        },
        readStampedFile: { path in
            let (bytes, info) = try readWithStatus(path)
            return (bytes, stamp(of: info))
        },
        openFile: { path in try openLocalFile(path) },
        status: { path in FileStatus(path) },
        statuses: { folder, names in statEach(names, in: folder, followingLinks: false).map { $0.map(FileStatus.init) } },
        writeFile: { path, fill in try writeLocalFile(path, in: AT_FDCWD, fill) },
        appendFile: { path, fill in try appendLocalFile(path, fill) },
        openFolder: { path in openLocalFolder(path) },
        rename: { source, target in
            #if canImport(Glibc)
                let renamed = Glibc.rename(source, target)
            #elseif canImport(Darwin)
                let renamed = Darwin.rename(source, target)
            #endif
            guard renamed == 0 else { throw FileSystemError(path: source, errno: errno) }
        },
        removeFile: { path in
            guard unlink(path) == 0 || errno == ENOENT else { throw FileSystemError(path: path, errno: errno) }
        },
        removeFolder: { path in
            guard rmdir(path) == 0 else { throw FileSystemError(path: path, errno: errno) }
        },
        makeFolder: { path in
            if mkdir(path, 0o755) == 0 { return true }
            guard errno == EEXIST else { throw FileSystemError(path: path, errno: errno) }
            return false
        },
        lockFile: { path in lockLocalFile(path) },
        lockFileIfFree: { path in lockLocalFile(path, waiting: false) }
    )

    /// The file open for reading parts of it with `pread`, its size from `fstat`.
    private static func openLocalFile(_ path: String) throws -> OpenFile {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileSystemError(path: path, errno: errno) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let error = FileSystemError(path: path, errno: errno)
            close(descriptor)
            throw error
        }
        return OpenFile(
            size: Int(info.st_size),
            read: { offset, count in
                var failed = false
                let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                    var done = 0
                    while done < count {
                        let got = pread(descriptor, buffer.baseAddress! + done, count - done, off_t(offset + done))
                        if got < 0, errno == EINTR { continue }
                        if got <= 0 { failed = true; break }
                        done += got
                    }
                    initialized = done
                }
                return failed ? nil : bytes
            }, close: { close(descriptor) })
    }

    /// The stamp `stat` gives `info`; nil for anything but a regular file.
    private static func stamp(of info: stat) -> FileStamp? {
        guard info.st_mode & S_IFMT == S_IFREG else { return nil }
        #if canImport(Darwin)
            let (modified, changed) = (info.st_mtimespec, info.st_ctimespec)
        #else
            let (modified, changed) = (info.st_mtim, info.st_ctim)
        #endif
        return FileStamp(
            size: Int(info.st_size), modified: Int64(modified.tv_sec) * 1_000_000_000 + Int64(modified.tv_nsec),
            changed: Int64(changed.tv_sec) * 1_000_000_000 + Int64(changed.tv_nsec),
            inode: UInt64(info.st_ino), device: UInt64(info.st_dev))
    }

    /// The file's bytes, and what `fstat` said of it once it was open (before it was read).
    private static func readWithStatus(_ path: String) throws -> (bytes: [UInt8], status: stat) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileSystemError(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileSystemError(path: path, reason: String(cString: strerror(errno))) }
        // Not zero-filled first: on tens of thousands of files that shows.
        let size = Int(info.st_size)
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            var done = 0
            while done < size {
                let count = read(fd, buffer.baseAddress! + done, size - done)
                if count < 0 { failure = errno; break }
                if count == 0 { break }
                done += count
            }
            initialized = done
        }
        if failure != 0 { throw FileSystemError(path: path, reason: String(cString: strerror(failure))) }
        return (bytes, info)
    }

    /// `stat` (or `lstat`) of each of `names` in `folder`, nil where it fails. The folder is
    /// opened once and each name looked up in it: a path's every folder costs a lookup, and
    /// with many files in few folders those lookups would be most of the cost.
    package static func statEach(_ names: [String], in folder: String, followingLinks: Bool) -> [stat?] {
        let descriptor = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return names.map { _ in nil } }
        defer { close(descriptor) }
        return names.map { name in
            var info = stat()
            return fstatat(descriptor, name, &info, followingLinks ? 0 : AT_SYMLINK_NOFOLLOW) == 0 ? info : nil
        }
    }

    private static func lstatKind(_ path: String) -> EntryKind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .other }
        return kind(of: info.st_mode)
    }

    private static func kind(of mode: mode_t) -> EntryKind {
        switch mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
    }

    /// An in-memory tree, for tests: keys are paths (`/site/Content/a.md`), values the text.
    public static func memory(_ files: [String: String]) -> FileSystem {
        memory(bytes: files.mapValues { Array($0.utf8) })
    }

    /// An in-memory tree of raw bytes, for files that are not valid UTF-8 text.
    public static func memory(bytes table: [String: [UInt8]]) -> FileSystem {
        var directories: Set<String> = ["/"]
        for path in table.keys {
            var parts = path.split(separator: "/").dropLast()
            while !parts.isEmpty {
                directories.insert("/" + parts.joined(separator: "/"))
                parts = parts.dropLast()
            }
        }
        let knownDirectories = directories
        @Sendable func normalized(_ path: String) -> String {
            "/" + path.split(separator: "/").joined(separator: "/")
        }
        return FileSystem(
            listDirectory: { path in
                let base = normalized(path)
                guard knownDirectories.contains(base) else { throw FileSystemError(path: path, reason: "No such file or directory") }
                let prefix = base == "/" ? "/" : base + "/"
                var names: [String: EntryKind] = [:]
                for file in table.keys where file.hasPrefix(prefix) {
                    let rest = file.dropFirst(prefix.count)
                    if let slash = rest.firstIndex(of: "/") {
                        names[String(rest[..<slash])] = .directory
                    } else {
                        names[String(rest)] = .file
                    }
                }
                return names.map { Entry(name: $0.key, kind: $0.value) }
            },
            kindOfItem: { path in
                let key = normalized(path)
                if table[key] != nil { return .file }
                return knownDirectories.contains(key) ? .directory : nil
            },
            readFile: { path in
                guard let bytes = table[normalized(path)] else { throw FileSystemError(path: path, reason: "No such file or directory") }
                return bytes
            },
            resolvePath: { path in
                let key = normalized(path)
                return table[key] != nil || knownDirectories.contains(key) ? key : nil
            }
        )
    }
}
