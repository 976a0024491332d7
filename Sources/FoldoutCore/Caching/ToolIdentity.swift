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
        if let bytes = try? FileSystem.local.readFile(executable) {
            hasher.combine(ContentHash.of(bytes))
        } else {
            // Without the program's bytes nothing can be trusted across runs.
            hasher.combine(UInt64(getpid()) ^ DispatchTime.now().uptimeNanoseconds)
        }
        return hasher.finalize()
    }()
}
