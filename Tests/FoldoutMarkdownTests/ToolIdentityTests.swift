import FoldoutTestSupport
import Testing

@testable import FoldoutMarkdown

/// The program's identity, part of every cache key, render key and fingerprint.
@Suite struct ToolIdentityTests {
    @Test func buildIDIsReadFromELFProgramsOnly() throws {
        // Only Linux programs are ELF files with a build ID in a note; macOS ones are Mach-O.
        #if os(Linux)
            let id = try #require(ToolIdentity.buildID(ofFile: "/proc/self/exe"))
            #expect(id.count >= 8)
        #endif
        let folder = try TemporaryFolder()
        try folder.write("notes.txt", "\u{7F}ELF, but only in name")
        #expect(ToolIdentity.buildID(ofFile: folder.path + "/notes.txt") == nil)
    }
}
