import Foundation

/// What `stat` says of a file: when it is what it was when the file was read, so are the
/// file's bytes, as git's index assumes, unless the file was changed within the clock's
/// resolution of that reading (see `isRecent`). Inode and change time catch a file replaced
/// by another, or written with its old modification time put back.
public struct FileStamp: Sendable, Equatable {
    public var size: Int
    /// Modification and status change times, in nanoseconds since 1970.
    public var modified: Int64
    public var changed: Int64
    public var inode: UInt64
    public var device: UInt64

    public init(size: Int, modified: Int64, changed: Int64, inode: UInt64, device: UInt64) {
        self.size = size
        self.modified = modified
        self.changed = changed
        self.inode = inode
        self.device = device
    }

    /// Whether the file changed so shortly before `now` (nanoseconds since 1970) that a
    /// change made after it was read could carry the same times: file systems keep times
    /// in steps of up to two seconds (FAT), and Linux takes them from a clock that lags by
    /// up to a few milliseconds. Such a file is read again next time, whatever its stamp.
    public func isRecent(now: Int64) -> Bool {
        max(modified, changed) >= now - 2_000_000_000
    }

    /// The current time as file times count it, in nanoseconds since 1970.
    public static var now: Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
