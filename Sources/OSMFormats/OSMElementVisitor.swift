/// A node with the tags a reader was asked for.
package struct OSMNode: Hashable, Sendable {
    package var id: Int64
    package var latitude: Double
    package var longitude: Double
    package var tags: [String: String]

    package init(id: Int64, latitude: Double, longitude: Double, tags: [String: String]) {
        self.id = id
        self.latitude = latitude
        self.longitude = longitude
        self.tags = tags
    }
}

/// A way with its tags and node references, in order.
package struct OSMWay: Hashable, Sendable {
    /// Whether `refs` holds the way's nodes.
    package enum Nodes: Hashable, Sendable {
        case read
        /// More references than `OSMReadLimits.wayNodes`: none was kept.
        case tooMany
        /// The visitor did not want them (`OSMWayInterest.tags`).
        case notRead
    }

    package var id: Int64
    /// The node references, when `nodes` is `.read`; empty otherwise.
    package var refs: [Int64]
    package var tags: [String: String]
    package var nodes = Nodes.read

    package init(id: Int64, refs: [Int64], tags: [String: String], nodes: Nodes = .read) {
        self.id = id
        self.refs = refs
        self.tags = tags
        self.nodes = nodes
    }
}

/// How much of a way a pass wants, asked with the way's id before its tags and nodes are decoded.
package enum OSMWayInterest {
    case none, tags, tagsAndNodes
}

/// What one pass over a file wants from the PBF or XML reader, and where the elements go.
///
/// Readers report only elements that carry at least one of `relevantKeys`, so that the tags of the
/// great majority of objects (address points, benches, trees) are never turned into strings.
package protocol OSMElementVisitor: AnyObject {
    /// Keys that make an element worth reporting with its tags (`amenity`, `shop`, `place`, …).
    var relevantKeys: Set<String> { get }
    /// Whether to report tagged nodes (with a relevant key).
    var wantsTaggedNodes: Bool { get }
    /// Whether to report every node's id and coordinate (without tags).
    var wantsAllNodeCoordinates: Bool { get }
    /// Whether to report ways with a relevant key.
    var wantsWays: Bool { get }
    /// How much of the way with this id to decode (only asked when `wantsWays`).
    func interest(inWay id: Int64) -> OSMWayInterest
    /// When true, the reader stops at the next element or block.
    var isFinished: Bool { get }

    func taggedNode(_ node: OSMNode) throws
    func nodeCoordinate(id: Int64, latitude: Double, longitude: Double)
    func way(_ way: OSMWay) throws
    /// An element with a relevant key but more tags than `OSMReadLimits.elementTags`: not reported.
    func elementWithTooManyTags()
    /// Called every block or chunk with how far the file has been read and how many elements went by.
    func progress(fileOffset: Int, elements: Int)
    /// What the file's header says about the extract, before any element.
    func header(_ header: OSMExtractHeader)
}

extension OSMElementVisitor {
    package func header(_ header: OSMExtractHeader) {}
}
