import FoldoutTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A bare HTTP/1.1 client over a loopback socket, so tests send request targets exactly as
/// written (`/%2e%2e/secret`, `//etc`): URL types would normalise them first.
struct RawHTTP {
    struct Response {
        var status: Int
        var headers: [String: String]
        var body: String
    }

    let port: Int

    func get(_ target: String) throws -> Response {
        let socket = try connect()
        defer { close(socket) }
        try send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", on: socket)
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(socket, &buffer, buffer.count)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return try Self.parse(bytes)
    }

    /// Opens the event stream and returns its socket; read it with `readUntil`.
    func openEvents(_ target: String) throws -> Int32 {
        let socket = try connect()
        try send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n", on: socket)
        return socket
    }

    /// Reads from `socket` until the text read so far contains `marker` or `seconds` pass.
    static func readUntil(_ marker: String, from socket: Int32, seconds: Double) -> String {
        var text = ""
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !text.contains(marker), Date() < deadline {
            var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            let count = read(socket, &buffer, buffer.count)
            if count <= 0 { break }
            text += String(decoding: buffer[0..<count], as: UTF8.self)
        }
        return text
    }

    private func connect() throws -> Int32 {
        let socket = ListeningSocket.tcpSocket()
        guard socket >= 0 else { throw Failure("socket") }
        // Generous: on two cores the other suites' synchronous tests can hold every thread of
        // the pool the server's handlers run on for tens of seconds.
        var timeout = timeval(tv_sec: 90, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { systemConnect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            close(socket)
            throw Failure("connect to port \(port)")
        }
        return socket
    }

    private func send(_ text: String, on socket: Int32) throws {
        let bytes = Array(text.utf8)
        guard write(socket, bytes, bytes.count) == bytes.count else { throw Failure("send") }
    }

    private static func parse(_ bytes: [UInt8]) throws -> Response {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else { throw Failure("no response head in \(text.prefix(200))") }
        let lines = text[..<split.lowerBound].components(separatedBy: "\r\n")
        guard let statusLine = lines.first, statusLine.hasPrefix("HTTP/1.1 "),
            let status = Int(statusLine.dropFirst(9).prefix(3))
        else { throw Failure("bad status line \(lines.first ?? "")") }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = String(text[split.upperBound...])
        if headers["transfer-encoding"] == "chunked" { body = dechunk(body) }
        return Response(status: status, headers: headers, body: body)
    }

    private static func dechunk(_ text: String) -> String {
        var rest = Substring(text)
        var body = ""
        while let lineEnd = rest.range(of: "\r\n"), let size = Int(rest[..<lineEnd.lowerBound], radix: 16), size > 0 {
            let start = lineEnd.upperBound
            let utf8 = rest[start...].utf8
            let end = utf8.index(utf8.startIndex, offsetBy: size, limitedBy: utf8.endIndex) ?? utf8.endIndex
            body += String(Substring(utf8[utf8.startIndex..<end]))
            rest = rest[end...].dropFirst(2)
        }
        return body
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}

/// `connect(2)`, named through its module because `RawHTTP` has a `connect` of its own.
private func systemConnect(_ socket: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    #if canImport(Glibc)
        return Glibc.connect(socket, address, length)
    #elseif canImport(Darwin)
        return Darwin.connect(socket, address, length)
    #endif
}
