import NearbyCore

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

        /// Whether `point` lies within (edges included).
        public func contains(_ point: Coordinate) -> Bool {
            (minLatitude...maxLatitude).contains(point.latitude) && (minLongitude...maxLongitude).contains(point.longitude)
        }

        /// Whether two extents cover mostly the same ground: their overlap is at least half of the smaller one
        /// (a point or a line counts as a box of about 100 m).
        package func coversMostly(_ other: Bounds) -> Bool {
            func padded(_ box: Bounds) -> Bounds {
                let pad = 0.0005
                return Bounds(minLatitude: box.minLatitude - pad, minLongitude: box.minLongitude - pad,
                              maxLatitude: box.maxLatitude + pad, maxLongitude: box.maxLongitude + pad)
            }
            let a = padded(self), b = padded(other)
            let height = min(a.maxLatitude, b.maxLatitude) - max(a.minLatitude, b.minLatitude)
            let width = min(a.maxLongitude, b.maxLongitude) - max(a.minLongitude, b.minLongitude)
            guard height > 0, width > 0 else { return false }
            func area(_ box: Bounds) -> Double {
                (box.maxLatitude - box.minLatitude) * (box.maxLongitude - box.minLongitude)
            }
            return height * width >= 0.5 * min(area(a), area(b))
        }

        /// This box grown to take in a point.
        package func including(latitude: Double, longitude: Double) -> Bounds {
            Bounds(minLatitude: min(minLatitude, latitude), minLongitude: min(minLongitude, longitude),
                   maxLatitude: max(maxLatitude, latitude), maxLongitude: max(maxLongitude, longitude))
        }

        package var isValid: Bool {
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
    /// The time the data is from (PBF `osmosis_replication_timestamp`, seconds since 1970) and the feed's
    /// sequence number it corresponds to, when the header names them.
    public var replicationTimestamp: Int64?
    public var replicationSequence: Int64?

    public init(bounds: Bounds? = nil, source: String? = nil, replicationURL: String? = nil,
                replicationTimestamp: Int64? = nil, replicationSequence: Int64? = nil) {
        self.bounds = bounds
        self.source = source
        self.replicationURL = replicationURL
        self.replicationTimestamp = replicationTimestamp
        self.replicationSequence = replicationSequence
    }
}
