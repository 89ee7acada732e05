import Foundation
import Testing
import NearbyCore
@testable import NearbyViewModels

/// `n` and `N` in a search's results: the next or previous place whose name holds the search.
@MainActor
struct PlacesNameMatchTests {
    static let bakery = PlacesSamples.place("m1", "Market Bakery", .bakery, north: 50)
    static let hall = PlacesSamples.place("m2", "Old Market Hall", .restaurant, north: 600)
    /// Matches by its address (Market Square) only.
    static let sonne = PlacesSamples.sonne

    let navigator = Navigator()
    let list: PlacesListViewModel

    init(subject: PlacesListSubject = .search("market")) {
        let provider = PagingPlacesProvider(places: [Self.bakery, Self.hall, Self.sonne, PlacesSamples.amadeus])
        let clock = ManualClock(PlacesSamples.instant("2026-03-02T17:00:00Z"))
        let context = PlacesContext(provider: provider, navigator: navigator, here: PlacesSamples.here,
                                    timeZone: PlacesSamples.utc, now: { clock.now() })
        list = PlacesListViewModel(subject: subject, context: context, radius: SearchRadius.everywhere)
    }

    private func selectedName() -> String? {
        if case .place(let row) = list.row(at: list.selection.value) { return row.name }
        return nil
    }

    @Test func nSkipsRowsThatMatchOnlyByAddressAndWrapsRound() async {
        list.load()
        await list.idle()
        #expect(list.rowCount == 3)
        #expect(selectedName() == "Market Bakery")
        list.selectNameMatch(forward: true)
        #expect(selectedName() == "Old Market Hall")
        #expect(list.status.value == nil)
        list.selectNameMatch(forward: true)
        #expect(selectedName() == "Market Bakery")
        #expect(list.status.value == .info("Search went on from the top"))
        list.selectNameMatch(forward: false)
        #expect(selectedName() == "Old Market Hall")
        #expect(list.status.value == .info("Search went on from the bottom"))
        list.selectNameMatch(forward: false)
        #expect(selectedName() == "Market Bakery")
    }

    @Test func aListWithoutASearchOrFilterHasNothingToMatch() async {
        let test = PlacesNameMatchTests(subject: .all)
        test.list.load()
        await test.list.idle()
        #expect(test.list.matchText == nil)
        test.list.select(1)
        test.list.selectNameMatch(forward: true)
        #expect(test.list.selection.value == 1)
    }

    @Test func theFilterIsWhatNLooksForInAList() async {
        let test = PlacesNameMatchTests(subject: .all)
        test.list.load()
        await test.list.idle()
        test.list.setFilter("hall")
        await test.list.idle()
        #expect(test.list.matchText == "hall")
        test.list.selectNameMatch(forward: true)
        #expect(test.selectedName() == "Old Market Hall")
        #expect(test.list.status.value == .info("No other name matches “hall”"))
    }
}
