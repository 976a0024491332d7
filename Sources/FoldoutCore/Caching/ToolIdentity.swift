import CCmark
import Foundation

/// Who renders: a digest of the running program's own bytes and of libcmark's version. It is
/// part of every cache key and render key, so a new Foldout (or a new libcmark) never reuses
/// what an older one produced, and the built-in templates, which live inside the program,
/// are covered too.
public enum ToolIdentity {
    public static let digest: UInt64 = {
        var hasher = ContentHash()
        hasher.combine("foldout build cache 1")
        hasher.combine(Int(cmark_version()))
        #if os(Linux)
        let executable = "/proc/self/exe"
        #else
        let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
        #endif
        if let digest = digestOfFile(executable) {
            hasher.combine(digest)
        } else {
            // Without the program's bytes nothing can be trusted across runs.
            hasher.combine(UInt64(getpid()) ^ DispatchTime.now().uptimeNanoseconds)
        }
        return hasher.finalize()
    }()

    /// The file's digest, read through a memory map: the program is tens of megabytes, and
    /// copying it would cost more than hashing it.
    private static func digestOfFile(_ path: String) -> UInt64? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size > 0 else { return nil }
        let size = Int(info.st_size)
        guard let map = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), map != MAP_FAILED else { return nil }
        defer { munmap(map, size) }
        return ContentHash.of(UnsafeRawBufferPointer(start: map, count: size))
    }
}
