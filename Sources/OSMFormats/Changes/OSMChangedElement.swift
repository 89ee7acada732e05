/// What a change file does to an element.
package enum OSMChangeAction: Sendable {
    case create, modify, delete
}

/// One node or way of an OpenStreetMap change file (osmChange), as the change leaves it.
package struct OSMChangedElement: Sendable {
    package var action: OSMChangeAction
    var isWay: Bool
    package var id: Int64
    /// The element's version after the change (0 when the file names none).
    package var version: Int64
    /// A node's position; 0 for ways and deleted nodes.
    package var latitude: Double
    package var longitude: Double
    /// Every tag, not only the ones an import keeps: a change is applied under every pass's eyes.
    package var tags: [String: String]
    /// A way's node references, in order.
    package var refs: [Int64]
    package var hasTooManyTags: Bool
    package var hasTooManyNodes: Bool
}

/// The visitor a change file's reader runs with: it wants every way whole; the elements go to the reader's
/// change handler, not here.
final class ChangeFileVisitor: OSMElementVisitor {
    var relevantKeys: Set<String> { [] }
    var wantsTaggedNodes: Bool { true }
    var wantsAllNodeCoordinates: Bool { true }
    var wantsWays: Bool { true }
    var isFinished: Bool { ImportInterruption.isRequested }
    func interest(inWay id: Int64) -> OSMWayInterest { .tagsAndNodes }
    func taggedNode(_ node: OSMNode) throws {}
    func nodeCoordinate(id: Int64, latitude: Double, longitude: Double) {}
    func way(_ way: OSMWay) throws {}
    func elementWithTooManyTags() {}
    func progress(fileOffset: Int, elements: Int) {}
}
