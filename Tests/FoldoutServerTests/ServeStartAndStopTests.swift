import FoldoutBase
import FoldoutTestSupport
import Foundation
import Testing

@testable import FoldoutServer

/// How `foldout serve` starts and stops: the port is taken before anything is built (a
/// busy port the user named is an error at once; the default moves to the next free one),
/// nothing but the site is served, and a session that ends lets a build under way finish.
/// In the serialized suite of the other server tests: their HTTP client blocks a thread
/// of Swift's tasks while it waits, and the server's answers need one.
extension PreviewServerTests {
    /// A site of `items` items in a new temporary folder.
    static func site(items: Int = 3) throws -> (folder: URL, options: BuildOptions) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("foldout-serve-" + UUID().uuidString)
        var files = ["_index.md": "---\ntitle: Shelter\n---\n", "pets/_index.md": "---\ntitle: Pets\n---\n"]
        for number in 0..<items { files["pets/pet\(number).md"] = "---\ntitle: Pet \(number)\n---\nPet number \(number) likes walks.\n" }
        for (path, text) in files {
            let url = folder.appendingPathComponent("Content/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let options = BuildOptions(
            contentPath: folder.path + "/Content", templatesPath: nil,
            outputPath: folder.path + "/Output", contentDisplayName: "Content")
        return (folder, options)
    }

    /// Files left in `folder` that a finished build does not leave: temporaries, staging.
    static func leftovers(in folder: URL) -> [String] {
        let walker = FileManager.default.enumerator(atPath: folder.path)
        var found: [String] = []
        while let path = walker?.nextObject() as? String {
            let name = (path as NSString).lastPathComponent
            if name.hasSuffix(".foldout-tmp") || name.hasSuffix(".new") || name.contains("staging") { found.append(path) }
        }
        return found
    }

    @Test func aBusyPortTheUserNamedIsAnErrorBeforeAnythingIsBuilt() async throws {
        let (folder, options) = try Self.site()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (occupied, port) = try ListeningSocket.open()
        defer { close(occupied) }
        let session = PreviewSession(options: options, host: "127.0.0.1", port: ListeningPort(requested: port, mayMove: false))
        await #expect(throws: PortUnavailable.self) { try await session.run() }
        #expect(session.buildCount == 0)
        #expect(!FileManager.default.fileExists(atPath: options.outputPath))
        let message = PortUnavailable(host: "127.0.0.1", ports: port...port, named: true).description
        #expect(message.contains("port \(port) on 127.0.0.1 is in use") && message.contains("--port"))
    }

    @Test func aBusyDefaultPortMovesToTheNextFreeOneAndSaysSo() async throws {
        let (folder, options) = try Self.site()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (occupied, port) = try ListeningSocket.open()
        defer { close(occupied) }
        let events = EventLog()
        let session = PreviewSession(options: options, host: "127.0.0.1", port: ListeningPort(requested: port, mayMove: true)) { events.add($0) }
        let task = Task { try await session.run() }
        let deadline = Date().addingTimeInterval(600)  // a bound on waiting (see `withServedSite`)
        while session.buildCount == 0 || session.server.listeningPort == nil, Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        let listening = try #require(session.server.listeningPort)
        #expect(listening != port && (port + 1...port + ListeningPort.alternatives).contains(listening))
        #expect(events.moved == [port: listening])
        #expect(try RawHTTP(port: listening).get("/pets/pet0.html").body.contains("Pet number 0"))
        task.cancel()
        _ = await task.result
    }

    @Test func linksInsideTheOutputFolderToHiddenFilesAreNotServed() throws {
        let (folder, _) = try Self.site()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.path + "/Output"
        let manager = FileManager.default
        try manager.createDirectory(atPath: output + "/.foldout-staging/pets", withIntermediateDirectories: true)
        try Data("manifest".utf8).write(to: URL(fileURLWithPath: output + "/.foldout-manifest"))
        try Data("half a page".utf8).write(to: URL(fileURLWithPath: output + "/.foldout-staging/pets/a.html"))
        try Data("<p>page</p>".utf8).write(to: URL(fileURLWithPath: output + "/page.html"))
        try manager.createSymbolicLink(atPath: output + "/manifest.txt", withDestinationPath: ".foldout-manifest")
        try manager.createSymbolicLink(atPath: output + "/staged", withDestinationPath: output + "/.foldout-staging")
        let files = OutputFiles(root: output)
        for target in [
            "/manifest.txt", "/staged/pets/a.html", "/staged/", "/.foldout-manifest", "/%2Efoldout-manifest",
            "/.foldout-staging/pets/a.html", "/pets/%2e%2e/%2e%2e/etc/passwd", "/../Content/_index.md",
        ] {
            #expect(files.resolve(target) == .notFound, "\(target)")
        }
        #expect(files.resolve("/page.html") != .notFound)
    }

    @Test func anEndedSessionLetsTheRebuildUnderWayFinishAndStartsNoOther() async throws {
        let (folder, options) = try Self.site(items: 1500)
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = PreviewSession(options: options, host: "127.0.0.1", port: 0)
        let task = Task { try await session.run() }
        let deadline = Date().addingTimeInterval(600)  // a bound on waiting (see `withServedSite`)
        while session.buildCount == 0 || session.server.listeningPort == nil, Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        try #require(session.buildCount == 1)
        // A catalog's index changed: every page of the catalog is rendered again.
        try Data("---\ntitle: Animals\n---\n".utf8).write(to: folder.appendingPathComponent("Content/pets/_index.md"))
        while !session.isBuilding, session.buildCount == 1, Date() < deadline { try await Task.sleep(for: .milliseconds(1)) }
        try #require(session.isBuilding, "the rebuild was not seen running")
        task.cancel()
        _ = await task.result
        // When `run` returns, the process may end: nothing may still be building.
        #expect(!session.isBuilding)
        #expect(session.buildCount == 2)
        #expect(Self.leftovers(in: folder) == [])
        #expect(try String(contentsOfFile: options.outputPath + "/pets/index.html", encoding: .utf8).contains("Animals"))
        // A change after the end starts no build.
        try Data("---\ntitle: Beasts\n---\n".utf8).write(to: folder.appendingPathComponent("Content/pets/_index.md"))
        try await Task.sleep(for: .milliseconds(300))
        #expect(session.buildCount == 2)
    }
}

/// What a session reported, gathered from any thread.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var movedPorts: [Int: Int] = [:]

    func add(_ event: PreviewSession.Event) {
        if case .movedPort(let from, let to) = event { lock.withLock { movedPorts[from] = to } }
    }

    var moved: [Int: Int] { lock.withLock { movedPorts } }
}
