import Testing
import FoldoutBase
import FoldoutImages
import FoldoutTestSupport

/// Made images kept across builds in memory's file system: found again by key, written
/// whole, pruned when no page uses them.
@Suite struct ImageCacheTests {
    let memory = MemoryFileSystem()
    var cache: ImageCache { ImageCache(folder: "/site/.foldout-cache/images", fileSystem: memory.fileSystem) }

    @Test func aStoredImageIsFoundByItsKeyAndFormat() throws {
        #expect(cache.lookup(0xABCDEF, format: .webp) == nil)
        let path = try cache.store([1, 2, 3], for: 0xABCDEF, format: .webp)
        #expect(path == "/site/.foldout-cache/images/00/0000000000abcdef.webp")
        #expect(cache.lookup(0xABCDEF, format: .webp) == path)
        #expect(cache.lookup(0xABCDEF, format: .jpeg) == nil)
        #expect(memory.bytes(path) == [1, 2, 3])
    }

    @Test func whatNoOutputFolderUsesAnyMoreIsRemoved() throws {
        let a = try cache.store([1], for: 0x1111_0000_0000_0001, format: .webp)
        let b = try cache.store([2], for: 0x2222_0000_0000_0002, format: .jpeg)
        let c = try cache.store([3], for: 0x3333_0000_0000_0003, format: .png)
        #expect(cache.recordUse(of: [a, b], by: "Output") == 0)
        #expect(cache.recordUse(of: [b, c], by: "public") == 0)
        // Output no longer uses a or b: a goes, b stays for public.
        #expect(cache.recordUse(of: [c], by: "Output") == 1)
        #expect(!memory.exists(a))
        #expect(memory.exists(b) && memory.exists(c))
        #expect(cache.recordUse(of: [], by: "public") == 1)
        #expect(!memory.exists(b))
        #expect(memory.exists(c), "Output still uses it")
    }

    @Test func headersAreRememberedByDigest() {
        #expect(cache.knownHeaders().isEmpty)
        let header = ImageHeader(format: .jpeg, storedWidth: 3024, storedHeight: 4032)
        cache.remember([42: header], with: [:])
        cache.remember([7: ImageHeader(format: .png, storedWidth: 10, storedHeight: 20)], with: cache.knownHeaders())
        #expect(cache.knownHeaders()[42] == header)
        #expect(cache.knownHeaders()[7]?.format == .png)
    }
}
