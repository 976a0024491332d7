import FoldoutBase
import Foundation
import Hummingbird
import Logging

/// The HTTP side of `foldout serve`: serves the output folder on a loopback address (by
/// default), adds the live reload script to HTML responses, and streams rebuild events to
/// open pages. Files are read as they are on disk at each request; the build replaces them
/// atomically, so a request sees the old file or the new one, never half of either.
package final class PreviewServer: Sendable {
    package let host: String
    package let port: Int
    let files: OutputFiles
    let hub: LiveReloadHub
    private let boundPort = PortBox()

    /// `port` 0 picks a free port (see `run(onReady:)`).
    init(outputPath: String, host: String, port: Int, hub: LiveReloadHub) {
        self.host = host
        self.port = port
        self.files = OutputFiles(root: outputPath)
        self.hub = hub
    }

    /// Runs until the task is cancelled, on `port` (by default the one it was made with).
    /// `onReady` hears the port the server listens on.
    package func run(port: Int? = nil, onReady: @escaping @Sendable (Int) -> Void = { _ in }) async throws {
        let port = port ?? self.port
        var logger = Logger(label: "foldout.serve")
        logger.logLevel = .critical
        let application = Application(
            responder: CallbackResponder { [self] (request: Request, _: BasicRequestContext) in
                await self.respond(to: request)
            },
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "foldout"),
            onServerRunning: { [boundPort] channel in
                let port = channel.localAddress?.port ?? 0
                boundPort.set(port)
                onReady(port)
            },
            logger: logger
        )
        try await application.run()
    }

    func respond(to request: Request) async -> Response {
        guard request.method == .get || request.method == .head else {
            return Response(status: .methodNotAllowed, headers: [.allow: "GET, HEAD"])
        }
        let target = request.head.path ?? "/"
        if target == LiveReload.eventsPath || target.hasPrefix(LiveReload.eventsPath + "?") {
            return events(isHead: request.method == .head)
        }
        switch files.resolve(target) {
        case .file(let path):
            return fileResponse(path, status: .ok, isHead: request.method == .head)
        case .redirect(let location):
            return Response(status: .movedPermanently, headers: [.location: location, .cacheControl: "no-store"])
        case .notFound:
            // The site's own 404 page, as a web server configured for it would answer.
            if case .file(let notFound) = files.resolve("/404.html") {
                return fileResponse(notFound, status: .notFound, isHead: request.method == .head)
            }
            // An HTML page, so the live reload script (and a build error) reaches it too.
            let page = LiveReload.inject(
                into: Array("<!doctype html>\n<title>Not found</title>\n<p>Not found.</p>\n".utf8),
                failure: hub.currentFailure)
            return Response(
                status: .notFound, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
                body: request.method == .head ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: page)))
        }
    }

    private func fileResponse(_ path: String, status: HTTPResponse.Status, isHead: Bool) -> Response {
        guard var bytes = try? FoldoutBase.FileSystem.local.readFile(path) else {
            return Response(status: .notFound)
        }
        let fileExtension = path.split(separator: "/").last?.split(separator: ".").last.map(String.init) ?? ""
        let mediaType = MediaType.getMediaType(forExtension: fileExtension.lowercased())
        var contentType = mediaType?.description ?? "application/octet-stream"
        if fileExtension.lowercased() == "html" || fileExtension.lowercased() == "htm" {
            bytes = LiveReload.inject(into: bytes, failure: hub.currentFailure)
            contentType = "text/html; charset=utf-8"
        }
        var headers: HTTPFields = [.contentType: contentType, .cacheControl: "no-store"]
        headers[.contentLength] = String(bytes.count)
        return Response(
            status: status, headers: headers,
            body: isHead ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// A Server-Sent Events stream of rebuild events, with a comment every 15 s so a closed
    /// page is noticed and its stream ended.
    private func events(isHead: Bool) -> Response {
        let headers: HTTPFields = [.contentType: "text/event-stream", .cacheControl: "no-store"]
        guard !isHead else { return Response(status: .ok, headers: headers) }
        let stream = hub.subscribe()
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                try await writer.write(ByteBuffer(string: "retry: 500\n: connected\n\n"))
                try await withThrowingTaskGroup(of: Void.self) { group in
                    let (frames, continuation) = AsyncStream<String>.makeStream()
                    group.addTask {
                        for await event in stream { continuation.yield(event.frame) }
                        continuation.finish()
                    }
                    group.addTask {
                        while !Task.isCancelled {
                            try await Task.sleep(for: .seconds(15))
                            continuation.yield(": ping\n\n")
                        }
                    }
                    for await frame in frames {
                        try await writer.write(ByteBuffer(string: frame))
                    }
                    group.cancelAll()
                }
                try await writer.finish(nil)
            })
    }

    /// The port the server listens on, once it does.
    package var listeningPort: Int? { boundPort.get() }
}

/// The bound port, set from the server's start callback.
private final class PortBox: @unchecked Sendable {
    private let lock = NSLock()
    private var port: Int?
    func set(_ value: Int) { lock.withLock { port = value } }
    func get() -> Int? { lock.withLock { port } }
}
