import Testing
@testable import FoldoutMarkdown
import FoldoutTestSupport

/// The program's identity, part of every cache key, render key and fingerprint.
@Suite struct ToolIdentityTests {
    @Test func buildIDIsReadFromELFProgramsOnly() throws {
        #if os(Linux)
        let id = try #require(ToolIdentity.buildID(ofFile: "/proc/self/exe"))
        #expect(id.count >= 8)
        #endif
        let folder = try TemporaryFolder()
        try folder.write("notes.txt", "\u{7F}ELF, but only in name")
        #expect(ToolIdentity.buildID(ofFile: folder.path + "/notes.txt") == nil)
    }
}
