import Foundation
import NearbyCore
import NearbyData
import Testing
import TestSupport
@testable import nearby

/// `nearby places` as a peer of the app: the walk the rows show, the state's next change on the place's own
/// clock, `--sort` as `s` orders, `--near gps`, and `--search` as wide as the app's `/`.
struct PlacesCommandPeerTests {
    /// Here is on a footway. Zeta Café is nearer in a straight line but its path goes round (about 900 m);
    /// Alpha Bäckerei is farther but straight along the way (about 380 m); Mitte Kiosk is off every path;
    /// Fernhütte is 100 km away.
    static let town = """
        <osm version="0.6">
          <node id="1" lat="47.1400" lon="9.5200"/>
          <node id="2" lat="47.1400" lon="9.5240"/>
          <node id="8" lat="47.1400" lon="9.5250"/>
          <node id="6" lat="47.1430" lon="9.5240"/>
          <node id="7" lat="47.1430" lon="9.5205"/>
          <way id="10"><nd ref="1"/><nd ref="2"/><nd ref="8"/><tag k="highway" v="footway"/></way>
          <way id="11"><nd ref="2"/><nd ref="6"/><nd ref="7"/><tag k="highway" v="footway"/></way>
          <node id="20" lat="47.1430" lon="9.5205"><tag k="amenity" v="cafe"/><tag k="name" v="Zeta Café"/>
            <tag k="opening_hours" v="Mo-Su 08:00-18:00"/></node>
          <node id="21" lat="47.1400" lon="9.5250"><tag k="shop" v="bakery"/><tag k="name" v="Alpha Bäckerei"/></node>
          <node id="22" lat="47.1400" lon="9.5400"><tag k="shop" v="convenience"/><tag k="name" v="Mitte Kiosk"/></node>
          <node id="23" lat="48.0400" lon="9.5200"><tag k="amenity" v="restaurant"/><tag k="name" v="Fernhütte"/></node>
        </osm>
        """

    private func store() async throws -> (store: String, folder: String) {
        let folder = temporaryFolder("places-peer")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = folder + "/town.osm"
        try Data(Self.town.utf8).write(to: URL(fileURLWithPath: file))
        let store = folder + "/store"
        _ = try await runCommand(["import", "--data-dir", store, file])
        return (store, folder)
    }

    private func names(_ output: String) -> [String] {
        output.split(separator: "\n").map { line in
            ["Zeta Café", "Alpha Bäckerei", "Mitte Kiosk", "Fernhütte"].first { line.hasPrefix($0) } ?? String(line)
        }
    }

    @Test func jsonCarriesTheWalkTheNextChangeAndTheClock() async throws {
        let (store, folder) = try await store()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let text = try await runCommand(["places", "--data-dir", store, "--near", "47.14,9.52", "--json",
                                         "--at", "2026-12-07 10:00"]).output
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        let byName = Dictionary(objects.map { ($0["name"] as? String ?? "", $0) }, uniquingKeysWith: { a, _ in a })
        let zeta = try #require(byName["Zeta Café"])
        let walk = try #require(zeta["walk_m"] as? Int)
        #expect((880...920).contains(walk), "\(walk)")
        #expect(zeta["walk_min"] as? Int == 11)
        #expect(zeta["open_state"] as? String == "open")
        #expect(zeta["next_change"] as? String == "2026-12-07T18:00:00+01:00")
        #expect(zeta["next_state"] as? String == "closed")
        #expect(zeta["time_zone"] as? String == "Europe/Vaduz")
        let kiosk = try #require(byName["Mitte Kiosk"])
        #expect(kiosk["walk_m"] is NSNull && kiosk["walk_min"] is NSNull && kiosk["next_change"] is NSNull)
        // Distances and bearings are whole numbers, every one of them.
        let numbers = text.split(separator: "\n").filter { $0.contains("\"distance_m\"") || $0.contains("\"bearing\"")
            || $0.contains("\"walk_m\"") }
        #expect(numbers.count == 9 && numbers.allSatisfy { !$0.contains(".") }, "\(numbers)")
    }

    @Test func sortOrdersAsTheAppDoesAndRowsShowTheWalk() async throws {
        let (store, folder) = try await store()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let near = ["places", "--data-dir", store, "--near", "47.14,9.52"]
        let byDistance = try await runCommand(near).output
        #expect(names(byDistance) == ["Zeta Café", "Alpha Bäckerei", "Mitte Kiosk"])
        #expect(byDistance.contains("11 min") && byDistance.contains("no path"), "\(byDistance)")
        #expect(names(try await runCommand(near + ["--sort", "walk"]).output)
                == ["Alpha Bäckerei", "Zeta Café", "Mitte Kiosk"])
        #expect(names(try await runCommand(near + ["--sort", "name"]).output)
                == ["Alpha Bäckerei", "Mitte Kiosk", "Zeta Café"])
        #expect(names(try await runCommand(near + ["--sort", "open", "--at", "2026-12-07 10:00"]).output).first
                == "Zeta Café")
        #expect(throws: (any Error).self) { try CommandRouter.parse(near + ["--sort", "sideways"]) }
        // Standing at the bakery: it is "here", as the app says, not "0 m".
        let atBakery = try await runCommand(["places", "--data-dir", store, "--near", "47.14,9.525"]).output
        #expect(atBakery.hasPrefix("Alpha Bäckerei") && atBakery.split(separator: "\n")[0].contains(" here "),
                "\(atBakery)")
    }

    @Test func searchLooksAnywhereUnlessARadiusIsGiven() async throws {
        let (store, folder) = try await store()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let near = ["places", "--data-dir", store, "--near", "47.14,9.52", "--search", "fern"]
        #expect(names(try await runCommand(near).output) == ["Fernhütte"])
        // A typo: nothing found, and the names it may have meant.
        let typo = try await runCommand(["places", "--data-dir", store, "--near", "47.14,9.52", "--search", "bäckrei"])
        #expect(typo.output.contains("Did you mean “Alpha Bäckerei”?"), "\(typo.output)")
        let within = try await runCommand(near + ["--radius", "2000"]).output
        #expect(within.hasPrefix("No places matching “fern” within 2 km"), "\(within)")
        // One limit for the app and the commands, said in the refusal.
        do {
            _ = try CommandRouter.parse(near + ["--radius", "60000"])
            Issue.record("a radius past the limit was accepted")
        } catch {
            #expect(String(describing: error).contains("at most 50,000"), "\(error)")
        }
    }

    @Test func nearGPSTakesOneFix() async throws {
        let (store, folder) = try await store()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let gpsd = try GPSDStandIn(script: [
            #"{"class":"TPV","device":"/dev/ttyUSB0","mode":1}"#,
            #"{"class":"TPV","device":"/dev/ttyUSB0","mode":3,"lat":47.1400,"lon":9.5250}"#,
        ])
        defer { gpsd.finish() }
        let output = try await runCommand(["places", "--data-dir", store, "--near", "gps"],
                                          environment: ["NEARBY_GPSD": "127.0.0.1:\(gpsd.port)"]).output
        // The fix is at the bakery.
        #expect(names(output).first == "Alpha Bäckerei", "\(output)")

        let nobody = try LoopbackListener()
        let port = nobody.port
        close(nobody.descriptor)
        let message = try await commandFailure(["places", "--data-dir", store, "--near", "gps"],
                                               environment: ["NEARBY_GPSD": "127.0.0.1:\(port)"])
        #expect(message?.hasPrefix("--near gps: no position from gpsd: gpsd is not running at 127.0.0.1:") == true,
                "\(message ?? "accepted")")
    }
}
