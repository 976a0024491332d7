import FoldoutBase
import Foundation

/// Made images kept across builds, one file each, named by the digest of the source's bytes
/// and the operation (`ImageOperation.key`) and then by the digest of the file's own bytes
/// (`KEY-DIGEST.webp`): a build whose photos did not change decodes nothing, a clean
/// `Output/` is filled again by copying, and a changed photo gets new names. Lives in
/// `.foldout-cache/images/` beside the output folder, shared by the output folders of one
/// parent and by any number of Foldout processes at once:
///
/// - an entry is written under a name of its process's own and renamed into place, so two
///   processes making the same image each leave a whole file;
/// - an entry is used only when its bytes have the digest its name gives; a damaged one is
///   made again, never reported as a problem of the photo;
/// - a build claims the entries it is about to use (`claim`, in its `used-by-NAME` list)
///   before it looks them up, and entries are removed only when no list names them
///   (`recordUse`); both happen under the cache's lock, so no build removes what another,
///   still running, is about to copy.
package struct ImageCache: Sendable {
    package var folder: String
    package var fileSystem: FileSystem
    /// The name of the output folder whose build uses this cache (its `used-by-` list); nil
    /// for a cache used without claiming, as tests do.
    package var user: String?
    /// What each sub-folder held when first looked into: listed once, not once per lookup.
    private let listings = Listings()

    /// A kept file and the digest of its bytes (`ContentHash`), checked when it was found or made.
    package struct Entry: Sendable, Hashable {
        package var path: String
        package var digest: UInt64

        package init(path: String, digest: UInt64) {
            self.path = path
            self.digest = digest
        }
    }

    package init(folder: String, fileSystem: FileSystem, user: String? = nil) {
        self.folder = folder
        self.fileSystem = fileSystem
        self.user = user
    }

    /// The cache of the output folder at `output`: `.foldout-cache/images/` beside it, used
    /// on behalf of that folder.
    package static func beside(output: String, fileSystem: FileSystem) -> ImageCache {
        ImageCache(
            folder: SidecarFile.folder(forOutput: output) + "/images", fileSystem: fileSystem,
            user: SidecarFile.name(ofOutput: output))
    }

    private static func hex(_ value: UInt64) -> String { ContentHash.hex(value) }

    /// The sub-folder the entries of `key` are in: one of 256, so none grows huge.
    private func subfolder(of key: UInt64) -> String {
        folder + "/" + Self.hex(key).prefix(2)
    }

    /// The path of the entry of `key` whose bytes have the digest `digest`.
    package func path(of key: UInt64, digest: UInt64, format: ImageFormat) -> String {
        subfolder(of: key) + "/" + Self.hex(key) + "-" + Self.hex(digest) + "." + format.fileExtension
    }

    /// The kept file for `key`, if there is one whose bytes are whole: read and checked
    /// against the digest in its name.
    package func lookup(_ key: UInt64, format: ImageFormat) -> Entry? {
        let subfolder = subfolder(of: key)
        let prefix = Self.hex(key) + "-", suffix = "." + format.fileExtension
        for name in listings.names(in: subfolder, fileSystem: fileSystem)
        where name.hasPrefix(prefix) && name.hasSuffix(suffix) && name.count == prefix.count + 16 + suffix.count {
            guard let digest = UInt64(name.dropFirst(prefix.count).prefix(16), radix: 16),
                let bytes = try? fileSystem.readFile(subfolder + "/" + name), ContentHash.of(bytes) == digest
            else { continue }
            return Entry(path: subfolder + "/" + name, digest: digest)
        }
        return nil
    }

    /// Keeps `bytes` as the result of `key` (written whole or not at all) and returns its entry.
    package func store(_ bytes: [UInt8], for key: UInt64, format: ImageFormat) throws -> Entry {
        let digest = ContentHash.of(bytes)
        let path = path(of: key, digest: digest, format: format)
        try makeFolders(for: path)
        try SidecarFile.write(bytes, to: path, in: fileSystem)
        return Entry(path: path, digest: digest)
    }

    // MARK: Who uses what

    /// The list of the keys the output folder `user` uses.
    private func listPath(of user: String) -> String {
        folder + "/used-by-" + user.map { $0 == "/" ? "_" : $0 }
    }

    /// Adds `keys` to what this cache's user uses, before they are looked up or made: from
    /// now until its `recordUse`, no other build removes them.
    package func claim(_ claimed: some Sequence<UInt64>) {
        guard let user else { return }
        withLock {
            let path = listPath(of: user)
            let listed = keys(listedIn: path)
            var all = listed
            all.formUnion(claimed)
            if all.count != listed.count { writeList(all, to: path) }
        }
    }

    /// Records that the output folder `user` uses just the entries of `used` (its build is
    /// done looking up and making), and removes the entries it claimed before that no output
    /// folder's list names any more. Returns how many files were removed.
    @discardableResult
    package func recordUse(of used: Set<UInt64>) -> Int {
        guard let user else { return 0 }
        return withLock {
            let path = listPath(of: user)
            let gone = keys(listedIn: path).subtracting(used)
            if used.isEmpty {
                try? fileSystem.removeFile(path)
            } else {
                writeList(used, to: path)
            }
            guard !gone.isEmpty else { return 0 }
            var stillUsed: Set<UInt64> = []
            for entry in (try? fileSystem.listDirectory(folder)) ?? [] where entry.kind == .file && entry.name.hasPrefix("used-by-") {
                let other = folder + "/" + entry.name
                if other != path { stillUsed.formUnion(keys(listedIn: other)) }
            }
            var removed = 0
            for (subfolder, keys) in Dictionary(grouping: gone.subtracting(stillUsed), by: subfolder(of:)) {
                let names = Set(keys.map(Self.hex))
                for entry in (try? fileSystem.listDirectory(subfolder)) ?? [] where entry.kind == .file {
                    if names.contains(String(entry.name.prefix(16))), (try? fileSystem.removeFile(subfolder + "/" + entry.name)) != nil {
                        removed += 1
                    }
                }
            }
            return removed
        }
    }

    /// The keys in a list; none when it is missing or damaged (a damaged list only keeps
    /// entries longer, since removing needs a list that names them).
    private func keys(listedIn path: String) -> Set<UInt64> {
        guard let bytes = SidecarFile.readSealed(path, in: fileSystem) else { return [] }
        return Set(bytes.split(separator: UInt8(ascii: "\n")).compactMap { UInt64(String(decoding: $0, as: UTF8.self), radix: 16) })
    }

    private func writeList(_ keys: Set<UInt64>, to path: String) {
        try? makeFolders(for: path)
        let text = keys.sorted().map(Self.hex).joined(separator: "\n") + "\n"
        try? SidecarFile.writeSealed(Array(text.utf8), to: path, in: fileSystem)
    }

    /// Runs `body` holding the cache's lock (`lock` in its folder), or without it where the
    /// lock cannot be taken (a read-only cache, where nothing is removed either).
    private func withLock<Result>(_ body: () -> Result) -> Result {
        try? makeFolders(for: folder + "/lock")
        let held = fileSystem.lockFile(folder + "/lock")
        defer { withExtendedLifetime(held) {} }
        return body()
    }

    // MARK: Headers

    /// Headers of images read by earlier builds, by the digest of their bytes: a build whose
    /// photos did not change reads none of them (`headers` in the folder, a line each: digest,
    /// format, upright width and height, `m` when it carries metadata; sealed, so a damaged
    /// file is read as none and the photos' headers are read again).
    package func knownHeaders() -> [UInt64: ImageHeader] {
        guard let bytes = SidecarFile.readSealed(folder + "/headers", in: fileSystem) else { return [:] }
        var headers: [UInt64: ImageHeader] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: " ")
            guard parts.count == 5, let digest = UInt64(parts[0], radix: 16), let format = ImageFormat(rawValue: String(parts[1])),
                let width = Int(parts[2]), let height = Int(parts[3])
            else { continue }
            var header = ImageHeader(format: format, storedWidth: width, storedHeight: height)
            header.carriesMetadata = parts[4] == "m"
            headers[digest] = header
        }
        return headers
    }

    /// Adds `headers` to the known ones.
    package func remember(_ headers: [UInt64: ImageHeader], with known: [UInt64: ImageHeader]) {
        let all = known.merging(headers) { _, new in new }
        let text = all.sorted { $0.key < $1.key }
            .map { "\(String($0.key, radix: 16)) \($0.value.format.rawValue) \($0.value.width) \($0.value.height) \($0.value.carriesMetadata ? "m" : "-")" }
            .joined(separator: "\n")
        try? makeFolders(for: folder + "/headers")
        try? SidecarFile.writeSealed(Array(text.utf8), to: folder + "/headers", in: fileSystem)
    }

    // MARK: What reading and making said

    /// What reading and making each image showed about its bytes, by their digest: a later
    /// build that finds its variants kept (or, as a draft, makes none) says it again though it
    /// decodes nothing, and a photo known not to decode is not decoded again. In `remarks`
    /// in the folder, sealed, a line each: digest, `m` and a message libvips logged, or `u`
    /// and why it could not be decoded; its first line names the codec (`ImageCodec.version`),
    /// so what another libvips said is forgotten.
    package func knownRemarks() -> [UInt64: ImageRemarks] {
        guard let bytes = SidecarFile.readSealed(folder + "/remarks", in: fileSystem) else { return [:] }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first.map(String.init) == ImageCodec.version else { return [:] }
        var remarks: [UInt64: ImageRemarks] = [:]
        for line in lines.dropFirst() {
            let parts = line.split(separator: " ", maxSplits: 2)
            guard parts.count == 3, let digest = UInt64(parts[0], radix: 16) else { continue }
            switch parts[1] {
            case "m": remarks[digest, default: ImageRemarks()].messages.append(String(parts[2]))
            case "u": remarks[digest, default: ImageRemarks()].problem = .unreadable(String(parts[2]))
            default: continue
            }
        }
        return remarks
    }

    /// Adds `remarks` to the known ones, under the cache's lock: builds of other output
    /// folders may add theirs at the same time.
    package func remember(_ remarks: [UInt64: ImageRemarks]) {
        let new = remarks.filter { !$0.value.isEmpty }
        guard !new.isEmpty else { return }
        withLock {
            var all = knownRemarks()
            for (digest, remark) in new { all[digest, default: ImageRemarks()].add(remark) }
            writeRemarks(all)
        }
    }

    private func writeRemarks(_ all: [UInt64: ImageRemarks]) {
        var lines = [ImageCodec.version]
        for (digest, remark) in all.sorted(by: { $0.key < $1.key }) {
            let hex = Self.hex(digest)
            lines += remark.messages.map { "\(hex) m \(Self.oneLine($0))" }
            if case .unreadable(let detail)? = remark.problem { lines.append("\(hex) u \(Self.oneLine(detail))") }
        }
        try? makeFolders(for: folder + "/remarks")
        try? SidecarFile.writeSealed(Array((lines.joined(separator: "\n") + "\n").utf8), to: folder + "/remarks", in: fileSystem)
    }

    // MARK: Whose photos the remarks are

    /// The list of the digests of the photos in the site of the output folder `user`.
    private func photoListPath(of user: String) -> String {
        folder + "/photos-of-" + user.map { $0 == "/" ? "_" : $0 }
    }

    /// Adds `digests` (the photos a build reads) to those this cache's user's site has,
    /// before their remarks are looked up or remembered: from now until its `recordPhotos`,
    /// no other build forgets them.
    package func claimPhotos(_ digests: Set<UInt64>) {
        guard let user, !digests.isEmpty else { return }
        withLock {
            let path = photoListPath(of: user)
            let listed = keys(listedIn: path)
            if !listed.isSuperset(of: digests) { writeList(listed.union(digests), to: path) }
        }
    }

    /// Records that the site of the output folder `user` has just the photos of `digests`
    /// (its full build is done), and forgets the remarks of photos no output folder's list
    /// names any more. A site without photos, whose folder had none either, touches nothing.
    package func recordPhotos(_ digests: Set<UInt64>) {
        guard let user else { return }
        let path = photoListPath(of: user)
        guard !digests.isEmpty || fileSystem.kindOfItem(path) == .file else { return }
        withLock {
            if digests.isEmpty {
                try? fileSystem.removeFile(path)
            } else if keys(listedIn: path) != digests {
                writeList(digests, to: path)
            }
            let known = knownRemarks()
            guard !known.isEmpty else { return }
            var kept = digests
            for entry in (try? fileSystem.listDirectory(folder)) ?? [] where entry.kind == .file && entry.name.hasPrefix("photos-of-") {
                let other = folder + "/" + entry.name
                if other != path { kept.formUnion(keys(listedIn: other)) }
            }
            let remaining = known.filter { kept.contains($0.key) }
            guard remaining.count != known.count else { return }
            if remaining.isEmpty {
                try? fileSystem.removeFile(folder + "/remarks")
            } else {
                writeRemarks(remaining)
            }
        }
    }

    private static func oneLine(_ text: String) -> String {
        text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: " ")
    }

    private func makeFolders(for path: String) throws {
        var current: String? = path.hasPrefix("/") ? "" : nil
        for part in path.split(separator: "/").dropLast() {
            let folder = current.map { $0 + "/" + part } ?? String(part)
            current = folder
            if fileSystem.kindOfItem(folder) != .directory { _ = try fileSystem.makeFolder(folder) }
        }
    }

    /// The names in each sub-folder, read at the first lookup there. An entry another
    /// process makes later is not seen: it is made again. Temporaries of processes that are
    /// gone (killed while writing) are removed as they are seen.
    private final class Listings: @unchecked Sendable {
        private let lock = NSLock()
        private var names: [String: [String]] = [:]

        func names(in subfolder: String, fileSystem: FileSystem) -> [String] {
            lock.withLock {
                if let known = names[subfolder] { return known }
                let listed = ((try? fileSystem.listDirectory(subfolder)) ?? []).filter { $0.kind == .file }.map(\.name)
                for name in listed where SidecarFile.isLeftover(name) { try? fileSystem.removeFile(subfolder + "/" + name) }
                names[subfolder] = listed
                return listed
            }
        }
    }
}
