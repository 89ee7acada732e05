import OSMFormats
import NearbyCore

/// Where imported places and localities go: the store's import writer, or a collector in tests.
public protocol OSMImportSink {
    /// Adds or updates one place (same id again: updated in place).
    func place(_ place: Place) throws
    /// Adds or updates one locality of the gazetteer.
    func locality(_ locality: Locality) throws
    /// What the file says about itself, reported before any place or locality.
    func extractHeader(_ header: OSMExtractHeader)
}

extension OSMImportSink {
    public func extractHeader(_ header: OSMExtractHeader) {}
}

/// A sink that keeps everything in memory (tests, `import --dry-run`).
public final class CollectingImportSink: OSMImportSink {
    public private(set) var places: [Place] = []
    public private(set) var localities: [Locality] = []
    /// When false, only counts are kept (a dry run over a large file).
    private let keeps: Bool
    public private(set) var placeCount = 0
    public private(set) var localityCount = 0

    public init(keepingEverything keeps: Bool = true) {
        self.keeps = keeps
    }

    public func place(_ place: Place) throws {
        placeCount += 1
        if keeps { places.append(place) }
    }

    public func locality(_ locality: Locality) throws {
        localityCount += 1
        if keeps { localities.append(locality) }
    }
}
