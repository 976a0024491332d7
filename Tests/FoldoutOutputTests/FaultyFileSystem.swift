import FoldoutBase
import FoldoutTestSupport
import Foundation

/// A view of a `MemoryFileSystem` whose changes (writes, renames, removals, new folders) are
/// counted, and which can be made to fail: `kill(at:)` stops the "process" at its Nth change,
/// as SIGKILL would (a file being written is left half written, that call and every later
/// change are refused, so nothing can be cleaned up); `fail` makes chosen changes fail with an
/// error number, as a full disk or a read-only folder would, the rest going on as usual.
final class FaultyFileSystem: @unchecked Sendable {
    /// What a killed process does no more.
    struct Killed: Error {}

    enum Change: String { case write, append, rename, removeFile, removeFolder, makeFolder }

    let memory: MemoryFileSystem
    private let lock = NSLock()
    private var count = 0
    private var killAt = Int.max
    /// The error number a change fails with (given its kind, its path and, for a rename, its
    /// target), or nil for a change that goes ahead.
    var fail: @Sendable (_ change: Change, _ path: String, _ target: String?) -> Int32? = { _, _, _ in nil }

    init(_ memory: MemoryFileSystem) {
        self.memory = memory
    }

    /// Changes made (or refused) so far.
    var changes: Int { lock.withLock { count } }
    var isDead: Bool { lock.withLock { count >= killAt } }

    /// Dies at the `change`th change from now.
    func kill(at change: Int) {
        lock.withLock { killAt = count + change }
    }

    /// Counts a change; throws when the process is dead or the change is to fail. `dies` is
    /// set when this very change is the one the process dies at.
    private func check(_ change: Change, _ path: String, _ target: String? = nil) throws -> Bool {
        let dies = try lock.withLock { () -> Bool in
            if count >= killAt { throw Killed() }
            count += 1
            return count == killAt
        }
        if dies { return true }
        if let code = fail(change, path, target) { throw FileSystemError(path: path, errno: code) }
        return false
    }

    var fileSystem: FileSystem {
        let inner = memory.fileSystem
        var view = inner
        view.writeFile = { path, fill in
            if try self.check(.write, path) {
                // Killed while writing: half the bytes reached the file.
                var bytes: [UInt8] = []
                try? fill { bytes.append(contentsOf: $0) }
                _ = try? inner.writeFile(path) { write in try Array(bytes.prefix(bytes.count / 2)).withUnsafeBytes(write) }
                throw Killed()
            }
            return try inner.writeFile(path, fill)
        }
        view.appendFile = { path, fill in
            if try self.check(.append, path) { throw Killed() }
            try inner.appendFile(path, fill)
        }
        view.rename = { source, target in
            if try self.check(.rename, source, target) { throw Killed() }
            try inner.rename(source, target)
        }
        view.removeFile = { path in
            if try self.check(.removeFile, path) { throw Killed() }
            try inner.removeFile(path)
        }
        view.removeFolder = { path in
            if try self.check(.removeFolder, path) { throw Killed() }
            try inner.removeFolder(path)
        }
        view.makeFolder = { path in
            if try self.check(.makeFolder, path) { throw Killed() }
            return try inner.makeFolder(path)
        }
        return view
    }
}
