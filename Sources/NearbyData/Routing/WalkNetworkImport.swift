import OSMFormats
import NearbyCore

/// What an import kept of the walking network.
public struct WalkNetworkSummary: Hashable, Sendable {
    /// Walkable ways kept.
    public var ways = 0
    public var vertices = 0
    public var edges = 0
    public var tiles = 0
    /// Bytes stored.
    public var bytes = 0
    /// Walkable ways left out because the file brought more node references than its size allows
    /// (`WalkNetworkLimits`).
    public var waysBeyondLimit = 0
    /// The bound that left them out, in node references.
    public var referenceLimit = 0
    /// Stretches of ways left out for spanning more than 180° of longitude (across the antimeridian, round a
    /// pole).
    public var stretchesLeftOut = 0
    /// Where the network's nodes lie.
    public var extent: OSMExtractHeader.Bounds?
    /// Metres of paths in the longest piece of network.
    public var longestPiece = 0.0

    public init() {}
}

extension OSMImporter {
    /// The network's tiles, written through `storage`, once `locator` has read the positions of the walkable
    /// ways' nodes (alongside the areas' in `run`). Every step goes through `collector.files` on disk.
    /// `elapsed` is the import's time so far.
    func buildWalkNetwork(_ collector: WalkNetworkCollector, locator: WalkNodeLocator?,
                          into storage: WalkNetworkStorage.Writer, places: Int, elapsed: @escaping () -> Double,
                          progress: @escaping (OSMImportProgress) -> Void) throws(OSMImportError) -> WalkNetworkSummary {
        var summary = WalkNetworkSummary()
        summary.waysBeyondLimit = collector.waysBeyondLimit
        summary.referenceLimit = collector.referenceLimit
        guard collector.wayCount > 0, let locator else { return summary }
        let files = collector.files
        let format = try detectFormat()
        let total = try FileByteSource(path: path).size
        let report = { (phase: OSMImportProgress.Phase, done: Int, of: Int) in
            progress(.share(phase, done: done, of: of, totalBytes: total, places: places, elapsed: elapsed()))
        }
        let nodes = locator.nodes, positions = locator.positions
        let reading = { (offset: Int, total: Int, elements: Int) in
            progress(OSMImportProgress(phase: .walkingNetwork, bytesRead: offset, totalBytes: total,
                                       elements: elements, places: places, elapsed: elapsed()))
        }
        if locator.isUnsorted {
            summary.extent = try locateUnsortedNodes(files: files, nodes: nodes, positions: positions, format: format,
                                                     progress: reading)
        } else {
            try locator.finish()
            summary.extent = locator.extent
        }
        let located = try files.locateReferences(positions: positions) { report(.sortingPaths, $0, $1) }
        positions.remove()
        nodes.remove()
        do {
            let counts = try WalkNetworkBuilder.build(
                files: files, located: located, names: collector.names, wayCount: collector.wayCount,
                progress: { report(.buildingTiles, $0, collector.wayCount) }
            ) { tile in
                try storage.write(tile)
            }
            summary.ways = counts.ways
            summary.vertices = counts.vertices
            summary.edges = counts.edges
            summary.tiles = counts.tiles
            summary.stretchesLeftOut = counts.stretchesAcrossAntimeridian
            summary.longestPiece = counts.longestPiece
            summary.bytes = storage.bytes
        } catch {
            throw OSMImportError.sink(failure: error)
        }
        return summary
    }

    /// The positions pass for a file whose nodes are not in id order: one pass per chunk of needed ids.
    private func locateUnsortedNodes(files: WalkNetworkFiles, nodes: ScratchFile, positions: ScratchFile,
                                     format: OSMFileFormat,
                                     progress: @escaping (Int, Int, Int) -> Void) throws(OSMImportError)
        -> OSMExtractHeader.Bounds? {
        var extent: OSMExtractHeader.Bounds?
        let chunk = max(1, files.budget.nodeChunk)
        var first = 0
        while first < files.nodeCount {
            let count = min(chunk, files.nodeCount - first)
            let reader = ScratchReader(nodes, from: first * 8, upTo: (first + count) * 8)
            var ids: [Int64] = []
            ids.reserveCapacity(count)
            while let id = try reader.read(Int64.self) { ids.append(id) }
            guard ids.count == count else { throw .scratch("the walking network's node ids end early") }
            let locator = WalkNodeChunkLocator(ids: ids)
            _ = try read(format: format, into: locator, progress: progress)
            try ImportInterruption.check()
            try locator.write(to: positions, first: first)
            if let found = locator.extent {
                extent = (extent ?? found)
                    .including(latitude: found.minLatitude, longitude: found.minLongitude)
                    .including(latitude: found.maxLatitude, longitude: found.maxLongitude)
            }
            first += count
        }
        return extent
    }
}
