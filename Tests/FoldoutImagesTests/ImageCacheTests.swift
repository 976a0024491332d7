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

    @Test func pruningRemovesWhatNoPageUses() throws {
        let kept = try cache.store([1], for: 0x1111_0000_0000_0001, format: .webp)
        let dropped = try cache.store([2], for: 0x2222_0000_0000_0002, format: .jpeg)
        #expect(cache.prune(keeping: [kept]) == 1)
        #expect(memory.exists(kept))
        #expect(!memory.exists(dropped))
        #expect(!memory.exists("/site/.foldout-cache/images/22"), "an emptied folder goes too")
    }
}
