import NearbyCore

/// The store's import writer takes an import's places and localities as they come.
extension PlacesImportWriter: OSMImportSink {
    public func place(_ place: Place) throws {
        try upsert(place)
    }

    public func locality(_ locality: Locality) throws {
        try upsert(locality)
    }
}

extension LocalPlacesStore {
    /// Imports an OpenStreetMap extract in ONE transaction: a damaged file leaves the store exactly as it was,
    /// and importing the same extract again updates its places in place. The extract's walking network
    /// replaces the one stored before, in the same transaction.
    public func importOpenStreetMap(
        at path: String, progress: @escaping (OSMImportProgress) -> Void = { _ in }
    ) throws(OSMImportError) -> OSMImportSummary {
        let importer = OSMImporter(path: path)
        do {
            return try importPlaces { writer in
                let network = WalkNetworkCollector()
                var summary = try importer.run(into: writer, alongside: network, progress: progress)
                let storage = try WalkNetworkStorage.Writer(db: writer.database)
                summary.network = try importer.buildWalkNetwork(network, into: storage, places: summary.places,
                                                                  progress: progress)
                return summary
            }
        } catch {
            throw OSMImportError.sink(failure: error)
        }
    }
}
