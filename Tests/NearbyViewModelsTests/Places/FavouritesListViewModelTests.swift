import Foundation
import Testing
import NearbyCore
@testable import NearbyViewModels

/// Favourites kept in memory, nearest first, as the local store answers them.
actor MemoryFavourites: FavouritesStore {
    private var saved: [FavouritePlace]
    private var failure: PlacesError?

    init(_ saved: [FavouritePlace]) { self.saved = saved }

    func fail(with error: PlacesError?) { failure = error }

    func isFavourite(_ id: PlaceID) async throws(PlacesError) -> Bool { saved.contains { $0.id == id } }

    func setFavourite(_ id: PlaceID, _ favourite: Bool) async throws(PlacesError) {
        if !favourite { saved.removeAll { $0.id == id } }
    }

    func favourites() async throws(PlacesError) -> [PlaceID] { saved.map(\.id) }

    func favouritePlaces(order: FavouritesOrder) async throws(PlacesError) -> [FavouritePlace] {
        if let failure { throw failure }
        guard case .distance(let here) = order else { return saved }
        return saved.sorted { a, b in
            (a.coordinate.map(here.distance) ?? .infinity) < (b.coordinate.map(here.distance) ?? .infinity)
        }
    }
}

@MainActor
struct FavouritesListViewModelTests {
    static func saved(_ place: Place) -> FavouritePlace {
        FavouritePlace(id: place.id, savedAt: Date(timeIntervalSince1970: 0), place: place, name: place.name,
                       category: place.category, coordinate: place.coordinate)
    }

    static let gone = FavouritePlace(id: PlaceID(source: .demo, sourceID: "gone"), savedAt: Date(timeIntervalSince1970: 0),
                                     place: nil, name: "Old \u{1B}[2JCafé", category: .cafe,
                                     coordinate: PlacesSamples.offset(north: 50))

    let store: MemoryFavourites
    let navigator = Navigator()
    let list: FavouritesListViewModel

    init(_ favourites: [FavouritePlace] = [saved(PlacesSamples.zeit), gone, saved(PlacesSamples.amadeus)]) {
        store = MemoryFavourites(favourites)
        let clock = ManualClock(PlacesSamples.instant("2026-03-02T17:00:00Z"))
        let context = PlacesContext(provider: PagingPlacesProvider(places: PlacesSamples.cafes), favourites: store,
                                    navigator: navigator, here: PlacesSamples.here, timeZone: PlacesSamples.utc,
                                    now: { clock.now() })
        list = FavouritesListViewModel(context: context)
    }

    func loaded() async {
        list.load()
        await list.idle()
    }

    var rows: [PlaceRowModel] {
        (0..<list.rowCount).compactMap { index in
            if case .place(let row) = list.row(at: index) { return row }
            return nil
        }
    }

    @Test func favouritesAreListedNearestFirstWithTheirOpenStateNow() async {
        await loaded()
        #expect(rows.map(\.name) == ["Old \u{FFFD}[2JCafé", "Café Amadeus", "Zeitgeist"])
        #expect(rows.map(\.distance) == ["50 m N", "120 m N", "900 m N"])
        // Monday 17:00 UTC.
        #expect(rows[1].openState.hasPrefix("open"))
        #expect(rows[2].openState.hasPrefix("open"))
        #expect(list.title.value == "Favourites · 3")
    }

    /// Walking minutes as the places lists show them, where the store has paths.
    @Test func rowsShowWalkingMinutesWhereThereArePaths() async {
        let store = MemoryFavourites([Self.saved(PlacesSamples.zeit), Self.saved(PlacesSamples.amadeus)])
        var context = PlacesContext(provider: PagingPlacesProvider(places: PlacesSamples.cafes), favourites: store,
                                    navigator: navigator, here: PlacesSamples.here, timeZone: PlacesSamples.utc)
        context.walking = DetourRouter()
        let walked = FavouritesListViewModel(context: context)
        walked.load()
        await walked.idle()
        let walks = (0..<walked.rowCount).compactMap { index -> String? in
            if case .place(let row) = walked.row(at: index) { return row.walk }
            return nil
        }
        // 120 m and 900 m in a straight line, half as far again on foot at 80 m a minute.
        #expect(walks == ["2 min", "17 min"])
        #expect(rows.allSatisfy { $0.walk == nil }, "without paths, distances only")
    }

    @Test func aFavouriteGoneFromTheDataIsListedButDoesNotOpen() async {
        await loaded()
        #expect(rows[0].openState == "no longer in the data")
        #expect(!list.canOpen(at: 0))
        list.open(at: 0)
        #expect(navigator.recorded.isEmpty)
        #expect(list.canOpen(at: 1))
    }

    @Test func forgettingAFavouriteInItsDetailDropsItFromTheList() async {
        await loaded()
        list.open(at: 1)
        guard case .push(.placeDetail(let detail))? = navigator.recorded.first else {
            Issue.record("the detail was not opened")
            return
        }
        #expect(detail.title.value == "Café Amadeus")
        detail.load()
        await detail.idle()
        detail.toggleFavourite()
        await detail.idle()
        await list.idle()
        #expect(rows.map(\.name) == ["Old \u{FFFD}[2JCafé", "Zeitgeist"])
    }

    @Test func theFilterKeepsNamesWithEveryWordIgnoringCaseAndAccents() async {
        await loaded()
        list.select(2)
        list.setFilter("ZEIT")
        #expect(rows.map(\.name) == ["Zeitgeist"])
        #expect(list.selection.value == 0)
        #expect(list.title.value == "Favourites · 1 of 3")
        list.setFilter("cafe")
        #expect(rows.map(\.name) == ["Old \u{FFFD}[2JCafé", "Café Amadeus"])
        list.setFilter("nothing")
        #expect(list.row(at: 0) == .empty("No favourites match “nothing”", remedy: nil))
    }

    @Test func noFavouritesSaysHowToSaveOne() async {
        let test = FavouritesListViewModelTests([])
        await test.loaded()
        #expect(test.list.row(at: 0) == .empty("No favourites yet", remedy: .saveOnADetail))
        #expect(!test.list.canOpen(at: 0))
    }

    @Test func aFailedReadShowsAnErrorRowThatRetryLoadsAgain() async {
        await store.fail(with: .storage("The store is locked."))
        await loaded()
        guard case .error = list.row(at: 0) else {
            Issue.record("expected an error row, got \(list.row(at: 0))")
            return
        }
        #expect(list.canRetry)
        await store.fail(with: nil)
        list.retry()
        await list.idle()
        #expect(rows.count == 3)
        #expect(!list.canRetry)
    }
}
