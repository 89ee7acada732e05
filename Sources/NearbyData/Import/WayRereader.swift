import OSMFormats
import NearbyCore

/// The second pass when the areas were too many to hold: node positions, then the areas' ways read again
/// and placed as they come. A way read before all the file's nodes went by (an unsorted file) waits for a
/// third pass, which reads ways only.
final class WayRereader<Sink: OSMImportSink>: OSMElementVisitor {
    private var positions: NodePositions
    private let sink: Sink
    /// Sorted; an id the file repeats is here twice.
    private let pendingIDs: [Int64]
    private let nodesInFile: Int
    private var nodesSeen = 0
    private var waysHandled = 0
    private(set) var deferredIDs: Set<Int64> = []
    private var isFinalPass = false
    private let onPlaced: (Place) -> Void
    private(set) var waysPlaced = 0
    private(set) var waysWithoutNodes = 0

    init(positions: NodePositions, pendingIDs: [Int64], nodesInFile: Int, sink: Sink,
         onPlaced: @escaping (Place) -> Void) {
        self.positions = positions
        self.pendingIDs = pendingIDs.sorted()
        self.nodesInFile = nodesInFile
        self.sink = sink
        self.onPlaced = onPlaced
    }

    let relevantKeys = OSMPlaceMapping.relevantKeys
    let wantsTaggedNodes = false
    var wantsAllNodeCoordinates: Bool { !isFinalPass }
    let wantsWays = true
    /// Done when every area is placed or waits for the final pass, and the nodes those wait for went by.
    var isFinished: Bool {
        waysHandled >= pendingIDs.count
            && (isFinalPass || deferredIDs.isEmpty || positions.allSeen || nodesSeen >= nodesInFile)
    }

    /// Starts the pass that places the ways that came before their nodes.
    func beginFinalPass() {
        isFinalPass = true
        waysHandled = pendingIDs.count - deferredIDs.count
    }

    func taggedNode(_ node: OSMNode) throws {}

    func nodeCoordinate(id: Int64, latitude: Double, longitude: Double) {
        nodesSeen += 1
        positions.record(id: id, latitude: latitude, longitude: longitude)
    }

    /// Only the waiting areas are decoded (in the final pass, only those that came before their nodes).
    func interest(inWay id: Int64) -> OSMWayInterest {
        guard isPending(id) else { return .none }
        if isFinalPass, !deferredIDs.contains(id) { return .none }
        return .tagsAndNodes
    }

    func way(_ way: OSMWay) throws {
        guard way.nodes == .read, way.isClosed, isPending(way.id) else { return }
        if isFinalPass {
            guard deferredIDs.contains(way.id) else { return }
        } else if nodesSeen < nodesInFile {
            deferredIDs.insert(way.id)
            waysHandled += 1
            return
        }
        waysHandled += 1
        guard let centre = positions.centre(of: way.refs.dropLast()) else {
            waysWithoutNodes += 1
            return
        }
        guard let place = OSMPlaceMapping.place(id: way.placeID, tags: way.tags, coordinate: centre) else { return }
        do { try sink.place(place) } catch { throw OSMImportError.sink(failure: error) }
        onPlaced(place)
        waysPlaced += 1
    }

    func elementWithTooManyTags() {}
    func progress(fileOffset: Int, elements: Int) {}

    private func isPending(_ id: Int64) -> Bool {
        pendingIDs.withUnsafeBufferPointer { ids in
            var low = 0
            var high = ids.count
            while low < high {
                let middle = (low + high) / 2
                if ids[middle] < id { low = middle + 1 } else { high = middle }
            }
            return low < ids.count && ids[low] == id
        }
    }
}
