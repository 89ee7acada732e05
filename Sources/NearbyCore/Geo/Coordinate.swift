/// A point on the earth in WGS 84 degrees.
public struct Coordinate: Hashable, Sendable, Codable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Whether both parts are finite and within the ranges a map accepts.
    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite
            && (-90...90).contains(latitude) && (-180...180).contains(longitude)
    }

    /// Parses "47.141,9.5209" (spaces allowed around the comma); nil when it is not a valid pair.
    /// Also the forms people paste: "geo:47.141,9.5209" (RFC 5870) and "47.141 9.5209" (`CoordinateText.pair`).
    public init?(parsing text: String) {
        let parts = CoordinateText.pair(text).split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
              let lat = Double(parts[0].trimmingBlanks()),
              let lon = Double(parts[1].trimmingBlanks()) else { return nil }
        self.init(latitude: lat, longitude: lon)
        guard isValid else { return nil }
    }
}
