import FoldoutBuild
import FoldoutImages
import FoldoutOutput
import FoldoutTestSupport
import Foundation
import Testing

@testable import FoldoutBase
@testable import FoldoutIncremental

/// `.foldout-cache/` shared by builds of two output folders at once (`foldout serve` into
/// `Output/`, `foldout build --output dist`), and cache and state files found damaged: the
/// output is always what a clean build makes, and nothing missed is repeated as a warning.
@Suite struct SharedCacheTests {
    static func fixture(_ name: String) throws -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("FoldoutImagesTests/Fixtures/" + name)
        return try [UInt8](Data(contentsOf: url))
    }

    /// A shelter with two photos and feeds (its items have no `date`, so the dates file is kept).
    static func shelter() throws -> MemorySite {
        let site = MemorySite([
            "_index.md": "---\ntitle: Shelter\nbase_url: https://example.org/\n---\n",
            "pets/_index.md": "---\ntitle: Pets\n---\n",
            "pets/rex.md": "---\ntitle: Rex\nimage: rex.jpg\n---\n\nRex asleep:\n\n![Rex asleep on the sofa](rex-2.jpg)\n",
            "pets/max.md": "---\ntitle: Max\n---\n\nMax is *new*.\n",
        ])
        try site.writeContent("pets/rex.jpg", bytes: try fixture("rotated-6.jpg"))
        try site.writeContent("pets/rex-2.jpg", bytes: try fixture("upright.jpg"))
        return site
    }

    static func options(_ site: MemorySite, output: String) -> BuildOptions {
        var options = site.options
        options.outputPath = site.root + "/" + output
        return options
    }

    /// A build as `foldout build` runs it, with the options given.
    @discardableResult
    static func build(_ options: BuildOptions) throws -> Builder.Outcome {
        try Builder(options: options).update(
            cache: MarkdownCacheFile(
                path: MarkdownCacheFile.defaultPath(forOutput: options.outputPath),
                servesLaterBuilds: false, fileSystem: options.fileSystem))
    }

    /// The files of an output folder but its manifest, by path.
    static func files(_ site: MemorySite, _ folder: String) -> [String: [UInt8]] {
        site.memory.files(under: site.root + "/" + folder).filter { $0.key != OutputManifest.fileName }.mapValues(\.bytes)
    }

    /// The paths whose files differ between `files` and `expected`, or are in one only.
    static func differing(_ files: [String: [UInt8]], _ expected: [String: [UInt8]]) -> [String] {
        Set(files.keys).union(expected.keys).filter { files[$0] != expected[$0] }.sorted()
    }

    static func cleanFiles(_ site: MemorySite) throws -> [String: [UInt8]] {
        try site.cleanBuild().state.files.filter { $0.key != OutputManifest.fileName }.mapValues(\.bytes)
    }

    /// `dist` has made its images and is about to copy them when a build of `Output/` runs
    /// to its end, with Rex's photo changed: it no longer uses what dist is about to copy.
    @Test func aBuildOfAnotherFolderRemovesNothingABuildIsAboutToCopy() throws {
        let site = try Self.shelter()
        try Self.build(Self.options(site, output: "Output"))
        var dist = Self.options(site, output: "dist")
        let stages = Counter()
        let before = try Self.fixture("rotated-6.jpg"), changed = try Self.fixture("cmyk.jpg")
        let memory = site.memory, photo = site.content + "/pets/rex.jpg", output = Self.options(site, output: "Output")
        dist.decodingPhotos = { stage in
            stage()
            // The second stage makes the variants: once it is done, Output's build runs.
            guard stages.next() == 2 else { return }
            memory.write(photo, bytes: changed)
            _ = try? Self.build(output)
            memory.write(photo, bytes: before)
        }
        let outcome = try Self.build(dist)
        #expect(outcome.warnings.sureOfTheirPhoto.isEmpty, "\(outcome.warnings)")
        #expect(Self.differing(Self.files(site, "dist"), try Self.cleanFiles(site)).isEmpty)
    }

    /// Two builds make the same images at once: `Output/`'s runs to its end while dist's
    /// has written its first image and not yet renamed it into the cache.
    @Test func twoBuildsMakingTheSameImagesAtOnceBothSucceed() throws {
        let site = try Self.shelter()
        var dist = Self.options(site, output: "dist")
        let first = Flag()
        let rename = dist.fileSystem.rename, output = Self.options(site, output: "Output")
        dist.fileSystem.rename = { source, target in
            if target.contains("/.foldout-cache/images/"), target.hasSuffix(".webp") || target.hasSuffix(".jpg"), first.setOnce() {
                _ = try? Self.build(output)
            }
            try rename(source, target)
        }
        let outcome = try Self.build(dist)
        #expect(outcome.warnings.sureOfTheirPhoto.isEmpty, "\(outcome.warnings)")
        let clean = try Self.cleanFiles(site)
        #expect(Self.differing(Self.files(site, "dist"), clean).isEmpty)
        #expect(Self.differing(Self.files(site, "Output"), clean).isEmpty)
    }

    /// An image cache that cannot be written makes a build warn (naming the cache, not the
    /// photo), and the next build makes the images rather than repeat the warning.
    @Test func imagesMissedForAnotherReasonThanThePhotoAreMadeByTheNextBuild() throws {
        let site = try Self.shelter()
        var failing = site.options
        let writeFile = failing.fileSystem.writeFile
        failing.fileSystem.writeFile = { path, fill in
            if path.contains("/.foldout-cache/images/"), path.hasSuffix(SidecarFile.temporarySuffix), !path.contains("used-by") {
                throw FileSystemError(path: path, errno: ENOSPC)
            }
            return try writeFile(path, fill)
        }
        let missed = try Self.build(failing)
        #expect(!missed.warnings.isEmpty)
        #expect(missed.warnings.allSatisfy { $0.hint?.contains("export") != true }, "the photo is fine: \(missed.warnings)")
        #expect(missed.warnings.allSatisfy { $0.hint?.contains(".foldout-cache") == true }, "\(missed.warnings)")

        let next = try site.build()
        #expect(!next.wasUpToDate)
        #expect(next.warnings.sureOfTheirPhoto.isEmpty, "\(next.warnings)")
        #expect(Self.differing(Self.files(site, "Output"), try Self.cleanFiles(site)).isEmpty)
    }

    /// Every file `.foldout-cache/` holds after a build, but the lock (which holds nothing).
    static func filesInCache(_ site: MemorySite) -> [String] {
        site.memory.files(under: site.root + "/.foldout-cache").keys.filter { !$0.hasSuffix(".lock") && !$0.hasSuffix("/lock") }.sorted()
    }

    /// What comes after a build whose cache and state files may be damaged.
    enum NextStep: CaseIterable, Sendable {
        /// An item's text is edited (a quick rebuild reads the state).
        case editedItem
        /// The output folder was deleted (a full build reads the caches, copies the images).
        case deletedOutput
        /// A template changed (a full build into the existing folder).
        case changedSite
    }

    /// Builds the shelter on Monday, damages `file` (relative to `.foldout-cache`), then
    /// builds again on Tuesday after `step`: the output and warnings of that build.
    static func run(damaging file: String?, with damage: FileDamage, then step: NextStep) throws -> ([String: [UInt8]], [Diagnostic]) {
        let site = try shelter()
        site.clock = { Timestamp(seconds: 1_780_000_000) }
        try built(site)
        if let file {
            let path = site.root + "/.foldout-cache/" + file
            site.memory.write(path, bytes: damage.apply(try #require(site.memory.bytes(path))))
        }
        site.clock = { Timestamp(seconds: 1_780_086_400) }
        switch step {
        case .editedItem: try site.write(["pets/max.md": "---\ntitle: Max\n---\n\nMax is *old* now.\n"])
        case .deletedOutput: site.memory.remove(site.output)
        case .changedSite: try site.write(["_index.md": "---\ntitle: The Shelter\nbase_url: https://example.org/\n---\n"])
        }
        let outcome = try site.build()
        return (files(site, "Output"), outcome.warnings)
    }

    /// Builds `site` twice, the second time after a change, so every file is kept: a first
    /// build into a new folder does not start the Markdown cache.
    static func built(_ site: MemorySite) throws {
        try site.build()
        try site.write(["pets/_index.md": "---\ntitle: Our pets\n---\n"])
        try site.build()
    }

    /// The files a build keeps, to damage each in turn: all but the made images, of which
    /// the first two of each format.
    static let keptFiles: [String] = {
        let site = try! shelter()
        try! built(site)
        let all = filesInCache(site)
        let images = [".webp", ".jpg"].flatMap { format in all.filter { $0.hasPrefix("images/") && $0.hasSuffix(format) }.prefix(2) }
        return all.filter { !$0.hasSuffix(".webp") && !$0.hasSuffix(".jpg") } + images
    }()

    @Test func everyKindOfKeptFileIsTried() {
        let kept = Self.keptFiles
        for suffix in [".cache", ".state", ".dates", ".dates.copy", "images/headers", "images/used-by-Output", ".webp", ".jpg"] {
            #expect(kept.contains { $0.hasSuffix(suffix) }, "\(suffix) in \(kept)")
        }
    }

    @Test(arguments: NextStep.allCases)
    func aDamagedCacheOrStateFileNeverChangesTheOutput(step: NextStep) throws {
        let (expected, expectedWarnings) = try Self.run(damaging: nil, with: .empty, then: step)
        for file in Self.keptFiles {
            for damage in FileDamage.allCases {
                let (files, warnings) = try Self.run(damaging: file, with: damage, then: step)
                let differing = Set(files.keys).union(expected.keys).filter { files[$0] != expected[$0] }.sorted()
                #expect(differing.isEmpty, "\(file) \(damage): \(differing)")
                #expect(warnings.sureOfTheirPhoto == expectedWarnings.sureOfTheirPhoto, "\(file) \(damage)")
            }
        }
    }

    /// A folder built once and then deleted by hand leaves nothing in `.foldout-cache/`
    /// after the next build of another folder; the files of a folder that exists stay, and
    /// so do the files of one whose build holds its lock.
    @Test func theFilesOfAnOutputFolderThatIsGoneAreRemoved() throws {
        let site = try Self.shelter()
        try Self.build(Self.options(site, output: "dist"))
        try Self.build(Self.options(site, output: "preview"))
        try Self.build(Self.options(site, output: "Output"))
        let cache = site.root + "/.foldout-cache/"
        #expect(site.memory.exists(cache + "dist.state") && site.memory.exists(cache + "images/used-by-dist"))
        site.memory.remove(site.root + "/dist")
        site.memory.remove(site.root + "/preview")
        // A build into preview is starting: it holds its lock.
        let held = site.fileSystem.lockFile(cache + "preview.lock")
        try site.write(["pets/max.md": "---\ntitle: Max\n---\n\nEdited.\n"])
        try site.build()
        for name in ["dist.state", "dist.cache", "dist.lock", "images/used-by-dist"] {
            #expect(!site.memory.exists(cache + name), "\(name)")
        }
        #expect(site.memory.exists(cache + "preview.state"), "its build holds the lock")
        #expect(site.memory.exists(cache + "Output.state") && site.memory.exists(cache + "images/used-by-Output"))
        #expect(site.memory.exists(cache + "Output.dates") && site.memory.exists(cache + "dist.dates"), "dates are facts, kept")
        withExtendedLifetime(held) {}
    }
}

/// Counts calls, from any thread.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func next() -> Int {
        lock.withLock {
            count += 1
            return count
        }
    }
}

/// True the first time only, from any thread.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var isSet = false

    func setOnce() -> Bool {
        lock.withLock {
            defer { isSet = true }
            return !isSet
        }
    }
}
