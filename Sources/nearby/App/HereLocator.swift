import NearbyCore
import NearbyData

/// What Home's `L` moves to: "gps" asks gpsd for one position; anything else is looked up as `--near` is
/// (a town of the store, or "LAT,LON").
struct HereLocator: Sendable {
    let gazetteer: StoreGazetteer
    let gps: any PositionSource
    /// How long to wait for gpsd's first position before giving up.
    var gpsPatience: Duration = .seconds(5)

    func locate(_ text: String) async -> PlaceNameLookup {
        guard HereTracking.isGPS(text) else {
            // Coordinates have no name: Home then shows them alone.
            if CoordinateText.looksLikeCoordinate(text), let coordinate = Coordinate(parsing: text) {
                return .found(name: "", coordinate: coordinate)
            }
            return gazetteer.lookUpNow(text)
        }
        let source = gps, patience = gpsPatience
        return await withTaskGroup(of: PlaceNameLookup?.self) { group in
            group.addTask {
                for await update in source.updates() {
                    switch update {
                    case .fix(let fix): return .found(name: "GPS", coordinate: fix.coordinate)
                    case .unavailable(let reason): return .unavailable(reason)
                    case .noFix: continue
                    }
                }
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: patience)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? .unavailable("the GPS has no position yet")
        }
    }
}
