import Foundation
import Testing
import NearbyCore
@testable import NearbyViewModels

/// The ★ on favourite rows of a places list, and `f` saving the selected place as the detail does.
@MainActor
struct PlacesListFavouriteTests {
    let store: FakeFavouritesStore
    let navigator = Navigator()
    let changes = FavouriteChanges()
    let context: PlacesContext
    let list: PlacesListViewModel

    init(saved: Set<PlaceID> = [PlacesSamples.sonne.id], subject: PlacesListSubject = .category(.cafe)) {
        store = FakeFavouritesStore(saved: saved)
        let clock = ManualClock(PlacesSamples.instant("2026-03-02T17:00:00Z"))
        var context = PlacesContext(provider: PagingPlacesProvider(places: PlacesSamples.cafes), favourites: store,
                                    navigator: navigator, here: PlacesSamples.here, timeZone: PlacesSamples.utc,
                                    now: { clock.now() })
        context.favouriteChanges = changes
        self.context = context
        list = PlacesListViewModel(subject: subject, context: context)
    }

    init() { self.init(saved: [PlacesSamples.sonne.id]) }

    private func loaded() async {
        list.load()
        await list.idle()
    }

    private func mark(_ index: Int) -> FavouriteState? {
        if case .place(let row) = list.row(at: index) { return row.favourite }
        return nil
    }

    private func name(_ index: Int) -> String? {
        if case .place(let row) = list.row(at: index) { return row.name }
        return nil
    }

    @Test func favouriteRowsAreMarkedAndTheOthersAreNot() async {
        await loaded()
        #expect(name(1) == "Café Sonne")
        #expect(mark(1) == .normal(isFavourite: true))
        #expect([0, 2, 3].map(mark) == Array(repeating: .normal(isFavourite: false), count: 3))
    }

    @Test func searchResultsMarkFavouritesToo() async {
        let search = PlacesListFavouriteTests(saved: [PlacesSamples.sonne.id], subject: .search("Sonne"))
        await search.loaded()
        #expect(search.name(0) == "Café Sonne")
        #expect(search.mark(0) == .normal(isFavourite: true))
    }

    @Test func fSavesTheSelectedPlaceWithASpinnerThenATickThatGoesWithItsMessage() async throws {
        await loaded()
        list.select(0)
        list.toggleFavourite()
        // The save runs on the main actor after this synchronous call: its spinner is seen first.
        #expect(mark(0) == .saving(isFavourite: true))
        #expect(list.isSavingFavourite)
        await list.idle()
        #expect(!list.isSavingFavourite)
        #expect(mark(0) == .saved(isFavourite: true))
        #expect(list.status.value == .info("Saved to favourites"))
        #expect(try await store.favourites().contains(PlacesSamples.amadeus.id))
        list.dismissStatus()
        #expect(mark(0) == .normal(isFavourite: true))
        // Again: forgotten.
        list.toggleFavourite()
        await list.idle()
        #expect(mark(0) == .saved(isFavourite: false))
        #expect(list.status.value == .info("Removed from favourites"))
        #expect(try await !store.favourites().contains(PlacesSamples.amadeus.id))
    }

    @Test func aFailedSaveIsMarkedAndFTriesTheSameChangeAgain() async {
        await loaded()
        await store.fail(with: .storage("disk full"))
        list.select(1)
        list.toggleFavourite()
        await list.idle()
        #expect(mark(1) == .failed(message: "Could not remove the favourite: disk full.", wanted: false))
        #expect(list.status.value == .error("Could not remove the favourite: disk full."))
        await store.fail(with: nil)
        list.toggleFavourite()
        await list.idle()
        let calls = await store.setCalls.map(\.1)
        #expect(calls == [false, false], "the retry asks for the same change, not its opposite")
        #expect(mark(1) == .saved(isFavourite: false))
    }

    @Test func aFavouriteSavedInTheDetailOpenedFromTheListIsMarkedOnReturn() async {
        await loaded()
        list.open(at: 2)
        guard case .push(.placeDetail(let detail))? = navigator.recorded.last else {
            Issue.record("no detail opened")
            return
        }
        detail.load()
        await detail.idle()
        detail.toggleFavourite()
        await detail.idle()
        #expect(mark(2) == .normal(isFavourite: true))
        // And one forgotten there loses its ★.
        detail.toggleFavourite()
        await detail.idle()
        #expect(mark(2) == .normal(isFavourite: false))
    }

    @Test func withoutAFavouritesStoreFDoesNothing() async {
        var context = self.context
        context.favourites = nil
        let plain = PlacesListViewModel(subject: .category(.cafe), context: context)
        plain.load()
        await plain.idle()
        #expect(!plain.offersFavourites)
        plain.toggleFavourite()
        await plain.idle()
        #expect(await store.setCalls.isEmpty)
    }
}
