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
    /// Walkable ways left out because the network reached `WalkNetworkLimits`.
    public var waysBeyondLimit = 0
    /// Where the network's nodes lie.
    public var extent: OSMExtractHeader.Bounds?

    public init() {}
}

extension OSMImporter {
    /// The import's second look at the file for the network: the positions of the walkable ways' nodes, then
    /// the tiles, written through `storage`.
    func buildWalkNetwork(_ collector: WalkNetworkCollector, into storage: WalkNetworkStorage.Writer, places: Int,
                          progress: @escaping (OSMImportProgress) -> Void) throws(OSMImportError) -> WalkNetworkSummary {
        let clock = ContinuousClock()
        let start = clock.now
        var summary = WalkNetworkSummary()
        summary.waysBeyondLimit = collector.waysBeyondLimit
        guard !collector.ways.isEmpty else { return summary }
        let format = try detectFormat()
        let locator = WalkNodeLocator(ids: collector.neededNodes())
        _ = try read(format: format, into: locator) { offset, total, elements in
            progress(OSMImportProgress(phase: .walkingNetwork, bytesRead: offset, totalBytes: total,
                                       elements: elements, places: places,
                                       elapsed: Double((clock.now - start) / .milliseconds(1)) / 1000))
        }
        for index in locator.latitudes.indices where locator.latitudes[index] != WalkNodeLocator.unknown {
            let latitude = Double(locator.latitudes[index]) * 1e-7, longitude = Double(locator.longitudes[index]) * 1e-7
            summary.extent = summary.extent?.including(latitude: latitude, longitude: longitude)
                ?? OSMExtractHeader.Bounds(minLatitude: latitude, minLongitude: longitude, maxLatitude: latitude,
                                           maxLongitude: longitude)
        }
        do {
            let counts = try WalkNetworkBuilder.build(ways: collector, positions: locator) { tile in
                try storage.write(tile)
            }
            summary.ways = counts.ways
            summary.vertices = counts.vertices
            summary.edges = counts.edges
            summary.tiles = counts.tiles
            summary.bytes = storage.bytes
        } catch {
            throw OSMImportError.sink(failure: error)
        }
        return summary
    }
}
