import NearbyCore
import OSMFormats

/// The extract as its file and a set of changes leave it, read through the file's base (`ExtractBase`): what
/// an update patches from (the changes applied so far) and to (with the new ones). The base remembers its
/// lookups for both views; the changes answer for what they carry.
final class ExtractChangeView {
    /// A walkable way of the view.
    struct WalkWay: Equatable {
        var refs: [Int64]
        var forward: Bool
        var backward: Bool
        var name: String?
    }

    let base: ExtractBase
    let changes: OSMChangeSet
    /// Whether positions are rounded to the PBF grid, as a PBF reader gives them.
    let asPBF: Bool
    private var walkWays = IDTable<WalkWay?>(filler: nil)
    /// The changed walkable ways (and the base's versions of changed ways), by node: what the base's own
    /// records of a node must be corrected by.
    private var changedWaysByNode = IDTable<[Int64]>(filler: [])
    /// What the changes add to the base's uses of a node (`uses`): the changed ways' uses, less those of the
    /// base's versions of them.
    private var usesCorrection = IDTable<Int32>(filler: 0)
    /// The positions the changes give (packed as `ExtractBase` packs them; `Int64.min`: deleted, or no valid
    /// position), looked up for every node of every way an update walks.
    private var changedPositions: IDTable<Int64>

    init(base: ExtractBase, changes: OSMChangeSet, asPBF: Bool) throws(OSMImportError) {
        self.base = base
        self.changes = changes
        self.asPBF = asPBF
        changedPositions = IDTable(capacity: changes.nodes.count, filler: .min)
        for (id, element) in changes.nodes {
            guard element.action != .delete, Coordinate(latitude: element.latitude, longitude: element.longitude).isValid else {
                changedPositions[id] = .min
                continue
            }
            changedPositions[id] = Int64(Int32((element.latitude * 1e7).rounded())) << 32
                | Int64(UInt32(bitPattern: Int32((element.longitude * 1e7).rounded())))
        }
        for (id, element) in changes.ways {
            if let way = Self.walkWay(element) {
                for ref in Set(way.refs) { changedWaysByNode[ref] = (changedWaysByNode[ref] ?? []) + [id] }
                correctUses(of: way.refs, by: 1)
            }
            if let old = try base.way(id) { correctUses(of: old.refs, by: -1) }
        }
    }

    /// A way of a change file as the walking network takes it (nil: not walkable, or deleted).
    static func walkWay(_ element: OSMChangedElement) -> WalkWay? {
        guard element.action != .delete, !element.hasTooManyNodes, element.refs.count >= 2,
              let directions = WalkableWay.directions(element.tags) else { return nil }
        return WalkWay(refs: element.refs, forward: directions.forward, backward: directions.backward,
                       name: OSMPlaceMapping.text(element.tags["name"]))
    }

    /// A node's position in 1e-7°; nil when the view has no such node (or no valid position for it).
    func position(_ id: Int64) throws(OSMImportError) -> (latitude: Int32, longitude: Int32)? {
        guard let packed = changedPositions[id] else { return try base.position(of: id) }
        guard packed != .min else { return nil }
        return (Int32(truncatingIfNeeded: packed >> 32), Int32(truncatingIfNeeded: packed))
    }

    /// A tagged node's coordinate as a reader of the file would give it.
    func coordinate(of element: OSMChangedElement) -> Coordinate {
        func grid(_ degrees: Double) -> Double {
            guard asPBF, degrees.isFinite, abs(degrees) <= 180 else { return degrees }
            return Double(100 &* Int64((degrees * 1e7).rounded())) * 1e-9
        }
        return Coordinate(latitude: grid(element.latitude), longitude: grid(element.longitude))
    }

    private func correctUses(of refs: [Int64], by sign: Int32) {
        for (offset, ref) in refs.enumerated() {
            let uses: Int32 = offset == 0 || offset == refs.count - 1 ? 2 : 1
            usesCorrection[ref] = (usesCorrection[ref] ?? 0) + sign * uses
        }
    }

    /// A node's position and uses, nil when the view has no such node (or no valid position for it): what
    /// cutting a way into edges asks of every node, in one lookup of each table.
    func node(_ id: Int64) throws(OSMImportError) -> (latitude: Int32, longitude: Int32, uses: Int)? {
        let facts = try base.facts(of: id)
        let packed = changedPositions[id] ?? facts.position
        guard packed != .min else { return nil }
        return (Int32(truncatingIfNeeded: packed >> 32), Int32(truncatingIfNeeded: packed),
                Int(facts.uses) + Int(usesCorrection[id] ?? 0))
    }

    /// A walkable way of the view; nil when there is none by that id.
    func walkWay(_ id: Int64) throws(OSMImportError) -> WalkWay? {
        if let known = walkWays[id] { return known }
        let found: WalkWay?
        if let element = changes.ways[id] {
            found = Self.walkWay(element)
        } else if let way = try base.way(id) {
            found = WalkWay(refs: way.refs, forward: way.flags & 1 != 0, backward: way.flags & 2 != 0,
                            name: try base.name(way.name))
        } else {
            found = nil
        }
        walkWays[id] = found
        return found
    }

    /// How the view's walkable ways use a node (1 a reference, 2 at a way's end): 2 or more makes it a vertex.
    func uses(_ node: Int64) throws(OSMImportError) -> Int {
        // The base's own counts hold the file's versions of the changed ways: the correction takes those out
        // and puts the changes' in.
        try base.uses(of: node) + Int(usesCorrection[node] ?? 0)
    }

    /// The ids of the view's walkable ways that use a node.
    func ways(using node: Int64) throws(OSMImportError) -> Set<Int64> {
        var found = Set(try base.ways(using: node).filter { changes.ways[$0] == nil })
        for id in changedWaysByNode[node] ?? [] where try walkWay(id) != nil { found.insert(id) }
        return found
    }
}
