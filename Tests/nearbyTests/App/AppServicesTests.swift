import Foundation
import NearbyCore
import NearbyData
import TestSupport
import Locking
import Testing
@testable import nearby
import NearbyRemote

@Suite("AppServices")
struct AppServicesTests {
    private func settings(_ flags: [SettingKey: String], environment: [String: String] = [:]) throws -> AppSettings {
        try AppSettings.resolve(flags: flags, environment: environment, file: nil)
    }

    @Test func theSettingsChooseTheSources() throws {
        let database = try AppDatabase.inMemory()
        let local = try AppServices(settings: try settings([:]), database: database)
        #expect(local.friends is LocalFriendsRepository)
        #expect(local.places is LocalPlacesStore)

        let live = try AppServices(settings: try settings([.source: "overpass", .friendsURL: "http://127.0.0.1:9"]),
                                   database: database)
        #expect(live.friends is RemoteFriendsRepository)
        #expect(live.places is CachingPlacesProvider)

        let google = try AppServices(settings: try settings([.source: "google"],
                                                            environment: ["NEARBY_GOOGLE_API_KEY": "k"]),
                                     database: database)
        #expect(google.places is GooglePlacesProvider)

        // The legacy service only when chosen, by the config key, its variable or its flag.
        let legacy = try AppServices(settings: try settings([.source: "google", .googleAPI: "legacy"],
                                                            environment: ["NEARBY_GOOGLE_API_KEY": "k"]),
                                     database: database)
        #expect(legacy.places is LegacyGooglePlacesProvider)
        #expect(try settings([:], environment: ["NEARBY_GOOGLE_API": "legacy"]).googleAPI == .legacy)
        #expect(throws: SettingsError.self) { try settings([.googleAPI: "old"]) }
    }

    @Test("nearby places --source overpass fetches once, then answers from the store")
    func placesCommandCachesOverpass() async throws {
        let requests = Locked(0)
        let json = #"""
        {"elements": [
          {"type": "node", "id": 1, "lat": 47.1420, "lon": 9.5209, "tags": {"amenity": "cafe", "name": "Café Amadeus"}},
          {"type": "node", "id": 2, "lat": 47.1415, "lon": 9.5209, "tags": {"amenity": "atm", "name": "Bank ATM"}}
        ]}
        """#
        let server = LoopbackHTTPServer() { _ in
            requests.withLock { $0 += 1 }
            return StubResponse.json(200, data: Data(json.utf8))
        }
        let port = try await server.start()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-live-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }

        for category in ["cafe", "atm", "cafe"] {
            let command = try PlacesCommand.parse(["--data-dir", folder.path, "--near", "47.141,9.5209",
                                                   "--category", category, "--json"])
            try await ProcessEnvironment.$values.withValue([
                "HOME": "/nonexistent-nearby-home", "NEARBY_SOURCE": "overpass",
                "NEARBY_PLACES_URL": "http://127.0.0.1:\(port)",
            ]) {
                try await command.run()
            }
        }
        #expect(requests.withLock { $0 } == 1)
        let store = LocalPlacesStore(database: try AppDatabase.open(at: DataLocation.storeFile(in: folder)))
        let cached = try store.fetchPage(PlaceQuery(center: Coordinate(latitude: 47.141, longitude: 9.5209), radius: 2000))
        #expect(cached.hits.map(\.place.name) == ["Bank ATM", "Café Amadeus"])
        await server.stop()
    }
}
