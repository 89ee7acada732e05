import NearbyCore
import NearbyData

/// What Home's `L` moves to: "gps" asks gpsd for one position; anything else is looked up as `--near` is
/// (a town of the store, or "LAT,LON").
struct HereLocator: Sendable {
    let gazetteer: StoreGazetteer
    let gps: any PositionSource
    /// How long to wait for gpsd's first position before giving up.
    var gpsPatience: Duration = FirstFix.patience

    func locate(_ text: String) async -> PlaceNameLookup {
        guard HereTracking.isGPS(text) else {
            // Coordinates have no name: Home then shows them alone.
            if CoordinateText.looksLikeCoordinate(text), let coordinate = Coordinate(parsing: text) {
                return .found(name: "", coordinate: coordinate)
            }
            return gazetteer.lookUpNow(text)
        }
        switch await FirstFix.from(gps, patience: gpsPatience) {
        case .fix(let coordinate): return .found(name: "GPS", coordinate: coordinate)
        case .unavailable(let reason): return .unavailable(reason)
        }
    }
}
