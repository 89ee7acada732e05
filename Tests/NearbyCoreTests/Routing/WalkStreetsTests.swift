import NearbyCore
import Testing
import TestSupport

/// The walking network's edges around a point, for the detail's map: every edge that reaches the square, each
/// once (an edge between two tiles is stored in both), with its name, within the limit.
struct WalkStreetsTests {
    static let tiles = WalkSearchTests.gridTiles(seed: 7)
    static let corner = Coordinate(latitude: 47.14, longitude: 9.52)

    /// Every distinct edge of the grid that has a shape point within `metres` (a square) of `center`, counted
    /// the slow way: by the points themselves.
    static func expectedCount(around center: Coordinate, metres: Double) -> Int {
        let north = metres / 111_195, east = metres / (111_195 * 0.68)
        var seen = Set<[Double]>()
        for tile in tiles {
            for edge in tile.edges {
                let points = (Int(edge.shapeStart)..<Int(edge.shapeStart + edge.shapeCount)).map(tile.shapePoint)
                // The grid's shapes are a kink between two ends: inside when its box meets the square.
                let south = points.map(\.latitude).min() ?? 0, top = points.map(\.latitude).max() ?? 0
                let west = points.map(\.longitude).min() ?? 0, right = points.map(\.longitude).max() ?? 0
                guard south <= center.latitude + north, top >= center.latitude - north,
                      west <= center.longitude + east, right >= center.longitude - east else { continue }
                let ends = [points[0], points[points.count - 1]].map { [$0.latitude, $0.longitude] }.sorted { $0.lexicographicallyPrecedes($1) }
                seen.insert(ends[0] + ends[1] + [Double(Int(edge.length))])
            }
        }
        return seen.count
    }

    @Test func everyEdgeReachingTheSquareComesOnceAcrossTheTilesItCrosses() throws {
        let source = InMemoryWalkTiles(Self.tiles)
        // The corner of four tiles: edges crossing a tile's edge are stored twice and must come once.
        let streets = try WalkStreets.around(Self.corner, metres: 300, source: source)
        #expect(streets.count == Self.expectedCount(around: Self.corner, metres: 300))
        #expect(streets.count > 100)
        let ends = streets.map { [$0.points[0], $0.points[$0.points.count - 1]] }
        #expect(Set(ends.map { Set($0.map { "\($0.latitude),\($0.longitude)" }) }).count == streets.count)
        #expect(streets.allSatisfy { $0.points.count == 3 && $0.name == nil })
    }

    @Test func aSmallSquareHasFewStreetsAndTheLimitHolds() throws {
        let source = InMemoryWalkTiles(Self.tiles)
        let few = try WalkStreets.around(Self.corner, metres: 30, source: source)
        #expect(few.count == Self.expectedCount(around: Self.corner, metres: 30))
        #expect(few.count < 20)
        #expect(try WalkStreets.around(Self.corner, metres: 2_000, source: source, limit: 50).count == 50)
        #expect(try WalkStreets.around(Self.corner, metres: 0, source: source).isEmpty)
        let nowhere = Coordinate(latitude: -33.87, longitude: 151.21)
        #expect(try WalkStreets.around(nowhere, metres: 500, source: source).isEmpty)
    }

    @Test func waysKeepTheirNames() throws {
        let key = WalkTileKey(Self.corner)
        let a = WalkVertexRef(tile: key, index: 0), b = WalkVertexRef(tile: key, index: 1)
        let tile = WalkTile(key: key, vertexLatitudes: [471_400_100, 471_401_100],
                            vertexLongitudes: [95_200_100, 95_201_100],
                            edges: [WalkTile.Edge(from: a, to: b, length: 120, forward: true, backward: true, name: 0,
                                                  shapeStart: 0, shapeCount: 2)],
                            shapeLatitudes: [471_400_100, 471_401_100], shapeLongitudes: [95_200_100, 95_201_100],
                            names: ["Städtle"])
        let streets = try WalkStreets.around(Self.corner, metres: 200, source: InMemoryWalkTiles([tile]))
        #expect(streets.map(\.name) == ["Städtle"])
    }
}
