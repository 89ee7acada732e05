import OSMFormats
import NearbyCore

/// The second pass: the positions of the nodes the walkable ways use, written to a temporary file in the order
/// of their ids (`WalkNetworkFiles.nodeFile`), 1e-7° in 32-bit integers, `unknown` for a node the file lacks
/// or gives no valid position. The first valid position of a node counts.
///
/// Extracts list their nodes by id, so the needed ids are read alongside, in one pass, holding nothing. A
/// file whose nodes are not in id order is noticed, and then the ids are looked up a chunk at a time
/// (`ImportMemoryBudget.nodeChunk`), one pass over the file's nodes each.
final class WalkNodeLocator: NodeCoordinateVisitor {
    static let unknown = Int32.min

    let nodes: ScratchFile
    let positions: ScratchFile
    private let ids: ScratchReader
    private let output: ScratchWriter
    private let count: Int
    /// The needed node waiting for its position, its number, and whether its position is known.
    private var wanted: Int64 = 0
    private var wantedIndex = 0
    private var wantedPosition: (Int32, Int32) = (unknown, unknown)
    private var previousID = Int64.min
    /// Needed nodes passed over without a position. While there are any, the pass reads on to the file's last
    /// node: one of them may still come later in a file that is out of order only there (a hand-edited file,
    /// nodes 1, 2, 7, 6), and only the end of a file in order says a node is truly missing.
    private var passedOver = 0
    /// The file's nodes came out of id order: this pass is void.
    private(set) var isUnsorted = false
    private var failure: OSMImportError?
    /// Where the found nodes lie.
    private(set) var extent: OSMExtractHeader.Bounds?

    /// Takes every node of the file, so the pass reads all of them (`ExtractBaseFiles`): as many as the first
    /// pass counted, then the pass may stop.
    private let base: ExtractBaseWriter?
    private let nodesInFile: Int
    private var nodesSeen = 0

    init(nodes: ScratchFile, count: Int, positions: ScratchFile, base: ExtractBaseWriter? = nil,
         nodesInFile: Int = 0) throws(OSMImportError) {
        self.base = base
        self.nodesInFile = nodesInFile
        self.nodes = nodes
        self.positions = positions
        ids = ScratchReader(nodes)
        output = ScratchWriter(positions)
        self.count = count
        if count > 0 { wanted = try ids.read(Int64.self) ?? 0 }
    }

    var isFinished: Bool {
        (wantedIndex >= count && passedOver == 0 && (base == nil || base?.isVoid == true || nodesSeen >= nodesInFile))
            || isUnsorted || failure != nil
    }

    func nodeCoordinate(id: Int64, latitude: Double, longitude: Double) {
        guard failure == nil else { return }
        if id < previousID {
            isUnsorted = true
            base?.void()
            return
        }
        previousID = id
        nodesSeen += 1
        do {
            let isValid = Coordinate(latitude: latitude, longitude: longitude).isValid
            let position = isValid ? (Int32((latitude * 1e7).rounded()), Int32((longitude * 1e7).rounded())) : (0, 0)
            if let base, isValid { try base.node(id: id, latitude: position.0, longitude: position.1) }
            while wantedIndex < count, wanted < id { try advance() }
            guard wantedIndex < count, wanted == id, isValid else { return }
            wantedPosition = position
            extent = extent?.including(latitude: latitude, longitude: longitude)
                ?? OSMExtractHeader.Bounds(minLatitude: latitude, minLongitude: longitude, maxLatitude: latitude,
                                           maxLongitude: longitude)
            try advance()
        } catch {
            failure = error
        }
    }

    /// Writes the waiting node's position (unknown unless found) and moves to the next needed node.
    private func advance() throws(OSMImportError) {
        if wantedPosition.0 == Self.unknown { passedOver += 1 }
        try output.append(wantedPosition.0)
        try output.append(wantedPosition.1)
        wantedPosition = (Self.unknown, Self.unknown)
        wantedIndex += 1
        if wantedIndex < count {
            guard let next = try ids.read(Int64.self) else {
                throw .scratch("the walking network's node ids end early")
            }
            wanted = next
        }
    }

    /// After the pass: the nodes the file did not have are written as unknown.
    func finish() throws(OSMImportError) {
        if let failure { throw failure }
        while wantedIndex < count { try advance() }
        try output.flush()
    }
}

/// The second pass for a file whose nodes are not in id order: the positions of one chunk of the needed
/// nodes, found by binary search among their ids, written at their place in the positions file.
final class WalkNodeChunkLocator: NodeCoordinateVisitor {
    private let ids: [Int64]
    private var latitudes: [Int32]
    private var longitudes: [Int32]
    private var found = 0
    private(set) var extent: OSMExtractHeader.Bounds?

    init(ids: [Int64]) {
        self.ids = ids
        latitudes = Array(repeating: WalkNodeLocator.unknown, count: ids.count)
        longitudes = Array(repeating: WalkNodeLocator.unknown, count: ids.count)
    }

    var isFinished: Bool { found == ids.count }

    func nodeCoordinate(id: Int64, latitude: Double, longitude: Double) {
        guard let index = index(of: id), latitudes[index] == WalkNodeLocator.unknown,
              Coordinate(latitude: latitude, longitude: longitude).isValid else { return }
        latitudes[index] = Int32((latitude * 1e7).rounded())
        longitudes[index] = Int32((longitude * 1e7).rounded())
        found += 1
        extent = extent?.including(latitude: latitude, longitude: longitude)
            ?? OSMExtractHeader.Bounds(minLatitude: latitude, minLongitude: longitude, maxLatitude: latitude,
                                       maxLongitude: longitude)
    }

    /// Writes the chunk's positions at node number `first` of `positions`.
    func write(to positions: ScratchFile, first: Int) throws(OSMImportError) {
        var pairs: [Int32] = []
        pairs.reserveCapacity(ids.count * 2)
        for index in ids.indices {
            pairs.append(latitudes[index])
            pairs.append(longitudes[index])
        }
        // Array's closures rethrow untyped errors: the typed one comes back through a Result.
        try pairs.withUnsafeBytes { bytes in
            Result { () throws(OSMImportError) in try positions.write(bytes, at: first * 8) }
        }.get()
    }

    private func index(of id: Int64) -> Int? {
        var low = 0, high = ids.count
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low < ids.count && ids[low] == id ? low : nil
    }
}

/// A visitor of node coordinates alone: the positions passes.
protocol NodeCoordinateVisitor: OSMElementVisitor {}

extension NodeCoordinateVisitor {
    var relevantKeys: Set<String> { [] }
    var wantsTaggedNodes: Bool { false }
    var wantsAllNodeCoordinates: Bool { true }
    var wantsWays: Bool { false }
    func taggedNode(_ node: OSMNode) throws {}
    func interest(inWay id: Int64) -> OSMWayInterest { .none }
    func way(_ way: OSMWay) throws {}
    func elementWithTooManyTags() {}
    func progress(fileOffset: Int, elements: Int) {}
}
