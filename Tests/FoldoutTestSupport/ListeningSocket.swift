import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A socket listening on a free loopback port, as another server would hold it: the tests
/// of a busy port (`foldout serve --port`, the preview server) take one and close it after.
package enum ListeningSocket {
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    package static func open() throws -> (socket: Int32, port: Int) {
        let descriptor = tcpSocket()
        guard descriptor >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 1) == 0 else {
            close(descriptor)
            throw Failure(description: "bind or listen: \(String(cString: strerror(errno)))")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// A new IPv4 TCP socket's descriptor, or -1: Glibc imports `SOCK_STREAM` as an enum, Darwin as a number.
    package static func tcpSocket() -> Int32 {
        #if canImport(Glibc)
            return socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #elseif canImport(Darwin)
            return socket(AF_INET, SOCK_STREAM, 0)
        #endif
    }
}
