import Foundation

/// What `lstat` says about a path: its kind (links are not followed), size and modification time.
public struct FileStatus: Sendable, Equatable {
    public var kind: FileSystem.EntryKind
    public var size: Int
    public var modified: Int64

    public init(kind: FileSystem.EntryKind, size: Int, modified: Int64) {
        self.kind = kind
        self.size = size
        self.modified = modified
    }

    package init?(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    package init(_ info: stat) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .file
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symbolicLink
        default: kind = .other
        }
        size = Int(info.st_size)
        #if canImport(Darwin)
            let time = info.st_mtimespec
        #else
            let time = info.st_mtim
        #endif
        modified = Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
