import Foundation
import Glibc
import NearbyCore
import TestSupport
import Testing
@testable import NearbyData
@testable import NearbyRemote

/// The real gpsd from Debian, fed by gpsfake replaying an NMEA log of a walk north through Vaduz.
@Suite("gpsd client against the real gpsd",
       .enabled(if: ExternalTool.find("gpsfake") != nil && ExternalTool.find("gpsd") != nil,
                "needs gpsd and gpsfake (Debian gpsd, gpsd-clients); .ci/run installs them"))
struct RealGPSDTests {
    /// NMEA sentences (GGA, GSA, RMC) for a walk due north from Vaduz, 111 m a second.
    static func walkLog() -> String {
        func checksum(_ body: String) -> String {
            let value = body.utf8.reduce(UInt8(0), ^)
            let digits = Array("0123456789ABCDEF")
            return String([digits[Int(value >> 4)], digits[Int(value & 15)]])
        }
        func minutes(_ degrees: Double, width: Int) -> String {
            let whole = Int(degrees)
            let rest = Int(((degrees - Double(whole)) * 60 * 10_000).rounded())
            let wholeText = String(whole)
            let restText = String(rest)
            let padded = String(repeating: "0", count: 6 - restText.count) + restText
            return String(repeating: "0", count: width - wholeText.count) + wholeText
                + padded.prefix(2) + "." + padded.dropFirst(2)
        }
        var lines: [String] = []
        for second in 0..<30 {
            let latitude = minutes(47.141 + Double(second) * 0.001, width: 2)
            let longitude = minutes(9.5209, width: 3)
            let time = "1200" + (second < 10 ? "0" : "") + "\(second).00"
            for body in ["GPGGA,\(time),\(latitude),N,\(longitude),E,1,08,0.9,455.0,M,47.0,M,,",
                         "GPGSA,A,3,01,02,03,04,05,06,07,08,,,,,1.5,0.9,1.2",
                         "GPRMC,\(time),A,\(latitude),N,\(longitude),E,0.5,0.0,240722,,,A"] {
                lines.append("$\(body)*\(checksum(body))")
            }
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    @Test("follows a walk replayed by gpsfake: 3D fixes that move north")
    func gpsfake() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let log = folder.url.appendingPathComponent("walk.nmea")
        try Self.walkLog().write(to: log, atomically: true, encoding: .utf8)
        let port = try FreePort.take()
        let gpsfake = try ChildProcess(try #require(ExternalTool.find("gpsfake")),
                                       ["-q", "-c", "0.2", "-P", "\(port)", log.path])
        defer {
            // gpsfake ignores SIGTERM and SIGINT while it feeds gpsd: its whole tree is killed (a gpsd that
            // left the process group too); the process itself is reaped when `gpsfake` goes.
            ProcessTree.kill(gpsfake.pid)
            // Killed, it leaves its control socket behind, in TMPDIR and named by its process id. (Pointing its
            // TMPDIR at the test's own folder instead left gpsd without fixes; why was not looked into.)
            let socket = FileManager.default.temporaryDirectory.appendingPathComponent("gpsfake-\(gpsfake.pid).sock")
            try? FileManager.default.removeItem(at: socket)
        }
        let client = GPSDClient(host: "127.0.0.1", port: port, retryInterval: .milliseconds(200))
        // A deadline, so a gpsd that never sends a fix fails the test instead of hanging the run.
        let (fixes, other) = await withTaskGroup(of: ([GPSFix], [PositionUpdate])?.self) { group in
            group.addTask {
                var fixes: [GPSFix] = []
                var other: [PositionUpdate] = []
                for await update in client.updates() {
                    if case .fix(let fix) = update { fixes.append(fix) } else { other.append(update) }
                    // Three distinct fixes: the walk is followed.
                    if fixes.count >= 3 { break }
                }
                return (fixes, other)
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(60))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? ([], [])
        }
        try #require(fixes.count >= 3, "updates other than fixes: \(other)")
        // The first report of a cycle may come from RMC alone (2D, no error estimate); GGA and GSA complete it.
        #expect(fixes.contains { $0.mode == .threeD })
        #expect(fixes.allSatisfy { abs($0.coordinate.longitude - 9.5209) < 1e-6 })
        #expect(fixes[2].coordinate.latitude > fixes[0].coordinate.latitude)
        #expect(fixes.contains { ($0.accuracy ?? 0) > 0 })
    }
}

/// A TCP port on 127.0.0.1 that nothing listened on a moment ago.
enum FreePort {
    static func take() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, size) }
        }
        guard bound == 0 else { throw POSIXError(.EADDRINUSE) }
        withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(fd, $0, &size) }
        }
        return UInt16(bigEndian: address.sin_port)
    }
}

/// Kills a process and everything it started (read from /proc), children first.
enum ProcessTree {
    static func kill(_ pid: Int32) {
        for child in children(of: pid) { kill(child) }
        _ = Glibc.kill(pid, SIGKILL)
    }

    private static func children(of pid: Int32) -> [Int32] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.flatMap { task -> [Int32] in
            let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? ""
            return text.split(separator: " ").compactMap { Int32($0) }
        }
    }
}
