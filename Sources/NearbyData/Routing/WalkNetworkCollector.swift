import NearbyCore

/// The import's first pass for the walking network: the walkable ways, held compactly (their node ids in one
/// flat array, names interned), beside the places collector in the same read of the file.
///
/// Memory is bounded by `WalkNetworkLimits`: ways beyond it are left out and counted, never half kept.
final class WalkNetworkCollector: OSMElementVisitor {
    struct Way {
        var refStart: Int
        var refCount: Int32
        var forward: Bool
        var backward: Bool
        var name: Int32
    }

    let limits: WalkNetworkLimits
    private(set) var refs: [Int64] = []
    private(set) var ways: [Way] = []
    private(set) var names: [String] = []
    private var nameIndex: [String: Int32] = [:]
    /// Walkable ways left out because the network had reached its bound.
    private(set) var waysBeyondLimit = 0

    init(limits: WalkNetworkLimits = .standard) {
        self.limits = limits
    }

    let relevantKeys = WalkableWay.relevantKeys
    let wantsTaggedNodes = false
    let wantsAllNodeCoordinates = false
    let wantsWays = true
    let isFinished = false

    func taggedNode(_ node: OSMNode) throws {}
    func nodeCoordinate(id: Int64, latitude: Double, longitude: Double) {}
    func interest(inWay id: Int64) -> OSMWayInterest { .tagsAndNodes }
    /// A way over the import's node or tag limits arrives without nodes, or not at all: it is left out.
    func elementWithTooManyTags() {}
    func progress(fileOffset: Int, elements: Int) {}

    func way(_ way: OSMWay) throws {
        guard way.refs.count >= 2, let directions = WalkableWay.directions(way.tags) else { return }
        guard refs.count + way.refs.count <= limits.references, ways.count < limits.ways else {
            waysBeyondLimit += 1
            return
        }
        var name: Int32 = -1
        if let text = OSMPlaceMapping.text(way.tags["name"]) {
            if let known = nameIndex[text] {
                name = known
            } else {
                name = Int32(names.count)
                nameIndex[text] = name
                names.append(text)
            }
        }
        ways.append(Way(refStart: refs.count, refCount: Int32(way.refs.count), forward: directions.forward,
                        backward: directions.backward, name: name))
        refs.append(contentsOf: way.refs)
    }

    /// Hands the ways' node ids over (sorted, distinct) and keeps the rest.
    func neededNodes() -> [Int64] {
        var ids = refs
        ids.sort()
        var distinct = 0
        for id in ids where distinct == 0 || ids[distinct - 1] != id {
            ids[distinct] = id
            distinct += 1
        }
        ids.removeLast(ids.count - distinct)
        return ids
    }
}

/// How much of a file the walking network may keep, so an import's memory stays bounded whatever the file.
public struct WalkNetworkLimits: Hashable, Sendable {
    /// Node references of all walkable ways together: about 30 bytes each while the network is built
    /// (the reference, the node's id and position, its tile place and its share of the shapes).
    public var references = 12_000_000
    /// Walkable ways.
    public var ways = 2_000_000

    public init() {}

    public static let standard = WalkNetworkLimits()
}

/// The second pass: the positions of the nodes the walkable ways use (sorted ids, binary search, 1e-7°).
final class WalkNodeLocator: OSMElementVisitor {
    let ids: [Int64]
    private(set) var latitudes: [Int32]
    private(set) var longitudes: [Int32]
    private var found = 0
    static let unknown = Int32.min

    init(ids: [Int64]) {
        self.ids = ids
        latitudes = Array(repeating: Self.unknown, count: ids.count)
        longitudes = Array(repeating: Self.unknown, count: ids.count)
    }

    let relevantKeys: Set<String> = []
    let wantsTaggedNodes = false
    let wantsAllNodeCoordinates = true
    let wantsWays = false
    /// Done once every node is found; a way cut at the extract's edge makes the pass read to the end.
    var isFinished: Bool { found == ids.count }

    func taggedNode(_ node: OSMNode) throws {}
    func interest(inWay id: Int64) -> OSMWayInterest { .none }
    func way(_ way: OSMWay) throws {}
    func elementWithTooManyTags() {}
    func progress(fileOffset: Int, elements: Int) {}

    func nodeCoordinate(id: Int64, latitude: Double, longitude: Double) {
        guard let index = index(of: id), latitudes[index] == Self.unknown,
              Coordinate(latitude: latitude, longitude: longitude).isValid else { return }
        latitudes[index] = Int32((latitude * 1e7).rounded())
        longitudes[index] = Int32((longitude * 1e7).rounded())
        found += 1
    }

    /// The node's place in `ids`, or nil.
    func index(of id: Int64) -> Int? {
        var low = 0, high = ids.count
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low < ids.count && ids[low] == id ? low : nil
    }
}
