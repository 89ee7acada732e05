import Foundation
import NearbyCore

/// Distance and bearing for places read from the network (great-circle, mean earth radius).
enum RemotePlaceGeometry {
    static let earthRadius = 6_371_008.8

    /// Metres from `a` to `b`.
    static func distance(from a: Coordinate, to b: Coordinate) -> Double {
        let lat1 = a.latitude * .pi / 180, lat2 = b.latitude * .pi / 180
        let dLat = lat2 - lat1, dLon = (b.longitude - a.longitude) * .pi / 180
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(lat1) * cos(lat2) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * earthRadius * asin(min(1, sqrt(h)))
    }

    /// Initial bearing from `a` to `b`, degrees clockwise from north in 0..<360.
    static func bearing(from a: Coordinate, to b: Coordinate) -> Double {
        let lat1 = a.latitude * .pi / 180, lat2 = b.latitude * .pi / 180
        let dLon = (b.longitude - a.longitude) * .pi / 180
        let y = sin(dLon) * cos(lat2)
        let x = cos(lat1) * sin(lat2) - sin(lat1) * cos(lat2) * cos(dLon)
        let degrees = atan2(y, x) * 180 / .pi
        return degrees < 0 ? degrees + 360 : degrees
    }

    static func hit(_ place: Place, from center: Coordinate) -> PlaceHit {
        PlaceHit(place: place, distance: distance(from: center, to: place.coordinate),
                 bearing: bearing(from: center, to: place.coordinate))
    }

    /// Whether `place` matches a query's search text (name, cuisine, operator, brand), folded.
    static func matches(_ place: Place, searchText: String?) -> Bool {
        guard let searchText, !searchText.trimmingCharacters(in: .whitespaces).isEmpty else { return true }
        let needle = SearchFolding.fold(searchText.trimmingCharacters(in: .whitespaces))
        let haystack = [place.name, place.cuisine, place.operatorName, place.brand].compactMap { $0 }
            .joined(separator: " ")
        return SearchFolding.fold(haystack).contains(needle)
    }
}

extension PlacesError {
    /// A places error for a failed HTTP exchange with `service` ("Overpass", "Google Places").
    static func from(_ failure: HTTPFailure, service: String) -> PlacesError {
        switch failure {
        case .timeout: .network("\(service) took too long to answer.")
        case .cannotConnect: .network("Could not connect to \(service); check the network connection.")
        case .cancelled: .network("The request to \(service) was cancelled.")
        case .tooLarge: .badResponse("\(service) sent more data than expected.")
        case .badBody: .badResponse("\(service)'s answer could not be read.")
        case .status(let code, _) where code == 429: .refused("\(service) is busy (too many requests); try again in a minute.")
        case .status(let code, _) where code == 401 || code == 403: .refused("\(service) refused the request (HTTP \(code)).")
        case .status(let code, _) where code >= 500: .network("\(service) has a problem (HTTP \(code)); try again later.")
        case .status(let code, _): .badResponse("\(service) answered with an error (HTTP \(code)).")
        }
    }
}
