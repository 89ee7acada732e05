import Foundation
import NearbyCore
import Testing
import TestSupport
@testable import NearbyData
@testable import OSMFormats

@Suite("Import into the places store")
struct StoreImportTests {
    private func importFile(_ bytes: [UInt8], into store: LocalPlacesStore) throws(OSMImportError) -> OSMImportSummary {
        let file: TemporaryFile
        do { file = try TemporaryFile(bytes: bytes) } catch { throw .unreadable(path: "temporary", reason: "\(error)") }
        defer { file.remove() }
        return try store.importOpenStreetMap(at: file.path)
    }

    private let here = Coordinate(latitude: 47.1410, longitude: 9.5209)

    /// The walkthrough's "Espel" twice, 10 m apart: a node (its sign) and a way (its building) are one place.
    @Test("a node and a way of one name and category within 25 m are kept once, the node")
    func nodeAndWayOfOnePlace() throws {
        let text = """
            <osm version="0.6">
              <node id="1" lat="47.14000" lon="9.52000"><tag k="amenity" v="restaurant"/><tag k="name" v="Espel"/></node>
              <node id="2" lat="47.14005" lon="9.52005"/><node id="3" lat="47.14005" lon="9.52015"/>
              <node id="4" lat="47.14012" lon="9.52015"/><node id="5" lat="47.14012" lon="9.52005"/>
              <way id="10"><nd ref="2"/><nd ref="3"/><nd ref="4"/><nd ref="5"/><nd ref="2"/>
                <tag k="amenity" v="restaurant"/><tag k="name" v="Espel"/><tag k="building" v="yes"/></way>
              <way id="11"><nd ref="2"/><nd ref="3"/><nd ref="4"/><nd ref="5"/><nd ref="2"/>
                <tag k="amenity" v="cafe"/><tag k="name" v="Espel"/></way>
              <node id="6" lat="47.14100" lon="9.52000"><tag k="amenity" v="restaurant"/><tag k="name" v="Espel"/></node>
            </osm>
            """
        let store = LocalPlacesStore(database: try AppDatabase.inMemory())
        let file = try TemporaryFile(name: "espel.osm", text: text)
        defer { file.remove() }
        let first = try store.importOpenStreetMap(at: file.path)
        #expect(first.changes?.duplicatesMerged == 1)
        #expect(first.changes?.placesAdded == 3)
        let ids = try store.fetchPage(PlaceQuery(center: here, radius: 50_000, limit: 10)).hits.map(\.place.id.description)
        // The way of another category (a café) and the node 110 m away stay: they are not the same place.
        #expect(Set(ids) == ["osm:n1", "osm:w11", "osm:n6"])
        let again = try store.importOpenStreetMap(at: file.path)
        #expect(again.changes?.placesAdded == 0 && again.changes?.placesRemoved == 0)
        #expect(again.changes?.duplicatesMerged == 1)
    }

    @Test("importing the same extract twice updates in place: no duplicates, new values win")
    func reimport() throws {
        let store = LocalPlacesStore(database: try AppDatabase.inMemory())
        let first = try importFile(SampleExtract.pbf.bytes, into: store)
        let totals = try store.fetchCategoryTotals()
        #expect(totals == first.placesByCategory)

        var renamed = SampleExtract.pbf
        renamed.nodes[0].tags[1] = ("name", "Café Neu")
        _ = try importFile(renamed.bytes, into: store)
        #expect(try store.fetchCategoryTotals() == totals)
        let cafe = try store.fetchPlace(id: PlaceID(source: .osm, sourceID: "n1"), from: here)
        #expect(cafe.place.name == "Café Neu")
        #expect(try store.localities(named: "Vaduz").count == 1)
    }

    @Test("a file damaged after many places leaves the store exactly as it was")
    func damagedFileChangesNothing() throws {
        let store = LocalPlacesStore(database: try AppDatabase.inMemory())
        _ = try importFile(SampleExtract.pbf.bytes, into: store)
        let before = try store.fetchCategoryTotals()

        // Renamed places first, then a damaged copy of a data block at the end of the file.
        var renamed = SampleExtract.pbf
        renamed.nodes[0].tags[1] = ("name", "Café Neu")
        renamed.nodes.append(TestPBF.Node(id: 50, lat: 47.15, lon: 9.52, tags: [("amenity", "cafe"), ("name", "New")]))
        let encoded = renamed.encode()
        var damagedBlock = Array(encoded.bytes[encoded.blobStarts[1]..<encoded.blobStarts[2]])
        for i in (damagedBlock.count - 20)..<(damagedBlock.count - 10) { damagedBlock[i] ^= 0x55 }
        #expect(throws: OSMImportError.self) {
            _ = try importFile(encoded.bytes + damagedBlock, into: store)
        }
        #expect(try store.fetchCategoryTotals() == before)
        let cafe = try store.fetchPlace(id: PlaceID(source: .osm, sourceID: "n1"), from: here)
        #expect(cafe.place.name == "Café Sonne & Mond")
    }

    @Test("Liechtenstein: nearest first around central Vaduz", .computeBound,
          .enabled(if: LiechtensteinExtract.path != nil, LiechtensteinExtract.isAbsentMessage))
    func liechtensteinNearestFirst() throws {
        let store = LocalPlacesStore(database: try AppDatabase.inMemory())
        let summary = try store.importOpenStreetMap(at: LiechtensteinExtract.path ?? "")
        #expect(try store.fetchCategoryTotals() == summary.placesByCategory)

        // 19 named restaurants lie within 2 km of central Vaduz.
        let page = try store.fetchPage(PlaceQuery(center: here, radius: 2_000, category: .restaurant, limit: 50))
        #expect(page.hits.count == 19)
        #expect(page.hits.allSatisfy { $0.place.category == .restaurant && $0.distance <= 2_000 })
        #expect(zip(page.hits, page.hits.dropFirst()).allSatisfy { $0.distance <= $1.distance })
        #expect(try #require(page.hits.first).distance < 300)

        let cafes = try store.fetchPage(PlaceQuery(center: here, radius: 2_000, category: .cafe, limit: 50))
        #expect(cafes.hits.contains { $0.place.name == "Café Amann" })

        // Importing the same file again leaves the same totals.
        _ = try store.importOpenStreetMap(at: LiechtensteinExtract.path ?? "")
        #expect(try store.fetchCategoryTotals() == summary.placesByCategory)
    }
}
