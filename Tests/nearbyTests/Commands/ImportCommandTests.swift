import Foundation
import NearbyCore
import NearbyData
import Testing
@testable import nearby

struct ImportCommandTests {
    private func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("nearby-import-cli-\(UUID().uuidString)")
    }

    private func failure(_ arguments: [String]) throws -> String? {
        do {
            let command = try ImportCommand.parse(arguments)
            try command.run()
            return nil
        } catch let failure as CommandFailure {
            return failure.description
        }
    }

    @Test func aMissingFileFailsInOneLine() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let message = try failure(["--data-dir", folder.path, "/no/such/extract.osm.pbf"])
        #expect(message == "Cannot read /no/such/extract.osm.pbf: no such file or directory.")
        #expect(!FileManager.default.fileExists(atPath: folder.path), "no store is created for a file that fails")
    }

    @Test func aFileThatIsNotOSMFailsInOneLine() throws {
        let folder = temporaryFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("notes.txt")
        try Data("shopping list\n".utf8).write(to: file)
        let message = try failure(["--data-dir", folder.path, file.path])
        #expect(message?.hasPrefix("This is not an OpenStreetMap file") == true)
        #expect(message?.contains("\n") == false)
    }

    @Test func importsXMLIntoTheStoreAndAgainWithoutDuplicates() throws {
        let folder = temporaryFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("town.osm")
        try Data("""
            <osm version="0.6">
              <node id="1" lat="47.141" lon="9.5209"><tag k="amenity" v="cafe"/><tag k="name" v="Café Amadeus"/></node>
              <node id="2" lat="47.142" lon="9.5210"><tag k="amenity" v="atm"/></node>
              <node id="3" lat="47.14" lon="9.52"><tag k="place" v="town"/><tag k="name" v="Vaduz"/></node>
            </osm>
            """.utf8).write(to: file)
        let dataDir = folder.appendingPathComponent("store").path
        #expect(try failure(["--data-dir", dataDir, file.path]) == nil)
        #expect(try failure(["--data-dir", dataDir, file.path]) == nil)
        let store = LocalPlacesStore(database: try AppDatabase.open(at: DataLocation.storeFile(
            in: URL(fileURLWithPath: dataDir, isDirectory: true))))
        #expect(try store.fetchCategoryTotals() == [.cafe: 1, .atm: 1])
        #expect(try store.localities(named: "Vaduz").count == 1)

        // A damaged file afterwards changes nothing.
        let damaged = folder.appendingPathComponent("damaged.osm")
        try Data("<osm>\n<node id=\"9\" lat=\"1\" lon=\"1\"><tag k=\"amenity\" v=\"bar\"/><tag k=\"name\" v=\"X\"/></node>\n<node"
            .utf8).write(to: damaged)
        let message = try failure(["--data-dir", dataDir, damaged.path])
        #expect(message?.contains("line 3") == true)
        #expect(try store.fetchCategoryTotals() == [.cafe: 1, .atm: 1])
    }
}
