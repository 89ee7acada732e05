import NearbyCore

extension PlaceDetailViewModel {
    /// How far around the place the map's streets are read: enough for the map zoomed out a few times.
    static let streetsRadius = 1_500.0
    private static let streetsKey = ActivityKey("streets")

    /// Reads the streets and paths around the place from the walking network, for the map; a store without
    /// one (or a live source's router) has none, and the map is as before. Never shown as loading: the map is
    /// decoration.
    func loadStreets() {
        guard let router = context.walking else { return }
        let center = place.coordinate
        tracker.run(Self.streetsKey) { [weak self] in
            let streets = (try? await router.streets(around: center, within: Self.streetsRadius)) ?? []
            guard !Task.isCancelled, let self, !streets.isEmpty else { return }
            var map = self.map.value
            map.streets = streets
            self.map.update(map)
        }
    }
}
