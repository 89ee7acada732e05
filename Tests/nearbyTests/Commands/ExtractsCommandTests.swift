import Foundation
import NearbyCore
import NearbyData
import Testing
@testable import nearby

/// `nearby extracts` and `nearby extracts remove`.
struct ExtractsCommandTests {
    private func failure(_ arguments: [String]) throws -> String? {
        do {
            var command = try CommandRouter.parse(arguments)
            try command.run()
            return nil
        } catch let failure as CommandFailure {
            return failure.description
        }
    }

    private func town(_ name: String, _ latitude: Double, id: Int) -> String {
        """
        <osm version="0.6">
          <node id="\(id)" lat="\(latitude)" lon="9.52"><tag k="amenity" v="cafe"/><tag k="name" v="Café \(name)"/></node>
          <node id="\(id + 1)" lat="\(latitude)" lon="9.5201"><tag k="place" v="town"/><tag k="name" v="\(name)"/></node>
        </osm>
        """
    }

    @Test func listsEachExtractAndRemovesOneByName() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-extracts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let dataDir = folder.appendingPathComponent("store").path
        for (name, latitude, id) in [("north", 47.2, 1), ("south", 47.05, 10)] {
            let file = folder.appendingPathComponent("\(name)-latest.osm")
            try Data(town(name.capitalized, latitude, id: id).utf8).write(to: file)
            #expect(try failure(["import", "--data-dir", dataDir, file.path]) == nil)
        }
        let store = LocalPlacesStore(database: try AppDatabase.open(at: DataLocation.storeFile(
            in: URL(fileURLWithPath: dataDir, isDirectory: true))))
        let extracts = try store.extracts()
        #expect(extracts.map(\.name) == ["north", "south"])
        let json = ExtractsListCommand.json(try #require(extracts.first)).rendered()
        #expect(json.contains("\"name\": \"north\"") || json.contains("\"name\":\"north\""))
        #expect(json.contains("\"places\"") && json.contains("\"walkable_ways\"") && json.contains("\"min_lat\""))
        #expect(extracts.first?.dataTime != nil, "the file's own date stands in for a replication time")

        #expect(try failure(["extracts", "remove", "--data-dir", dataDir, "atlantis"])
            == "No extract called “atlantis” (see nearby extracts).")
        #expect(try failure(["extracts", "remove", "--data-dir", dataDir, "north"]) == nil)
        #expect(try store.extracts().map(\.name) == ["south"])
        #expect(try store.localities(named: "North").isEmpty)
        #expect(try failure(["extracts", "--data-dir", dataDir, "--json"]) == nil)
    }
}
