import NearbyCore

extension FavouritesStore {
    /// Every favourite in `order`, or why they could not be read: what a screen keeps until it is on the main actor.
    func favouritePlacesOutcome(order: FavouritesOrder) async -> Result<[FavouritePlace], PlacesError> {
        do throws(PlacesError) {
            return .success(try await favouritePlaces(order: order))
        } catch {
            return .failure(error)
        }
    }
}
