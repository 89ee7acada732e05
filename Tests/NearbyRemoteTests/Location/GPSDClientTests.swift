import Foundation
import NearbyCore
import Testing
import TestSupport
@testable import NearbyData
@testable import NearbyRemote

@Suite("gpsd client")
struct GPSDClientTests {
    static func tpv(mode: Int, lat: Double? = nil, lon: Double? = nil, eph: Double? = nil) -> String {
        var fields = [#""class":"TPV""#, #""device":"/dev/ttyUSB0""#, "\"mode\":\(mode)"]
        if let lat { fields.append("\"lat\":\(lat)") }
        if let lon { fields.append("\"lon\":\(lon)") }
        if let eph { fields.append("\"eph\":\(eph)") }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// The first `count` updates of a stream.
    static func first(_ count: Int, of stream: AsyncStream<PositionUpdate>) async -> [PositionUpdate] {
        var updates: [PositionUpdate] = []
        for await update in stream {
            updates.append(update)
            if updates.count == count { break }
        }
        return updates
    }

    @Test("speaks the protocol: WATCH, no fix, a fix, a repeated fix passed once, a move, the hang-up")
    func standIn() async throws {
        let server = try GPSDStandIn(script: [
            #"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/ttyUSB0","driver":"NMEA0183"}]}"#,
            #"{"class":"WATCH","enable":true,"json":true}"#,
            Self.tpv(mode: 1),
            #"{"class":"SKY","satellites":[]}"#,
            Self.tpv(mode: 3, lat: 47.141, lon: 9.5209, eph: 8.4),
            Self.tpv(mode: 3, lat: 47.141, lon: 9.5209, eph: 8.4),
            "not json at all",
            Self.tpv(mode: 2, lat: 47.142, lon: 9.5209),
        ])
        let client = GPSDClient(host: "127.0.0.1", port: server.port, retryInterval: .seconds(30))
        let updates = await Self.first(4, of: client.updates())
        server.finish()
        #expect(server.firstCommand == "?WATCH={\"enable\":true,\"json\":true}\n")
        #expect(updates == [
            .noFix("the GPS has no fix yet"),
            .fix(GPSFix(coordinate: Coordinate(latitude: 47.141, longitude: 9.5209), accuracy: 8.4, mode: .threeD)),
            .fix(GPSFix(coordinate: Coordinate(latitude: 47.142, longitude: 9.5209), accuracy: nil, mode: .twoD)),
            .unavailable("gpsd at 127.0.0.1:\(server.port) closed the connection"),
        ])
    }

    @Test("says so when gpsd is not running, and keeps trying")
    func absent() async throws {
        // A port that was free a moment ago: nothing listens there.
        let server = try GPSDStandIn(script: [])
        let port = server.port
        let client = GPSDClient(host: "127.0.0.1", port: port, retryInterval: .milliseconds(50))
        let stream = client.updates()
        let connectedOnce = await Self.first(1, of: stream)
        server.finish()
        #expect(connectedOnce == [.unavailable("gpsd at 127.0.0.1:\(port) closed the connection")])
        let absent = await Self.first(1, of: GPSDClient(host: "127.0.0.1", port: port).updates())
        #expect(absent == [.unavailable("gpsd is not running at 127.0.0.1:\(port)")])
    }

    @Test("reports: no receiver, no fix, impossible positions, accuracy from epx and epy")
    func reports() {
        #expect(GPSDReport.parse(#"{"class":"DEVICES","devices":[]}"#)?.update == .noFix("gpsd sees no GPS receiver"))
        #expect(GPSDReport.parse(Self.tpv(mode: 0))?.update == .noFix("the GPS has no fix yet"))
        #expect(GPSDReport.parse(Self.tpv(mode: 3, lat: 91, lon: 0))?.update
            == .noFix("the GPS reported an impossible position"))
        let both = GPSDReport.parse(#"{"class":"TPV","mode":3,"lat":1,"lon":2,"epx":3,"epy":4}"#)
        #expect(both == .position(mode: 3, latitude: 1, longitude: 2, accuracy: 5))
        #expect(GPSDReport.parse("[1,2]") == nil)
        // The attack's 1e21 (and NaN-like or negative estimates): the fix stands, its accuracy is unknown.
        for eph in ["1e21", "1e25", "-3", "1000001"] {
            #expect(GPSDReport.parse(#"{"class":"TPV","mode":3,"lat":47.14,"lon":9.52,"eph":\#(eph)}"#)
                == .position(mode: 3, latitude: 47.14, longitude: 9.52, accuracy: nil), "eph \(eph)")
        }
        #expect(GPSDReport.parse(#"{"class":"TPV","mode":3,"lat":1,"lon":2,"epx":1e200,"epy":1e200}"#)
            == .position(mode: 3, latitude: 1, longitude: 2, accuracy: nil))
        #expect(GPSDReport.parse(#"{"class":"VERSION","release":"3.25"}"#) == .version(release: "3.25"))
    }

    @Test("addresses as --gpsd takes them")
    func addresses() {
        #expect(GPSDClient(address: "localhost:2947") == GPSDClient(host: "localhost", port: 2947))
        #expect(GPSDClient(address: " 10.0.0.2 ")?.port == 2947)
        #expect(GPSDClient(address: ":3000")?.host == "localhost")
        #expect(GPSDClient(address: "host:0") == nil)
        #expect(GPSDClient(address: "host:99999") == nil)
        #expect(GPSDClient(address: "") == nil)
    }
}
