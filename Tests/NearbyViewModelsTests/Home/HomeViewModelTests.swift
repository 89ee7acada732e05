import Foundation
import Testing
import NearbyCore
@testable import NearbyViewModels

@MainActor
struct HomeViewModelTests {
    @Test func headerSaysWhereHereIsAndHowManyPlacesAreAround() async {
        let fixture = HomeFixture()
        #expect(fixture.home.header.value == HomeHeader(location: "Vaduz (47.1410, 9.5209)"))
        await fixture.loaded()
        // Eight of the nine lie within 2 km; Café Zürich is 80 km away.
        #expect(fixture.home.header.value == HomeHeader(location: "Vaduz (47.1410, 9.5209)",
                                                        summary: "8 places within 2 km"))
        #expect(fixture.home.notice.value == nil)
    }

    @Test func headerWithoutANameShowsTheCoordinates() {
        #expect(HomeText.location(HomeLocation(coordinate: Coordinate(latitude: -33.8688, longitude: 151.2093)))
            == "-33.8688, 151.2093")
        #expect(HomeText.location(HomeLocation(coordinate: SampleTown.center, name: "Va\u{1B}[2Jduz"))
            == "Va\u{FFFD}[2Jduz (47.1410, 9.5209)")
        #expect(HomeText.summary(count: 1_311, radius: 2_000, units: .metric) == "1,311 places within 2 km")
        #expect(HomeText.summary(count: 1, radius: 500, units: .metric) == "1 place within 500 m")
        #expect(HomeText.summary(count: 3, radius: 1_500, units: .metric) == "3 places within 1.5 km")
    }

    @Test func oneSpinnerWhileAnySectionLoads() async {
        let fixture = HomeFixture()
        await fixture.provider.hold(.places(.pharmacy))
        #expect(!fixture.home.isLoading.value)
        fixture.home.load()
        #expect(fixture.home.isLoading.value)
        await fixture.provider.waitUntilHeld(.places(.pharmacy))
        // Everything else can answer; the one held section keeps the spinner on.
        #expect(fixture.home.isLoading.value)
        await fixture.provider.release(.places(.pharmacy))
        await fixture.home.idle()
        #expect(!fixture.home.isLoading.value)
    }

    @Test func oneSectionPerCategoryWithPlacesInCategoryOrder() async {
        let fixture = HomeFixture()
        await fixture.loaded()
        #expect(fixture.home.sections.value.map(\.category) == [.atm, .cafe, .restaurant, .pharmacy])
        #expect(fixture.home.sections.value.map(\.title)
            == ["Closest ATMs", "Closest cafés", "Closest restaurants", "Closest pharmacies"])
        #expect(fixture.section(.bank) == nil)
    }

    @Test func aSectionShowsItsTopThreeWithDistanceBearingAndOpenState() async {
        let fixture = HomeFixture()
        await fixture.loaded()
        let cafes = fixture.rows(.cafe)
        #expect(cafes.count == 3)
        #expect(cafes.map(\.name) == ["Café Amadeus", "Kaffee Bar Vaduz", "Café Sonne"])
        #expect(cafes.map(\.distanceAndBearing) == ["120 m NE", "310 m S", "480 m W"])
        #expect(cafes.map(\.openText) == ["open · until 18:00", "closed · opens Th 07:30", "hours unknown"])
        #expect(cafes.map(\.openState) == [.open, .closed, .unknown])
        #expect(fixture.rows(.pharmacy).map(\.distanceAndBearing) == ["600 m SW"])
    }

    @Test func categoriesWithTheirCounts() async {
        let fixture = HomeFixture()
        #expect(fixture.home.categories.value == .loading("Counting places…"))
        await fixture.loaded()
        let counts = fixture.home.categories.value.value ?? []
        #expect(counts.map(\.label) == ["ATM 1", "Café 4", "Restaurant 2", "Pharmacy 1"])
    }

    @Test func hotPicksAreTheClosestOpenPlaceOfEachCategory() async {
        let fixture = HomeFixture()
        await fixture.loaded()
        // At 10:00 on a Wednesday both restaurants are closed: no restaurant page.
        #expect(fixture.pickTexts == [
            "Bankomat Post · ATM · 50 m N · open 24/7",
            "Café Amadeus · café · 120 m NE · open until 18:00",
            "Apotheke am Städtle · pharmacy · 600 m SW · open until 18:30",
        ])
        #expect(fixture.home.hotPicks.value.pageLabel == "1 / 3")
        #expect(fixture.home.hotPicks.value.title == "Hot picks")
    }

    @Test func aHotPickSkipsClosedPlacesCloserThanIt() async {
        let fixture = HomeFixture(at: "2026-11-25 18:10")
        await fixture.loaded()
        // Amadeus has closed; the far café is open around the clock (Sonne, of unknown hours, is not twice as
        // near). The diner (150 m) opened at 18:00. Nearest first.
        #expect(fixture.pickTexts == [
            "Bankomat Post · ATM · 50 m N · open 24/7",
            "Night Diner · restaurant · 150 m N · open until 23:00",
            "Apotheke am Städtle · pharmacy · 600 m SW · closes in 20 min",
            "Café Fern · café · 900 m N · open 24/7",
        ])
    }

    @Test func aHotPickLooksPastTheFirstPageForAnOpenPlace() async {
        let closed = (0..<25).map {
            SampleTown.place("c\($0)", "Closed \($0)", .bakery, north: Double(10 + $0 * 10), east: 0, hours: "off")
        }
        let open = SampleTown.place("o", "Open Bakery", .bakery, north: 400, east: 0, hours: "24/7")
        let fixture = HomeFixture(places: closed + [open])
        await fixture.loaded()
        #expect(fixture.pickTexts == ["Open Bakery · bakery · 400 m N · open 24/7"])
        #expect(await fixture.provider.callCount(.places(.bakery)) == 2)
        #expect(fixture.rows(.bakery).map(\.name) == ["Closed 0", "Closed 1", "Closed 2"])
    }

    @Test func hotPicksSayWhenNothingIsOpen() async {
        // Both known to be closed at 10:00 (a place of unknown hours would be picked).
        let fixture = HomeFixture(places: [SampleTown.roma, SampleTown.diner])
        await fixture.loaded()
        #expect(fixture.home.hotPicks.value.content == .loaded([]))
        #expect(fixture.home.hotPicks.value.emptyText == "Nothing open within 2 km right now")
        #expect(fixture.home.hotPicks.value.pageLabel == nil)
    }

    @Test func friendsNearbyAreThoseWithALocationByDistance() async {
        let fixture = HomeFixture()
        await fixture.loaded()
        let rows = fixture.home.friendsSection.value?.content.value ?? []
        #expect(rows.map(\.name) == ["Carla Arn", "Anna Beck"])
        #expect(rows.map(\.distanceAndBearing) == ["300 m S", "1.0 km N"])
        #expect(rows.map(\.phone) == ["+423 555 0104", "+423 555 0101"])
        #expect(fixture.home.friendsSection.value?.title == "Friends within 2 km")
    }

    @Test func noFriendsSectionWhenNoFriendHasALocation() async {
        let fixture = HomeFixture(friends: [SampleFriends.bob, SampleFriends.jose])
        await fixture.loaded()
        #expect(fixture.home.friendsSection.value == nil)
    }

    @Test func anEmptyStoreSaysHowToGetPlaces() async {
        let fixture = HomeFixture(places: [])
        await fixture.loaded()
        #expect(fixture.home.notice.value == "No places yet — download a region (nearby download NAME; R lists "
                + "yours), import an extract (nearby import FILE), use a live source (--source overpass), or try the "
                + "demo (nearby --demo)")
        #expect(fixture.home.sections.value.isEmpty)
        #expect(fixture.home.categories.value == .loaded([]))
        #expect(fixture.home.hotPicks.value.content == .loaded([]))
        // No "0 places within 2 km" over an empty store: the notice says what to do, once.
        #expect(fixture.home.header.value.summary == nil)
        #expect(fixture.home.hotPicks.value.emptyText == "No places to pick from yet")
    }

    @Test func aStoreWithPlacesOnlyElsewhereSaysNoneAreWithinTheRadius() async {
        let fixture = HomeFixture(places: [SampleTown.faraway])
        await fixture.loaded()
        #expect(fixture.home.notice.value == "No places within 2 km")
        #expect(fixture.home.hotPicks.value.emptyText == "No places within 2 km")
    }

    @Test func hostileNamesCannotDriveTheTerminal() async {
        let hostile = SampleTown.place("h", "Bad\u{1B}[2J\nCafé", .cafe, north: 10, east: 0, hours: "24/7")
        let fixture = HomeFixture(places: [hostile])
        await fixture.loaded()
        #expect(fixture.rows(.cafe).map(\.name) == ["Bad\u{FFFD}[2J Café"])
        #expect(fixture.pickTexts.allSatisfy { !$0.unicodeScalars.contains { $0.value < 0x20 } })
    }

    // MARK: Intents

    @Test func openingACategoryAsksForItsPlacesList() async {
        let fixture = HomeFixture()
        await fixture.loaded()
        fixture.home.openCategory(.cafe)
        #expect(fixture.recorder.placesLists == [PlacesListRequest(center: SampleTown.center, centerName: "Vaduz",
                                                                   radius: 2_000, category: .cafe)])
    }

    @Test func openingTheHotPickAsksForThatPlacesDetail() async {
        let fixture = HomeFixture()
        await fixture.loaded()
        fixture.home.pageRight()
        fixture.home.openHotPick()
        #expect(fixture.recorder.placeDetails.map(\.placeID) == [SampleTown.amadeus.id])
        #expect(fixture.recorder.placeDetails.first?.center == SampleTown.center)
        fixture.home.openPlace(SampleTown.sonne.id)
        #expect(fixture.recorder.placeDetails.map(\.placeID) == [SampleTown.amadeus.id, SampleTown.sonne.id])
    }

    @Test func aRouteThatBuildsAScreenIsPushed() async {
        let navigator = Navigator()
        let repository = FakeFriendsRepository(friends: HomeFixture.friends)
        let friendsContext = FriendsContext(repository: repository, navigator: navigator)
        let places = PlacesContext(provider: FakePlacesProvider(places: []), navigator: navigator,
                                   here: SampleTown.center, timeZone: homeZone)
        let table = RouteTable(places: places, friends: friendsContext)
        navigator.screens = { table.screen(for: $0) }
        let home = HomeViewModel(context: HomeContext(
            places: FakePlacesProvider(places: []), friends: repository, navigator: navigator,
            here: SampleTown.here))
        home.load()
        await home.idle()
        home.openFriend(HomeFixture.carla.id)
        #expect(navigator.recorded.count == 1)
        #expect(navigator.recorded.first?.pushedDetail != nil)
        home.openFriend(SampleFriends.bob.id) // no location: not on Home
        #expect(navigator.recorded.count == 1)
    }

    @Test func aFriendChangedInTheDetailReloadsTheSection() async {
        var reported: (@MainActor (FriendChange) -> Void)?
        let fixture = HomeFixture(screens: { route in
            if case .friendDetail(_, let onChange) = route { reported = onChange }
            return nil
        })
        await fixture.loaded()
        fixture.home.openFriend(HomeFixture.carla.id)
        await fixture.repository.setFriends([SampleFriends.anna])
        reported?(.deleted(HomeFixture.carla))
        await fixture.home.idle()
        #expect(fixture.home.friendsSection.value?.content.value?.map(\.name) == ["Anna Beck"])
    }
}
