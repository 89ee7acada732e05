import Foundation
import NearbyCore
import Testing
@testable import NearbyData
@testable import SQLiteDriver

/// Several extracts in one store: each keeps its places and its walking network whatever was imported after it,
/// two that touch are walked across, and one can be removed or imported again alone.
@Suite("Regions in one store")
struct RegionsInOneStoreTests {
    /// A street of `count` 100-metre-ish stretches eastwards from `(latitude, longitude)`, with a town at its west
    /// end and a café a little east of it; node ids from `firstID`.
    static func street(town: String, latitude: Double, longitude: Double, firstID: Int, count: Int = 10,
                       extra: String = "") -> String {
        var nodes = ""
        var refs = ""
        for step in 0...count {
            let lon = longitude + Double(step) * 0.001
            nodes += "  <node id=\"\(firstID + step)\" lat=\"\(latitude)\" lon=\"\(lon)\"/>\n"
            refs += "<nd ref=\"\(firstID + step)\"/>"
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <osm version="0.6">
            \(nodes)  <node id="\(firstID + 900)" lat="\(latitude)" lon="\(longitude)">
                <tag k="place" v="town"/><tag k="name" v="\(town)"/></node>
              <node id="\(firstID + 901)" lat="\(latitude + 0.0002)" lon="\(longitude + 0.001)">
                <tag k="amenity" v="cafe"/><tag k="name" v="Café \(town)"/></node>
            \(extra)  <way id="\(firstID)">\(refs)<tag k="highway" v="residential"/><tag k="name" v="\(town)strasse"/></way>
            </osm>
            """
    }

    /// Alpha's street ends at node 1010 (lon 9.010), where Beta's begins: the two extracts touch there, as two
    /// neighbouring regions' extracts share the nodes of the ways between them.
    static let alpha = street(town: "Alpha", latitude: 47.0, longitude: 9.0, firstID: 1000)
    static let beta = street(town: "Beta", latitude: 47.0, longitude: 9.01, firstID: 1010)
    /// An ocean away, on another clock.
    static let gamma = street(town: "Gamma", latitude: 40.0, longitude: -3.0, firstID: 5000)

    static let alphaTown = Coordinate(latitude: 47.0, longitude: 9.0)
    static let betaEnd = Coordinate(latitude: 47.0, longitude: 9.02)
    static let gammaTown = Coordinate(latitude: 40.0, longitude: -3.0)
    static let gammaEnd = Coordinate(latitude: 40.0, longitude: -2.99)

    struct Files {
        let alpha, beta, gamma: TemporaryFile
        var all: [TemporaryFile] { [alpha, beta, gamma] }

        init() throws {
            alpha = try TemporaryFile(name: "alpha.osm", text: RegionsInOneStoreTests.alpha)
            beta = try TemporaryFile(name: "beta.osm", text: RegionsInOneStoreTests.beta)
            gamma = try TemporaryFile(name: "gamma.osm", text: RegionsInOneStoreTests.gamma)
        }

        func remove() { all.forEach { $0.remove() } }
    }

    /// Walking metres from `from` to `to`, or nil.
    static func walk(_ database: AppDatabase, _ from: Coordinate, _ to: Coordinate) throws -> Double? {
        try LocalWalkingRouter(database: database).walksNow(from: from, to: [to])[0]?.metres
    }

    @Test("every import order keeps every region's walks and places, and walks cross where regions touch")
    func everyOrder() throws {
        let files = try Files()
        defer { files.remove() }
        let orders = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]
        for order in orders {
            let database = try AppDatabase.inMemory()
            let store = LocalPlacesStore(database: database)
            for index in order { try store.importOpenStreetMap(at: files.all[index].path) }
            // Gamma's street alone: 10 stretches of 0.001° of longitude at 40° north.
            let gamma = try #require(try Self.walk(database, Self.gammaTown, Self.gammaEnd), "order \(order)")
            #expect(abs(gamma - 852) < 3, "order \(order)")
            // From Alpha's town across the border node into Beta's street, to its far end: 0.02° at 47° north.
            let across = try #require(try Self.walk(database, Self.alphaTown, Self.betaEnd), "order \(order)")
            #expect(abs(across - 1_517) < 3, "order \(order)")
            let route = try #require(try LocalWalkingRouter(database: database).routeNow(from: Self.alphaTown,
                                                                                         to: Self.betaEnd))
            #expect(route.wayNames == ["Alphastrasse", "Betastrasse"], "order \(order)")
            #expect(try store.extracts().map(\.name).sorted() == ["alpha", "beta", "gamma"])
            #expect(try store.extracts().allSatisfy { $0.places == 1 && $0.walkableWays == 1 })
            for town in ["Alpha", "Beta", "Gamma"] {
                #expect(try store.localities(named: town).count == 1, "order \(order): \(town)")
            }
        }
    }

    @Test("importing one again changes nothing of the others; removing one leaves the others whole")
    func reimportAndRemove() throws {
        let files = try Files()
        defer { files.remove() }
        let database = try AppDatabase.inMemory()
        let store = LocalPlacesStore(database: database)
        for file in files.all { try store.importOpenStreetMap(at: file.path) }
        let before = try store.extracts()
        let again = try store.importOpenStreetMap(at: files.alpha.path)
        #expect(again.changes?.placesAdded == 0 && again.changes?.placesRemoved == 0)
        #expect(try store.extracts() .map(\.walkableWays) == before.map(\.walkableWays))
        #expect(abs((try Self.walk(database, Self.alphaTown, Self.betaEnd) ?? 0) - 1_517) < 3)

        let removed = try store.removeExtract(named: "beta")
        #expect(removed.name == "beta")
        #expect(try store.extracts().map(\.name) == ["alpha", "gamma"])
        #expect(try store.localities(named: "Beta").isEmpty)
        #expect(try Self.walk(database, Self.alphaTown, Self.betaEnd) == nil)
        #expect(abs((try Self.walk(database, Self.alphaTown, Coordinate(latitude: 47.0, longitude: 9.01)) ?? 0)
                    - 758) < 3)
        #expect(abs((try Self.walk(database, Self.gammaTown, Self.gammaEnd) ?? 0) - 852) < 3)
        #expect(throws: ExtractRemovalError.notFound("beta")) { try store.removeExtract(named: "beta") }
    }

    @Test("a favourite of a removed extract's place stays, as no longer in the data")
    func favouriteOutlivesRemoval() async throws {
        let files = try Files()
        defer { files.remove() }
        let database = try AppDatabase.inMemory()
        let store = LocalPlacesStore(database: database)
        try store.importOpenStreetMap(at: files.gamma.path)
        let cafe = try #require(try store.fetchPage(PlaceQuery(center: Self.gammaTown, radius: 500)).hits.first?.place)
        try await store.setFavourite(cafe, true)
        try store.removeExtract(named: "gamma")
        let favourites = try store.fetchFavouritePlaces()
        #expect(favourites.map(\.name) == ["Café Gamma"])
        #expect(favourites.first?.isGone == true)
    }

    @Test("two files of one name without a header are two extracts when their data lies apart")
    func sameFileNameElsewhere() throws {
        let database = try AppDatabase.inMemory()
        let store = LocalPlacesStore(database: database)
        let first = try TemporaryFile(name: "map.osm", text: Self.alpha)
        defer { first.remove() }
        let second = try TemporaryFile(name: "map.osm", text: Self.gamma)
        defer { second.remove() }
        try store.importOpenStreetMap(at: first.path)
        let other = try store.importOpenStreetMap(at: second.path)
        #expect(other.changes?.toldApartByExtent == true)
        #expect(other.changes?.placesRemoved == 0 && other.changes?.localitiesRemoved == 0)
        #expect(try store.extracts().count == 2)
        #expect(try store.localities(named: "Alpha").count == 1)
        #expect(try Self.walk(database, Self.alphaTown, Coordinate(latitude: 47.0, longitude: 9.01)) != nil)

        // The same ground saved again with a café fewer: the same extract, and the café goes.
        let edited = try TemporaryFile(name: "map.osm", text: Self.alpha.replacingOccurrences(
            of: "<tag k=\"amenity\" v=\"cafe\"/>", with: ""))
        defer { edited.remove() }
        let again = try store.importOpenStreetMap(at: edited.path)
        #expect(again.changes?.toldApartByExtent == false)
        #expect(again.changes?.placesRemoved == 1)
        #expect(try store.extracts().count == 2)
        #expect(try store.localities(named: "Gamma").count == 1)
    }

    @Test("a point beside a path fragment that joins nothing is joined to the network around it")
    func isolatedFragment() throws {
        // A 20-metre footway 55 m north of Alpha's street, joined to nothing (a courtyard's path).
        let fragment = """
              <node id="1500" lat="47.0005" lon="9.0049"/>
              <node id="1501" lat="47.0005" lon="9.0051"/>
              <way id="1500"><nd ref="1500"/><nd ref="1501"/><tag k="highway" v="footway"/></way>

            """
        let file = try TemporaryFile(name: "alpha.osm", text: Self.street(town: "Alpha", latitude: 47.0, longitude: 9.0,
                                                                          firstID: 1000, extra: fragment))
        defer { file.remove() }
        let database = try AppDatabase.inMemory()
        try LocalPlacesStore(database: database).importOpenStreetMap(at: file.path)
        let besideFragment = Coordinate(latitude: 47.0006, longitude: 9.005)
        let walk = try #require(try Self.walk(database, besideFragment, Self.alphaTown))
        // 67 m south to the street, then 380 m west along it.
        #expect(abs(walk - 447) < 5)
        #expect(try LocalWalkingRouter(database: database).routeNow(from: besideFragment, to: Self.alphaTown) != nil)
        // A point by the fragment with no other path within reach still uses it.
        let onlyFragment = try TemporaryFile(name: "fragment.osm", text: """
            <?xml version="1.0" encoding="UTF-8"?>
            <osm version="0.6">
            \(fragment)</osm>
            """)
        defer { onlyFragment.remove() }
        let alone = try AppDatabase.inMemory()
        try LocalPlacesStore(database: alone).importOpenStreetMap(at: onlyFragment.path)
        let along = try #require(try Self.walk(alone, Coordinate(latitude: 47.0005, longitude: 9.0049),
                                               Coordinate(latitude: 47.0005, longitude: 9.0051)))
        #expect(abs(along - 15) < 1)
    }

    @Test("a store whose one network came before extracts had their own gives it to the last import")
    func olderStoreKeepsItsNetwork() async throws {
        let files = try Files()
        defer { files.remove() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-regions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("nearby.sqlite")
        // Version 11: one walk_tile table for the whole store, written by the last import (Alpha's).
        let alphaDatabase = try AppDatabase.inMemory()
        try LocalPlacesStore(database: alphaDatabase).importOpenStreetMap(at: files.alpha.path)
        let tiles = try await alphaDatabase.read { db in
            try WalkNetworkStorage.tileData(WalkTileKey(Self.alphaTown), in: db)
        }
        let connection = try SQLiteConnection(path: path.path, mode: .readWriteCreate)
        try StoreSchema.migrate(connection, upTo: 11)
        try connection.execute("INSERT INTO import_extract (key, fileName, importedAt, lastRun) VALUES (?, ?, ?, ?)",
                               "file:alpha", "alpha.osm", "2026-01-01T00:00:00Z", Int64(1))
        for layer in tiles {
            try connection.execute("INSERT INTO walk_tile (tile, data) VALUES (?, ?)",
                                   WalkTileKey(Self.alphaTown).packed, layer.data)
        }
        let database = try AppDatabase.open(at: path)
        let store = LocalPlacesStore(database: database)
        #expect(abs((try Self.walk(database, Self.alphaTown, Coordinate(latitude: 47.0, longitude: 9.01)) ?? 0)
                    - 758) < 3)
        try store.importOpenStreetMap(at: files.gamma.path)
        #expect(abs((try Self.walk(database, Self.alphaTown, Coordinate(latitude: 47.0, longitude: 9.01)) ?? 0)
                    - 758) < 3)
    }
}
