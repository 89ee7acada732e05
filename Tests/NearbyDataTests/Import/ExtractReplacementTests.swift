import Foundation
import NearbyCore
import Testing
@testable import NearbyData
@testable import OSMFormats

/// Importing a newer file of the same extract replaces what the older one brought: places gone from it are
/// removed, changed ones updated, favourites kept (listed as gone).
@Suite("Imports that replace an extract")
struct ExtractReplacementTests {
    private let here = Coordinate(latitude: 47.1410, longitude: 9.5209)
    private static let bounds = #"<bounds minlat="47.04" minlon="9.47" maxlat="47.28" maxlon="9.64"/>"#

    /// Test town: an "Old Cafe", a "Still Here Cafe" and the town itself, in OSM XML.
    private static func town(oldCafe: Bool = true, stillHereName: String = "Still Here Cafe",
                             bounds: String? = ExtractReplacementTests.bounds, extra: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <osm version="0.6" generator="test">
          \(bounds ?? "")
          \(oldCafe ? #"<node id="1" lat="47.1408" lon="9.5207"><tag k="amenity" v="cafe"/><tag k="name" v="Old Cafe"/></node>"# : "")
          <node id="2" lat="47.1409" lon="9.5208"><tag k="amenity" v="cafe"/><tag k="name" v="\(stillHereName)"/></node>
          <node id="3" lat="47.1410" lon="9.5209"><tag k="place" v="town"/><tag k="name" v="Testtown"/></node>
          \(extra)
        </osm>
        """
    }

    private func importText(_ text: String, named name: String, into store: LocalPlacesStore) throws -> OSMImportSummary {
        let file = try TemporaryFile(name: name, text: text)
        defer { file.remove() }
        return try store.importOpenStreetMap(at: file.path)
    }

    private func names(_ store: LocalPlacesStore) throws -> [String] {
        try store.fetchPage(PlaceQuery(center: here, radius: 5_000, limit: 100)).hits.map(\.place.name).sorted()
    }

    @Test func aNewerFileOfTheSameRegionRemovesWhatVanishedAndUpdatesWhatChanged() async throws {
        let store = LocalPlacesStore(database: try AppDatabase.inMemory())
        let first = try importText(Self.town(), named: "a.osm", into: store)
        #expect(first.changes?.placesAdded == 2)
        #expect(first.changes?.localitiesAdded == 1)
        try await store.setFavourite(PlaceID(source: .osm, sourceID: "n1"), true)

        let second = try importText(Self.town(oldCafe: false, stillHereName: "Still Here Cafe (renamed)"),
                                    named: "b.osm", into: store)
        #expect(try names(store) == ["Still Here Cafe (renamed)"])
        let changes = try #require(second.changes)
        #expect(changes.placesAdded == 0)
        #expect(changes.placesUpdated == 1)
        #expect(changes.placesRemoved == 1)
        #expect(changes.placesUnchanged == 0)
        #expect(changes.localitiesUnchanged == 1 && changes.localitiesRemoved == 0)
        #expect(changes.extract?.key == "bbox:47.0400,9.4700,47.2800,9.6400")

        // The favourite outlives its place, with what it was.
        let favourites = try await store.favouritePlaces(order: .recent)
        #expect(favourites.count == 1)
        #expect(favourites.first?.isGone == true)
        #expect(favourites.first?.name == "Old Cafe")
        #expect(favourites.first?.category == .cafe)
        #expect(favourites.first?.coordinate == Coordinate(latitude: 47.1408, longitude: 9.5207))

        // The place coming back makes the favourite whole again.
        _ = try importText(Self.town(), named: "c.osm", into: store)
        #expect(try await store.favouritePlaces(order: .recent).first?.isGone == false)
    }

    @Test func theSameFileAgainChangesNothing() throws {
        let store = LocalPlacesStore(database: try AppDatabase.inMemory())
        _ = try importText(Self.town(), named: "town.osm", into: store)
        let again = try importText(Self.town(), named: "town.osm", into: store)
        #expect(again.changes?.placesUnchanged == 2)
        #expect(again.changes?.placesAdded == 0 && again.changes?.placesUpdated == 0 && again.changes?.placesRemoved == 0)
        #expect(try names(store) == ["Old Cafe", "Still Here Cafe"])
    }

    @Test func withoutAHeaderTheFileNameWithoutItsDateIdentifiesTheExtract() throws {
        let store = LocalPlacesStore(database: try AppDatabase.inMemory())
        _ = try importText(Self.town(bounds: nil), named: "testtown-2025-01-01.osm", into: store)
        let newer = try importText(Self.town(oldCafe: false, bounds: nil), named: "testtown-latest.osm", into: store)
        #expect(newer.changes?.extract?.key == "file:testtown")
        #expect(newer.changes?.placesRemoved == 1)
        #expect(try names(store) == ["Still Here Cafe"])
    }

    @Test func anotherExtractIsLeftAlone() throws {
        let store = LocalPlacesStore(database: try AppDatabase.inMemory())
        let neighbour = #"<node id="9" lat="47.15" lon="9.53"><tag k="amenity" v="bar"/><tag k="name" v="Border Bar"/></node>"#
        _ = try importText(Self.town(bounds: #"<bounds minlat="47.1" minlon="9.5" maxlat="47.3" maxlon="9.6"/>"#,
                                     extra: neighbour), named: "neighbour.osm", into: store)
        // The town's own extract takes the places both files hold (the latest import of a place owns it)…
        _ = try importText(Self.town(), named: "town.osm", into: store)
        // …so a newer file of it removes its vanished place, and leaves the neighbour's own place alone.
        let newer = try importText(Self.town(oldCafe: false), named: "town.osm", into: store)
        #expect(newer.changes?.placesRemoved == 1)
        #expect(try names(store) == ["Border Bar", "Still Here Cafe"])
    }

    @Test func placesFromALiveSourceAreNeverRemovedByAnImport() throws {
        let store = LocalPlacesStore(database: try AppDatabase.inMemory())
        try store.importPlaces { writer in
            try writer.upsert(Place(id: PlaceID(source: .osm, sourceID: "n77"), name: "Fetched Live", category: .bar,
                                    coordinate: here, attribution: LocalPlacesStore.openStreetMapAttribution))
        }
        _ = try importText(Self.town(), named: "town.osm", into: store)
        _ = try importText(Self.town(oldCafe: false), named: "town.osm", into: store)
        #expect(try names(store) == ["Fetched Live", "Still Here Cafe"])
    }

    @Test func aDamagedNewerFileChangesNothing() throws {
        let store = LocalPlacesStore(database: try AppDatabase.inMemory())
        _ = try importText(Self.town(), named: "town.osm", into: store)
        let damaged = Self.town(oldCafe: false).replacingOccurrences(of: "</osm>", with: "<node")
        #expect(throws: OSMImportError.self) { _ = try importText(damaged, named: "town.osm", into: store) }
        #expect(try names(store) == ["Old Cafe", "Still Here Cafe"])
    }

    @Test(.enabled(if: LiechtensteinExtract.path != nil, LiechtensteinExtract.isAbsentMessage))
    func theRealExtractNamesItsReplicationFeed() throws {
        let store = LocalPlacesStore(database: try AppDatabase.inMemory())
        let summary = try store.importOpenStreetMap(at: LiechtensteinExtract.path ?? "")
        #expect(summary.changes?.extract?.key == "feed:http://download.geofabrik.de/europe/liechtenstein-updates")
        #expect(summary.changes?.placesAdded == summary.places)
    }

    @Test(arguments: [
        ("liechtenstein-2022-07-24.osm.pbf", "liechtenstein"), ("liechtenstein-latest.osm.pbf", "liechtenstein"),
        ("Liechtenstein_220724.osm.gz", "liechtenstein"), ("/data/bayern-20250101.osm", "bayern"),
        ("new-york-latest.osm.pbf", "new-york"), ("2025.osm", "2025"),
    ])
    func fileNamesLoseTheirDate(name: String, stem: String) {
        #expect(PlacesExtract.identify(path: name, header: nil).key == "file:\(stem)")
    }
}
