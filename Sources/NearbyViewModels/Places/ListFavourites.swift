import NearbyCore

/// Which places of a list are favourites (the ★ on its rows), and the one change `f` saves from the list,
/// as the detail saves it: a spinner while saving, ✓ once saved, ✗ and a retry when it fails.
///
/// Favourites are few (saved by hand), so their ids are read whole and looked up in memory as rows are made.
@MainActor
final class ListFavourites {
    private static let readKey = ActivityKey("favourite-ids")
    private static let saveKey = ActivityKey("favourite-save")

    private let store: (any FavouritesStore)?
    private let tracker: ActivityTracker
    /// Called whenever a row's mark changes.
    private let changed: @MainActor () -> Void
    /// Called with the words for the status bar when a change is saved or fails.
    private let report: @MainActor (StatusMessage) -> Void
    private var ids: Set<PlaceID> = []
    /// The place `f` changed last, and how that change stands.
    private var change: (id: PlaceID, state: FavouriteState)?
    private let news: FavouriteChanges?
    private var newsToken: ObservationToken?

    init(store: (any FavouritesStore)?, news: FavouriteChanges?, tracker: ActivityTracker,
         changed: @escaping @MainActor () -> Void, report: @escaping @MainActor (StatusMessage) -> Void) {
        self.store = store
        self.news = news
        self.tracker = tracker
        self.changed = changed
        self.report = report
        // A favourite saved or forgotten elsewhere (a detail opened from here) is marked on return.
        newsToken = news?.latest.bind { [weak self] change in
            guard let change else { return }
            self?.record(change.id, isFavourite: change.isFavourite)
        }
    }

    /// Whether favourites can be saved here (there is a store).
    var isAvailable: Bool { store != nil }

    /// Whether a change is being saved (the header's spinner).
    var isSaving: Bool {
        if case .saving = change?.state { return true }
        return false
    }

    /// The mark of the row for `id`.
    func state(of id: PlaceID) -> FavouriteState {
        if let change, change.id == id { return change.state }
        return .normal(isFavourite: ids.contains(id))
    }

    /// Reads which places are favourites; a failure leaves the rows unmarked (the detail still says).
    func load() {
        guard let store else { return }
        tracker.run(Self.readKey) { [weak self] in
            let read = try? await store.favourites()
            guard !Task.isCancelled, let self, let read else { return }
            self.ids = Set(read)
            self.changed()
        }
    }

    /// `f` on a row: saves or forgets `place`; after a failure on the same place, tries that change again.
    func toggle(_ place: Place) {
        guard let store, !tracker.isClosed else { return }
        let wanted: Bool
        switch state(of: place.id) {
        case .normal(let isFavourite), .saved(let isFavourite): wanted = !isFavourite
        case .failed(_, let retried): wanted = retried
        case .checking, .saving, .unavailable: return
        }
        // A change still being saved for another place finishes in the store; its row shows the outcome
        // from the ids once the set is read again.
        if isSaving { return }
        let id = place.id
        change = (id, .saving(isFavourite: wanted))
        changed()
        tracker.run(Self.saveKey) { [weak self] in
            var failure: PlacesError?
            do throws(PlacesError) {
                try await store.setFavourite(place, wanted)
            } catch {
                failure = error
            }
            guard !Task.isCancelled, let self else { return }
            if let failure {
                self.change = (id, .failed(message: PlacesErrorText.favourite(failure, saving: wanted), wanted: wanted))
                self.report(.error(PlacesErrorText.favourite(failure, saving: wanted)))
            } else {
                self.change = (id, .saved(isFavourite: wanted))
                self.record(id, isFavourite: wanted)
                self.news?.record(id, isFavourite: wanted)
                self.report(.info(wanted ? "Saved to favourites" : "Removed from favourites"))
            }
            self.changed()
        }
    }

    /// The status message went: the ✓ goes with it (the ★ alone says it is one), a failure's ✗ stays until
    /// the next change.
    func dismissTick() {
        guard let change, case .saved = change.state else { return }
        self.change = nil
        changed()
    }

    func close() {
        newsToken?.cancel()
        newsToken = nil
    }

    private func record(_ id: PlaceID, isFavourite: Bool) {
        guard ids.contains(id) != isFavourite || change?.id == id else { return }
        if isFavourite { ids.insert(id) } else { ids.remove(id) }
        // A change made elsewhere replaces the failure (or the tick) of one made here.
        if let change, change.id == id, change.state != .saved(isFavourite: isFavourite) { self.change = nil }
        changed()
    }
}
