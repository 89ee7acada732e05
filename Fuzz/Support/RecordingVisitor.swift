@testable import OSMFormats

/// Keeps everything a reader hands over, wanting every node, way and coordinate.
final class RecordingVisitor: OSMElementVisitor {
    enum Element: Hashable {
        case node(OSMNode)
        case coordinate(id: Int64, latitude: Double, longitude: Double)
        case way(OSMWay)
        case tooManyTags
    }

    var elements: [Element] = []
    let relevantKeys: Set<String> = ["amenity", "shop", "name", "opening_hours", "highway", "building"]
    let wantsTaggedNodes = true
    let wantsAllNodeCoordinates = true
    let wantsWays = true
    let isFinished = false

    func interest(inWay id: Int64) -> OSMWayInterest { .tagsAndNodes }
    func taggedNode(_ node: OSMNode) throws { elements.append(.node(node)) }
    func nodeCoordinate(id: Int64, latitude: Double, longitude: Double) {
        elements.append(.coordinate(id: id, latitude: latitude, longitude: longitude))
    }
    func way(_ way: OSMWay) throws { elements.append(.way(way)) }
    func elementWithTooManyTags() { elements.append(.tooManyTags) }
    func progress(fileOffset: Int, elements: Int) {}

    /// Whether every element keeps within the limits the readers promise.
    func check(_ limits: OSMReadLimits) {
        for element in elements {
            switch element {
            case .node(let node):
                fuzzCheck(node.tags.count <= limits.elementTags, "node \(node.id) has \(node.tags.count) tags")
            case .way(let way):
                fuzzCheck(way.refs.count <= limits.wayNodes, "way \(way.id) has \(way.refs.count) refs")
                fuzzCheck(way.tags.count <= limits.elementTags, "way \(way.id) has \(way.tags.count) tags")
                fuzzCheck(way.nodes != .tooMany || way.refs.isEmpty || way.refs.count <= limits.wayNodes,
                          "way \(way.id) is marked too long but kept \(way.refs.count) refs")
            case .coordinate, .tooManyTags:
                break
            }
        }
    }
}
