import OSMFormats
import NearbyCore

/// The import's first pass for the walking network: the walkable ways, beside the places collector in the same
/// read of the file. Nothing grows with the network in memory but the ways' names (interned): each way's
/// length, directions and name go to a temporary file in file order, and each of its node references to an
/// external sort by node id (`WalkNetworkFiles`).
///
/// The references a file may bring are bounded by its size (`WalkNetworkLimits`): ways beyond are left out
/// and counted, never half kept.
final class WalkNetworkCollector: OSMElementVisitor {
    let files: WalkNetworkFiles
    /// Node references the file may bring (`WalkNetworkLimits.references(fileSize:)`).
    let referenceLimit: Int
    private(set) var names: [String] = []
    private var nameIndex: [String: Int32] = [:]
    /// Walkable ways kept, and their node references.
    private(set) var wayCount = 0
    private(set) var referenceCount = 0
    /// Walkable ways left out because the network had reached its bound.
    private(set) var waysBeyondLimit = 0

    init(files: WalkNetworkFiles, limits: WalkNetworkLimits = .standard, fileSize: Int) {
        self.files = files
        referenceLimit = limits.references(fileSize: fileSize)
    }

    let relevantKeys = WalkableWay.relevantKeys
    let wantsTaggedNodes = false
    let wantsAllNodeCoordinates = false
    let wantsWays = true
    let isFinished = false

    func taggedNode(_ node: OSMNode) throws {}
    func nodeCoordinate(id: Int64, latitude: Double, longitude: Double) {}
    func interest(inWay id: Int64) -> OSMWayInterest { .tagsAndNodes }
    /// A way over the import's node or tag limits arrives without nodes, or not at all: it is left out.
    func elementWithTooManyTags() {}
    func progress(fileOffset: Int, elements: Int) {}

    /// After the first pass: the visitor that finds the positions of the ways' nodes in a read of the file's
    /// nodes; nil without walkable ways.
    func nodeLocator(nodesInFile: Int = 0,
                     progress: (Int, Int) -> Void = { _, _ in }) throws(OSMImportError) -> WalkNodeLocator? {
        guard wayCount > 0 else { return nil }
        try files.groupReferencesByNode(progress: progress)
        guard let nodes = files.nodeFile else { throw .scratch("the walking network's node file is missing") }
        return try WalkNodeLocator(nodes: nodes, count: files.nodeCount,
                                   positions: try files.folder.file(named: "positions"), base: files.base,
                                   nodesInFile: nodesInFile)
    }

    func way(_ way: OSMWay) throws {
        guard way.refs.count >= 2, let directions = WalkableWay.directions(way.tags) else { return }
        guard referenceCount + way.refs.count <= referenceLimit else {
            waysBeyondLimit += 1
            files.base?.void()
            return
        }
        var name: Int32 = -1
        if let text = OSMPlaceMapping.text(way.tags["name"]) {
            if let known = nameIndex[text] {
                name = known
            } else {
                name = Int32(names.count)
                nameIndex[text] = name
                names.append(text)
            }
        }
        try files.addWay(id: way.id, refs: way.refs, firstReference: referenceCount, forward: directions.forward,
                         backward: directions.backward, name: name)
        wayCount += 1
        referenceCount += way.refs.count
    }
}

/// How much of a file the walking network may keep: node references in proportion to the file's size, so a
/// few kilobytes that claim millions of references (a zlib bomb of +1 deltas) keep a few hundred thousand,
/// while a real extract of any size keeps all of its network.
public struct WalkNetworkLimits: Hashable, Sendable {
    /// References a file may bring per byte of its size. Real extracts have about one walkable reference per
    /// 30 bytes (Liechtenstein: 88,000 in 2.7 MB; Switzerland-sized: 12 M in 353 MB); the attack's grid had 40.
    public var referencesPerFileByte = 1
    /// References any file may bring, whatever its size.
    public var referencesAllowance = 500_000

    public init() {}

    /// The bound of a file of `fileSize` bytes.
    public func references(fileSize: Int) -> Int {
        let (byteShare, overflow) = fileSize.multipliedReportingOverflow(by: referencesPerFileByte)
        return max(referencesAllowance, overflow ? .max : byteShare)
    }

    public static let standard = WalkNetworkLimits()
}
