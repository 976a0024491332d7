import Foundation

extension OutputWriter {
    /// A first build, when the output folder does not exist yet: every file is written
    /// straight into a new folder beside it, which is then renamed into place, so readers see
    /// no site and then the whole site. No file needs a temporary name of its own or a
    /// comparison with the disk; on this kind of disk, writing 10,000 files directly took
    /// half the time of writing them under temporary names and renaming each.
    func writeNewFolder(_ snapshot: OutputSnapshot) throws -> Summary {
        var target = root
        while target.count > 1, target.hasSuffix("/") { target.removeLast() }
        let staging = target + ".foldout-new"
        // A folder of that name is the remains of a build that was stopped: Foldout's own.
        if access(staging, F_OK) == 0 { try FileManager.default.removeItem(atPath: staging) }
        let paths = snapshot.paths
        do {
            _ = try createDirectory(staging)
            for folder in Self.folders(of: paths) { _ = try createDirectory(staging + "/" + folder) }
            _ = try Parallel.map(paths) { path in
                switch snapshot.files[path]! {
                case .bytes(let bytes): try Self.writeFile(bytes, to: staging + "/" + path)
                case .copy(let source): try Self.writeFile(try FileSystem.local.readFile(source), to: staging + "/" + path)
                }
            }
            guard rename(staging, target) == 0 else { throw FileSystemError(path: target, reason: String(cString: strerror(errno))) }
        } catch {
            try? FileManager.default.removeItem(atPath: staging)
            throw error
        }
        return Summary(written: paths.count)
    }

    /// Writes `bytes` to the file at `path`, made or emptied first.
    static func writeFile(_ bytes: [UInt8], to path: String) throws(FileSystemError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw FileSystemError(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + done, $0.count - done) }
            if count < 0 { throw FileSystemError(path: path, reason: String(cString: strerror(errno))) }
            done += count
        }
    }
}
