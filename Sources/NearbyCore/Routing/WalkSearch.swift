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
    /// Loaded tiles by slot, their steps, and the slots of the tiles their steps reach (-2: not looked up
    /// yet, -1: no such tile).
    private var tiles: [WalkTile] = []
    private var arcs: [WalkArcs] = []
    private var neighbourSlots: [[Int32]] = []
    /// Where each slot's vertices start in the flat arrays below; one more entry than slots.
    private var base: [Int32] = [0]
    /// Per vertex of every loaded tile, flat so the search touches no dictionary and no per-tile copy.
    private var distance: [Double] = []
    private var settled: [Bool] = []
    /// The edge a vertex was reached by: the slot of the tile holding it and its index there; -1: none,
    /// -2: straight from the start's edge.
    private var previousSlot: [Int32] = []
    private var previousEdge: [Int32] = []
    /// The first of the vertex's approaches to targets (-1: none), linked through `Approach.next`.
    private var approachHead: [Int32] = []
    private var approaches: [Approach] = []
    /// Approaches at vertices of tiles not loaded yet, linked in when the tile is.
    private var waitingApproaches: [WalkTileKey: [Int32]] = [:]
    private var snapMarks = WalkSnapMarks()
    /// The last search stopped at its limit with paths still to walk (not because the paths ran out).
    private var limitReached = false

    /// Tiles the last search loaded (for benchmarks and tests of bounded loading).
    public var tilesLoaded: Int { tiles.count }

    /// Why the last `route` found no walk (nil after a walk was found).
    public private(set) var missedBecause: NoWalkReason?

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
        // Where you stand is no walk at all: not twice the way to the nearest path.
        if start.isValid, start.distance(to: end) < 1 {
            return WalkRoute(length: 0, points: [start], stretches: [], offNetwork: 0)
        }
        missedBecause = nil
        guard let origin = try snap(start) else {
            missedBecause = .offPaths(start: true, end: try snap(end) == nil)
            return nil
        }
        guard let target = try snap(end) else {
            missedBecause = .offPaths(start: false, end: true)
            return nil
        }
        guard let found = try search(from: origin, to: [target], limit: limit)[0] else {
            missedBecause = limitReached ? .beyondLimit(limit) : .notJoined
            return nil
        }
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
                let flat = Int(base[Int(currentSlot)]) + Int(currentVertex)
                let previousSlot = self.previousSlot[flat]
                let previousEdge = self.previousEdge[flat]
                if previousSlot == -2 { break }
                guard previousSlot >= 0 else { return nil }
                let edgeTile = tiles[Int(previousSlot)]
                let edge = edgeTile.edges[Int(previousEdge)]
                let here = WalkVertexRef(tile: tiles[Int(currentSlot)].key, index: currentVertex)
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
            let firstVertex = WalkVertexRef(tile: tiles[Int(currentSlot)].key, index: currentVertex)
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

    /// A way onto a target's edge from one of its ends: `extra` metres more to the target.
    private struct Approach {
        var target: Int32
        var extra: Double
        var fromStart: Bool
        /// The end's index in its tile.
        var vertexIndex: Int32
        /// The next approach at the same vertex, or -1.
        var next: Int32 = -1
    }

    private func search(from origin: WalkSnap, to targets: [WalkSnap?], limit: Double) throws(RoutingError) -> [Found?] {
        limitReached = false
        var best = [Found?](repeating: nil, count: targets.count)
        var final = [Bool](repeating: false, count: targets.count)
        var remaining = 0
        var pending = MinHeap<Int32>()
        var atVertex: [WalkVertexRef] = []
        for (index, target) in targets.enumerated() {
            guard let target else {
                final[index] = true
                continue
            }
            remaining += 1
            if target.forward {
                approaches.append(Approach(target: Int32(index), extra: target.offset, fromStart: true,
                                           vertexIndex: target.from.index))
                atVertex.append(target.from)
            }
            if target.backward {
                approaches.append(Approach(target: Int32(index), extra: target.length - target.offset, fromStart: false,
                                           vertexIndex: target.to.index))
                atVertex.append(target.to)
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
        // Linked last to first, so each vertex's list keeps the targets' order.
        for index in approaches.indices.reversed() {
            let vertex = atVertex[index]
            if let slot = slots[vertex.tile] {
                link(Int32(index), slot: slot, vertex: vertex.index)
            } else {
                waitingApproaches[vertex.tile, default: []].append(Int32(index))
            }
        }

        var heap = MinHeap<Int64>()
        if origin.backward { try seed(origin.from, distance: origin.offset, heap: &heap) }
        if origin.forward { try seed(origin.to, distance: origin.length - origin.offset, heap: &heap) }

        while let (reached, packed) = heap.pop() {
            // Targets whose best walk is no longer than anything still to be settled are done.
            while let (candidate, target) = pending.peek(), candidate <= reached {
                pending.popDiscarding()
                if !final[Int(target)], let found = best[Int(target)], found.length == candidate {
                    final[Int(target)] = true
                    remaining -= 1
                }
            }
            if remaining == 0 { break }
            if reached > limit {
                limitReached = true
                break
            }
            let slot = Int(packed >> 32), vertex = Int(Int32(truncatingIfNeeded: packed))
            let flat = Int(base[slot]) + vertex
            guard !settled[flat], distance[flat] == reached else { continue }
            settled[flat] = true
            var next = approachHead[flat]
            while next >= 0 {
                let approach = approaches[Int(next)]
                next = approach.next
                guard !final[Int(approach.target)] else { continue }
                let length = reached + approach.extra
                if length < best[Int(approach.target)]?.length ?? .infinity {
                    best[Int(approach.target)] = Found(
                        length: length, via: .vertex(slot: Int32(slot), index: Int32(vertex), fromStart: approach.fromStart))
                    pending.push(length, approach.target)
                }
            }
            let steps = arcs[slot]
            for step in Int(steps.start[vertex])..<Int(steps.start[vertex + 1]) {
                let nextSlot: Int
                let neighbour = Int(steps.targetTile[step])
                if neighbour < 0 {
                    nextSlot = slot
                } else {
                    var known = neighbourSlots[slot][neighbour]
                    if known == -2 {
                        known = try tileSlot(for: steps.neighbours[neighbour]) ?? -1
                        neighbourSlots[slot][neighbour] = known
                    }
                    guard known >= 0 else { continue }
                    nextSlot = Int(known)
                }
                let nextVertex = steps.target[step]
                let nextFlat = Int(base[nextSlot]) + Int(nextVertex)
                guard nextVertex >= 0, nextFlat < Int(base[nextSlot + 1]) else { continue }
                let length = reached + steps.length[step]
                if length < distance[nextFlat] {
                    distance[nextFlat] = length
                    previousSlot[nextFlat] = Int32(slot)
                    previousEdge[nextFlat] = steps.edge[step]
                    heap.push(length, Int64(nextSlot) << 32 | Int64(UInt32(bitPattern: nextVertex)))
                }
            }
        }
        // Whatever is left within the limit was reached by every walk there is (the heap ran dry).
        return best.map { found in found.flatMap { $0.length <= limit ? $0 : nil } }
    }

    private func link(_ approach: Int32, slot: Int32, vertex: Int32) {
        guard vertex >= 0, Int(vertex) < tiles[Int(slot)].vertexCount else { return }
        let flat = Int(base[Int(slot)]) + Int(vertex)
        approaches[Int(approach)].next = approachHead[flat]
        approachHead[flat] = approach
    }

    private func seed(_ vertex: WalkVertexRef, distance: Double, heap: inout MinHeap<Int64>) throws(RoutingError) {
        guard let slot = try tileSlot(for: vertex.tile), vertex.index >= 0,
              Int(vertex.index) < tiles[Int(slot)].vertexCount else { return }
        let flat = Int(base[Int(slot)]) + Int(vertex.index)
        guard distance < self.distance[flat] else { return }
        self.distance[flat] = distance
        previousSlot[flat] = -2
        heap.push(distance, Int64(slot) << 32 | Int64(UInt32(bitPattern: vertex.index)))
    }

    // MARK: Tiles

    private func reset() {
        let count = distance.count
        distance = Array(repeating: .infinity, count: count)
        settled = Array(repeating: false, count: count)
        previousSlot = Array(repeating: -1, count: count)
        previousEdge = Array(repeating: -1, count: count)
        approachHead = Array(repeating: -1, count: count)
        approaches.removeAll(keepingCapacity: true)
        waitingApproaches.removeAll()
    }

    private func tileSlot(for key: WalkTileKey) throws(RoutingError) -> Int32? {
        if let slot = slots[key] { return slot }
        if missing.contains(key) { return nil }
        guard let tile = try source.tile(key) else {
            missing.insert(key)
            return nil
        }
        let slot = Int32(tiles.count)
        tiles.append(tile)
        arcs.append(tile.arcs)
        neighbourSlots.append(Array(repeating: -2, count: tile.arcs.neighbours.count))
        let count = tile.vertexCount
        base.append(base[base.count - 1] + Int32(count))
        distance.append(contentsOf: repeatElement(.infinity, count: count))
        settled.append(contentsOf: repeatElement(false, count: count))
        previousSlot.append(contentsOf: repeatElement(-1, count: count))
        previousEdge.append(contentsOf: repeatElement(-1, count: count))
        approachHead.append(contentsOf: repeatElement(-1, count: count))
        slots[key] = slot
        // In the order they were put aside: each is linked in front, as the search's own were.
        if let waiting = waitingApproaches.removeValue(forKey: key) {
            for approach in waiting { link(approach, slot: slot, vertex: approaches[Int(approach)].vertexIndex) }
        }
        return slot
    }

    private func loadedTile(_ key: WalkTileKey) throws(RoutingError) -> WalkTile {
        guard let slot = try tileSlot(for: key) else { throw RoutingError.storage("a tile of the walking network vanished") }
        return tiles[Int(slot)]
    }

    private func snap(_ point: Coordinate) throws(RoutingError) -> WalkSnap? {
        guard point.isValid else { return nil }
        return try WalkSnapper.snap(point, within: Self.snapRadius, marks: &snapMarks) { (key) throws(RoutingError) -> WalkTile? in
            guard let slot = try self.tileSlot(for: key) else { return nil }
            return self.tiles[Int(slot)]
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

/// Why a route has no walk, in the words a user can act on.
public enum NoWalkReason: Hashable, Sendable {
    /// The start, the end or both are more than `WalkSearch.snapRadius` from any path.
    case offPaths(start: Bool, end: Bool)
    /// Every path from the start was walked and none reaches the end.
    case notJoined
    /// The search walked as far as it may (metres) without reaching the end.
    case beyondLimit(Double)
}

/// A route, or why there is none.
public enum RouteOutcome: Hashable, Sendable {
    case walk(WalkRoute)
    case none(NoWalkReason)
}
