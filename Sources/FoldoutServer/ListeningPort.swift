import Foundation

/// The port `foldout serve` listens on, chosen before anything is built: a busy port is
/// found out in a moment, not after a build of the whole site. A port the user named is
/// that port or nothing; the default, when busy, gives way to the next free one, as Hugo's
/// server does.
package struct ListeningPort: Sendable, Equatable {
    /// The port asked for (0: any free one).
    package var requested: Int
    /// Whether another port may be taken when `requested` is busy.
    package var mayMove: Bool

    /// How many ports after the default are tried.
    package static let alternatives = 20

    package init(requested: Int, mayMove: Bool) {
        self.requested = requested
        self.mayMove = mayMove
    }

    /// A port that was free on `host` a moment ago, or the error saying what to do.
    package func choose(host: String) throws(PortUnavailable) -> Int {
        guard requested != 0 else { return 0 }
        if Self.isFree(requested, host: host) { return requested }
        guard mayMove else { throw PortUnavailable(host: host, ports: requested...requested, named: true) }
        let others = (requested + 1)...min(65535, requested + Self.alternatives)
        guard let free = others.first(where: { Self.isFree($0, host: host) }) else {
            throw PortUnavailable(host: host, ports: requested...others.upperBound, named: false)
        }
        return free
    }

    /// Whether a listening socket can be bound to `port` on `host` now, with the options the
    /// server binds with (`SO_REUSEADDR`, so a port left in TIME_WAIT counts as free). When
    /// the host cannot be resolved the answer is yes: the server then says what is wrong.
    static func isFree(_ port: Int, host: String) -> Bool {
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &found) == 0, let address = found else { return true }
        defer { freeaddrinfo(found) }
        let descriptor = socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
        guard descriptor >= 0 else { return true }
        defer { close(descriptor) }
        var yes: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        return bind(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0
    }
}

/// No port to listen on: the one the user named is busy, or the default and the ones after it.
package struct PortUnavailable: Error, CustomStringConvertible, Sendable {
    package var host: String
    package var ports: ClosedRange<Int>
    /// Whether the user named the port (`--port`).
    package var named: Bool

    package var description: String {
        let which = ports.count == 1 ? "port \(ports.lowerBound) on \(host) is" : "ports \(ports.lowerBound) to \(ports.upperBound) on \(host) are all"
        let hint =
            named
            ? "stop what listens there (another `foldout serve`?), or pass another --port (--port 0 picks a free one)"
            : "stop one of the servers that listen there, or pass --port (--port 0 picks a free one)"
        return "error: \(which) in use; nothing was built\n  hint: \(hint)"
    }
}

/// The server could not listen on the port it chose (taken in the moment after it was
/// found free, a port below 1024, an address this machine does not have).
package struct ListenFailure: Error, CustomStringConvertible, Sendable {
    package var host: String
    package var port: Int
    package var reason: String

    package var description: String {
        "error: cannot listen on \(host):\(port): \(reason)\n  hint: pass another --port (--port 0 picks a free one), or a --host this machine has"
    }
}
