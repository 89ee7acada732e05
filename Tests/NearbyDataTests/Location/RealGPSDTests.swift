import Foundation
import Glibc
import NearbyCore
import Testing
@testable import NearbyData

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
            return String(repeating: "0", count: width - wholeText.count) + wholeText
                + String(repeating: "0", count: 6 - restText.count) + restText.prefix(2) + "." + restText.dropFirst(2)
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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(ExternalTool.find("gpsfake")))
        process.arguments = ["-q", "-c", "0.2", "-P", "\(port)", log.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            // gpsfake stops its gpsd as it exits.
            process.terminate()
            process.waitUntilExit()
        }
        let client = GPSDClient(host: "127.0.0.1", port: port, retryInterval: .milliseconds(200))
        var fixes: [GPSFix] = []
        var other: [PositionUpdate] = []
        for await update in client.updates() {
            if case .fix(let fix) = update { fixes.append(fix) } else { other.append(update) }
            // Three distinct fixes, the last north of the first: the walk is followed.
            if fixes.count >= 3 || other.count > 200 { break }
        }
        try #require(fixes.count >= 3, "updates other than fixes: \(other)")
        #expect(fixes.allSatisfy { $0.mode == .threeD })
        #expect(fixes.allSatisfy { abs($0.coordinate.longitude - 9.5209) < 1e-6 })
        #expect(fixes[2].coordinate.latitude > fixes[0].coordinate.latitude)
        #expect(fixes.allSatisfy { ($0.accuracy ?? 0) > 0 })
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
