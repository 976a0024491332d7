import XCTest
@testable import FoldoutCore

/// The writer compares with what is on disk only where there can be something.
final class OutputWriterRewriteTests: XCTestCase {
    func testFreshFoldersAreWrittenAndRebuildsSkipUnchangedFiles() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("foldout-writer-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        var snapshot = OutputSnapshot()
        snapshot.add("index.html", text: "<p>home</p>")
        snapshot.add("pets/index.html", text: "<p>pets</p>")
        snapshot.add("pets/dogs/diego.html", text: "<p>Diego</p>")
        let writer = OutputWriter(root: root)

        let first = try writer.write(snapshot)
        XCTAssertEqual(first.written, 3)
        XCTAssertEqual(try String(contentsOfFile: root + "/pets/dogs/diego.html", encoding: .utf8), "<p>Diego</p>")
        // The first build was made beside the output folder and renamed into place.
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + ".foldout-new"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root + "/pets/dogs"), ["diego.html"])

        snapshot.add("pets/dogs/diego.html", text: "<p>Diego, adopted</p>")
        snapshot.add("pets/dogs/milo.html", text: "<p>Milo</p>")
        let second = try writer.write(snapshot)
        XCTAssertEqual(second.written, 2)
        XCTAssertEqual(second.unchanged, 2)
        XCTAssertEqual(try String(contentsOfFile: root + "/pets/dogs/diego.html", encoding: .utf8), "<p>Diego, adopted</p>")
    }

    func testAFirstBuildReplacesTheRemainsOfAStoppedOne() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("foldout-writer-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + ".foldout-new/old", withIntermediateDirectories: true)
        var snapshot = OutputSnapshot()
        snapshot.add("index.html", text: "<p>home</p>")
        _ = try OutputWriter(root: root + "/").write(snapshot)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root), ["index.html"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + ".foldout-new"))
    }
}
