import Foundation
import NearbyCore
import Testing
@testable import NearbyViewModels

/// Home as a new user met it: an empty store, hot picks, the radius, friends nearby.
@MainActor
struct HomeWalkthroughTests {
    @Test func anEmptyStoreShowsNoNullIslandAndTheHintOnce() async {
        let provider = FakePlacesProvider(places: [])
        let context = HomeContext(places: provider, friends: FakeFriendsRepository(friends: []), navigator: Navigator(),
                                  here: .unknown, timeZone: homeZone)
        let home = HomeViewModel(context: context)
        home.load()
        await home.idle()
        #expect(home.header.value.location == "no location yet")
        #expect(home.header.value.summary == nil)
        #expect(home.notice.value == HomeText.emptyStore)
        #expect(home.categories.value == .loaded([]))
        #expect(home.hotPicks.value.emptyText == "No places to pick from yet")
    }

    @Test func hotPicksGoNearestFirstAndANearPlaceOfUnknownHoursIsNotSkipped() async {
        let nearATM = SampleTown.place("a1", "ATM round the corner", .atm, north: 130, east: 0)
        let farATM = SampleTown.place("a2", "Landesbank ATM", .atm, north: 1_900, east: 0, hours: "24/7")
        let cafe = SampleTown.place("c1", "Café Close", .cafe, north: 0, east: 40, hours: "24/7")
        let pharmacy = SampleTown.place("p1", "Apotheke", .pharmacy, north: 0, east: 700, hours: "24/7")
        let fixture = HomeFixture(places: [nearATM, farATM, cafe, pharmacy])
        await fixture.loaded()
        #expect(fixture.home.hotPicks.value.pages.map(\.category) == [.cafe, .atm, .pharmacy])
        #expect(fixture.home.hotPicks.value.pages.map(\.id) == [cafe.id, nearATM.id, pharmacy.id])
        #expect(fixture.pickTexts[1] == "ATM round the corner · ATM · 130 m N · hours unknown")
        #expect(fixture.home.hotPicks.value.current?.id == cafe.id)
    }

    @Test func anOpenPlaceNotMuchFurtherBeatsOneOfUnknownHours() {
        // Open at 400 m against unknown at 300 m: the open one (2 × 300 = 600 > 400).
        #expect(HotPickRule.pick(distances: [300, 400], states: [.unknown, .open]) == 1)
        // Open at 1.9 km against unknown at 130 m: the near one.
        #expect(HotPickRule.pick(distances: [130, 1_900], states: [.unknown, .open]) == 0)
        #expect(HotPickRule.pick(distances: [10, 20], states: [.closed, .closed]) == nil)
    }

    @Test func aRadiusChangedInAListCarriesBackToHome() async throws {
        var list: PlacesListViewModel?
        let provider = FakePlacesProvider(places: SampleTown.places)
        let navigator = Navigator()
        let places = PlacesContext(provider: provider, navigator: navigator, here: SampleTown.center, timeZone: homeZone)
        navigator.screens = { route in
            guard case .placesList(let request) = route else { return nil }
            let model = PlacesListViewModel(request: request, context: places)
            list = model
            return .placesList(model)
        }
        let home = HomeViewModel(context: HomeContext(places: provider, friends: FakeFriendsRepository(friends: []),
                                                      navigator: navigator, here: SampleTown.here,
                                                      timeZone: homeZone))
        home.load()
        await home.idle()
        #expect(home.header.value.summary == "8 places within 2 km")
        home.openCategory(.cafe)
        let opened = try #require(list)
        opened.load()
        await opened.idle()
        opened.widenRadius()
        await opened.idle()
        #expect(opened.radius.value == 5_000)
        await home.idle()
        #expect(home.radius == 5_000)
        #expect(home.header.value.summary == "8 places within 5 km")
    }

    @Test func friendsNearbyUseHomesRadiusAndSayTheirLimit() async {
        let near = (1...7).map { index in
            Friend(id: Int64(10 + index), firstName: "Near\(index)", lastName: "Friend", phoneNumber: "+423 555 01\(index)",
                   coordinate: SampleTown.place("f\(index)", "", .park, north: Double(index) * 100, east: 0).coordinate)
        }
        let oskar = Friend(id: 30, firstName: "Oskar", lastName: "Far", phoneNumber: "+423 555 0130",
                           coordinate: SampleTown.place("o", "", .park, north: 2_500, east: 0).coordinate)
        let fixture = HomeFixture(friends: near + [oskar])
        await fixture.loaded()
        let section = fixture.home.friendsSection.value
        #expect(section?.title == "Friends within 2 km · nearest 5 of 7")
        #expect(section?.content.value?.map(\.name) == (1...5).map { "Near\($0) Friend" })
    }
}

/// The walkthrough's P3: a hot pick is a place worth going to, not the nearest toilet or an unnamed car park.
struct HotPickEligibilityTests {
    static func place(_ name: String, _ category: NearbyCore.Category) -> Place {
        Place(id: PlaceID(source: .osm, sourceID: name), name: name, category: category,
              coordinate: Coordinate(latitude: 47, longitude: 8), attribution: "OSM")
    }

    @Test func servicesAndUnnamedPlacesAreNotPicked() {
        #expect(!HotPickRule.mayPick(Self.place("WC Rathaus", .toilets)))
        #expect(!HotPickRule.mayPick(Self.place("Parkhaus Marktplatz", .parking)))
        #expect(!HotPickRule.mayPick(Self.place("ATM", .atm)), "an unnamed ATM is called by its kind")
        #expect(HotPickRule.mayPick(Self.place("Café Amann", .cafe)))
        // The nearest is skipped when it may not be picked; the next open one is the pick.
        #expect(HotPickRule.pick(distances: [10, 50], states: [.open, .open], eligible: [false, true]) == 1)
        #expect(HotPickRule.pick(distances: [10], states: [.open], eligible: [false]) == nil)
    }
}
