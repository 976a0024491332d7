import FoldoutTestSupport
import Foundation
import Testing

@testable import FoldoutBase
@testable import FoldoutBuild
@testable import FoldoutIncremental
@testable import FoldoutOutput

/// A build killed at any moment (here: at each change it makes to the file system in turn,
/// as SIGKILL would stop it) leaves no temporary file in the output folder, only files that
/// are wholly old or wholly new, and a manifest (with its journal) that names each of them
/// with its digest; and the next build, of the same content, the previous content or
/// further-edited content, gives exactly what a clean build gives.
@Suite struct PublishCrashTests {
    /// Three versions of a small site: the one built first, the one whose build is killed
    /// (an edited page, a removed one, a new folder), and a further edit of that.
    enum Version: CaseIterable { case first, killed, further, bodyEdited }

    static func content(_ version: Version) -> [String: String] {
        var files = [
            "_index.md": "---\ntitle: Shelter\n---\nWelcome.\n",
            "pets/_index.md": "---\ntitle: Pets\n---\nAll our animals.\n",
            "pets/dogs/_index.md": "---\ntitle: Dogs\n---\n",
            "pets/dogs/alba.md": "---\ntitle: Alba\ntags: [calm]\n---\nAlba likes walks.\n",
            "pets/dogs/bruno.md": "---\ntitle: Bruno\n---\nBruno sleeps.\n",
            "pets/dogs/cleo.md": "---\ntitle: Cleo\n---\nCleo is shy.\n",
            "pets/cats/_index.md": "---\ntitle: Cats\n---\n",
            "pets/cats/dora.md": "---\ntitle: Dora\n---\nDora purrs.\n",
        ]
        switch version {
        case .first:
            break
        case .killed:
            files["pets/dogs/alba.md"] = "---\ntitle: Alba the Great\ntags: [calm, kids]\n---\nAlba likes long walks.\n"
            files["pets/dogs/cleo.md"] = nil
            files["pets/birds/_index.md"] = "---\ntitle: Birds\n---\n"
            files["pets/birds/kiwi.md"] = "---\ntitle: Kiwi\n---\nA new bird.\n"
        case .further:
            files["pets/dogs/alba.md"] = "---\ntitle: Alba the Great\ntags: [calm, kids]\n---\nAlba likes long walks.\n"
            files["pets/dogs/cleo.md"] = nil
            files["pets/dogs/bruno.md"] = "---\ntitle: Bruno\ntags: [kids]\n---\nBruno plays.\n"
            files["pets/fish/nemo.md"] = "---\ntitle: Nemo\n---\nA new fish.\n"
        case .bodyEdited:
            // Only an item's body below its first paragraph: a quick rebuild (`replace`).
            files["pets/dogs/alba.md"] = "---\ntitle: Alba\ntags: [calm]\n---\nAlba likes walks.\n\nAnd naps.\n"
        }
        return files
    }

    /// Files Foldout documents as its own bookkeeping in the output folder.
    static let bookkeeping: Set<String> = [OutputManifest.fileName, OutputJournal.fileName]

    static func setContent(_ site: MemorySite, _ version: Version) throws {
        site.memory.remove(site.content)
        site.memory.makeFolders(site.content)
        try site.write(content(version))
    }

    /// The site's files in the output folder of each version's clean build, bookkeeping left out.
    static let cleanOutputs: [Version: [String: [UInt8]]] = {
        var outputs: [Version: [String: [UInt8]]] = [:]
        for version in Version.allCases {
            let site = MemorySite(content(version))
            outputs[version] = siteFiles(try! site.cleanBuild().state.files.mapValues(\.bytes))
        }
        return outputs
    }()

    static func siteFiles(_ files: [String: [UInt8]]) -> [String: [UInt8]] {
        files.filter { !bookkeeping.contains($0.key) }
    }

    static func outputFiles(_ site: MemorySite) -> [String: [UInt8]] {
        site.memory.files(under: site.output).mapValues(\.bytes)
    }

    /// A build as `foldout build` runs it, through `fileSystem`.
    @discardableResult
    static func build(_ site: MemorySite, through fileSystem: FileSystem) throws(BuildFailure) -> Builder.Outcome {
        var options = site.options
        options.fileSystem = fileSystem
        let cache = MarkdownCacheFile(path: MarkdownCacheFile.defaultPath(forOutput: site.output), servesLaterBuilds: false, fileSystem: fileSystem)
        return try Builder(options: options).update(cache: cache)
    }

    /// How many changes a build of `version` over the first makes, when not killed, and
    /// whether it was a quick rebuild.
    static func changesOfARebuild(to version: Version = .killed) -> (changes: Int, quick: Bool) {
        let site = MemorySite(content(.first))
        try! site.build()
        try! setContent(site, version)
        let faulty = FaultyFileSystem(site.memory)
        let outcome = try! build(site, through: faulty.fileSystem)
        return (faulty.changes, outcome.rebuiltOnlyEditedItems)
    }

    /// What must hold of the output folder right after a kill: nothing but the old or the
    /// new version of each file, and bookkeeping that names each with its digest.
    static func expectConsistent(
        _ site: MemorySite, old: [String: [UInt8]], new: [String: [UInt8]],
        _ comment: String
    ) {
        let files = outputFiles(site)
        for (path, bytes) in siteFiles(files) {
            #expect(bytes == old[path] || bytes == new[path], "\(comment): \(path) is neither the old nor the new version")
        }
        let manifest = OutputManifest.read(root: site.output, fileSystem: site.fileSystem)
        for (path, bytes) in siteFiles(files) {
            #expect(manifest.files[path]?.hash == ContentHash.of(bytes), "\(comment): the bookkeeping does not describe \(path)")
        }
    }

    /// What must hold once the next build is done: the clean build's files, and no leftovers.
    static func expectRepaired(_ site: MemorySite, as version: Version, _ comment: String) {
        let files = outputFiles(site)
        let clean = cleanOutputs[version]!
        let published = siteFiles(files)
        #expect(published.keys.sorted() == clean.keys.sorted(), "\(comment): not the clean build's files")
        for (path, bytes) in clean where published[path] != nil {
            #expect(published[path] == bytes, "\(comment): \(path) differs from the clean build's")
        }
        #expect(files[OutputJournal.fileName] == nil, "\(comment): the journal was left")
        let cache = site.root + "/.foldout-cache"
        #expect(
            !site.memory.names(in: cache).contains { $0.hasSuffix(".staging") || $0.hasSuffix(".new") },
            "\(comment): a staging folder was left")
    }

    @Test(arguments: [
        (Version.killed, Version.killed), (.killed, .first), (.killed, .further),
        (.bodyEdited, .bodyEdited), (.bodyEdited, .first), (.bodyEdited, .further),
    ])
    func aRebuildKilledAtAnyChangeIsRepairedByTheNextBuild(killed: Version, next: Version) throws {
        let (total, quick) = Self.changesOfARebuild(to: killed)
        #expect(total > 5)
        #expect(quick == (killed == .bodyEdited), "not the kind of rebuild this case is about")
        var kills = 0
        defer { #expect(kills >= total - 3, "only \(kills) of \(total) builds were killed") }
        for killAt in 1...total {
            let comment = "build of the \(killed) version killed at change \(killAt) of \(total), next build of the \(next) version"
            let site = MemorySite(Self.content(.first))
            try site.build()
            try Self.setContent(site, killed)
            let faulty = FaultyFileSystem(site.memory)
            faulty.kill(at: killAt)
            // Killed, it stops; what it does after being killed (nothing, in this file system) does not matter.
            _ = try? Self.build(site, through: faulty.fileSystem)
            // Cores racing to make one folder make the count vary a little from run to run.
            if faulty.isDead { kills += 1 }
            Self.expectConsistent(site, old: Self.cleanOutputs[.first]!, new: Self.cleanOutputs[killed]!, comment)
            try Self.setContent(site, next)
            do {
                try site.build()
            } catch {
                Issue.record("\(comment): \(error)")
                continue
            }
            Self.expectRepaired(site, as: next, comment)
        }
    }

    @Test func aFirstBuildKilledAtAnyChangeLeavesNoOutputOrAWholeOne() throws {
        let probe = MemorySite(Self.content(.first))
        let counting = FaultyFileSystem(probe.memory)
        try Self.build(probe, through: counting.fileSystem)
        for killAt in 1...counting.changes {
            let comment = "killed at change \(killAt) of \(counting.changes)"
            let site = MemorySite(Self.content(.first))
            let faulty = FaultyFileSystem(site.memory)
            faulty.kill(at: killAt)
            _ = try? Self.build(site, through: faulty.fileSystem)
            if site.memory.exists(site.output) {
                #expect(Self.siteFiles(Self.outputFiles(site)) == Self.cleanOutputs[.first]!, "\(comment): a partial output folder")
            }
            try site.build()
            Self.expectRepaired(site, as: .first, comment)
        }
    }

    /// The disk fills at each write of a rebuild in turn (every later write fails too): the
    /// build either fails with Output/ as it was (its bookkeeping included) and says so, or
    /// publishes the new site whole; it never claims the folder unchanged when it is not.
    @Test func aDiskFillingAtAnyWriteLeavesTheOutputAsItWasOrPublishesWhole() throws {
        let total = Self.changesOfARebuild().changes
        for fullAt in 1...total {
            let comment = "disk full from change \(fullAt)"
            let site = MemorySite(Self.content(.first))
            try site.build()
            try Self.setContent(site, .killed)
            let before = Self.outputFiles(site)
            let faulty = FaultyFileSystem(site.memory)
            let start = faulty.changes
            let counter = Counter()
            faulty.fail = { change, _, _ in
                let number = start + counter.next() + 1
                return change == .write && number >= fullAt ? ENOSPC : nil
            }
            do {
                let outcome = try Self.build(site, through: faulty.fileSystem)
                #expect(Self.siteFiles(Self.outputFiles(site)) == Self.cleanOutputs[.killed]!, "\(comment): published, but not whole")
                if Self.outputFiles(site)[OutputJournal.fileName] != nil {
                    #expect(outcome.warnings.contains { $0.path.hasSuffix(OutputManifest.fileName) }, "\(comment): no word of the manifest")
                }
            } catch {
                #expect(!error.outputChanged, "\(comment): \(error)")
                #expect(Self.outputFiles(site) == before, "\(comment): the build failed but changed Output/")
                let errors = error.diagnostics.filter { $0.severity == .error }
                #expect(errors.allSatisfy { $0.hint?.contains("free space") == true }, "\(comment): \(errors)")
                #expect(errors.allSatisfy { $0.path.hasPrefix(site.root) }, "\(comment): the error names no file")
            }
            try site.build()
            Self.expectRepaired(site, as: .killed, comment)
        }
    }

    @Test func aReadOnlyOutputFolderFailsNamingItAndStaysAsItWas() throws {
        let site = MemorySite(Self.content(.first))
        try site.build()
        try Self.setContent(site, .killed)
        let before = Self.outputFiles(site)
        let faulty = FaultyFileSystem(site.memory)
        let output = site.output
        faulty.fail = { _, path, target in
            (path.hasPrefix(output + "/") || target?.hasPrefix(output + "/") == true) ? EROFS : nil
        }
        do {
            try Self.build(site, through: faulty.fileSystem)
            Issue.record("a build into a read-only folder succeeded")
        } catch {
            #expect(!error.outputChanged)
            let errors = error.diagnostics.filter { $0.severity == .error }
            #expect(errors.count == 1)
            #expect(errors.first?.path.hasPrefix(output) == true)
            #expect(errors.first?.hint?.contains("writable") == true)
        }
        #expect(Self.outputFiles(site) == before)
    }

    /// A rename into the output folder that fails after others succeeded: the build says the
    /// folder holds part of it, and the next build finishes the job.
    @Test func aPublishStoppedHalfwaySaysSoAndTheNextBuildFinishes() throws {
        let site = MemorySite(Self.content(.first))
        try site.build()
        try Self.setContent(site, .killed)
        let faulty = FaultyFileSystem(site.memory)
        let output = site.output
        let renames = Counter()
        faulty.fail = { change, _, target in
            guard change == .rename, let target, target.hasPrefix(output + "/"), !target.hasSuffix(OutputJournal.fileName) else { return nil }
            return renames.next() == 2 ? EACCES : nil
        }
        do {
            try Self.build(site, through: faulty.fileSystem)
            Issue.record("the failing rename went unnoticed")
        } catch {
            #expect(error.outputChanged)
            #expect(error.diagnostics.contains { $0.message.contains("holds part of this build") })
        }
        Self.expectConsistent(site, old: Self.cleanOutputs[.first]!, new: Self.cleanOutputs[.killed]!, "stopped halfway")
        try site.build()
        Self.expectRepaired(site, as: .killed, "after a publish stopped halfway")
    }

    /// An output folder that is a file system of its own (a mount point): renames from
    /// `.foldout-cache` beside it cannot reach in, so the staging folder is made inside it.
    @Test func anOutputFolderOnAnotherFileSystemIsStagedInsideIt() throws {
        let site = MemorySite(Self.content(.first))
        try site.build()
        let faulty = FaultyFileSystem(site.memory)
        let output = site.output
        faulty.fail = { change, path, target in
            guard change == .rename, let target else { return nil }
            return path.hasPrefix(output + "/") != target.hasPrefix(output + "/") ? EXDEV : nil
        }
        for version in [Version.killed, .further, .first] {
            try Self.setContent(site, version)
            let outcome = try Self.build(site, through: faulty.fileSystem)
            #expect(outcome.warnings.sureOfTheirPhoto.isEmpty, "\(version): \(outcome.warnings)")
            Self.expectRepaired(site, as: version, "\(version) into a mount point")
            #expect(!site.memory.exists(output + "/" + OutputStaging.nameInside))
        }
    }

    @Test func noTemporaryFileEverAppearsInTheOutputFolder() throws {
        let site = MemorySite(Self.content(.first))
        try site.build()
        try Self.setContent(site, .killed)
        let faulty = FaultyFileSystem(site.memory)
        let output = site.output
        let written = Paths()
        faulty.fail = { change, path, target in
            if change == .write || change == .append, path.hasPrefix(output + "/") { written.add(path) }
            if change == .rename, path.hasPrefix(output + "/"), target?.hasPrefix(output + "/") == true { written.add(path) }
            return nil
        }
        try Self.build(site, through: faulty.fileSystem)
        #expect(written.all.isEmpty, "files written or renamed inside Output/: \(written.all.sorted())")
        Self.expectRepaired(site, as: .killed, "a plain rebuild")
    }
}

/// A count shared by the closures of one test.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    /// The count so far, then one more.
    func next() -> Int {
        lock.withLock {
            defer { value += 1 }; return value
        }
    }
}

final class Paths: @unchecked Sendable {
    private let lock = NSLock()
    private var paths: Set<String> = []
    func add(_ path: String) { _ = lock.withLock { paths.insert(path) } }
    var all: Set<String> { lock.withLock { paths } }
}
