import FoldoutBase
import FoldoutImages
import FoldoutTestSupport
import Foundation
import Testing

/// Made images kept across builds in memory's file system: found again by key, written
/// whole, checked before use, pruned when no output folder uses them, and shared by builds
/// of several output folders at once.
@Suite struct ImageCacheTests {
    let memory = MemoryFileSystem()
    let folder = "/site/.foldout-cache/images"
    var cache: ImageCache { ImageCache(folder: folder, fileSystem: memory.fileSystem) }

    func cache(for user: String, fileSystem: FileSystem? = nil) -> ImageCache {
        ImageCache(folder: folder, fileSystem: fileSystem ?? memory.fileSystem, user: user)
    }

    @Test func aStoredImageIsFoundByItsKeyAndFormat() throws {
        #expect(cache.lookup(0xABCDEF, format: .webp) == nil)
        let entry = try cache.store([1, 2, 3], for: 0xABCDEF, format: .webp)
        #expect(entry.path == folder + "/00/0000000000abcdef-" + ContentHash.hex(ContentHash.of([1, 2, 3])) + ".webp")
        #expect(entry.digest == ContentHash.of([1, 2, 3]))
        #expect(cache.lookup(0xABCDEF, format: .webp) == entry)
        #expect(cache.lookup(0xABCDEF, format: .jpeg) == nil)
        #expect(memory.bytes(entry.path) == [1, 2, 3])
        #expect(memory.names(in: folder + "/00") == ["0000000000abcdef-" + ContentHash.hex(entry.digest) + ".webp"], "no temporary left")
    }

    @Test(arguments: FileDamage.allCases)
    func aDamagedImageIsMadeAgainNotUsed(damage: FileDamage) throws {
        let photo = try ImageCodecTests.fixture("upright.jpg")
        memory.write("/site/Content/rex.jpg", bytes: photo)
        let header = try SourceImage.header(of: photo, pixelLimit: ImageCodec.defaultPixelLimit).get()
        let source = SourceImage(
            path: "rex.jpg", absolutePath: "/site/Content/rex.jpg", digest: ContentHash.of(photo), header: header,
            displayPath: "Content/rex.jpg")
        let jobs = [
            ImageMaker.Job(
                source: source,
                operations: ImagePlan.responsive("rex.jpg", header: header, options: .init())
                    .allVariants.map(\.operation))
        ]
        let first = ImageMaker(cache: cache(for: "Output")).make(jobs)
        #expect(first.problems.isEmpty && first.decoded == 1)
        let victim = try #require(first.files.values.sorted { $0.path < $1.path }.first)
        let good = try #require(memory.bytes(victim.path))
        memory.write(victim.path, bytes: damage.apply(good))

        let again = ImageMaker(cache: cache(for: "Output")).make(jobs)
        #expect(again.problems.isEmpty, "a damaged entry is no problem of the photo")
        #expect(again.decoded == 1, "made again")
        #expect(again.files == first.files)
        #expect(memory.bytes(victim.path) == good)
    }

    @Test func whatNoOutputFolderUsesAnyMoreIsRemoved() throws {
        let a = try cache.store([1], for: 0x1111_0000_0000_0001, format: .webp)
        let b = try cache.store([2], for: 0x2222_0000_0000_0002, format: .jpeg)
        let c = try cache.store([3], for: 0x3333_0000_0000_0003, format: .png)
        let output = cache(for: "Output"), dist = cache(for: "dist")
        #expect(output.recordUse(of: [0x1111_0000_0000_0001, 0x2222_0000_0000_0002]) == 0)
        #expect(dist.recordUse(of: [0x2222_0000_0000_0002, 0x3333_0000_0000_0003]) == 0)
        // Output no longer uses a or b: a goes, b stays for dist.
        #expect(output.recordUse(of: [0x3333_0000_0000_0003]) == 1)
        #expect(!memory.exists(a.path))
        #expect(memory.exists(b.path) && memory.exists(c.path))
        #expect(dist.recordUse(of: []) == 1)
        #expect(!memory.exists(b.path))
        #expect(memory.exists(c.path), "Output still uses it")
    }

    /// The build of `dist` has found its images (`make` returned) and is about to copy them,
    /// when the build of `Output`, whose photo changed, records what it uses now: what dist
    /// is about to copy stays.
    @Test func anotherFoldersBuildDoesNotRemoveWhatABuildIsAboutToCopy() throws {
        let photo = try ImageCodecTests.fixture("upright.jpg"), other = try ImageCodecTests.fixture("rotated-6.jpg")
        func job(_ bytes: [UInt8]) throws -> ImageMaker.Job {
            memory.write("/site/Content/rex.jpg", bytes: bytes)
            let header = try SourceImage.header(of: bytes, pixelLimit: ImageCodec.defaultPixelLimit).get()
            let source = SourceImage(
                path: "rex.jpg", absolutePath: "/site/Content/rex.jpg", digest: ContentHash.of(bytes), header: header,
                displayPath: "Content/rex.jpg")
            return ImageMaker.Job(
                source: source,
                operations: ImagePlan.responsive("rex.jpg", header: header, options: .init())
                    .allVariants.map(\.operation))
        }
        let output = cache(for: "Output"), dist = cache(for: "dist")
        let before = try job(photo)
        let outputMade = ImageMaker(cache: output).make([before])
        output.recordUse(of: Set(outputMade.files.keys))

        let distMade = ImageMaker(cache: dist).make([before])
        #expect(distMade.decoded == 0, "found what Output made")
        // Meanwhile Output's photo changes, and its build records what it uses.
        let after = try job(other)
        let outputAgain = ImageMaker(cache: output).make([after])
        output.recordUse(of: Set(outputAgain.files.keys))

        for entry in distMade.files.values {
            #expect(memory.bytes(entry.path).map(ContentHash.of) == entry.digest, "\(entry.path) is still there, whole")
        }
        dist.recordUse(of: Set(distMade.files.keys))
        // Once neither uses them, they go.
        dist.recordUse(of: [])
        #expect(distMade.files.values.allSatisfy { !memory.exists($0.path) })
        #expect(outputAgain.files.values.allSatisfy { memory.exists($0.path) })
    }

    /// Two processes making the same image at once: the second writes and renames its file
    /// while the first is between writing and renaming. Both end with a whole entry.
    @Test func twoWritersOfOneEntryEachLeaveAWholeFile() throws {
        let second = cache(for: "dist")
        var interleaved = memory.fileSystem
        let rename = interleaved.rename
        let done = Flag()
        interleaved.rename = { source, target in
            if done.setOnce() { _ = try? second.store([9, 9, 9], for: 0x42, format: .webp) }
            try rename(source, target)
        }
        let first = cache(for: "Output", fileSystem: interleaved)
        let entry = try first.store([9, 9, 9], for: 0x42, format: .webp)
        #expect(memory.bytes(entry.path) == [9, 9, 9])
        #expect(cache.lookup(0x42, format: .webp) == entry)
        #expect(memory.names(in: folder + "/00").count == 1, "one entry, no temporary left")
    }

    /// A build killed while writing an entry leaves its temporary; the next lookup there
    /// removes it, but not one a live process is still writing.
    @Test func temporariesOfProcessesThatAreGoneAreRemoved() {
        let gone = folder + "/00/.0000000000000042-00000000000000aa.webp.2147483646-1.foldout-tmp"
        let live = folder + "/00/.0000000000000042-00000000000000aa.webp.\(getpid())-1.foldout-tmp"
        memory.write(gone, bytes: [1])
        memory.write(live, bytes: [2])
        #expect(cache.lookup(0x42, format: .webp) == nil)
        #expect(!memory.exists(gone))
        #expect(memory.exists(live))
    }

    @Test func headersAreRememberedByDigest() {
        #expect(cache.knownHeaders().isEmpty)
        let header = ImageHeader(format: .jpeg, storedWidth: 3024, storedHeight: 4032)
        cache.remember([42: header], with: [:])
        cache.remember([7: ImageHeader(format: .png, storedWidth: 10, storedHeight: 20)], with: cache.knownHeaders())
        #expect(cache.knownHeaders()[42] == header)
        #expect(cache.knownHeaders()[7]?.format == .png)
    }

    @Test(arguments: FileDamage.allCases)
    func damagedHeadersAreReadAsNone(damage: FileDamage) throws {
        cache.remember([42: ImageHeader(format: .jpeg, storedWidth: 3024, storedHeight: 4032)], with: [:])
        let good = try #require(memory.bytes(folder + "/headers"))
        memory.write(folder + "/headers", bytes: damage.apply(good))
        #expect(cache.knownHeaders().isEmpty, "the photos' headers are read again")
    }

    /// What libvips said of a photo, and why one did not decode, by digest: added to by builds
    /// of two output folders, each message once, and forgotten when damaged.
    @Test func remarksAreRememberedByDigestAndAddedTo() throws {
        #expect(cache.knownRemarks().isEmpty)
        cache(for: "Output").remember([42: ImageRemarks(messages: ["VipsJpeg: Corrupt JPEG data: bad Huffman code"])])
        cache(for: "dist").remember([
            42: ImageRemarks(messages: ["VipsJpeg: Corrupt JPEG data: bad Huffman code", "read gave 2 warnings"]),
            7: ImageRemarks(problem: .unreadable("VipsJpeg: Premature end of input file")),
        ])
        let known = cache.knownRemarks()
        #expect(known[42] == ImageRemarks(messages: ["VipsJpeg: Corrupt JPEG data: bad Huffman code", "read gave 2 warnings"]))
        #expect(known[7] == ImageRemarks(problem: .unreadable("VipsJpeg: Premature end of input file")))
        let good = try #require(memory.bytes(folder + "/remarks"))
        memory.write(folder + "/remarks", bytes: FileDamage.middleBit.apply(good))
        #expect(cache.knownRemarks().isEmpty, "the photos are decoded again")
    }

    /// Remarks are kept while some output folder's site has the photo: claimed before a build
    /// reads or adds remarks, recorded when its full build finishes, as the made images are.
    @Test func remarksAreForgottenWhenNoOutputFoldersSiteHasThePhoto() {
        let output = cache(for: "Output"), dist = cache(for: "dist")
        output.claimPhotos([42, 7])
        dist.claimPhotos([7, 9])
        output.remember([42: ImageRemarks(messages: ["a"]), 7: ImageRemarks(messages: ["b"]), 9: ImageRemarks(messages: ["c"])])
        dist.remember([5: ImageRemarks(problem: .unreadable("cut off"))])
        // 5 is no site's: forgotten by the first build to finish.
        output.recordPhotos([42])
        #expect(Set(cache.knownRemarks().keys) == [42, 7, 9])
        dist.recordPhotos([9])
        #expect(Set(cache.knownRemarks().keys) == [42, 9])
        // A build still running has claimed its photos: a build finishing meanwhile keeps them.
        dist.claimPhotos([42])
        output.recordPhotos([])
        #expect(Set(cache.knownRemarks().keys) == [42, 9])
        #expect(!memory.exists(folder + "/photos-of-Output"))
        dist.recordPhotos([])
        #expect(!memory.exists(folder + "/remarks") && !memory.exists(folder + "/photos-of-dist"))
        // A site without photos, whose folder had none, touches nothing.
        let fresh = MemoryFileSystem()
        ImageCache(folder: folder, fileSystem: fresh.fileSystem, user: "Output").recordPhotos([])
        #expect(fresh.files(under: "/site").isEmpty)
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
