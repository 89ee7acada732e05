import NearbyCore
import Testing
import TestSupport

@Suite("Walking search")
struct WalkSearchTests {
    /// A generated street grid over four tiles (about 3.3 × 2.3 km around a tile corner near Vaduz): every
    /// edge has its own length, some are one-way, some are missing, and one block is cut off from the rest.
    static func gridTiles(seed: UInt64) -> [WalkTile] {
        struct Draft {
            var latitudes: [Int32] = []
            var longitudes: [Int32] = []
            var edges: [WalkTile.Edge] = []
            var shapeLatitudes: [Int32] = []
            var shapeLongitudes: [Int32] = []
        }
        var random = SplitMix(seed)
        let rows = 60, columns = 60
        // 5,000e-7 degrees (55 m north–south, 38 m east–west) apart, centred on the corner of four tiles.
        let step: Int32 = 5_000
        let corner = (latitude: Int32(471_400_000), longitude: Int32(95_200_000))
        let south = corner.latitude - Int32(rows / 2) * step, west = corner.longitude - Int32(columns / 2) * step
        var drafts: [WalkTileKey: Draft] = [:]
        var refs: [WalkVertexRef] = []
        for row in 0..<rows {
            for column in 0..<columns {
                let latitude = south + Int32(row) * step + 7, longitude = west + Int32(column) * step + 3
                let key = WalkTileKey(Coordinate(latitude: Double(latitude) * 1e-7, longitude: Double(longitude) * 1e-7))
                var draft = drafts[key] ?? Draft()
                refs.append(WalkVertexRef(tile: key, index: Int32(draft.latitudes.count)))
                draft.latitudes.append(latitude)
                draft.longitudes.append(longitude)
                drafts[key] = draft
            }
        }
        func isolated(_ row: Int, _ column: Int) -> Bool { (10..<14).contains(row) && (40..<44).contains(column) }
        func addEdge(_ a: (Int, Int), _ b: (Int, Int)) {
            // The block is walled off: no edge joins it to the rest.
            guard isolated(a.0, a.1) == isolated(b.0, b.1), random.next(below: 100) >= 8 else { return }
            let from = refs[a.0 * columns + a.1], to = refs[b.0 * columns + b.1]
            let oneWay = random.next(below: 100) < 10
            let reversed = oneWay && random.next(below: 2) == 0
            // A kink halfway makes the shape two segments; the length is at least the straight line's.
            let points = [(a.0, a.1), (b.0, b.1)].map { (row, column) in
                (south + Int32(row) * step + 7, west + Int32(column) * step + 3)
            }
            let middle = ((points[0].0 + points[1].0) / 2 + Int32(random.next(below: 800)) - 400,
                          (points[0].1 + points[1].1) / 2 + Int32(random.next(below: 800)) - 400)
            let length = Float(40 + random.next(below: 30)) + Float(random.next(below: 1_000)) / 1_000
            for key in from.tile == to.tile ? [from.tile] : [from.tile, to.tile] {
                var draft = drafts[key] ?? Draft()
                let start = Int32(draft.shapeLatitudes.count)
                for point in [points[0], middle, points[1]] {
                    draft.shapeLatitudes.append(point.0)
                    draft.shapeLongitudes.append(point.1)
                }
                draft.edges.append(WalkTile.Edge(from: from, to: to, length: length, forward: !reversed,
                                                 backward: !oneWay || reversed, name: -1, shapeStart: start,
                                                 shapeCount: 3))
                drafts[key] = draft
            }
        }
        for row in 0..<rows {
            for column in 0..<columns {
                if column + 1 < columns { addEdge((row, column), (row, column + 1)) }
                if row + 1 < rows { addEdge((row, column), (row + 1, column)) }
            }
        }
        return drafts.keys.sorted().compactMap { key in
            drafts[key].map { draft in
                WalkTile(key: key, vertexLatitudes: draft.latitudes, vertexLongitudes: draft.longitudes,
                         edges: draft.edges, shapeLatitudes: draft.shapeLatitudes,
                         shapeLongitudes: draft.shapeLongitudes, names: [])
            }
        }
    }

    /// Points on the grid (47.125–47.1545 N, 9.505–9.5345 E), and with `beyond`, over a box around it that
    /// reaches past every side, where some are too far from any path to snap.
    static func points(_ count: Int, beyond: Bool = false, random: inout SplitMix) -> [Coordinate] {
        let south = beyond ? 47.118 : 47.125, west = beyond ? 9.495 : 9.505
        let height: UInt64 = beyond ? 44_000 : 29_500, width: UInt64 = beyond ? 50_000 : 29_500
        return (0..<count).map { _ in
            Coordinate(latitude: south + Double(random.next(below: height)) * 1e-6,
                       longitude: west + Double(random.next(below: width)) * 1e-6)
        }
    }

    @Test("one search to many targets gives each target what a search for it alone gives", .computeBound,
          arguments: [1, 2, 3] as [UInt64])
    func oneToManyEqualsOneByOne(seed: UInt64) throws {
        let tiles = InMemoryWalkTiles(Self.gridTiles(seed: seed))
        #expect(tiles.tiles.count == 4)
        var random = SplitMix(seed &* 7_919)
        for _ in 0..<3 {
            let start = Self.points(1, random: &random)[0]
            let targets = Self.points(130, random: &random) + Self.points(20, beyond: true, random: &random)
            let limit = WalkSearchLimit.metres(from: start, to: targets)
            let together = try WalkSearch(source: tiles).distances(from: start, to: targets, limit: limit)
            // One search object reused, as the router's cache is: a search must start afresh every time.
            let alone = WalkSearch(source: tiles)
            var reached = 0, unreached = 0
            for (index, target) in targets.enumerated() {
                let single = try alone.distances(from: start, to: [target], limit: limit)[0]
                #expect(together[index] == single, "target \(index) at \(target)")
                if single == nil { unreached += 1 } else { reached += 1 }
            }
            // The comparison covers both kinds: walks found, and targets off the network or cut off.
            #expect(reached > 100)
            #expect(unreached > 0)
        }
    }

    @Test("a target in the walled-off block is not reached, while its neighbours outside are")
    func cutOff() throws {
        let tiles = InMemoryWalkTiles(Self.gridTiles(seed: 1))
        let search = WalkSearch(source: tiles)
        // Row 11, column 41 of the grid is inside the block; the start is in the grid's far corner.
        let inside = Coordinate(latitude: 47.125 + 11 * 5e-4 + 7e-7, longitude: 9.505 + 41 * 5e-4 + 3e-7)
        let outside = Coordinate(latitude: 47.125 + 11 * 5e-4 + 7e-7, longitude: 9.505 + 46 * 5e-4 + 3e-7)
        let start = Coordinate(latitude: 47.125 + 50 * 5e-4, longitude: 9.505 + 5 * 5e-4)
        let legs = try search.distances(from: start, to: [inside, outside], limit: 20_000)
        #expect(legs[0] == nil)
        #expect(legs[1] != nil)
    }

    @Test("a route with no walk says why: off the paths, not joined, or past the search's limit")
    func routeSaysWhy() throws {
        let tiles = InMemoryWalkTiles(Self.gridTiles(seed: 1))
        let search = WalkSearch(source: tiles)
        let inside = Coordinate(latitude: 47.125 + 11 * 5e-4 + 7e-7, longitude: 9.505 + 41 * 5e-4 + 3e-7)
        let start = Coordinate(latitude: 47.125 + 50 * 5e-4, longitude: 9.505 + 5 * 5e-4)
        let far = Coordinate(latitude: 47.125 + 10 * 5e-4, longitude: 9.505 + 55 * 5e-4)
        let sea = Coordinate(latitude: 47.3, longitude: 9.505)
        #expect(try search.route(from: start, to: inside, limit: 20_000) == nil)
        #expect(search.missedBecause == .notJoined)
        #expect(try search.route(from: start, to: far, limit: 500) == nil)
        #expect(search.missedBecause == .beyondLimit(500))
        #expect(try search.route(from: sea, to: far, limit: 20_000) == nil)
        #expect(search.missedBecause == .offPaths(start: true, end: false))
        #expect(try search.route(from: start, to: sea, limit: 20_000) == nil)
        #expect(search.missedBecause == .offPaths(start: false, end: true))
        #expect(try search.route(from: start, to: far, limit: 20_000) != nil)
        #expect(search.missedBecause == nil)
    }
}

/// A small seeded generator, so the grid is the same on every run.
struct SplitMix {
    private var state: UInt64

    init(_ seed: UInt64) { state = seed }

    mutating func next(below bound: UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E4B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return (z ^ (z >> 31)) % bound
    }
}
