import FoldoutBase
import FoldoutMarkdown
import Foundation
import Testing

@testable import FoldoutServer

/// `foldout serve` over real HTTP on loopback: a site in a temporary folder is built, served
/// on a free port, edited while served, and asked for paths that lead out of the output folder.
@Suite(.serialized) struct PreviewServerTests {
    static let site: [String: String] = [
        "_index.md": "---\ntitle: Preview Shelter\n---\nWelcome.\n",
        "pets/_index.md": "---\ntitle: Pets\n---\n",
        "pets/dogs/_index.md": "---\ntitle: Dogs\n---\n",
        "pets/dogs/alba.md": "---\ntitle: Alba\n---\nAlba likes long walks.\n",
        "pets/dogs/bruno.md": "---\ntitle: Bruno\n---\nBruno likes naps.\n",
    ]

    /// The served site: its folder, its port, and the session serving it.
    struct Served {
        var folder: URL
        var session: PreviewSession
        var http: RawHTTP

        var output: String { folder.path + "/Output" }

        func edit(_ path: String, _ text: String) throws {
            try Data(text.utf8).write(to: folder.appendingPathComponent("Content/" + path))
        }

        /// Asks for `target` until `condition` holds (a rebuild runs after each save).
        func waitFor(_ target: String, seconds: Double = 300, _ condition: (RawHTTP.Response) -> Bool) throws -> RawHTTP.Response {
            let deadline = Date().addingTimeInterval(seconds)
            var response = try http.get(target)
            while !condition(response), Date() < deadline {
                Thread.sleep(forTimeInterval: 0.02)
                response = try http.get(target)
            }
            return response
        }
    }

    func withServedSite(_ body: (Served) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("foldout-serve-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (path, text) in Self.site {
            let url = folder.appendingPathComponent("Content/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let options = BuildOptions(
            contentPath: folder.path + "/Content", templatesPath: nil,
            outputPath: folder.path + "/Output", contentDisplayName: "Content")
        let session = PreviewSession(options: options, host: "127.0.0.1", port: 0)
        let task = Task { try await session.run() }
        defer { task.cancel() }
        // A bound on waiting, not a measure of speed: while other suites run long synchronous
        // tests on the two threads Swift's tasks have here, the server's start waits for one.
        let deadline = Date().addingTimeInterval(600)
        // The server listens before the first build, which then runs.
        while session.server.listeningPort == nil || session.buildCount == 0, Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        let port = try #require(session.server.listeningPort)
        try await body(Served(folder: folder, session: session, http: RawHTTP(port: port)))
        task.cancel()
        _ = await task.result
    }

    @Test func servesPagesWithTheReloadScriptWhileTheFilesStayClean() async throws {
        try await withServedSite { served in
            let home = try served.http.get("/")
            #expect(home.status == 200)
            #expect(home.headers["content-type"]?.hasPrefix("text/html") == true)
            #expect(home.body.contains("Preview Shelter"))
            #expect(home.body.contains(LiveReload.eventsPath))
            let onDisk = try String(contentsOfFile: served.output + "/index.html", encoding: .utf8)
            #expect(!onDisk.contains(LiveReload.eventsPath), "the reload script must not be written into Output/")
            let page = try served.http.get("/pets/dogs/alba.html")
            #expect(page.status == 200 && page.body.contains("Alba likes long walks"))
            let stylesheet = try served.http.get("/assets/style.css")
            #expect(stylesheet.status == 200 && stylesheet.headers["content-type"]?.contains("css") == true)
            #expect(!stylesheet.body.contains(LiveReload.eventsPath))
            #expect(try served.http.get("/pets").status == 301)
            #expect(try served.http.get("/pets/").body.contains("Bruno"))
        }
    }

    @Test func anEditIsServedAfterTheRebuildAndOpenPagesHearOfIt() async throws {
        try await withServedSite { served in
            let events = try served.http.openEvents(LiveReload.eventsPath)
            defer { close(events) }
            #expect(RawHTTP.readUntil("connected", from: events, seconds: 10).contains("connected"))
            try served.edit("pets/dogs/alba.md", "---\ntitle: Alba\n---\nAlba now likes swimming.\n")
            let page = try served.waitFor("/pets/dogs/alba.html") { $0.body.contains("swimming") }
            #expect(page.body.contains("Alba now likes swimming"))
            let stream = RawHTTP.readUntil("pets/dogs/alba.html", from: events, seconds: 10)
            #expect(stream.contains("event: changed"))
            #expect(stream.contains("\"pets/dogs/alba.html\""))
            // The catalog page shows the new summary once the whole rebuild is done.
            let catalog = try served.waitFor("/pets/index.html") { $0.body.contains("swimming") }
            #expect(catalog.body.contains("Alba now likes swimming"))
        }
    }

    @Test func aFailedBuildKeepsTheLastGoodOutputAndShowsTheError() async throws {
        try await withServedSite { served in
            let builds = served.session.buildCount
            try served.edit("pets/dogs/bruno.md", "---\ntitle: [Bruno\n---\nBroken.\n")
            let page = try served.waitFor("/pets/dogs/bruno.html") { _ in served.session.buildCount > builds }
            let broken = try served.waitFor("/pets/dogs/bruno.html") { $0.body.contains("invalid YAML") }
            #expect(page.status == 200)
            #expect(broken.body.contains("Bruno likes naps"), "the last good page is still served")
            #expect(broken.body.contains("Content/pets/dogs/bruno.md:3:1: error:"), "the error, with file and line, is in the page's overlay")
            try served.edit("pets/dogs/bruno.md", "---\ntitle: Bruno\n---\nBruno likes walks now.\n")
            // The edited page can be written ahead of the rebuild, while the last build's error
            // still stands; once the rebuild succeeds the overlay must go.
            let fixed = try served.waitFor("/pets/dogs/bruno.html") { $0.body.contains("walks now") && !$0.body.contains("invalid YAML") }
            #expect(fixed.body.contains("walks now"))
            #expect(!fixed.body.contains("invalid YAML"))
        }
    }

    @Test func pathsLeadingOutOfTheOutputFolderGet404() async throws {
        try await withServedSite { served in
            let secret = "top secret \(UUID().uuidString)"
            try Data(secret.utf8).write(to: served.folder.appendingPathComponent("secret.txt"))
            try FileManager.default.createSymbolicLink(atPath: served.output + "/leak", withDestinationPath: served.folder.path)
            try FileManager.default.createSymbolicLink(
                atPath: served.output + "/leak.txt",
                withDestinationPath: served.folder.path + "/secret.txt")
            let targets = [
                "/../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/secret.txt", "/..%2fsecret.txt", "/%2e%2e%2fsecret.txt",
                "/pets/../../secret.txt", "/pets/%2e%2e/%2e%2e/secret.txt", "/pets%2f..%2f..%2fsecret.txt",
                "/..\\secret.txt", "/%5c..%5csecret.txt", "//" + served.folder.path + "/secret.txt",
                "/leak/secret.txt", "/leak.txt", "/leak/", "/.foldout-manifest", "/%2efoldout-manifest", "/%00", "/%zz",
            ]
            for target in targets {
                let response = try served.http.get(target)
                #expect(response.status == 404, "\(target) answered \(response.status)")
                #expect(!response.body.contains(secret), "\(target) leaked the file")
            }
            // A symbolic link that stays inside the output folder is fine.
            try FileManager.default.createSymbolicLink(
                atPath: served.output + "/alba-link.html",
                withDestinationPath: served.output + "/pets/dogs/alba.html")
            #expect(try served.http.get("/alba-link.html").status == 200)
        }
    }
}
