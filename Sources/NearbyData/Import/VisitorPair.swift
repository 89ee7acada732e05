import OSMFormats

/// Hands one pass over a file to two visitors (the places and the walking network), so the file is
/// read once for both.
final class VisitorPair<First: OSMElementVisitor>: OSMElementVisitor {
    let first: First
    let second: any OSMElementVisitor
    let relevantKeys: Set<String>
    /// What each wanted of the way being read: the reader decodes the most either wants, and each gets only
    /// what it asked for (a visitor that asked for tags alone must not be handed nodes past its budget).
    private var firstInterest = OSMWayInterest.none
    private var secondInterest = OSMWayInterest.none

    init(first: First, second: any OSMElementVisitor) {
        self.first = first
        self.second = second
        relevantKeys = first.relevantKeys.union(second.relevantKeys)
    }

    var wantsTaggedNodes: Bool { first.wantsTaggedNodes || second.wantsTaggedNodes }
    var wantsAllNodeCoordinates: Bool { first.wantsAllNodeCoordinates || second.wantsAllNodeCoordinates }
    var wantsWays: Bool { first.wantsWays || second.wantsWays }
    var isFinished: Bool { first.isFinished && second.isFinished }

    // Each visitor sees only the elements it asked for: a tag set relevant to one is passed to it alone.
    func taggedNode(_ node: OSMNode) throws {
        if first.wantsTaggedNodes, Self.isRelevant(node.tags, first.relevantKeys) { try first.taggedNode(node) }
        if second.wantsTaggedNodes, Self.isRelevant(node.tags, second.relevantKeys) { try second.taggedNode(node) }
    }

    func nodeCoordinate(id: Int64, latitude: Double, longitude: Double) {
        if first.wantsAllNodeCoordinates { first.nodeCoordinate(id: id, latitude: latitude, longitude: longitude) }
        if second.wantsAllNodeCoordinates { second.nodeCoordinate(id: id, latitude: latitude, longitude: longitude) }
    }

    func interest(inWay id: Int64) -> OSMWayInterest {
        firstInterest = first.wantsWays ? first.interest(inWay: id) : .none
        secondInterest = second.wantsWays ? second.interest(inWay: id) : .none
        return Self.rank(firstInterest) >= Self.rank(secondInterest) ? firstInterest : secondInterest
    }

    func way(_ way: OSMWay) throws {
        if firstInterest != .none, Self.isRelevant(way.tags, first.relevantKeys) {
            try first.way(Self.narrowed(way, to: firstInterest))
        }
        if secondInterest != .none, Self.isRelevant(way.tags, second.relevantKeys) {
            try second.way(Self.narrowed(way, to: secondInterest))
        }
    }

    func elementWithTooManyTags() {
        first.elementWithTooManyTags()
        second.elementWithTooManyTags()
    }

    func progress(fileOffset: Int, elements: Int) {
        first.progress(fileOffset: fileOffset, elements: elements)
        second.progress(fileOffset: fileOffset, elements: elements)
    }

    func header(_ header: OSMExtractHeader) {
        first.header(header)
        second.header(header)
    }

    private static func rank(_ interest: OSMWayInterest) -> Int {
        switch interest {
        case .none: 0
        case .tags: 1
        case .tagsAndNodes: 2
        }
    }

    /// The way as a visitor that wanted only its tags would have been handed it.
    private static func narrowed(_ way: OSMWay, to interest: OSMWayInterest) -> OSMWay {
        guard interest == .tags, way.nodes == .read else { return way }
        return OSMWay(id: way.id, refs: [], tags: way.tags, nodes: .notRead)
    }

    private static func isRelevant(_ tags: [String: String], _ keys: Set<String>) -> Bool {
        tags.keys.contains { keys.contains($0) }
    }
}
