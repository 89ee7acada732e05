/// Hands one pass over a file to two visitors (the places and the walking network), so the file is
/// read once for both.
final class VisitorPair<First: OSMElementVisitor>: OSMElementVisitor {
    let first: First
    let second: any OSMElementVisitor
    let relevantKeys: Set<String>

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

    func way(_ way: OSMWay) throws {
        if first.wantsWays, Self.isRelevant(way.tags, first.relevantKeys) { try first.way(way) }
        if second.wantsWays, Self.isRelevant(way.tags, second.relevantKeys) { try second.way(way) }
    }

    func progress(fileOffset: Int, elements: Int) {
        first.progress(fileOffset: fileOffset, elements: elements)
        second.progress(fileOffset: fileOffset, elements: elements)
    }

    func header(_ header: OSMExtractHeader) {
        first.header(header)
        second.header(header)
    }

    private static func isRelevant(_ tags: [String: String], _ keys: Set<String>) -> Bool {
        tags.keys.contains { keys.contains($0) }
    }
}
