/// What an extract says about itself in its header: the region it covers and where it comes from.
/// PBF files carry it in their header block; OSM XML in a `<bounds>` element.
public struct OSMExtractHeader: Hashable, Sendable {
    /// The region covered, in degrees.
    public struct Bounds: Hashable, Sendable {
        public var minLatitude: Double
        public var minLongitude: Double
        public var maxLatitude: Double
        public var maxLongitude: Double

        public init(minLatitude: Double, minLongitude: Double, maxLatitude: Double, maxLongitude: Double) {
            self.minLatitude = minLatitude
            self.minLongitude = minLongitude
            self.maxLatitude = maxLatitude
            self.maxLongitude = maxLongitude
        }

        var isValid: Bool {
            [minLatitude, minLongitude, maxLatitude, maxLongitude].allSatisfy(\.isFinite)
                && (-90...90).contains(minLatitude) && (-90...90).contains(maxLatitude)
                && (-180...180).contains(minLongitude) && (-180...180).contains(maxLongitude)
                && minLatitude <= maxLatitude
        }
    }

    public var bounds: Bounds?
    /// The header's free-form `source` (PBF), when set.
    public var source: String?
    /// The replication feed the extract is kept up to date from (PBF `osmosis_replication_base_url`), which
    /// names a region's series of extracts exactly (`https://download.geofabrik.de/europe/liechtenstein-updates`).
    public var replicationURL: String?

    public init(bounds: Bounds? = nil, source: String? = nil, replicationURL: String? = nil) {
        self.bounds = bounds
        self.source = source
        self.replicationURL = replicationURL
    }
}
