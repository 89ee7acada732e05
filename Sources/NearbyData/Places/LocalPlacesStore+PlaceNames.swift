import NearbyCore

extension LocalPlacesStore {
    /// Half the earth's circumference: a search radius that holds every place of the store.
    public static let everywhere = 20_037_509.0

    /// A walk's end as people name it: `LAT,LON`, a town (as `--near` takes it), or a place of the store by
    /// its name ("Café Amann"): the place nearest to `reference` when one name is shared by places close
    /// together, and the list, nearest first, when they lie apart.
    public func resolveTownOrPlace(_ text: String, nearestTo reference: Coordinate?) throws(NearResolutionError)
        -> NearLocation {
        let townError: NearResolutionError
        do {
            return try resolveNear(text)
        } catch {
            switch error {
            case .unknown, .misspelt: townError = error
            default: throw error
            }
        }
        let key = SearchFolding.fold(text.trimmingWhitespace())
        let center = reference ?? (try? fetchDefaultLocation())?.coordinate ?? Coordinate(latitude: 0, longitude: 0)
        let hits: [PlaceHit]
        do {
            hits = try fetchPage(PlaceQuery(center: center, radius: Self.everywhere, searchText: text, limit: 50)).hits
        } catch {
            throw .storage(error)
        }
        // The whole name first; else names that start with what was typed.
        let exact = hits.filter { SearchFolding.fold($0.place.name) == key }
        let pool = exact.isEmpty ? hits.filter { SearchFolding.fold($0.place.name).hasPrefix(key) } : exact
        guard let nearest = pool.first else { throw townError }
        let sameName = pool.allSatisfy { SearchFolding.fold($0.place.name) == SearchFolding.fold(nearest.place.name) }
        let together = pool.allSatisfy {
            $0.place.coordinate.distance(to: nearest.place.coordinate) <= NearResolutionError.samePlaceDistance
        }
        if pool.count == 1 || (sameName && together) {
            return NearLocation(name: nearest.place.name, coordinate: nearest.place.coordinate)
        }
        throw .ambiguousPlaces(text, candidates: Array(pool.prefix(8)))
    }
}
