import FlyingFox
import FlyingSocks
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// FlyingFox's socket pool with Nagle's algorithm turned off on every socket it waits on.
///
/// FlyingFox writes a response's head and body in two writes; with Nagle on, the body waits for the
/// client's delayed ACK of the head, which costs about 40 ms per request on a kept-alive connection.
/// The listening socket passes through here before the first accept, and Linux copies the option to
/// the sockets it accepts.
struct NoDelaySocketPool: AsyncSocketPool {
    let base: any AsyncSocketPool

    func prepare() async throws { try await base.prepare() }

    func run() async throws { try await base.run() }

    func suspendSocket(_ socket: Socket, untilReadyFor events: Socket.Events) async throws {
        // Best effort: a socket that refuses (not TCP) simply keeps its default.
        try? socket.setValue(true, for: BoolSocketOption(level: Int32(IPPROTO_TCP), name: TCP_NODELAY))
        try await base.suspendSocket(socket, untilReadyFor: events)
    }
}
