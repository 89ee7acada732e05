/// Shortest walks on the network from one point to many: one Dijkstra search that loads tiles as it
/// reaches them and stops once every target is settled (or the walk grows past `limit`).
///
/// The start and each target are snapped to the nearest edge within `snapRadius`; the metres between a point
/// and its snap are walked in a straight line and counted. Not `Sendable`: one search, one thread.
public final class WalkSearch {
    /// How far from a path a point may be and still be joined to it.
    public static let snapRadius = 300.0

    /// A target's result: metres walked (on and off the network), or nil when it could not be reached.
    public struct Leg: Hashable, Sendable {
        public var length: Double
        public var offNetwork: Double
    }

    private let source: any WalkTileSource
    private var slots: [WalkTileKey: Int32] = [:]
    private var missing: Set<WalkTileKey> = []
    private var states: [TileState] = []

    private struct TileState {
        let tile: WalkTile
        var distance: [Double]
        var settled: [Bool]
        /// The edge a vertex was reached by: the slot of the tile holding it and its index there; -1: none,
        /// -2: straight from the start's edge.
        var previousSlot: [Int32]
        var previousEdge: [Int32]

        init(tile: WalkTile) {
            self.tile = tile
            distance = Array(repeating: .infinity, count: tile.vertexCount)
            settled = Array(repeating: false, count: tile.vertexCount)
            previousSlot = Array(repeating: -1, count: tile.vertexCount)
            previousEdge = Array(repeating: -1, count: tile.vertexCount)
        }
    }

    /// Tiles the last search loaded (for benchmarks and tests of bounded loading).
    public var tilesLoaded: Int { states.count }

    public init(source: any WalkTileSource) {
        self.source = source
    }

    // MARK: Many targets

    /// The walk from `start` to each target; nil for a target off the network or farther than `limit` metres.
    /// Throws `.noNetwork`-free: a start off the network gives all nil.
    public func distances(from start: Coordinate, to targets: [Coordinate],
                          limit: Double) throws(RoutingError) -> [Leg?] {
        reset()
        guard let origin = try snap(start) else { return Array(repeating: nil, count: targets.count) }
        var snaps: [WalkSnap?] = []
        snaps.reserveCapacity(targets.count)
        for target in targets { snaps.append(try snap(target)) }
        let best = try search(from: origin, to: snaps, limit: limit)
        return best.enumerated().map { index, found in
            guard let found, let snap = snaps[index] else { return nil }
            let off = origin.distance + snap.distance
            return Leg(length: found.length + off, offNetwork: off)
        }
    }

    // MARK: One target, with its way

    /// The walk from `start` to `end` with its line and way names; nil when either is off the network or the
    /// walk would be longer than `limit`.
    public func route(from start: Coordinate, to end: Coordinate, limit: Double) throws(RoutingError) -> WalkRoute? {
        reset()
        guard let origin = try snap(start), let target = try snap(end) else { return nil }
        guard let found = try search(from: origin, to: [target], limit: limit)[0] else { return nil }
        var pieces: [(points: [Coordinate], name: String?, length: Double)] = []
        switch found.via {
        case .direct:
            let tile = try loadedTile(origin.tile)
            pieces.append((partial(tile, origin, toward: target.offset >= origin.offset, upTo: target),
                           name(tile, origin.edge), abs(target.offset - origin.offset)))
        case .vertex(let slot, let vertex, let fromStart):
            // Back from the vertex to the start's edge, then turned around.
            var backwards: [(points: [Coordinate], name: String?, length: Double)] = []
            var (currentSlot, currentVertex) = (slot, vertex)
            while true {
                let state = states[Int(currentSlot)]
                let previousSlot = state.previousSlot[Int(currentVertex)]
                let previousEdge = state.previousEdge[Int(currentVertex)]
                if previousSlot == -2 { break }
                guard previousSlot >= 0 else { return nil }
                let edgeTile = states[Int(previousSlot)].tile
                let edge = edgeTile.edges[Int(previousEdge)]
                let here = WalkVertexRef(tile: state.tile.key, index: currentVertex)
                let arrivedForward = edge.to == here && edge.from != here
                var points = (Int(edge.shapeStart)..<Int(edge.shapeStart + edge.shapeCount)).map(edgeTile.shapePoint)
                if !arrivedForward { points.reverse() }
                backwards.append((points, name(edgeTile, previousEdge), Double(edge.length)))
                let other = arrivedForward ? edge.from : edge.to
                guard let otherSlot = slots[other.tile] else { return nil }
                (currentSlot, currentVertex) = (otherSlot, other.index)
            }
            // The start's edge from the snapped point to the first vertex.
            let startTile = try loadedTile(origin.tile)
            let firstVertex = WalkVertexRef(tile: states[Int(currentSlot)].tile.key, index: currentVertex)
            let leavesForward = firstVertex == origin.to && !(firstVertex == origin.from && origin.offset < origin.length / 2)
            pieces.append((partialToEnd(startTile, origin, forward: leavesForward), name(startTile, origin.edge),
                           leavesForward ? origin.length - origin.offset : origin.offset))
            pieces.append(contentsOf: backwards.reversed())
            // The target's edge from its vertex to the snapped point.
            let endTile = try loadedTile(target.tile)
            var last = partialToEnd(endTile, target, forward: !fromStart)
            last.reverse()
            pieces.append((last, name(endTile, target.edge), fromStart ? target.offset : target.length - target.offset))
        }
        var points: [Coordinate] = [start]
        var stretches: [WalkRoute.Stretch] = []
        for piece in pieces {
            for point in piece.points where points.last != point { points.append(point) }
            if let lastStretch = stretches.last, lastStretch.name == piece.name {
                stretches[stretches.count - 1].length += piece.length
            } else if piece.length > 0 {
                stretches.append(WalkRoute.Stretch(name: piece.name, length: piece.length))
            }
        }
        if points.last != end { points.append(end) }
        let off = origin.distance + target.distance
        return WalkRoute(length: found.length + off, points: points, stretches: stretches, offNetwork: off)
    }

    // MARK: The search

    private enum Via {
        case direct
        /// Reached through this vertex of the target's edge; `fromStart` when it is the edge's `from` end.
        case vertex(slot: Int32, index: Int32, fromStart: Bool)
    }

    private struct Found {
        var length: Double
        var via: Via
    }

    private struct Approach {
        var target: Int32
        var extra: Double
        var fromStart: Bool
    }

    private func search(from origin: WalkSnap, to targets: [WalkSnap?], limit: Double) throws(RoutingError) -> [Found?] {
        var best = [Found?](repeating: nil, count: targets.count)
        var final = [Bool](repeating: false, count: targets.count)
        var remaining = 0
        var approaches: [WalkVertexRef: [Approach]] = [:]
        var pending = MinHeap<Int32>()
        for (index, target) in targets.enumerated() {
            guard let target else {
                final[index] = true
                continue
            }
            remaining += 1
            if target.forward { approaches[target.from, default: []].append(Approach(target: Int32(index), extra: target.offset, fromStart: true)) }
            if target.backward {
                approaches[target.to, default: []].append(
                    Approach(target: Int32(index), extra: target.length - target.offset, fromStart: false))
            }
            if target.isOnSameEdge(as: origin) {
                let ahead = target.offset >= origin.offset
                if (ahead && origin.forward) || (!ahead && origin.backward) {
                    let length = abs(target.offset - origin.offset)
                    best[index] = Found(length: length, via: .direct)
                    pending.push(length, Int32(index))
                }
            }
        }
        guard remaining > 0 else { return best }

        var heap = MinHeap<Int64>()
        if origin.backward { try seed(origin.from, distance: origin.offset, heap: &heap) }
        if origin.forward { try seed(origin.to, distance: origin.length - origin.offset, heap: &heap) }

        while let (distance, packed) = heap.pop() {
            // Targets whose best walk is no longer than anything still to be settled are done.
            while let (candidate, target) = pending.peek(), candidate <= distance {
                pending.popDiscarding()
                if !final[Int(target)], let found = best[Int(target)], found.length == candidate {
                    final[Int(target)] = true
                    remaining -= 1
                }
            }
            if remaining == 0 || distance > limit { break }
            let slot = Int32(truncatingIfNeeded: packed >> 32), vertex = Int32(truncatingIfNeeded: packed)
            guard !states[Int(slot)].settled[Int(vertex)], states[Int(slot)].distance[Int(vertex)] == distance else {
                continue
            }
            states[Int(slot)].settled[Int(vertex)] = true
            let tile = states[Int(slot)].tile
            let here = WalkVertexRef(tile: tile.key, index: vertex)
            if let list = approaches[here] {
                for approach in list where !final[Int(approach.target)] {
                    let length = distance + approach.extra
                    if length < best[Int(approach.target)]?.length ?? .infinity {
                        best[Int(approach.target)] = Found(
                            length: length, via: .vertex(slot: slot, index: vertex, fromStart: approach.fromStart))
                        pending.push(length, approach.target)
                    }
                }
            }
            for edgeIndex in tile.edges(at: vertex) {
                let edge = tile.edges[Int(edgeIndex)]
                let next: WalkVertexRef
                if edge.from == here, edge.forward, edge.to != here {
                    next = edge.to
                } else if edge.to == here, edge.backward, edge.from != here {
                    next = edge.from
                } else {
                    continue
                }
                guard let nextSlot = try tileSlot(for: next.tile) else { continue }
                let length = distance + Double(edge.length)
                if length < states[Int(nextSlot)].distance[Int(next.index)] {
                    states[Int(nextSlot)].distance[Int(next.index)] = length
                    states[Int(nextSlot)].previousSlot[Int(next.index)] = slot
                    states[Int(nextSlot)].previousEdge[Int(next.index)] = edgeIndex
                    heap.push(length, Int64(nextSlot) << 32 | Int64(UInt32(bitPattern: next.index)))
                }
            }
        }
        // Whatever is left within the limit was reached by every walk there is (the heap ran dry).
        return best.map { found in found.flatMap { $0.length <= limit ? $0 : nil } }
    }

    private func seed(_ vertex: WalkVertexRef, distance: Double, heap: inout MinHeap<Int64>) throws(RoutingError) {
        guard let slot = try tileSlot(for: vertex.tile), Int(vertex.index) < states[Int(slot)].tile.vertexCount,
              distance < states[Int(slot)].distance[Int(vertex.index)] else { return }
        states[Int(slot)].distance[Int(vertex.index)] = distance
        states[Int(slot)].previousSlot[Int(vertex.index)] = -2
        heap.push(distance, Int64(slot) << 32 | Int64(UInt32(bitPattern: vertex.index)))
    }

    // MARK: Tiles

    private func reset() {
        for index in states.indices {
            let count = states[index].tile.vertexCount
            states[index].distance = Array(repeating: .infinity, count: count)
            states[index].settled = Array(repeating: false, count: count)
            states[index].previousSlot = Array(repeating: -1, count: count)
            states[index].previousEdge = Array(repeating: -1, count: count)
        }
    }

    private func tileSlot(for key: WalkTileKey) throws(RoutingError) -> Int32? {
        if let slot = slots[key] { return slot }
        if missing.contains(key) { return nil }
        guard let tile = try source.tile(key) else {
            missing.insert(key)
            return nil
        }
        let slot = Int32(states.count)
        states.append(TileState(tile: tile))
        slots[key] = slot
        return slot
    }

    private func loadedTile(_ key: WalkTileKey) throws(RoutingError) -> WalkTile {
        guard let slot = try tileSlot(for: key) else { throw RoutingError.storage("a tile of the walking network vanished") }
        return states[Int(slot)].tile
    }

    private func snap(_ point: Coordinate) throws(RoutingError) -> WalkSnap? {
        guard point.isValid else { return nil }
        return try WalkSnapper.snap(point, within: Self.snapRadius) { (key) throws(RoutingError) -> WalkTile? in
            guard let slot = try self.tileSlot(for: key) else { return nil }
            return self.states[Int(slot)].tile
        }
    }

    // MARK: Geometry

    private func name(_ tile: WalkTile, _ edge: Int32) -> String? {
        let index = tile.edges[Int(edge)].name
        return index >= 0 && Int(index) < tile.names.count ? tile.names[Int(index)] : nil
    }

    /// The shape from the snapped point to the edge's `to` end (forward) or `from` end.
    private func partialToEnd(_ tile: WalkTile, _ snap: WalkSnap, forward: Bool) -> [Coordinate] {
        let edge = tile.edges[Int(snap.edge)]
        let start = Int(edge.shapeStart), count = Int(edge.shapeCount)
        if forward {
            return [snap.point] + (start + snap.segment + 1..<start + count).map(tile.shapePoint)
        }
        return [snap.point] + (start...start + snap.segment).reversed().map(tile.shapePoint)
    }

    /// The shape between two snapped points of one edge.
    private func partial(_ tile: WalkTile, _ from: WalkSnap, toward forward: Bool, upTo to: WalkSnap) -> [Coordinate] {
        let edge = tile.edges[Int(from.edge)]
        let start = Int(edge.shapeStart)
        var points = [from.point]
        if forward {
            if to.segment > from.segment { points += (start + from.segment + 1...start + to.segment).map(tile.shapePoint) }
        } else if from.segment > to.segment {
            points += (start + to.segment + 1...start + from.segment).reversed().map(tile.shapePoint)
        }
        points.append(to.point)
        return points
    }
}
