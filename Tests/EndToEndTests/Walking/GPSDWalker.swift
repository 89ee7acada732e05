import Foundation
import Glibc
import Locking
import TestSupport

/// A stand-in gpsd on 127.0.0.1 (a free port of its own) for a whole app session: VERSION and DEVICES, then
/// after the client's `?WATCH` each fix of the script in turn, `pause` apart, and the connection held open
/// until `stop()` (a real gpsd does not hang up on a walker who stands still).
final class GPSDWalker: @unchecked Sendable {
    let port: UInt16
    private let listener: Int32
    private let stopped = Locked(false)
    private let done = DispatchSemaphore(value: 0)

    /// - Parameter fixes: latitude, longitude and accuracy in metres of each fix.
    init(fixes: [(latitude: Double, longitude: Double, accuracy: Double)], pause: TimeInterval) throws {
        let listening = try LoopbackListener(backlog: 4)
        listener = listening.descriptor
        port = listening.port
        let fd = listening.descriptor
        let lines = fixes.map { fix in
            #"{"class":"TPV","device":"/dev/ttyUSB0","mode":3,"#
                + "\"lat\":\(fix.latitude),\"lon\":\(fix.longitude),\"eph\":\(fix.accuracy)}"
        }
        // A thread of its own: it blocks in accept and sleeps between fixes, never on the cooperative pool.
        Thread.detachNewThread { [self] in
            defer { done.signal() }
            let client = accept(fd, nil, nil)
            guard client >= 0 else { return }
            defer { close(client) }
            send(client, #"{"class":"VERSION","release":"3.22","rev":"stand-in","proto_major":3,"proto_minor":14}"#)
            var buffer = [UInt8](repeating: 0, count: 1024)
            guard recv(client, &buffer, buffer.count, 0) > 0 else { return }
            send(client, #"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/ttyUSB0","driver":"NMEA0183"}]}"#)
            for line in lines {
                if stopped.withLock({ $0 }) { return }
                send(client, line)
                Thread.sleep(forTimeInterval: pause)
            }
            while !stopped.withLock({ $0 }) { Thread.sleep(forTimeInterval: 0.05) }
        }
    }

    /// Hangs up and stops listening.
    func stop() {
        stopped.withLock { $0 = true }
        // Wakes a thread still waiting in accept.
        shutdown(listener, Int32(SHUT_RDWR))
        done.wait()
        close(listener)
    }

    private func send(_ socket: Int32, _ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }
}
