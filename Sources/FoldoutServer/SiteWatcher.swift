import FoldoutLoading
import Foundation

/// Watches the content and templates folders and says when something in them changed.
/// On Linux through inotify (every folder of the trees is watched; new folders are added as
/// they appear), so an editor's save is noticed within a millisecond; elsewhere by a cheap
/// scan of names, sizes and modification times every 100 ms.
///
/// Editors save in bursts (truncate, write, close; or write a copy and rename it over);
/// events that follow each other within a few milliseconds are gathered into one change,
/// and a file that was written to is waited for until it is closed.
final class SiteWatcher: @unchecked Sendable {
    private let roots: [String]
    private var wake: [Int32] = [-1, -1]
    private let stopLock = NSLock()
    private var isStopped = false
    #if os(Linux)
        private let descriptor: Int32
        private var folders: [Int32: String] = [:]
    #else
        private var lastScan: [String: String] = [:]
    #endif

    /// Events closer together than this are one change.
    static let quietPeriod: Int32 = 3
    /// Gathering stops after this long, so a busy folder (or a writer that never closes
    /// its file) still gets its rebuild.
    static let longestGathering: UInt64 = 200_000_000

    init?(roots: [String]) {
        self.roots = roots
        guard pipe(&wake) == 0 else { return nil }
        #if os(Linux)
            descriptor = inotify_init1(Int32(IN_CLOEXEC))
            guard descriptor >= 0 else {
                close(wake[0])
                close(wake[1])
                return nil
            }
            for root in roots { watchTree(root) }
        #else
            lastScan = scan()
        #endif
    }

    deinit {
        close(wake[0])
        close(wake[1])
        #if os(Linux)
            close(descriptor)
        #endif
    }

    /// Makes `waitForChange` return nil, now or at its next call.
    func stop() {
        stopLock.withLock { isStopped = true }
        var byte: UInt8 = 1
        _ = write(wake[1], &byte, 1)
    }

    private var stopped: Bool { stopLock.withLock { isStopped } }

    /// Blocks until something changed, and returns the changed paths (as far as known);
    /// nil once stopped.
    func waitForChange() -> [String]? {
        #if os(Linux)
            var changed: [String] = []
            // Files written to but not yet closed: a save is complete when its file is closed.
            var beingWritten = Set<String>()
            var started: UInt64 = 0
            var timeout: Int32 = -1
            while true {
                if stopped { return nil }
                var pollers = [
                    pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                    pollfd(fd: wake[0], events: Int16(POLLIN), revents: 0),
                ]
                let ready = poll(&pollers, 2, timeout)
                if ready < 0, errno == EINTR { continue }
                if pollers[1].revents != 0 { return nil }
                if ready > 0 {
                    for event in readEvents() {
                        changed.append(event.path)
                        if event.mask & UInt32(IN_CLOSE_WRITE) != 0 {
                            beingWritten.remove(event.path)
                        } else if event.mask & UInt32(IN_MODIFY) != 0 {
                            beingWritten.insert(event.path)
                        }
                    }
                    if changed.isEmpty { continue }
                    if started == 0 { started = DispatchTime.now().uptimeNanoseconds }
                } else if beingWritten.isEmpty {
                    break
                }
                if DispatchTime.now().uptimeNanoseconds - started > Self.longestGathering { break }
                timeout = Self.quietPeriod
            }
            return changed
        #else
            while true {
                var poller = pollfd(fd: wake[0], events: Int16(POLLIN), revents: 0)
                if stopped || poll(&poller, 1, 100) > 0 { return nil }
                let now = scan()
                if now != lastScan {
                    let changed = Set(now.keys).union(lastScan.keys).filter { now[$0] != lastScan[$0] }
                    lastScan = now
                    return Array(changed)
                }
            }
        #endif
    }

    #if os(Linux)
        private static let mask = UInt32(
            IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO
                | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)

        private func watchTree(_ path: String) {
            let wd = inotify_add_watch(descriptor, path, Self.mask)
            guard wd >= 0 else { return }
            folders[wd] = path
            guard let dir = opendir(path) else { return }
            defer { closedir(dir) }
            while let entry = readdir(dir) {
                let name = withUnsafePointer(to: entry.pointee.d_name) {
                    $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
                }
                guard name != ".", name != ".." else { continue }
                var info = stat()
                let child = path + "/" + name
                // A hidden folder of files pages may use (`.github/`) is watched as the loader walks it.
                if name.hasPrefix("."), !ContentLoader.holdsFiles(hiddenFolder: name),
                    !ContentLoader.isContent(hiddenName: name, isFolder: true, hasIndex: { access(child + "/_index.md", F_OK) == 0 })
                {
                    continue
                }
                if stat(child, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { watchTree(child) }
            }
        }

        /// Reads what is waiting; adds watches for new folders. Hidden names (editor swap files,
        /// Foldout's own temporary files) are not changes, but for those the loader reads as content.
        private func readEvents() -> [(path: String, mask: UInt32)] {
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return [] }
            var changed: [(path: String, mask: UInt32)] = []
            var offset = 0
            let headerSize = MemoryLayout<inotify_event>.size
            while offset + headerSize <= count {
                let (wd, mask, length) = buffer.withUnsafeBytes { raw -> (Int32, UInt32, Int) in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.wd, event.mask, Int(event.len))
                }
                let nameBytes = buffer[(offset + headerSize)..<min(count, offset + headerSize + length)]
                let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                offset += headerSize + length
                guard let folder = folders[wd] else { continue }
                if mask & UInt32(IN_IGNORED) != 0 {
                    folders[wd] = nil
                    continue
                }
                let path = name.isEmpty ? folder : folder + "/" + name
                let isFolder = mask & UInt32(IN_ISDIR) != 0
                if name.hasSuffix("~")
                    || (name.hasPrefix(".")
                        && !ContentLoader.isContent(hiddenName: name, isFolder: isFolder, hasIndex: { access(path + "/_index.md", F_OK) == 0 }))
                {
                    continue
                }
                if mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { watchTree(path) }
                changed.append((path, mask))
            }
            return changed
        }
    #else
        /// Name → size and modification time of everything under the roots.
        private func scan() -> [String: String] {
            var result: [String: String] = [:]
            for root in roots {
                guard let walker = FileManager.default.enumerator(atPath: root) else { continue }
                while let relative = walker.nextObject() as? String {
                    if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
                    let path = root + "/" + relative
                    var info = stat()
                    guard stat(path, &info) == 0 else { continue }
                    result[path] = "\(info.st_size) \(info.st_mtimespec.tv_sec).\(info.st_mtimespec.tv_nsec)"
                }
            }
            return result
        }
    #endif
}
