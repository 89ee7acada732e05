import Foundation
import NearbyCore
import Testing
@testable import NearbyData

/// The walking network built through temporary files gives the same store whatever the memory budget: a tiny
/// one (a sorted run every few records, merges two at a time, node positions found a few ids per pass) takes
/// every disk-backed path, and its tiles and places are byte for byte those of a generous one and of a
/// straightforward build in memory.
@Suite("Walking network in bounded memory")
struct WalkNetworkBoundedMemoryTests {
    static let region = RegionModel(copies: 4)

    static var tinyBudget: OSMImportLimits {
        var limits = OSMImportLimits()
        limits.memory.runBytes = 256
        limits.memory.mergeFanIn = 2
        limits.memory.nodeChunk = 7
        return limits
    }

    struct Stored: Equatable {
        var tiles: [[UInt8]]
        var places: [[UInt8]]
    }

    /// Imports `text` with `limits` into a store in memory; the stored tiles and places, and the summary.
    static func importRegion(_ text: String, limits: OSMImportLimits) throws
        -> (stored: Stored, summary: OSMImportSummary, database: AppDatabase) {
        let file = try TemporaryFile(name: "region.osm", text: text)
        defer { file.remove() }
        let database = try AppDatabase.inMemory()
        let summary = try LocalPlacesStore(database: database).importOpenStreetMap(at: file.path, limits: limits)
        let stored = try database.read { db in
            var tiles: [[UInt8]] = []
            let rows = try db.statement("SELECT tile, vertices, data FROM walk_tile_layer ORDER BY tile").bind()
            while try rows.step() {
                let tile: Int64 = try rows.column(0), vertices: Int64 = try rows.column(1)
                let data: [UInt8] = try rows.column(2)
                tiles.append(Array("\(tile) \(vertices) ".utf8) + data)
            }
            rows.reset()
            var places: [[UInt8]] = []
            let placeRows = try db.statement(
                "SELECT rid, id, name, category, lat, lon FROM place ORDER BY id").bind()
            while try placeRows.step() {
                let rid: Int64 = try placeRows.column(0)
                let id: String = try placeRows.column(1), name: String = try placeRows.column(2)
                let category: String = try placeRows.column(3)
                let latitude: Double = try placeRows.column(4), longitude: Double = try placeRows.column(5)
                places.append(Array("\(rid) \(id) \(name) \(category) \(latitude) \(longitude)".utf8))
            }
            placeRows.reset()
            return Stored(tiles: tiles, places: places)
        }
        return (stored, summary, database)
    }

    @Test("a tiny memory budget stores the very tiles and places a generous one does, and keeps every way")
    func tinyBudgetIsIdentical() throws {
        let text = Self.region.xml()
        let generous = try Self.importRegion(text, limits: OSMImportLimits())
        let tiny = try Self.importRegion(text, limits: Self.tinyBudget)
        #expect(tiny.stored == generous.stored)
        #expect(!tiny.stored.tiles.isEmpty)
        let network = try #require(tiny.summary.network)
        #expect(network.ways == Self.region.walkableWays.count)
        #expect(network.waysBeyondLimit == 0)
        #expect(tiny.summary.places == generous.summary.places)
        #expect(tiny.summary.places == 8)
    }

    @Test("nodes out of id order are found a chunk at a time, to the same tiles")
    func unsortedNodesAreIdentical() throws {
        let generous = try Self.importRegion(Self.region.xml(), limits: OSMImportLimits())
        let shuffled = try Self.importRegion(Self.region.xml(shuffled: true), limits: Self.tinyBudget)
        #expect(shuffled.stored.tiles == generous.stored.tiles)
    }

    @Test("a file out of id order only after its last needed node still gets every node of its paths")
    func disorderAfterTheLastNeededNode() throws {
        // The path's nodes come 2, 7, 6: the sorted pass has found 7 and passed over 6 before the disorder shows.
        let text = """
            <osm version="0.6">
              <node id="2" lat="47.1400" lon="9.5240"/>
              <node id="7" lat="47.1430" lon="9.5205"/>
              <node id="6" lat="47.1430" lon="9.5240"/>
              <way id="11"><nd ref="2"/><nd ref="6"/><nd ref="7"/><tag k="highway" v="footway"/></way>
            </osm>
            """
        let imported = try Self.importRegion(text, limits: OSMImportLimits())
        let network = try #require(imported.summary.network)
        #expect(network.edges == 1 && network.vertices == 2)
        let router = LocalWalkingRouter(database: imported.database)
        let from = Coordinate(latitude: 47.14, longitude: 9.524), to = Coordinate(latitude: 47.143, longitude: 9.5205)
        let walk = try #require(try router.walksNow(from: from, to: [to])[0])
        #expect((590...610).contains(walk.metres), "\(walk.metres)")
    }

    @Test("the tiles are those of a straightforward build in memory")
    func matchesReferenceBuild() throws {
        let imported = try Self.importRegion(Self.region.xml(), limits: Self.tinyBudget)
        let reference = ReferenceWalkNetworkBuilder.build(Self.region)
        let expected = reference.map { tile in
            Array("\(tile.key.packed) \(tile.vertexCount) ".utf8) + WalkTileCodec.encode(tile)
        }
        #expect(imported.stored.tiles.count == expected.count)
        #expect(imported.stored.tiles == expected)
        // The courtyards' paths are isolated, the towns' streets are not.
        #expect(reference.contains { $0.edges.contains(where: \.isolated) })
    }

    @Test("walks in the last copy and across copies work after a tiny-budget import")
    func routesInTheLastCopy() throws {
        let imported = try Self.importRegion(Self.region.xml(), limits: Self.tinyBudget)
        let router = LocalWalkingRouter(database: imported.database)
        let last = 3
        let (southLatitude, westLongitude) = RegionModel.point(last, 0, 0)
        let (northLatitude, eastLongitude) = RegionModel.point(last, RegionModel.grid - 1, RegionModel.grid - 2)
        let from = Coordinate(latitude: southLatitude, longitude: westLongitude)
        let to = Coordinate(latitude: northLatitude, longitude: eastLongitude)
        let walk = try #require(try router.walksNow(from: from, to: [to])[0])
        #expect(walk.metres >= from.distance(to: to))
        #expect(walk.metres < from.distance(to: to) * 1.6)
        let (firstLatitude, firstLongitude) = RegionModel.point(0, 0, 0)
        let across = try router.walksNow(from: Coordinate(latitude: firstLatitude, longitude: firstLongitude),
                                         to: [to])[0]
        #expect(across != nil)
    }
}
