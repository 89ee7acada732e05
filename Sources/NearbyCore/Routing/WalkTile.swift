/// One tile of the walking network, decoded: its vertices, every edge that touches one of them (an edge
/// between two tiles is kept in both), the edges' shapes and way names, and an index for snapping.
///
/// Coordinates are integers of 1e-7 degree, as OpenStreetMap stores them.
public struct WalkTile: Sendable {
    /// An edge: the stretch of one way between two vertices, walkable in one or both directions.
    public struct Edge: Sendable, Hashable {
        public var from: WalkVertexRef
        public var to: WalkVertexRef
        /// Metres along the shape.
        public var length: Float
        /// Whether a walker may go from `from` to `to`, and back.
        public var forward: Bool
        public var backward: Bool
        /// Index into `names`, or -1 for a way without a name.
        public var name: Int32
        /// The shape's points (both ends included) in `shapeLatitudes`/`shapeLongitudes`.
        public var shapeStart: Int32
        public var shapeCount: Int32
        /// Part of a small piece of network that joins nothing else (a path inside a courtyard, a platform):
        /// points are joined to such an edge only when no other lies within reach.
        public var isolated: Bool

        public init(from: WalkVertexRef, to: WalkVertexRef, length: Float, forward: Bool, backward: Bool,
                    name: Int32, shapeStart: Int32, shapeCount: Int32, isolated: Bool = false) {
            self.from = from
            self.to = to
            self.length = length
            self.forward = forward
            self.backward = backward
            self.name = name
            self.shapeStart = shapeStart
            self.shapeCount = shapeCount
            self.isolated = isolated
        }
    }

    public let key: WalkTileKey
    public let vertexLatitudes: [Int32]
    public let vertexLongitudes: [Int32]
    public let edges: [Edge]
    public let shapeLatitudes: [Int32]
    public let shapeLongitudes: [Int32]
    public let names: [String]
    /// Edges at each vertex: `incident[incidentStart[v]..<incidentStart[v + 1]]` are edge indexes.
    let incidentStart: [Int32]
    let incident: [Int32]
    /// The same edges as steps a walker may take, for the search.
    let arcs: WalkArcs
    /// Each edge's shape box in 1e-7 degrees (south, north, west, east), so snapping skips far edges.
    let edgeBoxes: [Int32]
    /// Edges whose shape crosses each cell of a `gridSize`² grid over the tile, for snapping.
    let cellStart: [Int32]
    let cellEdges: [Int32]
    static let gridSize = 16

    public var vertexCount: Int { vertexLatitudes.count }

    public init(key: WalkTileKey, vertexLatitudes: [Int32], vertexLongitudes: [Int32], edges: [Edge],
                shapeLatitudes: [Int32], shapeLongitudes: [Int32], names: [String]) {
        self.key = key
        self.vertexLatitudes = vertexLatitudes
        self.vertexLongitudes = vertexLongitudes
        self.edges = edges
        self.shapeLatitudes = shapeLatitudes
        self.shapeLongitudes = shapeLongitudes
        self.names = names
        (incidentStart, incident) = Self.incidence(key: key, vertexCount: vertexLatitudes.count, edges: edges)
        arcs = WalkArcs(key: key, vertexCount: vertexLatitudes.count, edges: edges, incidentStart: incidentStart,
                        incident: incident)
        edgeBoxes = Self.boxes(edges: edges, latitudes: shapeLatitudes, longitudes: shapeLongitudes)
        (cellStart, cellEdges) = Self.grid(key: key, edges: edges, latitudes: shapeLatitudes,
                                           longitudes: shapeLongitudes)
    }

    /// The vertex's position.
    public func coordinate(of vertex: Int32) -> Coordinate {
        Coordinate(latitude: Double(vertexLatitudes[Int(vertex)]) * 1e-7,
                   longitude: Double(vertexLongitudes[Int(vertex)]) * 1e-7)
    }

    /// The point `index` of an edge's shape.
    public func shapePoint(_ index: Int) -> Coordinate {
        Coordinate(latitude: Double(shapeLatitudes[index]) * 1e-7, longitude: Double(shapeLongitudes[index]) * 1e-7)
    }

    /// The edges at a vertex of this tile.
    func edges(at vertex: Int32) -> ArraySlice<Int32> {
        incident[Int(incidentStart[Int(vertex)])..<Int(incidentStart[Int(vertex) + 1])]
    }

    /// The edges listed in a grid cell (row and column within the tile).
    func edges(inCellRow row: Int, column: Int) -> ArraySlice<Int32> {
        let cell = row * Self.gridSize + column
        return cellEdges[Int(cellStart[cell])..<Int(cellStart[cell + 1])]
    }

    private static func incidence(key: WalkTileKey, vertexCount: Int, edges: [Edge]) -> ([Int32], [Int32]) {
        var counts = [Int32](repeating: 0, count: vertexCount + 1)
        for edge in edges {
            if edge.from.tile == key, Int(edge.from.index) < vertexCount { counts[Int(edge.from.index) + 1] += 1 }
            if edge.to.tile == key, Int(edge.to.index) < vertexCount, edge.to != edge.from {
                counts[Int(edge.to.index) + 1] += 1
            }
        }
        for i in 0..<vertexCount { counts[i + 1] += counts[i] }
        var fill = counts
        var incident = [Int32](repeating: 0, count: Int(counts[vertexCount]))
        for (index, edge) in edges.enumerated() {
            if edge.from.tile == key, Int(edge.from.index) < vertexCount {
                incident[Int(fill[Int(edge.from.index)])] = Int32(index)
                fill[Int(edge.from.index)] += 1
            }
            if edge.to.tile == key, Int(edge.to.index) < vertexCount, edge.to != edge.from {
                incident[Int(fill[Int(edge.to.index)])] = Int32(index)
                fill[Int(edge.to.index)] += 1
            }
        }
        return (counts, incident)
    }

    /// The grid cell (clamped to the tile) that a point in 1e-7 degrees falls in.
    static func cell(of latitude: Int32, _ longitude: Int32, in key: WalkTileKey) -> (row: Int, column: Int) {
        let origin = key.originE7
        let span = 1e7 / WalkTileKey.perDegree / Double(gridSize)
        // In 64 bits: a shape point far from the tile (a way across the antimeridian) overflows 32.
        let row = Int((Double(Int64(latitude) - Int64(origin.latitude)) / span).rounded(.down))
        let column = Int((Double(Int64(longitude) - Int64(origin.longitude)) / span).rounded(.down))
        return (min(max(row, 0), gridSize - 1), min(max(column, 0), gridSize - 1))
    }

    private static func boxes(edges: [Edge], latitudes: [Int32], longitudes: [Int32]) -> [Int32] {
        var boxes: [Int32] = []
        boxes.reserveCapacity(edges.count * 4)
        for edge in edges {
            let start = Int(edge.shapeStart), end = start + Int(edge.shapeCount)
            guard start >= 0, end > start, end <= latitudes.count, end <= longitudes.count else {
                // A shape that is not there is never measured; an empty box keeps the indexes aligned.
                boxes += [.max, .min, .max, .min]
                continue
            }
            var south = Int32.max, north = Int32.min, west = Int32.max, east = Int32.min
            for point in start..<end {
                south = min(south, latitudes[point])
                north = max(north, latitudes[point])
                west = min(west, longitudes[point])
                east = max(east, longitudes[point])
            }
            boxes += [south, north, west, east]
        }
        return boxes
    }

    private static func grid(key: WalkTileKey, edges: [Edge], latitudes: [Int32],
                             longitudes: [Int32]) -> ([Int32], [Int32]) {
        let cells = gridSize * gridSize
        var lists = [[Int32]](repeating: [], count: cells)
        for (index, edge) in edges.enumerated() {
            let start = Int(edge.shapeStart)
            let end = start + Int(edge.shapeCount)
            guard end > start, end <= latitudes.count else { continue }
            var seen = Set<Int>()
            for point in start..<max(end - 1, start + 1) {
                let next = min(point + 1, end - 1)
                let a = cell(of: latitudes[point], longitudes[point], in: key)
                let b = cell(of: latitudes[next], longitudes[next], in: key)
                // The segment's bounding box of cells: short segments make this one or two cells.
                for row in min(a.row, b.row)...max(a.row, b.row) {
                    for column in min(a.column, b.column)...max(a.column, b.column) {
                        let cell = row * gridSize + column
                        if seen.insert(cell).inserted { lists[cell].append(Int32(index)) }
                    }
                }
            }
        }
        var start = [Int32](repeating: 0, count: cells + 1)
        var flat: [Int32] = []
        for cell in 0..<cells {
            flat.append(contentsOf: lists[cell])
            start[cell + 1] = Int32(flat.count)
        }
        return (start, flat)
    }
}
