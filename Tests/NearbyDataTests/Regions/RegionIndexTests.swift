import Foundation
import Locking
import Testing
@testable import NearbyData
@testable import NearbyHTTP

/// The download index: Geofabrik's shape read, hostile entries passed over, names found as people type them.
struct RegionIndexTests {
    static let sample = #"""
    {"type": "FeatureCollection", "features": [
      {"type": "Feature", "properties": {"id": "europe", "name": "Europe",
        "urls": {"pbf": "https://download.example/europe-latest.osm.pbf",
                 "updates": "https://download.example/europe-updates"}}},
      {"type": "Feature", "properties": {"id": "switzerland", "parent": "europe", "name": "Switzerland",
        "urls": {"pbf": "https://download.example/europe/switzerland-latest.osm.pbf",
                 "updates": "https://download.example/europe/switzerland-updates"}}},
      {"type": "Feature", "properties": {"id": "liechtenstein", "parent": "europe", "name": "Liechtenstein",
        "urls": {"pbf": "https://download.example/europe/liechtenstein-latest.osm.pbf"}}},
      {"type": "Feature", "properties": {"id": "germany", "parent": "europe", "name": "Germany",
        "urls": {"pbf": "https://download.example/europe/germany-latest.osm.pbf"}}},
      {"type": "Feature", "properties": {"id": "baden-wuerttemberg", "parent": "germany", "name": "Baden-Württemberg",
        "urls": {"pbf": "https://download.example/europe/germany/baden-wuerttemberg-latest.osm.pbf"}}},
      {"type": "Feature", "properties": {"id": "evil", "parent": "europe", "name": "Evil\u001b[2J",
        "urls": {"pbf": "file:///etc/passwd"}}},
      {"type": "Feature", "properties": {"id": "loop-a", "parent": "loop-b", "name": "Loop A", "urls": {}}},
      {"type": "Feature", "properties": {"id": "loop-b", "parent": "loop-a", "name": "Loop B",
        "urls": {"pbf": "javascript:alert(1)"}}},
      {"type": "Feature", "properties": {"name": "No id"}},
      {"type": "Feature"}
    ]}
    """#

    @Test func readsTheIndexAndPassesOverWhatCannotBeUsed() throws {
        let index = try RegionIndex(json: Data(Self.sample.utf8))
        #expect(index.regions.map(\.id) == ["europe", "switzerland", "liechtenstein", "germany", "baden-wuerttemberg",
                                            "loop-a", "loop-b"])
        #expect(index.region(id: "switzerland")?.updatesURL == "https://download.example/europe/switzerland-updates")
        #expect(index.region(id: "liechtenstein")?.updatesURL == nil)
        #expect(index.region(id: "loop-b")?.pbfURL == nil, "only http(s) addresses are kept")
    }

    @Test func pathsNameTheParentsAndSurviveLoops() throws {
        let index = try RegionIndex(json: Data(Self.sample.utf8))
        let baden = try #require(index.region(id: "baden-wuerttemberg"))
        #expect(index.path(of: baden) == ["Europe", "Germany", "Baden-Württemberg"])
        let loop = try #require(index.region(id: "loop-a"))
        #expect(index.path(of: loop) == ["Loop B", "Loop A"])
    }

    @Test func namesAreFoundAsPeopleTypeThem() throws {
        let index = try RegionIndex(json: Data(Self.sample.utf8))
        #expect(index.search("wurttemberg").map(\.id) == ["baden-wuerttemberg"])
        #expect(index.search("BADEN").map(\.id) == ["baden-wuerttemberg"])
        #expect(index.search("baden-wuerttemberg").map(\.id) == ["baden-wuerttemberg"])
        #expect(index.search("germany").map(\.id) == ["germany"])
        // A country before what lies inside it; an exact name first.
        #expect(index.search("e").first?.id == "europe")
        #expect(index.search("nowhere").isEmpty)
        #expect(index.search("").count == index.regions.count)
    }

    @Test func whatIsNoIndexIsRefusedInWords() {
        for (text, reason) in [("<html>", "not JSON"), ("{\"type\": \"FeatureCollection\"}", "no list of features"),
                               ("{\"features\": [{\"properties\": {}}]}", "names no region")] {
            #expect(throws: RegionIndexError.unreadable(
                reason == "not JSON" ? "it is not JSON"
                : reason == "no list of features" ? "it has no list of features (a GeoJSON feature collection was expected)"
                : "it names no region")) { try RegionIndex(json: Data(text.utf8)) }
        }
    }

    @Test func aFreshCopyIsUsedAStaleOneFetchedAgainAndKeptWhenTheSiteIsDown() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("regions-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = try #require(URL(string: "https://download.example/index-v1.json"))
        let source = RegionIndexSource(url: url, folder: folder)
        let fetches = Locked(0)
        let serve: (URL) async throws(HTTPFailure) -> Data = { _ in
            fetches.withLock { $0 += 1 }
            return Data(Self.sample.utf8)
        }
        _ = try await source.load(fetch: serve)
        _ = try await source.load(fetch: serve)
        #expect(fetches.withLock { $0 } == 1, "a copy younger than a day is used")
        // A day later the site is asked again; when it cannot be reached, the copy kept still answers, saying so.
        let tomorrow = Date().addingTimeInterval(25 * 3600)
        _ = try await source.load(now: tomorrow, fetch: serve)
        #expect(fetches.withLock { $0 } == 2)
        let down: (URL) async throws(HTTPFailure) -> Data = { _ throws(HTTPFailure) in throw .cannotConnect("refused") }
        let stale = try await source.load(now: tomorrow.addingTimeInterval(25 * 3600), fetch: down)
        #expect(stale.staleBecause == "Could not connect to the server.")
        #expect(stale.index.regions.count == 7)
        // Another index's address does not use this copy.
        let other = RegionIndexSource(url: try #require(URL(string: "https://mirror.example/index.json")), folder: folder)
        await #expect(throws: RegionIndexError.unavailable("Could not connect to the server.")) {
            _ = try await other.load(fetch: down)
        }
    }
}
