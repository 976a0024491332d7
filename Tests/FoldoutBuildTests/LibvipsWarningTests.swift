import FoldoutBase
import FoldoutBuild
import FoldoutImages
import FoldoutTestSupport
import Foundation
import Testing

/// What libvips says about a photo it could decode (`VIPS-WARNING` lines on stderr before)
/// is a Foldout warning naming the file, said once though the photo is decoded twice, and
/// said again by every build of the same file, though it finds the variants made.
@Suite struct LibvipsWarningTests {
    /// `wide.jpg` with bytes of its scan data flipped here and there: libjpeg decodes it, complaining.
    static func damagedPhoto() throws -> [UInt8] {
        var bytes = try PhotoTests.fixture("wide.jpg")
        let scan = try #require(bytes.firstRange(of: [0xFF, 0xDA])).lowerBound
        for index in stride(from: scan + 200, to: bytes.count - 50, by: 997) { bytes[index] ^= 0x5A }
        return bytes
    }

    @Test func aDamagedPhotoThatDecodesIsWarnedAboutByName() throws {
        let site = try PhotoTests.shelter()
        try site.writeContent("pets/rex-2.jpg", bytes: try Self.damagedPhoto())
        let outcome = try site.build()
        let said = outcome.warnings.filter { $0.message.hasPrefix("libvips says of this image:") }
        #expect(said.contains { $0.message.contains("Corrupt JPEG data") }, "\(outcome.warnings)")
        // Not those libvips logged while other photos were being made: they may be another's.
        let sure = said.sureOfTheirPhoto
        #expect(sure.allSatisfy { $0.path == "Content/pets/rex-2.jpg" && $0.severity == .warning })
        #expect(Set(sure.map(\.message)).count == sure.count, "each message once")
        #expect(try site.text("pets/rex.html").contains("rex-2-"), "its variants are made all the same")
    }

    /// The first build decodes the photo and hears libvips; the next ones find its variants
    /// in the image cache (the output folder gone, or a draft build) and say the same.
    @Test func everyBuildOfTheSameDamagedPhotoSaysTheSame() throws {
        let site = try PhotoTests.shelter()
        try site.writeContent("pets/rex-2.jpg", bytes: try Self.damagedPhoto())
        let said = { (outcome: Builder.Outcome) in
            Set(outcome.warnings.sureOfTheirPhoto.filter { $0.path == "Content/pets/rex-2.jpg" }.map(\.description))
        }
        let first = said(try site.build())
        #expect(first.contains { $0.contains("Corrupt JPEG data") }, "\(first)")
        site.memory.remove(site.output)
        #expect(said(try site.build()) == first)
        site.memory.remove(site.output)
        var draft = site.options
        draft.draftImages = true
        #expect(said(try Builder(options: draft).update(cache: nil)) == first)
    }

    /// What the image cache remembers of a photo goes once no output folder sharing the
    /// cache has the photo in its site, as a full build of each finds it.
    @Test func remarksOfPhotosNoSiteHasAnyMoreAreForgotten() throws {
        let site = try PhotoTests.shelter()
        let damaged = try Self.damagedPhoto()
        try site.writeContent("pets/rex-2.jpg", bytes: damaged)
        let cache = ImageCache.beside(output: site.output, fileSystem: site.fileSystem)
        var other = site.options
        other.outputPath = site.output + "-dist"
        try site.build()
        _ = try Builder(options: other).update(cache: nil)
        #expect(cache.knownRemarks()[ContentHash.of(damaged)]?.messages.isEmpty == false)
        // The photo replaced: one output folder's site still has it until that folder is built.
        try site.writeContent("pets/rex-2.jpg", bytes: try PhotoTests.fixture("upright.jpg"))
        try site.build()
        #expect(cache.knownRemarks()[ContentHash.of(damaged)] != nil, "the other output folder still has the photo")
        _ = try Builder(options: other).update(cache: nil)
        #expect(cache.knownRemarks()[ContentHash.of(damaged)] == nil)
        // Put back, it is heard and said again.
        try site.writeContent("pets/rex-2.jpg", bytes: damaged)
        let again = try site.build().warnings.sureOfTheirPhoto.filter { $0.path == "Content/pets/rex-2.jpg" }
        #expect(again.contains { $0.message.contains("Corrupt JPEG data") }, "\(again)")
    }

    /// `foldout build` of photos cut off and damaged, several made at once: what reaches
    /// stderr is Foldout's diagnostics only (no `VIPS-WARNING` line), sound photos are not
    /// blamed for what libvips said of another, and the next build says the same.
    @Test func aBuildsStderrHoldsOnlyFoldoutsDiagnostics() throws {
        let folder = try TemporaryFolder()
        try folder.write("Content/_index.md", "---\ntitle: Shelter\n---\n")
        try folder.write("Content/pets/_index.md", "---\ntitle: Pets\n---\n")
        let wide = try PhotoTests.fixture("wide.jpg")
        var photos: [(name: String, bytes: [UInt8], sound: Bool)] = [
            ("sound-1", wide, true), ("sound-2", try PhotoTests.fixture("upright.jpg"), true),
            ("damaged", try Self.damagedPhoto(), false),
        ]
        for fraction in [3, 5, 7, 9] { photos.append(("cut-\(fraction)", Array(wide.prefix(wide.count * fraction / 10)), false)) }
        for photo in photos {
            try folder.write("Content/pets/\(photo.name).md", "---\ntitle: \(photo.name)\nimage: \(photo.name).jpg\n---\n")
            try folder.write("Content/pets/\(photo.name).jpg", bytes: photo.bytes)
        }
        let first = try CommandLineFailureTests.run(["build", "--verbose"], in: folder.path)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(!first.stderr.contains("VIPS"), "\(first.stderr)")
        #expect(!first.stderr.contains("error in tile"), "told to whichever photos were being made: \(first.stderr)")
        let lines = first.stderr.split(separator: "\n")
        let stray = lines.filter { !$0.hasPrefix("  hint: ") && $0.range(of: #"^Content/\S+:\d+:\d+: (warning|note): "#, options: .regularExpression) == nil }
        #expect(stray.isEmpty, "\(first.stderr)")
        // Not counting a message libvips logged on its own thread while several photos were being
        // made, which says it may be another's (and is not kept for the next build).
        let sure = lines.filter { !LibvipsMessages.wasHeardAmongOthers(String($0)) }
        for photo in photos {
            let named = sure.filter { $0.hasPrefix("Content/pets/\(photo.name).jpg:") }
            #expect(named.isEmpty == photo.sound, "\(photo.name): \(named)")
        }
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("Output"))
        let second = try CommandLineFailureTests.run(["build", "--verbose"], in: folder.path)
        #expect(Set(second.stderr.split(separator: "\n").filter { !LibvipsMessages.wasHeardAmongOthers(String($0)) }) == Set(sure))
    }
}
