import FoldoutBase
import Foundation

/// Maps a request path to a file inside the output folder, and refuses everything that
/// could lead elsewhere: `..` and `.` segments (also percent-encoded, `%2e%2e`), empty
/// segments (`//etc/passwd`), backslashes and NUL bytes, hidden names (the manifest, a
/// half-written temporary file, any `.foldout-*` bookkeeping), and symbolic links whose
/// target lies outside the folder or at a hidden name in it.
/// What is refused is answered like a missing file, so nothing about the disk leaks.
struct OutputFiles: Sendable {
    enum Resolution: Equatable {
        /// The absolute path of a regular file inside the output folder.
        case file(String)
        /// A folder asked for without its trailing slash: redirect, so relative links on
        /// its `index.html` resolve against the folder.
        case redirect(String)
        case notFound
    }

    /// The output folder as given.
    let root: String

    /// `target` is the request target as sent (`/pets/index.html?x=1`), still percent-encoded.
    func resolve(_ target: String) -> Resolution {
        var path = Substring(target)
        if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
        guard path.hasPrefix("/") else { return .notFound }
        // Decoded once: `%2e%2e` is `..` and refused below; a malformed escape stays as written
        // and names no file.
        let decoded = OutputPath.percentDecode(String(path.dropFirst()))
        let segments = decoded.split(separator: "/", omittingEmptySubsequences: false)
        let endsWithSlash = decoded.isEmpty || decoded.hasSuffix("/")
        var parts = endsWithSlash ? segments.dropLast() : segments[...]
        if decoded.isEmpty { parts = [] }
        for part in parts {
            guard !part.isEmpty, !part.hasPrefix("."), !part.contains("\\"), !part.contains("\0") else { return .notFound }
        }
        guard let canonicalRoot = Self.realPath(root) else { return .notFound }
        let relative = parts.joined(separator: "/")
        let candidate = relative.isEmpty ? canonicalRoot : canonicalRoot + "/" + relative
        guard let resolved = Self.realPath(candidate), Self.isPublished(resolved, in: canonicalRoot) else { return .notFound }
        var info = stat()
        guard stat(resolved, &info) == 0 else { return .notFound }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            return endsWithSlash && !decoded.isEmpty ? .notFound : .file(resolved)
        case S_IFDIR:
            guard endsWithSlash else { return .redirect(String(path) + "/") }
            let index = resolved + "/index.html"
            guard let indexResolved = Self.realPath(index), Self.isPublished(indexResolved, in: canonicalRoot),
                stat(indexResolved, &info) == 0, info.st_mode & S_IFMT == S_IFREG
            else { return .notFound }
            return .file(indexResolved)
        default:
            return .notFound
        }
    }

    /// Whether the canonical path `resolved` is in the output folder and no part of it
    /// below the folder is hidden: a symbolic link that stays inside may still lead to the
    /// manifest or to Foldout's temporary files, which are not the site.
    static func isPublished(_ resolved: String, in canonicalRoot: String) -> Bool {
        if resolved == canonicalRoot { return true }
        let prefix = canonicalRoot == "/" ? "/" : canonicalRoot + "/"
        guard resolved.hasPrefix(prefix) else { return false }
        return !resolved.dropFirst(prefix.count).split(separator: "/").contains { $0.hasPrefix(".") }
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
