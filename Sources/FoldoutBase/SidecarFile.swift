import Foundation
import Synchronization

/// Files a build keeps for an output folder (its lock, cache and state), in a hidden folder
/// beside it rather than inside it, so nothing but the site is published; and how they are
/// written and checked. Several Foldout processes may share the folder (a `foldout serve`
/// and a `foldout build --output dist`), so each writes under a name no other process uses
/// and renames it into place, and every file carries a checksum of its contents, so a torn,
/// zeroed or bit-flipped file is told from a good one and ignored.
package enum SidecarFile {
    /// `.foldout-cache/NAME` + `suffix` beside the output folder NAME.
    package static func path(forOutput output: String, suffix: String) -> String {
        let (parent, name) = parentAndName(of: output)
        return (parent == "/" ? "" : parent) + "/.foldout-cache/" + name + suffix
    }

    /// The folder `.foldout-cache` beside the output folder `output`.
    package static func folder(forOutput output: String) -> String {
        let (parent, _) = parentAndName(of: output)
        return (parent == "/" ? "" : parent) + "/.foldout-cache"
    }

    /// The name the files of the output folder `output` start with (NAME above).
    package static func name(ofOutput output: String) -> String {
        parentAndName(of: output).name
    }

    private static func parentAndName(of output: String) -> (parent: String, name: String) {
        var trimmed = Substring(output)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        let name = trimmed.split(separator: "/").last.map(String.init) ?? "Output"
        let parent: String
        if let slash = trimmed.lastIndex(of: "/") {
            parent = slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
        } else {
            parent = "."
        }
        return (parent, name == "." || name == ".." ? "Output" : name)
    }

    // MARK: Writing under a name of this process's own

    /// Ends every temporary name, so a clean-up knows Foldout's own.
    package static let temporarySuffix = ".foldout-tmp"
    private static let counter = Atomic<Int>(0)

    /// A temporary name beside `path` that no other process and no other write of this one
    /// uses (`.NAME.PID-N.foldout-tmp`): two processes writing the same file never write
    /// into one temporary, and the last rename wins with a whole file.
    package static func temporaryPath(for path: String) -> String {
        let unique = "\(getpid())-\(counter.add(1, ordering: .relaxed).newValue)"
        guard let slash = path.lastIndex(of: "/") else { return "." + path + "." + unique + temporarySuffix }
        return String(path[...slash]) + "." + String(path[path.index(after: slash)...]) + "." + unique + temporarySuffix
    }

    /// The process that wrote the temporary file named `name`, if it is one of ours.
    package static func writer(ofTemporary name: String) -> Int32? {
        guard name.hasPrefix("."), name.hasSuffix(temporarySuffix) else { return nil }
        let stem = name.dropLast(temporarySuffix.count)
        guard let dot = stem.lastIndex(of: "."), let dash = stem[dot...].firstIndex(of: "-") else { return nil }
        return Int32(stem[stem.index(after: dot)..<dash])
    }

    /// Whether `name` is a temporary file of a Foldout process that is gone (killed while
    /// writing it): nobody will rename it, so it may be removed.
    package static func isLeftover(_ name: String) -> Bool {
        guard let pid = writer(ofTemporary: name), pid != getpid() else { return false }
        return kill(pid, 0) != 0 && errno == ESRCH
    }

    /// Writes `bytes` whole to `path` (the folder made when missing): to a temporary name of
    /// this process's own, then renamed over it. A failure leaves `path` as it was.
    package static func write(_ bytes: [UInt8], to path: String, in fileSystem: FileSystem) throws {
        try write(to: path, in: fileSystem) { write in try bytes.withUnsafeBytes(write) }
    }

    /// `write(_:to:in:)` for a file handed over piece by piece.
    package static func write(to path: String, in fileSystem: FileSystem, streaming fill: FileSystem.Fill) throws {
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex, fileSystem.kindOfItem(String(path[..<slash])) == nil {
            _ = try? fileSystem.makeFolder(String(path[..<slash]))
        }
        let temporary = temporaryPath(for: path)
        do {
            _ = try fileSystem.writeFile(temporary, fill)
            try fileSystem.rename(temporary, path)
        } catch {
            try? fileSystem.removeFile(temporary)
            throw FileSystemError.naming(path, error)
        }
    }

    // MARK: Checked contents

    /// The last line of a sealed file: `#xxh64 ` and 16 hex digits, the digest of every byte before it.
    private static let sealPrefix = Array("#xxh64 ".utf8)

    /// `contents` with a last line holding their checksum (`ContentHash`).
    package static func sealed(_ contents: [UInt8]) -> [UInt8] {
        contents + sealPrefix + Array(ContentHash.hex(ContentHash.of(contents)).utf8) + [UInt8(ascii: "\n")]
    }

    /// What `sealed` was given; nil when `bytes` are not a sealed file or were changed since.
    package static func unsealed(_ bytes: [UInt8]) -> [UInt8]? {
        let lineLength = sealPrefix.count + 16 + 1
        guard bytes.count >= lineLength, bytes.last == UInt8(ascii: "\n") else { return nil }
        let start = bytes.count - lineLength
        guard bytes[start..<(start + sealPrefix.count)].elementsEqual(sealPrefix),
            let digest = UInt64(String(decoding: bytes[(start + sealPrefix.count)..<(bytes.count - 1)], as: UTF8.self), radix: 16)
        else { return nil }
        let contents = Array(bytes[..<start])
        return ContentHash.of(contents) == digest ? contents : nil
    }

    /// The contents of the sealed file `path`; nil when it is missing or damaged.
    package static func readSealed(_ path: String, in fileSystem: FileSystem) -> [UInt8]? {
        (try? fileSystem.readFile(path)).flatMap(unsealed)
    }

    /// Writes `contents` sealed to `path`, whole or not at all.
    package static func writeSealed(_ contents: [UInt8], to path: String, in fileSystem: FileSystem) throws {
        try write(sealed(contents), to: path, in: fileSystem)
    }
}

extension SidecarFile {
    /// The files kept for an output folder that only make builds faster or keep them apart:
    /// stale once the folder is gone. (`NAME.dates` is not among them: it holds facts no build
    /// can find again, for a folder that may be built anew.)
    private static let staleSuffixes = [".state", ".cache", ".lock"]

    /// Removes what `.foldout-cache/` beside `output` keeps for sibling output folders that no
    /// longer exist (their state, cache and lock files and their list in the image cache),
    /// and temporaries left by Foldout processes that are gone. A folder's files are removed
    /// only while its lock is free and taken, and the folder is looked for again under it:
    /// a build starting into it meanwhile keeps them. Returns the paths removed.
    @discardableResult
    package static func removeStale(besideOutput output: String, in fileSystem: FileSystem) -> [String] {
        let folder = folder(forOutput: output)
        let parent = String(folder.dropLast("/.foldout-cache".count))
        let own = name(ofOutput: output)
        guard let entries = try? fileSystem.listDirectory(folder) else { return [] }
        var removed: [String] = []
        var owners: Set<String> = []
        for entry in entries where entry.kind == .file && entry.nameIsValidUTF8 {
            if writer(ofTemporary: entry.name) != nil {
                if isLeftover(entry.name), (try? fileSystem.removeFile(folder + "/" + entry.name)) != nil {
                    removed.append(folder + "/" + entry.name)
                }
                continue
            }
            guard let suffix = staleSuffixes.first(where: { entry.name.hasSuffix($0) }) else { continue }
            let name = String(entry.name.dropLast(suffix.count))
            if !name.isEmpty, name != own, !name.hasPrefix(".") { owners.insert(name) }
        }
        for name in owners.sorted() where fileSystem.status((parent.isEmpty ? "" : parent) + "/" + name) == nil {
            let lock = folder + "/" + name + ".lock"
            guard let held = fileSystem.lockFileIfFree(lock) else { continue }
            // Looked for again under the lock: a build into it holds the lock until it is made.
            guard fileSystem.status((parent.isEmpty ? "" : parent) + "/" + name) == nil else { continue }
            // `used-by-NAME` and `photos-of-NAME` are the image cache's lists of what the
            // folder used and which photos its site had (`ImageCache`).
            let listName = String(name.map { $0 == "/" ? "_" : $0 })
            for path in [
                folder + "/" + name + ".state", folder + "/" + name + ".cache",
                folder + "/images/used-by-" + listName, folder + "/images/photos-of-" + listName, lock,
            ]
            where fileSystem.status(path) != nil {
                if (try? fileSystem.removeFile(path)) != nil { removed.append(path) }
            }
            withExtendedLifetime(held) {}
        }
        return removed
    }
}
