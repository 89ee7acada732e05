import NearbyCore
import NearbyData

/// The store's towns as a `PlaceNameResolver`: a friend's place name is looked up exactly as `--near` is.
struct StoreGazetteer: PlaceNameResolver {
    let store: LocalPlacesStore

    func lookUp(_ name: String) async -> PlaceNameLookup {
        lookUpNow(name)
    }

    /// The same, without waiting (the store answers from its own queue).
    func lookUpNow(_ name: String) -> PlaceNameLookup {
        do throws(NearResolutionError) {
            let found = try store.resolveNear(name)
            return .found(name: found.name ?? name, coordinate: found.coordinate)
        } catch {
            switch error {
            case .ambiguous(_, let candidates): return .ambiguous(candidates)
            case .unknown, .empty: return .unknown
            case .misspelt(_, let suggestions): return .misspelt(suggestions: suggestions)
            case .invalidCoordinate(let text): return .unavailable("\(text) is not a coordinate")
            case .storage(let failure): return .unavailable(failure.explanation)
            // resolveNear never finds places by name; a town lookup has no such answer.
            case .ambiguousPlaces: return .unknown
            }
        }
    }
}
