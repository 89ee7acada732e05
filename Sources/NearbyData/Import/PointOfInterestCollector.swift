import OSMFormats
import NearbyCore

/// The first pass: tagged nodes become places and localities at once; areas (closed ways of known
/// categories) wait for their nodes' positions, within `OSMImportLimits`.
final class PointOfInterestCollector<Sink: OSMImportSink>: OSMElementVisitor {
    /// An area's place, still without its coordinate, and the nodes it needs (the closing one left out).
    struct PendingWay {
        var place: Place
        var refs: ArraySlice<Int64>
    }

    private let sink: Sink
    private let limits: OSMImportLimits
    /// How many node references the waiting areas may need in all (`OSMImportLimits.neededNodes(fileSize:)`).
    private let nodeBudget: Int
    /// The nodes the waiting areas need, in no order, repeats included.
    private var neededNodes: [Int64] = []
    /// The ids of the waiting areas, in file order (an id the file repeats is here twice).
    private(set) var pendingIDs: [Int64] = []
    /// The waiting areas with their places, while they fit in `limits.heldWays`; nil once they did not,
    /// and the second pass reads the ways again instead.
    private(set) var heldWays: [PendingWay]? = []
    private var heldNodes = 0
    /// The needed nodes reached the budget: later areas are left out, their nodes not even decoded.
    private var budgetSpent = false
    private(set) var skips = OSMImportSkips()
    private(set) var placesByCategory: [Category: Int] = [:]
    private(set) var placeCount = 0
    private(set) var localityCount = 0

    /// What the import keeps for updates: the areas with their nodes and tags (`ExtractBaseFiles`).
    var base: ExtractBaseWriter?

    init(sink: Sink, limits: OSMImportLimits, fileSize: Int) {
        self.sink = sink
        self.limits = limits
        nodeBudget = limits.neededNodes(fileSize: fileSize)
    }

    let relevantKeys = OSMPlaceMapping.relevantKeys
    let wantsTaggedNodes = true
    let wantsAllNodeCoordinates = false
    let wantsWays = true
    let isFinished = false

    func taggedNode(_ node: OSMNode) throws {
        let coordinate = Coordinate(latitude: node.latitude, longitude: node.longitude)
        guard coordinate.isValid else { return }
        let id = PlaceID(source: .osm, sourceID: "n\(node.id)")
        do {
            if let locality = OSMPlaceMapping.locality(id: id.description, tags: node.tags, coordinate: coordinate) {
                try sink.locality(locality)
                localityCount += 1
            }
            if let place = OSMPlaceMapping.place(id: id, tags: node.tags, coordinate: coordinate) {
                try sink.place(place)
                count(place)
            }
        } catch {
            // Thrown through the reader, so that nothing after the failure is read.
            throw OSMImportError.sink(failure: error)
        }
    }

    func nodeCoordinate(id: Int64, latitude: Double, longitude: Double) {}

    func header(_ header: OSMExtractHeader) {
        sink.extractHeader(header)
    }

    /// Once the budget of needed nodes is spent, a way's nodes are not even decoded.
    func interest(inWay id: Int64) -> OSMWayInterest {
        budgetSpent ? .tags : .tagsAndNodes
    }

    func way(_ way: OSMWay) throws {
        guard way.nodes != .read || way.isClosed else { return }
        // The coordinate is a stand-in until the second pass finds the nodes.
        guard let place = OSMPlaceMapping.place(id: way.placeID, tags: way.tags,
                                                coordinate: Coordinate(latitude: 0, longitude: 0)) else { return }
        switch way.nodes {
        case .read: break
        case .tooMany:
            base?.void()
            skips.waysWithTooManyNodes += 1
            return
        case .notRead:
            base?.void()
            skips.waysBeyondNodeBudget += 1
            return
        }
        let refs = way.refs.dropLast()
        guard neededNodes.count + refs.count <= nodeBudget, pendingIDs.count < limits.pendingWays else {
            budgetSpent = true
            base?.void()
            skips.waysBeyondNodeBudget += 1
            return
        }
        neededNodes.append(contentsOf: refs)
        pendingIDs.append(way.id)
        try base?.area(id: way.id, refs: way.refs, code: CategoryCode.code(of: place.category), name: place.name,
                       tags: way.tags)
        if heldWays != nil {
            if heldWays?.count ?? 0 < limits.heldWays, heldNodes + refs.count <= limits.heldWayNodes {
                heldWays?.append(PendingWay(place: place, refs: refs))
                heldNodes += refs.count
            } else {
                heldWays = nil
            }
        }
    }

    /// The ids of the nodes the waiting areas need, sorted and distinct; handed over once, so only one copy
    /// is in memory.
    func takeNeededNodes() -> [Int64] {
        var ids: [Int64] = []
        swap(&ids, &neededNodes)
        ids.sort()
        // Unsafe buffers: array subscripts in a loop this hot retain and release the array in debug builds.
        let count = ids.withUnsafeMutableBufferPointer { buffer -> Int in
            var kept = 0
            for index in buffer.indices where kept == 0 || buffer[kept - 1] != buffer[index] {
                buffer[kept] = buffer[index]
                kept += 1
            }
            return kept
        }
        ids.removeLast(ids.count - count)
        return ids
    }

    func elementWithTooManyTags() {
        base?.void()
        skips.elementsWithTooManyTags += 1
    }

    func progress(fileOffset: Int, elements: Int) {}

    func count(_ place: Place) {
        placesByCategory[place.category, default: 0] += 1
        placeCount += 1
    }
}

extension OSMWay {
    /// An area is a way that ends where it starts, with at least three corners.
    var isClosed: Bool { refs.count >= 4 && refs.first == refs.last }

    var placeID: PlaceID { PlaceID(source: .osm, sourceID: "w\(id)") }
}
