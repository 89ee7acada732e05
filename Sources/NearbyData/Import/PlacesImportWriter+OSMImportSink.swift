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
    /// The extract's walking network replaces the one stored before, in the same transaction.
    public func importOpenStreetMap(
        at path: String, progress: @escaping (OSMImportProgress) -> Void = { _ in }
    ) throws(OSMImportError) -> OSMImportSummary {
        let importer = OSMImporter(path: path)
        do {
            let (summary, changes) = try importPlaces(extract: { header in
                PlacesExtract.identify(path: path, header: header)
            }) { writer in
                let network = WalkNetworkCollector()
                var summary = try importer.run(into: writer, alongside: network, progress: progress)
                let storage = try WalkNetworkStorage.Writer(db: writer.database)
                summary.network = try importer.buildWalkNetwork(network, into: storage, places: summary.places,
                                                                  progress: progress)
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
