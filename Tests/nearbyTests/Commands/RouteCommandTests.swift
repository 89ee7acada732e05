import Foundation
import NearbyCore
import NearbyData
import Testing
@testable import nearby

/// `nearby route`'s output: the command line's one JSON style, the units setting, a walk of nothing.
struct RouteCommandTests {
    static let town = """
        <osm version="0.6">
          <node id="1" lat="47.14" lon="9.52"><tag k="place" v="town"/><tag k="name" v="Vaduz"/></node>
          <node id="2" lat="47.141" lon="9.52"/>
          <node id="3" lat="47.1410001" lon="9.5230003"/>
          <node id="4" lat="47.14" lon="9.52"><tag k="amenity" v="cafe"/><tag k="name" v="Café Amann"/></node>
          <way id="10"><nd ref="1"/><nd ref="2"/><nd ref="3"/><tag k="highway" v="footway"/><tag k="name" v="Städtle"/></way>
        </osm>
        """

    @Test func jsonTextUnitsAndAWalkOfNothing() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-route-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("town.osm")
        try Data(Self.town.utf8).write(to: file)
        let store = folder.appendingPathComponent("store").path
        _ = try await runCommand(["import", "--data-dir", store, file.path])

        let json = try await runCommand(["route", "--data-dir", store, "--from", "Vaduz", "--to", "47.1410001,9.5230003",
                                         "--json"]).output
        // The style of every other --json: "key": value, coordinates to seven decimals.
        #expect(json.contains("\"length_m\": "))
        #expect(!json.contains("\" : "))
        #expect(json.contains("47.1410001"))
        let numbers = json.split(whereSeparator: { !"0123456789.".contains($0) }).filter { $0.contains(".") }
        #expect(numbers.allSatisfy { $0.split(separator: ".").last.map { $0.count <= 7 } ?? true }, "\(numbers)")

        let config = folder.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: config.appendingPathComponent("nearby"), withIntermediateDirectories: true)
        try Data("units = \"imperial\"\n".utf8).write(to: config.appendingPathComponent("nearby/config.toml"))
        let imperial = try await runCommand(["route", "--data-dir", store, "--from", "Vaduz", "--to", "47.1410001,9.5230003"],
                                            environment: ["XDG_CONFIG_HOME": config.path]).output
        #expect(imperial.contains(" mi, ") && imperial.contains("at 3 mph") && !imperial.contains(" m, "), "\(imperial)")

        let here = try await runCommand(["route", "--data-dir", store, "--from", "Vaduz", "--to", "Café Amann"]).output
        #expect(here.hasSuffix(": 0 m, you are there.\n"), "\(here)")

        // No walk: the message says which end is off the paths instead of offering two guesses.
        do {
            _ = try await runCommand(["route", "--data-dir", store, "--from", "Vaduz", "--to", "47.2,9.52"])
            Issue.record("a walk to a point 6 km from any path was found")
        } catch {
            let message = RouteCommand.message(for: error)
            #expect(message.hasSuffix("the end is more than 300 m from any path."), "\(message)")
        }
    }
}
