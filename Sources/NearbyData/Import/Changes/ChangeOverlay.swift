import OSMFormats

/// An extract read through a set of changes: every pass of an import sees the file as the changes leave it.
///
/// Changed elements replace the file's copies where the file has them (deleted ones vanish), and new ones are
/// handed over in id order among the file's own (extracts list nodes, then ways, each by id), so every pass,
/// the merge joins of the walking network's included, reads what a file with the changes applied would hold.
/// Callbacks that cannot throw keep an inner visitor's error until `finish()`, and stop the read meanwhile.
final class ChangeOverlay<Inner: OSMElementVisitor>: OSMElementVisitor {
    let inner: Inner
    private let changes: OSMChangeSet
    private let nodeIDs: [Int64]
    private let wayIDs: [Int64]
    private var nextNode = 0
    private var nextWay = 0
    /// The file's node whose changed copy was just handed over: its tags, which follow, are not.
    private var replacedNode: Int64?
    private var failure: (any Error)?

    /// Whether positions are handed over as a PBF reader computes them (from 10⁻⁷ degree units), so that a node
    /// changed in the feed lies exactly where the changed file's reader would put it.
    private let asPBF: Bool

    init(inner: Inner, changes: OSMChangeSet, asPBF: Bool) {
        self.inner = inner
        self.changes = changes
        self.asPBF = asPBF
        nodeIDs = changes.sortedNodeIDs()
        wayIDs = changes.sortedWayIDs()
    }

    var relevantKeys: Set<String> { inner.relevantKeys }
    var wantsTaggedNodes: Bool { inner.wantsTaggedNodes }
    /// Every node's id is needed to hand new nodes over in order, whenever the pass wants nodes at all.
    var wantsAllNodeCoordinates: Bool { inner.wantsAllNodeCoordinates || inner.wantsTaggedNodes }
    var wantsWays: Bool { inner.wantsWays }
    var isFinished: Bool { failure != nil || inner.isFinished }

    func header(_ header: OSMExtractHeader) {
        inner.header(changes.applied(to: header))
    }

    func nodeCoordinate(id: Int64, latitude: Double, longitude: Double) {
        handOverNodes(before: id)
        if changes.nodes[id] != nil {
            if nextNode < nodeIDs.count, nodeIDs[nextNode] == id {
                handOverNode(at: nextNode)
                nextNode += 1
            }
            replacedNode = id
            return
        }
        replacedNode = nil
        if inner.wantsAllNodeCoordinates { inner.nodeCoordinate(id: id, latitude: latitude, longitude: longitude) }
    }

    func taggedNode(_ node: OSMNode) throws {
        if node.id == replacedNode || changes.nodes[node.id] != nil { return }
        try inner.taggedNode(node)
    }

    func interest(inWay id: Int64) -> OSMWayInterest {
        handOverNodes(before: .max)
        handOverWays(before: id)
        if changes.ways[id] != nil {
            if nextWay < wayIDs.count, wayIDs[nextWay] == id {
                handOverWay(at: nextWay)
                nextWay += 1
            }
            return .none
        }
        return inner.interest(inWay: id)
    }

    func way(_ way: OSMWay) throws {
        try inner.way(way)
    }

    func elementWithTooManyTags() { inner.elementWithTooManyTags() }
    func progress(fileOffset: Int, elements: Int) { inner.progress(fileOffset: fileOffset, elements: elements) }

    /// Hands over the new elements after the file's last, and throws what an inner callback threw.
    func finish() throws {
        handOverNodes(before: .max)
        if inner.wantsWays { handOverWays(before: .max) }
        if let failure { throw failure }
    }

    // MARK: - Handing over

    private func handOverNodes(before id: Int64) {
        while nextNode < nodeIDs.count, nodeIDs[nextNode] < id, failure == nil {
            handOverNode(at: nextNode)
            nextNode += 1
        }
    }

    private func handOverWays(before id: Int64) {
        while nextWay < wayIDs.count, wayIDs[nextWay] < id, failure == nil {
            handOverWay(at: nextWay)
            nextWay += 1
        }
    }

    private func handOverNode(at index: Int) {
        guard let node = changes.nodes[nodeIDs[index]], node.action != .delete else { return }
        let latitude = position(node.latitude), longitude = position(node.longitude)
        if inner.wantsAllNodeCoordinates {
            inner.nodeCoordinate(id: node.id, latitude: latitude, longitude: longitude)
        }
        guard inner.wantsTaggedNodes, isRelevant(node.tags) else { return }
        if node.hasTooManyTags { return inner.elementWithTooManyTags() }
        do {
            try inner.taggedNode(OSMNode(id: node.id, latitude: latitude, longitude: longitude, tags: node.tags))
        } catch {
            failure = error
        }
    }

    private func handOverWay(at index: Int) {
        guard inner.wantsWays, let way = changes.ways[wayIDs[index]], way.action != .delete else { return }
        let interest = inner.interest(inWay: way.id)
        guard interest != .none, isRelevant(way.tags) else { return }
        if way.hasTooManyTags { return inner.elementWithTooManyTags() }
        do {
            switch interest {
            case .none: return
            case .tags: try inner.way(OSMWay(id: way.id, refs: [], tags: way.tags, nodes: .notRead))
            case .tagsAndNodes where way.hasTooManyNodes:
                try inner.way(OSMWay(id: way.id, refs: [], tags: way.tags, nodes: .tooMany))
            case .tagsAndNodes: try inner.way(OSMWay(id: way.id, refs: way.refs, tags: way.tags))
            }
        } catch {
            failure = error
        }
    }

    private func position(_ degrees: Double) -> Double {
        guard asPBF, degrees.isFinite, abs(degrees) <= 180 else { return degrees }
        return Double(100 &* Int64((degrees * 1e7).rounded())) * 1e-9
    }

    private func isRelevant(_ tags: [String: String]) -> Bool {
        let keys = inner.relevantKeys
        return tags.keys.contains { keys.contains($0) }
    }
}
