import Foundation

extension Diagnostic {
    /// The error for a content file or folder that cannot be read: the system's reason and
    /// what to do about that reason. The loader reports Markdown this way, and the writer a
    /// file it copies from the content folder (an image, a PDF).
    package static func unreadable(_ path: String, _ error: any Error, isFolder: Bool = false) -> Diagnostic {
        let reason = (error as? FileSystemError)?.reason ?? "\(error)"
        let what = isFolder ? "folder" : "file"
        let hint: String
        switch reason {
        case String(cString: strerror(EACCES)), String(cString: strerror(EPERM)):
            hint = "let the user running Foldout read it (`chmod u+r\(isFolder ? "x" : "") \(path)`), or move it out of the content folder"
        case String(cString: strerror(ENOENT)), String(cString: strerror(ENOTDIR)):
            hint = "it was moved or deleted while the build ran: build again"
        default:
            hint = "check the disk it is on (copy the \(what) elsewhere to see whether it reads), or move it out of the content folder"
        }
        return .error(path, "cannot read \(what): \(reason)", hint: hint)
    }
}
