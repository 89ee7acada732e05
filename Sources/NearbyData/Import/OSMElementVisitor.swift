/// A node with the tags a reader was asked for.
struct OSMNode: Hashable, Sendable {
    var id: Int64
    var latitude: Double
    var longitude: Double
    var tags: [String: String]
}

/// A way with its tags and node references, in order.
struct OSMWay: Hashable, Sendable {
    /// Whether `refs` holds the way's nodes.
    enum Nodes: Hashable, Sendable {
        case read
        /// More references than `OSMImportLimits.wayNodes`: none was kept.
        case tooMany
        /// The visitor did not want them (`OSMWayInterest.tags`).
        case notRead
    }

    var id: Int64
    /// The node references, when `nodes` is `.read`; empty otherwise.
    var refs: [Int64]
    var tags: [String: String]
    var nodes = Nodes.read
}

/// How much of a way a pass wants, asked with the way's id before its tags and nodes are decoded.
enum OSMWayInterest {
    case none, tags, tagsAndNodes
}

/// What one pass over a file wants from the PBF or XML reader, and where the elements go.
///
/// Readers report only elements that carry at least one of `relevantKeys`, so that the tags of the
/// great majority of objects (address points, benches, trees) are never turned into strings.
protocol OSMElementVisitor: AnyObject {
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
    /// An element with a relevant key but more tags than `OSMImportLimits.elementTags`: not reported.
    func elementWithTooManyTags()
    /// Called every block or chunk with how far the file has been read and how many elements went by.
    func progress(fileOffset: Int, elements: Int)
    /// What the file's header says about the extract, before any element.
    func header(_ header: OSMExtractHeader)
}

extension OSMElementVisitor {
    func header(_ header: OSMExtractHeader) {}
}
