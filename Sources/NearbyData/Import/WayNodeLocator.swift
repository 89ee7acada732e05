import OSMFormats

/// The second pass while the first held the areas' places: the positions of the nodes they need, and
/// nothing else; it stops at the last of those nodes.
final class WayNodeLocator: OSMElementVisitor {
    private(set) var positions: NodePositions
    private let nodesInFile: Int
    private var nodesSeen = 0

    init(positions: NodePositions, nodesInFile: Int) {
        self.positions = positions
        self.nodesInFile = nodesInFile
    }

    let relevantKeys: Set<String> = []
    let wantsTaggedNodes = false
    let wantsAllNodeCoordinates = true
    let wantsWays = false
    /// Done when every needed node is found, or every node of the file went by (ways may miss nodes at an
    /// extract's border).
    var isFinished: Bool { positions.allSeen || nodesSeen >= nodesInFile }

    func taggedNode(_ node: OSMNode) throws {}

    func nodeCoordinate(id: Int64, latitude: Double, longitude: Double) {
        nodesSeen += 1
        positions.record(id: id, latitude: latitude, longitude: longitude)
    }

    func interest(inWay id: Int64) -> OSMWayInterest { .none }
    func way(_ way: OSMWay) throws {}
    func elementWithTooManyTags() {}
    func progress(fileOffset: Int, elements: Int) {}
}
