import FoldoutTestSupport
import Foundation
import Testing

@testable import FoldoutBase

/// The write side of `FileSystem.local` and the tests' `MemoryFileSystem` answer alike where
/// Foldout depends on the answer, since the one in memory stands in for the disk in most tests.
@Suite struct FileSystemWritingTests {
    /// The same steps on `fileSystem`, in the folder `root`, and what each gave, as text.
    private func steps(_ fileSystem: FileSystem, root: String) -> [String] {
        func outcome(_ body: () throws -> Any) -> String {
            do { return "\(try body())" } catch { return "error" }
        }
        func write(_ text: String) -> FileSystem.Fill { { write in try Array(text.utf8).withUnsafeBytes(write) } }
        let fs = fileSystem
        return [
            outcome { try fs.makeFolder(root + "/a") },
            outcome { try fs.makeFolder(root + "/a") },
            outcome { try fs.makeFolder(root + "/x/y") },
            outcome { try fs.writeFile(root + "/a/f", write("hello")).size },
            outcome { try fs.makeFolder(root + "/a/f") },
            outcome { try fs.writeFile(root + "/a/f/g", write("")) },
            outcome { try fs.appendFile(root + "/a/f", write(" world")) },
            outcome { String(decoding: try fs.readFile(root + "/a/f"), as: UTF8.self) },
            outcome { try fs.appendFile(root + "/a/missing", write("")) },
            outcome { try fs.writeFile(root + "/a/" + String(repeating: "n", count: 300), write("")) },
            outcome { try fs.removeFolder(root + "/a") },
            outcome { try fs.makeFolder(root + "/b") },
            outcome { try fs.writeFile(root + "/b/g", write("")).size },
            outcome { try fs.rename(root + "/a", root + "/b") },
            outcome { try fs.rename(root + "/a/f", root + "/b") },
            outcome { try fs.removeFile(root + "/b/g") },
            outcome { try fs.rename(root + "/a", root + "/b") },
            outcome { fs.status(root + "/a") == nil },
            outcome { fs.status(root + "/b")?.kind as Any },
            outcome { fs.statuses(of: ["f", "none"], in: root + "/b").map { $0.map { "\($0.kind) \($0.size)" } } },
            outcome { try fs.removeFile(root + "/b/none") },
            outcome { try fs.removeFile(root + "/b") },
            outcome { try fs.openFile(root + "/b/f").bytes(at: 6, count: 5).map { String(decoding: $0, as: UTF8.self) } as Any },
            outcome { try fs.openFile(root + "/b/f").bytes(at: 6, count: 6) as Any },
            outcome { fs.lockFile(root + "/lock") != nil },
            outcome { fs.status(root + "/lock").map { "\($0.kind) \($0.size)" } as Any },
            outcome {
                fs.removeTree(root + "/b")
                return fs.status(root + "/b") == nil
            },
        ]
    }

    @Test func theMemoryFileSystemAnswersAsTheDiskDoes() throws {
        let folder = try TemporaryFolder()
        let memory = MemoryFileSystem()
        memory.makeFolders("/root")
        let onDisk = steps(.local, root: folder.path)
        #expect(steps(memory.fileSystem, root: "/root") == onDisk)
        #expect(onDisk.prefix(4) == ["true", "false", "error", "5"])
    }

    /// A second lock on the same file waits until the first is released.
    @Test func theMemoryLockIsExclusive() throws {
        final class Taken: @unchecked Sendable {
            private let lock = NSLock()
            private var value = false
            var isSet: Bool { lock.withLock { value } }
            func set() { lock.withLock { value = true } }
        }
        let memory = MemoryFileSystem()
        memory.makeFolders("/root")
        let fileSystem = memory.fileSystem
        var first = fileSystem.lockFile("/root/lock")
        #expect(first != nil)
        let taken = Taken()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let second = fileSystem.lockFile("/root/lock")
            if second != nil { taken.set() }
            done.signal()
        }
        Thread.sleep(forTimeInterval: 0.05)
        #expect(!taken.isSet)
        first = nil
        done.wait()
        #expect(taken.isSet && first == nil)
    }
}
