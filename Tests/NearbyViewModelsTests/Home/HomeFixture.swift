import Foundation
import NearbyCore
@testable import NearbyViewModels

/// A Home over fake services at a chosen instant.
@MainActor
struct HomeFixture {
    static let carla = Friend(id: 4, firstName: "Carla", lastName: "Arn", phoneNumber: "+423 555 0104",
                              coordinate: SampleTown.place("f", "", .park, north: -300, east: 0).coordinate)
    static let friends = SampleFriends.all + [carla]

    let provider: FakePlacesProvider
    let repository: FakeFriendsRepository
    let clock: TestClock
    let navigator = Navigator()
    var recorder: RouteRecorder { RouteRecorder(navigator: navigator) }
    let home: HomeViewModel

    init(places: [Place] = SampleTown.places, friends: [Friend] = HomeFixture.friends,
         at time: String = "2026-11-25 10:00", screens: (@MainActor (Route) -> ScreenModel?)? = nil,
         locate: (@Sendable (String) async -> PlaceNameLookup)? = nil,
         remember: (@MainActor (HomeLocation) -> Void)? = nil, favourites: (any FavouritesStore)? = nil,
         favouriteChanges: FavouriteChanges? = nil, zones: PlaceZones? = nil) {
        provider = FakePlacesProvider(places: places)
        repository = FakeFriendsRepository(friends: friends)
        let clock = TestClock(time)
        self.clock = clock
        var context = HomeContext(places: provider, friends: repository, navigator: navigator, here: SampleTown.here,
                                  now: { clock.now }, timeZone: homeZone, zones: zones)
        navigator.screens = screens
        context.locate = locate
        context.remember = remember
        context.favourites = favourites
        context.favouriteChanges = favouriteChanges
        home = HomeViewModel(context: context)
    }

    /// Loads and waits until every section has answered.
    func loaded() async {
        home.load()
        await home.idle()
    }

    func section(_ category: Category) -> HomePlacesSection? {
        home.sections.value.first { $0.category == category }
    }

    func rows(_ category: Category) -> [HomePlaceRow] {
        section(category)?.content.value ?? []
    }

    var pickTexts: [String] { home.hotPicks.value.pages.map(\.text) }
}
