import Foundation
import NearbyCore
import Testing
@testable import NearbyViewModels

/// The lists' order, rows and radius kept between runs.
@MainActor
struct ListPreferencesTests {
    @Test func theTextRoundTripsAndForgivesWhatItDoesNotKnow() {
        let kept = ListPreferences(sortOrder: .walkingTime, layout: .detailed, radius: 5_000)
        #expect(ListPreferences(text: kept.text) == kept)
        #expect(ListPreferences(text: "sort=sideways\nlayout=detailed\nradius=12345\ncolour=blue\n")
            == ListPreferences(sortOrder: .distance, layout: .detailed, radius: nil))
        #expect(ListPreferences(text: "") == ListPreferences())
    }

    private func list(_ kept: ListPreferences, saved: @escaping (ListPreferences) -> Void = { _ in },
                      search: String? = nil) -> PlacesListViewModel {
        var context = PlacesContext(provider: FakePlacesProvider(places: SampleTown.places), navigator: Navigator(),
                                    here: SampleTown.center, sourceHasRatings: false)
        context.preferences = ListPreferencesHolder(kept, save: saved)
        let request = search.map { PlacesListRequest(center: SampleTown.center, radius: 2_000, searchText: $0) }
            ?? PlacesListRequest(center: SampleTown.center, radius: 2_000, category: .cafe)
        return PlacesListViewModel(request: request, context: context)
    }

    @Test func aListStartsAsTheLastWasLeftAndEachChangeIsKept() async {
        var saved: [ListPreferences] = []
        let list = list(ListPreferences(sortOrder: .name, layout: .detailed)) { saved.append($0) }
        #expect(list.sortOrder.value == .name && list.layout.value == .detailed)
        list.load()
        await list.idle()
        list.cycleSort()
        list.toggleLayout()
        list.widenRadius()
        await list.idle()
        #expect(saved.last == ListPreferences(sortOrder: .openFirst, layout: .compact, radius: 5_000))
    }

    @Test func anOrderThisSourceCannotGiveFallsBackToDistance() {
        // No walking router and no ratings here.
        #expect(list(ListPreferences(sortOrder: .walkingTime)).sortOrder.value == .distance)
        #expect(list(ListPreferences(sortOrder: .rating)).sortOrder.value == .distance)
    }

    @Test func aSearchsRadiusIsNotKept() async {
        var saved: [ListPreferences] = []
        let list = list(ListPreferences(), saved: { saved.append($0) }, search: "Café")
        list.load()
        await list.idle()
        list.widenRadius()
        await list.idle()
        #expect(saved.isEmpty)
    }
}
