import FoundationEssentials
import NearbyCore
import NearbyHTTP
import NearbyData

/// Distance, bearing and search matching for places read from the network.
enum RemotePlaceGeometry {
    static func hit(_ place: Place, from center: Coordinate) -> PlaceHit {
        PlaceHit(place: place, distance: center.distance(to: place.coordinate),
                 bearing: center.bearing(to: place.coordinate))
    }

    /// Whether `place` matches a query's search text (name, cuisine, operator, brand), folded.
    static func matches(_ place: Place, searchText: String?) -> Bool {
        guard let searchText, !searchText.trimmingSpaces().isEmpty else { return true }
        let needle = SearchFolding.fold(searchText.trimmingSpaces())
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
        case .networkLibraryMissing: .network(HTTPFailure.networkLibraryAdvice)
        case .tooLarge: .badResponse("\(service) sent more data than expected.")
        case .badBody: .badResponse("\(service)'s answer could not be read.")
        case .status(let code, _) where code == 429: .refused("\(service) is busy (too many requests); try again in a minute.")
        case .status(let code, _) where code == 401 || code == 403: .refused("\(service) refused the request (HTTP \(code)).")
        case .status(let code, _) where code >= 500: .unavailable("\(service) has a problem (HTTP \(code)); try again later.")
        case .status(let code, _): .badResponse("\(service) answered with an error (HTTP \(code)).")
        }
    }
}
