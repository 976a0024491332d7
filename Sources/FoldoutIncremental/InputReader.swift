import FoldoutBase
import FoldoutLoading
import FoldoutMarkdown
import Foundation

/// Reads the content folder as an incremental build needs it (see `BuildInputs`), telling
/// unchanged files by the stamps an earlier build recorded.
package struct InputReader {
    package var options: BuildOptions

    package init(options: BuildOptions) {
        self.options = options
    }

    /// What an earlier build recorded of the content files (see `BuildRecord`), to tell
    /// unchanged files by their stamps without reading them.
    package struct KnownFiles {
        package var structure: UInt64
        package var files: [BuildRecord.FileRecord]

        package init(structure: UInt64, files: [BuildRecord.FileRecord]) {
            self.structure = structure
            self.files = files
        }
    }

    /// Reads the content. A content file whose stamp is the one `known` recorded (asked for
    /// once the folders are walked) is not read: its recorded digest stands, and a full build
    /// reads it later (`readUnread`). `templateFiles` (nil: they could not be read) go into
    /// the settings' digest.
    package func read(templateFiles: [SourceFile]?, clock: inout StageClock, known: () -> KnownFiles?) throws(BuildFailure) -> BuildInputs {
        var readProblems: [Diagnostic] = []
        let loader = ContentLoader(fileSystem: options.fileSystem, displayRoot: options.contentDisplayName)
        var tree: SourceFolder
        do {
            (tree, _) = try loader.walk(root: options.contentPath, diagnostics: &readProblems)
        } catch {
            throw BuildFailure(readProblems + error.diagnostics)
        }
        // Times are taken before the files are looked at, so a file changed while it is read is recent.
        let now = FileStamp.now
        var files = tree.files
        let fileSystem = options.fileSystem
        let root = options.contentPath
        let known = known().flatMap { $0.structure == tree.structureDigest && $0.files.count == files.count ? $0 : nil }
        // With no stamps recorded to compare with, every file is read, and its stamp taken as
        // it is opened (`readStampedFile`) rather than in a pass of its own.
        let stamps = known == nil ? nil : Self.stamps(of: files, in: root, fileSystem: fileSystem)
        // By place in `files`: whether the recorded digest stands, and the stamp to record.
        var reused = [Bool](repeating: false, count: files.count)
        var recorded = [FileStamp?](repeating: nil, count: files.count)
        var digests: [String: UInt64] = [:]
        digests.reserveCapacity(files.count)
        for index in files.indices {
            guard let stamp = stamps?[index] else { continue }
            if let known, stamp == known.files[index].stamp {
                reused[index] = true
                digests[files[index].path] = known.files[index].digest
                recorded[index] = stamp
            } else if !stamp.isRecent(now: now) {
                recorded[index] = stamp
            }
        }
        var toRead: [ContentLoader.FoundFile] = []
        var unread: [ContentLoader.FoundFile] = []
        var readPlaces: [Int] = []
        for (index, file) in files.enumerated() where file.isMarkdown {
            let found = (relative: file.path, absolute: root + "/" + file.path)
            if reused[index] { unread.append(found) } else { toRead.append(found); readPlaces.append(index) }
        }
        let problemsBefore = readProblems.count
        let readFiles = loader.read(toRead, into: &tree, diagnostics: &readProblems)
        clock.lap("load")
        let readAll = readProblems.count == problemsBefore
        if !readAll {
            // A file could not be read and is left out: the build fails, and nothing it read is recorded.
            files = tree.files
            reused = [Bool](repeating: false, count: files.count)
            recorded = [FileStamp?](repeating: nil, count: files.count)
        }
        // A stamp taken as a file was read is recorded as one taken before.
        func record(_ stamp: FileStamp?, at place: Int) {
            if stamps == nil, readAll, let stamp, !stamp.isRecent(now: now) { recorded[place] = stamp }
        }
        for (position, read) in readFiles.enumerated() {
            guard let read else { continue }
            digests[toRead[position].relative] = read.digest
            record(read.stamp, at: readPlaces[position])
        }
        // `files` lists each folder's assets in the order `allFiles` lists them.
        let allAssets = tree.allFiles.assets
        var assets: [(asset: SourceAsset, place: Int)] = []
        var assetIndex = 0
        for (index, file) in files.enumerated() where !file.isMarkdown {
            if !reused[index] { assets.append((allAssets[assetIndex], index)) }
            assetIndex += 1
        }
        // An asset that cannot be read gets a digest no file has, so the build reads it again (and reports it).
        let assetReads = Parallel.map(assets) { asset in
            (try? fileSystem.readStampedFile(asset.asset.absolutePath)).map { (digest: ContentHash.of($0.bytes), stamp: $0.stamp) }
                ?? (digest: UInt64.random(in: 0...UInt64.max), stamp: nil)
        }
        for (asset, read) in zip(assets, assetReads) {
            digests[asset.asset.path] = read.digest
            record(read.stamp, at: asset.place)
        }
        let settings = templateFiles.map { settingsDigest(templateFiles: $0) }
        // A file the walk refused (a name not in UTF-8) is in no tree: with an error, no
        // fingerprint, so the build is never found up to date and always reports it.
        let refused = readProblems.contains { $0.severity == .error }
        let combined = refused ? nil : settings.map { fingerprint(tree, digests: digests, settings: $0) }
        // Files read although unchanged, whose stamps can be trusted now (they had been changed
        // too shortly before an earlier build read them): recorded, they are not read next time.
        var restamped: [(index: Int, record: BuildRecord.FileRecord)] = []
        if let known, known.files.count == files.count {
            for index in files.indices where known.files[index].stamp == nil && !reused[index] {
                guard let stamp = recorded[index], digests[files[index].path] == known.files[index].digest else { continue }
                restamped.append((index, .init(digest: known.files[index].digest, stamp: stamp)))
            }
        }
        clock.lap("digest")
        let content = LoadedContent(loader: loader, tree: tree, fileDigests: digests, problems: readProblems)
        return BuildInputs(
            content: content, files: files, stamps: recorded, settings: settings, fingerprint: combined,
            structure: tree.structureDigest, unread: unread, restamped: restamped)
    }

    /// What `fileSystem` says of each of `files` (paths relative to `root`), folder by folder.
    private static func stamps(of files: [SourceFolder.FileEntry], in root: String, fileSystem: FileSystem) -> [FileStamp?] {
        // Files of one folder follow each other in the tree's order.
        func folder(_ path: String) -> Substring { path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path[..<$0] } ?? "" }
        var runs: [(folder: Substring, files: Range<Int>)] = []
        var start = 0
        var current = files.first.map { folder($0.path) } ?? ""
        for index in files.indices.dropFirst() {
            let next = folder(files[index].path)
            guard next != current else { continue }
            runs.append((current, start..<index))
            (start, current) = (index, next)
        }
        if !files.isEmpty { runs.append((current, start..<files.count)) }
        let stamps = Parallel.map(runs, chunkSize: 1) { run -> [FileStamp?] in
            let names = files[run.files].map { file in
                run.folder.isEmpty ? file.path : String(file.path[file.path.utf8.index(after: run.folder.endIndex)...])
            }
            return fileSystem.stamps(run.folder.isEmpty ? root : root + "/" + run.folder, names)
        }
        return Array(stamps.joined())
    }

    /// A digest of everything a build reads: the program, the options, every template and
    /// every content file with its path. Equal fingerprints give byte-identical output.
    private func fingerprint(_ tree: SourceFolder, digests: [String: UInt64], settings: UInt64) -> UInt64 {
        var hasher = ContentHash()
        hasher.combine(settings)
        func feed(_ folder: SourceFolder) {
            hasher.combine("folder")
            hasher.combine(folder.path)
            if let index = folder.index {
                hasher.combine(index.path)
                hasher.combine(digests[index.path] ?? 0)
            }
            for file in folder.pages {
                hasher.combine(file.path)
                hasher.combine(digests[file.path] ?? 0)
            }
            for asset in folder.assets {
                hasher.combine(asset.path)
                hasher.combine(asset.absolutePath)
                hasher.combine(digests[asset.path] ?? 0)
            }
            hasher.combine(folder.folders.count)
            folder.folders.forEach(feed)
        }
        feed(tree)
        return hasher.finalize()
    }

    /// A digest of what a build reads besides the content: the program, the options and
    /// every template.
    private func settingsDigest(templateFiles: [SourceFile]) -> UInt64 {
        var hasher = ContentHash()
        hasher.combine(ToolIdentity.digest)
        hasher.combine(options.includeDrafts)
        hasher.combine(options.strict)
        hasher.combine(options.contentDisplayName)
        hasher.combine(options.templatesDisplayName)
        hasher.combine(options.templatesPath != nil)
        if options.templatesPath != nil {
            hasher.combine(templateFiles.count)
            for file in templateFiles.sorted(by: { $0.path < $1.path }) {
                hasher.combine(file.path)
                hasher.combine(ContentHash.of(file.bytes))
            }
        }
        return hasher.finalize()
    }
}
