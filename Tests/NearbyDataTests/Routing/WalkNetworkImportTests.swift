import Foundation
import NearbyCore
import Testing
@testable import NearbyData

/// A small town written as OpenStreetMap XML: two streets on either bank of a river, one bridge far north,
/// and the ways a walker may not take (a motorway across, a path closed to people on foot, a private road,
/// a footway one-way the other way) in between.
@Suite("Walking network from an import")
struct WalkNetworkImportTests {
    static let here = Coordinate(latitude: 47.0, longitude: 9.0)
    /// Across the river, 228 m east in a straight line.
    static let acrossRiver = Coordinate(latitude: 47.0, longitude: 9.003)
    /// On this bank, 445 m north.
    static let sameBank = Coordinate(latitude: 47.004, longitude: 9.0)

    static let town = """
        <?xml version="1.0" encoding="UTF-8"?>
        <osm version="0.6">
          <node id="1" lat="47.000" lon="9.000"/>
          <node id="2" lat="47.005" lon="9.000"/>
          <node id="3" lat="47.010" lon="9.000"/>
          <node id="4" lat="47.010" lon="9.003"/>
          <node id="5" lat="47.005" lon="9.003"/>
          <node id="6" lat="47.000" lon="9.003"/>
          <node id="7" lat="47.0001" lon="9.000"/>
          <node id="8" lat="47.0001" lon="9.003"/>
          <node id="9" lat="47.0002" lon="9.000"/>
          <node id="10" lat="47.0002" lon="9.003"/>
          <node id="11" lat="47.0003" lon="9.000"/>
          <node id="12" lat="47.0003" lon="9.003"/>
          <node id="20" lat="47.0035" lon="9.0015"><tag k="amenity" v="cafe"/><tag k="name" v="Ufercafé"/></node>
          <way id="100"><nd ref="1"/><nd ref="7"/><nd ref="9"/><nd ref="11"/><nd ref="2"/><nd ref="3"/>
            <tag k="highway" v="residential"/><tag k="name" v="Westufer"/></way>
          <way id="101"><nd ref="3"/><nd ref="4"/><tag k="highway" v="footway"/><tag k="bridge" v="yes"/>
            <tag k="name" v="Brücke"/></way>
          <way id="102"><nd ref="4"/><nd ref="5"/><nd ref="12"/><nd ref="10"/><nd ref="8"/><nd ref="6"/>
            <tag k="highway" v="residential"/><tag k="name" v="Ostufer"/><tag k="oneway" v="yes"/></way>
          <way id="103"><nd ref="5"/><nd ref="2"/><tag k="highway" v="footway"/><tag k="oneway" v="yes"/></way>
          <way id="104"><nd ref="7"/><nd ref="8"/><tag k="highway" v="motorway"/></way>
          <way id="105"><nd ref="9"/><nd ref="10"/><tag k="highway" v="path"/><tag k="foot" v="no"/></way>
          <way id="106"><nd ref="11"/><nd ref="12"/><tag k="highway" v="service"/><tag k="access" v="private"/></way>
        </osm>
        """

    static func importTown() throws -> (AppDatabase, OSMImportSummary, TemporaryFile) {
        let file = try TemporaryFile(name: "town.osm", text: town)
        let database = try AppDatabase.inMemory()
        let summary = try LocalPlacesStore(database: database).importOpenStreetMap(at: file.path)
        return (database, summary, file)
    }

    @Test("the import keeps the walkable ways and leaves out the rest")
    func summary() throws {
        let (database, summary, file) = try Self.importTown()
        defer { file.remove() }
        let network = try #require(summary.network)
        // Westufer, the bridge, Ostufer and the one-way footway; not the motorway, the path closed to people on
        // foot or the private road.
        #expect(network.ways == 4)
        #expect(network.waysBeyondLimit == 0)
        #expect(summary.places == 1)
        #expect(try LocalWalkingRouter(database: database).storedSize().tiles == network.tiles)
    }

    @Test("a place across the river is as far as its bridge makes it, and sorts after one on this bank")
    func river() throws {
        let (database, _, file) = try Self.importTown()
        defer { file.remove() }
        let walks = try LocalWalkingRouter(database: database).walksNow(
            from: Self.here, to: [Self.acrossRiver, Self.sameBank])
        let across = try #require(walks[0]).metres
        let bank = try #require(walks[1]).metres
        // Up the west bank 1,112 m, over the bridge 228 m, down the east bank 1,112 m: no motorway, no closed
        // path, no private road, and not the footway that is one-way towards the west.
        #expect(abs(across - 2_452) < 5)
        #expect(abs(bank - 445) < 2)
        #expect(bank < across)
    }

    @Test("one-way for walkers binds footways, not roads")
    func oneWay() throws {
        let (database, _, file) = try Self.importTown()
        defer { file.remove() }
        let router = LocalWalkingRouter(database: database)
        // Back from across the river the one-way footway (east to west) is allowed: 556 + 228 + 556 m. Ostufer
        // is one-way for cars (north to south) but is walked northwards all the same.
        let back = try #require(try router.walksNow(from: Self.acrossRiver, to: [Self.here])[0]).metres
        #expect(abs(back - 1_340) < 5)
    }

    @Test("a route has its line, its length and the names of its ways in order")
    func route() throws {
        let (database, _, file) = try Self.importTown()
        defer { file.remove() }
        let route = try #require(try LocalWalkingRouter(database: database).routeNow(from: Self.here,
                                                                                     to: Self.acrossRiver))
        #expect(route.wayNames == ["Westufer", "Brücke", "Ostufer"])
        #expect(abs(route.length - 2_452) < 5)
        #expect(route.ascent == nil)
        #expect(route.points.first == Self.here)
        #expect(route.points.last == Self.acrossRiver)
        #expect(route.points.contains(Coordinate(latitude: 47.010, longitude: 9.003)))
        let stretches = route.stretches.map(\.length).reduce(0, +)
        #expect(abs(stretches - route.length) < 5)
    }

    @Test("points far from every path have no walk, and a store without paths says so")
    func offNetwork() throws {
        let (database, _, file) = try Self.importTown()
        defer { file.remove() }
        let router = LocalWalkingRouter(database: database)
        let far = Coordinate(latitude: 47.1, longitude: 9.1)
        #expect(try router.walksNow(from: Self.here, to: [far]) == [nil])
        #expect(try router.routeNow(from: far, to: Self.here) == nil)
        let empty = LocalWalkingRouter(database: try AppDatabase.inMemory())
        #expect(throws: RoutingError.noNetwork) { try empty.walksNow(from: Self.here, to: [far]) }
    }

    @Test("importing again replaces the network instead of adding to it")
    func reimport() throws {
        let (database, first, file) = try Self.importTown()
        defer { file.remove() }
        let second = try LocalPlacesStore(database: database).importOpenStreetMap(at: file.path)
        #expect(second.network == first.network)
        let router = LocalWalkingRouter(database: database)
        #expect(try router.storedSize().bytes == first.network?.bytes)
        #expect(abs((try router.walksNow(from: Self.here, to: [Self.sameBank])[0]?.metres ?? 0) - 445) < 2)
    }
}
