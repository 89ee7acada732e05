import NearbyCore

/// The store's import writer takes an import's places and localities as they come.
extension PlacesImportWriter: OSMImportSink {
    public func place(_ place: Place) throws {
        try upsert(place)
    }

    public func locality(_ locality: Locality) throws {
        try upsert(locality)
    }

    public func extractHeader(_ header: OSMExtractHeader) {
        self.header = header
    }
}

extension LocalPlacesStore {
    /// Imports an OpenStreetMap extract in ONE transaction: a damaged file leaves the store exactly as it was.
    /// Importing the same extract again (a newer download of it; see `PlacesExtract`) replaces what it brought
    /// before: changed places are updated, places gone from the file removed. The summary's `changes` says so.
    /// The extract's walking network replaces the one it brought before (and no other extract's), in the same
    /// transaction.
    @discardableResult
    public func importOpenStreetMap(
        at path: String, progress: @escaping (OSMImportProgress) -> Void = { _ in }
    ) throws(OSMImportError) -> OSMImportSummary {
        let importer = OSMImporter(path: path)
        do {
            let (summary, changes) = try importPlaces(extract: { header in
                PlacesExtract.identify(path: path, header: header)
            }) { writer in
                writer.fileDate = try? importer.fileDate()
                let network = WalkNetworkCollector()
                var summary = try importer.run(into: writer, alongside: network, progress: progress)
                let storage = try WalkNetworkStorage.Writer(db: writer.database, extract: try writer.extractID() ?? 0)
                summary.network = try importer.buildWalkNetwork(network, into: storage, places: summary.places,
                                                                  progress: progress)
                writer.walkWays = summary.network?.ways ?? 0
                if let extent = summary.network?.extent {
                    writer.include(Coordinate(latitude: extent.minLatitude, longitude: extent.minLongitude))
                    writer.include(Coordinate(latitude: extent.maxLatitude, longitude: extent.maxLongitude))
                }
                return summary
            }
            var result = summary
            result.changes = changes
            return result
        } catch {
            throw OSMImportError.sink(failure: error)
        }
    }
}
