import Foundation
import Locking
import TestSupport
import Testing
@testable import nearby

/// `nearby regions`: the download index fetched from a stand-in once, kept for a day, found by name.
@Suite(.serialized)
struct RegionsCommandTests {
    static let index = #"""
    {"type": "FeatureCollection", "features": [
      {"type": "Feature", "properties": {"id": "europe", "name": "Europe",
        "urls": {"pbf": "http://127.0.0.1:9/europe-latest.osm.pbf", "updates": "http://127.0.0.1:9/europe-updates"}}},
      {"type": "Feature", "properties": {"id": "switzerland", "parent": "europe", "name": "Switzerland",
        "urls": {"pbf": "http://127.0.0.1:9/europe/switzerland-latest.osm.pbf",
                 "updates": "http://127.0.0.1:9/europe/switzerland-updates"}}},
      {"type": "Feature", "properties": {"id": "zurich", "parent": "switzerland", "name": "Zürich",
        "urls": {"pbf": "http://127.0.0.1:9/europe/switzerland/zurich-latest.osm.pbf"}}}
    ]}
    """#

    @Test func findsRegionsWithTheirParentsAndAsksTheSiteOnceADay() async throws {
        let requests = Locked<[StubRequest]>([])
        let server = LoopbackHTTPServer() { request in
            requests.withLock { $0.append(request) }
            return StubResponse.json(200, data: Data(Self.index.utf8))
        }
        let port = try await server.start()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-regions-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = "http://127.0.0.1:\(port)/index-v1.json"

        let rows = try await runCommand(["regions", "zurich", "--data-dir", folder.path, "--regions-url", url]).output
        #expect(rows == "zurich  Europe › Switzerland › Zürich\n")
        let all = try await runCommand(["regions", "--data-dir", folder.path],
                                       environment: ["NEARBY_REGIONS_URL": url]).output
        #expect(all.split(separator: "\n").first == "europe       Europe  (daily updates)", "\(all)")
        let json = try await runCommand(["regions", "swi", "--json", "--data-dir", folder.path, "--regions-url", url]).output
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(entries.first?["id"] as? String == "switzerland")
        #expect(entries.first?["path"] as? [String] == ["Europe", "Switzerland"])
        #expect(entries.first?["updates_url"] as? String == "http://127.0.0.1:9/europe/switzerland-updates")
        // One request for the three commands: the copy kept in the data folder answered the others.
        let asked = requests.withLock { $0 }
        #expect(asked.count == 1)
        #expect(asked.first?.headers["user-agent"]?.hasPrefix("Nearby/") == true)
        #expect(asked.first?.path == "/index-v1.json", "the index's own address, not a folder under it")
        await server.stop()

        // With the site gone and no copy for its address, the command says so in a sentence.
        do {
            _ = try await runCommand(["regions", "x", "--data-dir", folder.path,
                                      "--regions-url", "http://127.0.0.1:\(port)/other.json"])
            Issue.record("an index that cannot be fetched gave rows")
        } catch let failure as CommandFailure {
            #expect(failure.description == "The regions index could not be fetched: Could not connect to the server.")
        }
        await #expect(throws: CommandFailure.self) {
            _ = try await runCommand(["regions", "atlantis", "--data-dir", folder.path, "--regions-url", url])
        }
    }
}
