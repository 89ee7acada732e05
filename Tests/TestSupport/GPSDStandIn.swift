import Foundation
import Glibc

/// A stand-in gpsd on 127.0.0.1 (a free port of its own): sends VERSION, waits for the client's `?WATCH`,
/// then sends the script's lines one by one and hangs up. Records what the client sent.
public final class GPSDStandIn: @unchecked Sendable {
    public let port: UInt16
    private let listener: Int32
    private let lock = NSLock()
    private var received = ""
    private let done = DispatchSemaphore(value: 0)

    public init(script: [String]) throws {
        let listening = try LoopbackListener(backlog: 4)
        listener = listening.descriptor
        port = listening.port
        let fd = listening.descriptor
        DispatchQueue.global().async { [self] in
            defer { done.signal() }
            let client = accept(fd, nil, nil)
            guard client >= 0 else { return }
            defer { close(client) }
            send(client, #"{"class":"VERSION","release":"3.22","rev":"stand-in","proto_major":3,"proto_minor":14}"#)
            var buffer = [UInt8](repeating: 0, count: 1024)
            let count = recv(client, &buffer, buffer.count, 0)
            if count > 0 {
                lock.withLock { received = String(decoding: buffer[0..<count], as: UTF8.self) }
            }
            for line in script {
                send(client, line)
                usleep(20_000)
            }
        }
    }

    /// What the client sent first (its WATCH command).
    public var firstCommand: String { lock.withLock { received } }

    /// Waits until the stand-in hung up, then stops listening.
    public func finish() {
        done.wait()
        close(listener)
    }

    private func send(_ socket: Int32, _ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }
}
