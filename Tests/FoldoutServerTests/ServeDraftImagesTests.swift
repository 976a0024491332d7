import FoldoutBase
import FoldoutBuild
import FoldoutTestSupport
import Foundation
import Testing

@testable import FoldoutServer

/// `serve` shows pages before their photos are made: its first build shows a new photo as its
/// original, then a build of its own makes the variants, and the output ends as a clean
/// `foldout build` leaves it.
@Suite struct ServeDraftImagesTests {
    static func fixture(_ name: String) throws -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("FoldoutImagesTests/Fixtures/" + name)
        return try [UInt8](Data(contentsOf: url))
    }

    @Test func pagesComeFirstWithOriginalsThenTheVariants() throws {
        let site = try DiskSite([
            "_index.md": "---\ntitle: Shelter\n---\n",
            "pets/_index.md": "---\ntitle: Pets\n---\n",
            "pets/rex.md": "---\ntitle: Rex\nimage: rex.jpg\n---\n\nRex in the garden.\n",
        ])
        try site.writeContent("pets/rex.jpg", bytes: try Self.fixture("wide.jpg"))
        var options = site.options
        options.draftImages = true
        let built = Built()
        let session = PreviewSession(options: options, host: "127.0.0.1", port: 0) { event in
            if case .built(let outcome, _) = event { built.append(outcome) }
        }
        let first = try session.build().get()
        #expect(first.imagesPending == 1)
        #expect(try site.text("pets/rex.html").contains("src=\"rex.jpg\""), "the original, at once")
        // The photos' build follows on a thread of its own.
        let deadline = Date().addingTimeInterval(300)
        while session.buildCount < 2, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        #expect(session.buildCount == 2)
        #expect(built.outcomes.map(\.imagesPending) == [1, 0])
        #expect(built.outcomes.last?.summary.changedPaths.contains("pets/rex.html") == true, "open pages reload")
        let page = try site.text("pets/rex.html")
        #expect(page.contains(".webp") && !page.contains("src=\"rex.jpg\""))
        let fresh = try site.cleanBuild().state
        let served = try site.state
        #expect(served.sitePaths == fresh.sitePaths)
        let differing = served.sitePaths.filter { served.files[$0]?.bytes != fresh.files[$0]?.bytes }
        #expect(differing.isEmpty, "these differ from a clean build: \(differing.sorted())")
    }

    /// A photo cut off: the first look leaves it for later (its header is whole), the photos'
    /// build finds it does not decode and says so, and every later build of the session too.
    @Test func aPhotoThatDoesNotDecodeIsReportedByThePhotosBuildAndTheNext() throws {
        let site = try DiskSite([
            "_index.md": "---\ntitle: Shelter\n---\n",
            "pets/_index.md": "---\ntitle: Pets\n---\n",
            "pets/rex.md": "---\ntitle: Rex\nimage: rex.jpg\n---\n\nRex in the garden.\n",
            "pets/max.md": "---\ntitle: Max\n---\n\nMax.\n",
        ])
        try site.writeContent("pets/rex.jpg", bytes: try Self.fixture("truncated.jpg"))
        var options = site.options
        options.draftImages = true
        let built = Built()
        let session = PreviewSession(options: options, host: "127.0.0.1", port: 0) { event in
            if case .built(let outcome, _) = event { built.append(outcome) }
        }
        let unreadable = { (outcome: Builder.Outcome) in
            outcome.warnings.filter { $0.path.hasSuffix("pets/rex.jpg") && $0.message.contains("could not be read") }.count
        }
        let first = try session.build().get()
        #expect(first.imagesPending == 1)
        let deadline = Date().addingTimeInterval(300)
        while session.buildCount < 2, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        #expect(built.outcomes.map(unreadable) == [0, 1], "the photos' build reports it")
        try site.writeContent("pets/max.md", bytes: Array("---\ntitle: Max\n---\n\nMax, asleep.\n".utf8))
        let edited = try session.build().get()
        #expect(unreadable(edited) == 1, "\(edited.warnings)")
        #expect(edited.imagesPending == 0, "nothing is left for another photos' build")
    }

    final class Built: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [Builder.Outcome] = []
        func append(_ outcome: Builder.Outcome) { lock.withLock { list.append(outcome) } }
        var outcomes: [Builder.Outcome] { lock.withLock { list } }
    }
}
