import Foundation
import NearbyCore
import NearbyData
import Testing
@testable import nearby

@Suite("nearby favourites")
struct FavouritesCommandTests {
    @Test func listsFavouritesIncludingThoseGoneFromTheData() async throws {
        let folder = temporaryFolder("cli-favourites")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = LocalPlacesStore(database: try AppDatabase.open(at: DataLocation.storeFile(in: URL(fileURLWithPath: folder))))
        let cafe = Place(id: PlaceID(source: .osm, sourceID: "n1"), name: "Café Amadeus", category: .cafe,
                         coordinate: Coordinate(latitude: 47.1421, longitude: 9.5209), attribution: "OSM")
        try store.importPlaces { writer in try writer.upsert(cafe) }
        try await store.setFavourite(cafe.id, true)
        try await store.setFavourite(PlaceID(source: .osm, sourceID: "n99"), true)

        let rows = try await runCommand(["favourites", "--data-dir", folder, "--near", "47.141,9.5209"])
        #expect(rows.output.contains("Café Amadeus"))
        #expect(rows.output.contains("120 m N"))
        let gone = try #require(rows.output.split(separator: "\n").first { $0.hasSuffix("osm:n99") })
        #expect(gone.hasPrefix("(no longer in the data)") && gone.hasSuffix("osm:n99"))

        let json = try await runCommand(["favourites", "--data-dir", folder, "--json"])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        #expect(objects.count == 2)
        #expect(objects.contains { $0["id"] as? String == "osm:n99" && $0["in_data"] as? Bool == false && $0["name"] is NSNull })
        #expect(objects.contains { $0["name"] as? String == "Café Amadeus" && $0["lat"] as? Double == 47.1421 })

        let empty = try await runCommand(["favourites", "--data-dir", folder + "/other"])
        #expect(empty.output.hasPrefix("No favourites yet."))
    }

    @Test func openStatesFollowAtAndOpenDuringKeepsTheOpenOnes() async throws {
        let folder = temporaryFolder("cli-favourites-at")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = LocalPlacesStore(database: try AppDatabase.open(at: DataLocation.storeFile(in: URL(fileURLWithPath: folder))))
        let cafe = Place(id: PlaceID(source: .osm, sourceID: "n1"), name: "Café Amadeus", category: .cafe,
                         coordinate: Coordinate(latitude: 47.1421, longitude: 9.5209),
                         openingHours: .osm("Mo-Sa 08:00-18:00"), attribution: "OSM")
        let bar = Place(id: PlaceID(source: .osm, sourceID: "n2"), name: "Bar Nacht", category: .bar,
                        coordinate: Coordinate(latitude: 47.1422, longitude: 9.5209),
                        openingHours: .osm("Mo-Sa 17:00-23:00"), attribution: "OSM")
        try store.importPlaces { writer in
            try writer.upsert(cafe)
            try writer.upsert(bar)
        }
        try await store.setFavourite(cafe.id, true)
        try await store.setFavourite(bar.id, true)
        let zone = ["TZ": "Europe/Vaduz"]

        let morning = try await runCommand(["favourites", "--data-dir", folder, "--at", "2026-11-23 10:00"],
                                           environment: zone)
        let cafeRow = try #require(morning.output.split(separator: "\n").first { $0.hasPrefix("Café Amadeus") })
        #expect(cafeRow.contains("open · until 18:00"))
        let barRow = try #require(morning.output.split(separator: "\n").first { $0.hasPrefix("Bar Nacht") })
        #expect(barRow.contains("closed · opens 17:00"))

        let evening = try await runCommand(["favourites", "--data-dir", folder, "--at", "2026-11-23",
                                            "--open-during", "18:00-20:00", "--json"], environment: zone)
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(evening.output.utf8)) as? [[String: Any]])
        #expect(objects.map { $0["name"] as? String } == ["Bar Nacht"])
        // The state at the span's start (18:00), not at --at's midnight.
        #expect(objects.first?["open_state"] as? String == "open")

        let sunday = try await runCommand(["favourites", "--data-dir", folder, "--at", "2026-11-22",
                                           "--open-during", "18:00-20:00"], environment: zone)
        #expect(sunday.output.hasPrefix("None of your favourites is open for all of “18:00-20:00”"))
    }
}
