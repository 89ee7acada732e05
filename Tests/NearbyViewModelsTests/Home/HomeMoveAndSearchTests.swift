import Foundation
import Testing
import NearbyCore
@testable import NearbyViewModels

/// Home's `/` (a search of the whole store) and `L` (moving here from inside the app).
@MainActor
struct HomeMoveAndSearchTests {
    /// Looks names up in a fixed table, as the app's gazetteer would.
    static func locate(_ table: [String: PlaceNameLookup]) -> @Sendable (String) async -> PlaceNameLookup {
        { text in table[text.lowercased()] ?? .unknown }
    }

    static let zurich = SampleTown.faraway.coordinate

    @Test func aSearchFromHomeLooksThroughTheWholeStoreNearestFirst() async {
        let fixture = HomeFixture()
        await fixture.loaded()
        fixture.home.openSearch("  zürich ")
        #expect(fixture.recorder.placesLists == [PlacesListRequest(
            center: SampleTown.center, centerName: "Vaduz", radius: SearchRadius.everywhere, searchText: "zürich")])
    }

    @Test func aSearchOfTheWholeStoreSaysAnywhereAndFindsWhatLiesFarAway() async {
        let provider = FakePlacesProvider(places: SampleTown.places)
        let context = PlacesContext(provider: provider, navigator: Navigator(), here: SampleTown.center)
        let list = PlacesListViewModel(request: PlacesListRequest(center: SampleTown.center, radius: SearchRadius.everywhere,
                                                                  searchText: "Café"), context: context)
        list.load()
        await list.idle()
        // Café Zürich lies 80 km away, far beyond any list radius, and is still found, last.
        let names = (0..<list.rowCount).compactMap { index -> String? in
            if case .place(let row) = list.row(at: index) { return row.name }
            return nil
        }
        #expect(names.last == "Café Zürich")
        #expect(list.title.value.contains("anywhere"))
    }

    /// `+` and `-` in a search of the whole store: no "20038 km", and a way back to "anywhere".
    @Test func plusAndMinusInASearchStepBetweenTheWidestCircleAndTheWholeStore() async {
        let provider = FakePlacesProvider(places: SampleTown.places)
        let context = PlacesContext(provider: provider, navigator: Navigator(), here: SampleTown.center)
        let list = PlacesListViewModel(request: PlacesListRequest(center: SampleTown.center, radius: SearchRadius.everywhere,
                                                                  searchText: "Café"), context: context)
        list.load()
        await list.idle()
        list.widenRadius()
        #expect(list.status.value == .info("The search already looks through every place of the store."))
        list.narrowRadius()
        await list.idle()
        #expect(list.radius.value == SearchRadius.widest)
        #expect(list.title.value.contains("within 50 km"))
        list.widenRadius()
        await list.idle()
        #expect(list.radius.value == SearchRadius.everywhere)
        #expect(list.title.value.contains("anywhere"))
    }

    @Test func movingHereReloadsEverythingAroundTheNewPlaceAndRemembersIt() async {
        let remembered = Remembered()
        let fixture = HomeFixture(locate: Self.locate(["zürich": .found(name: "Zürich", coordinate: Self.zurich)]),
                                  remember: { remembered.places.append($0) })
        await fixture.loaded()
        fixture.home.moveHere(to: "Zürich")
        await fixture.home.idle()
        #expect(fixture.home.here.coordinate == Self.zurich)
        #expect(fixture.home.header.value.location.hasPrefix("Zürich ("))
        #expect(fixture.home.header.value.summary == "1 place within 2 km")
        #expect(fixture.rows(.cafe).map(\.name) == ["Café Zürich"])
        #expect(remembered.places.map(\.name) == ["Zürich"])
        // What opens next is measured from the new place.
        fixture.home.openCategory(.cafe)
        #expect(fixture.recorder.placesLists.last?.center == Self.zurich)
    }

    @Test func aNameThatCannotBePlacedLeavesHereWhereItWasAndSaysWhy() async {
        let fixture = HomeFixture(locate: Self.locate([:]))
        await fixture.loaded()
        fixture.home.moveHere(to: "Atlantis")
        await fixture.home.idle()
        #expect(fixture.home.here.coordinate == SampleTown.center)
        #expect(fixture.home.status.value?.kind == .error)
        #expect(fixture.home.status.value?.text.contains("No town called “Atlantis”") == true)
        #expect(fixture.home.header.value.summary == "8 places within 2 km")
        // What was typed comes back to the prompt, to be mended rather than typed again.
        #expect(fixture.home.locationRetry.value == LocationRetry(text: "Atlantis"))
    }

    @Test func anAmbiguousNameOffersItsPlacesAndOneMovesThere() async {
        let candidates = [Locality(id: "a", name: "Triesen", kind: .village, coordinate: SampleTown.center),
                          Locality(id: "b", name: "Triesen", kind: .hamlet, coordinate: Self.zurich)]
        let fixture = HomeFixture(locate: Self.locate(["triesen": .ambiguous(candidates)]))
        await fixture.loaded()
        fixture.home.moveHere(to: "Triesen")
        await fixture.home.idle()
        #expect(fixture.home.status.value?.text == "“Triesen” could mean 2 places: Tab picks one, Enter moves there")
        let choices = fixture.home.locationRetry.value?.choices ?? []
        #expect(choices.map(\.label) == ["Triesen (village, 47.141, 9.521)", "Triesen (hamlet, "
            + CoordinateText.format(Self.zurich, digits: 3) + ")"])
        fixture.home.moveHere(to: choices[1].location)
        await fixture.home.idle()
        #expect(fixture.home.here.coordinate == Self.zurich)
        #expect(fixture.home.header.value.location.hasPrefix("Triesen ("))
        #expect(fixture.home.locationRetry.value == nil)
    }

    @Test func anAmbiguousNameListsTheCandidates() async {
        let candidates = [Locality(id: "a", name: "Triesen", kind: .village, coordinate: SampleTown.center),
                          Locality(id: "b", name: "Triesen", kind: .hamlet, coordinate: Self.zurich)]
        let fixture = HomeFixture(locate: Self.locate(["triesen": .ambiguous(candidates)]))
        await fixture.loaded()
        fixture.home.moveHere(to: "Triesen")
        await fixture.home.idle()
        #expect(fixture.home.here.coordinate == SampleTown.center)
        #expect(HomeText.locationProblem(.ambiguous(candidates), for: "Triesen").contains("could mean Triesen (village"))
    }

    @Test func aSouthernCoordinateMovesHere() async {
        let sydney = Coordinate(latitude: -33.8688, longitude: 151.2093)
        let fixture = HomeFixture(locate: Self.locate(["-33.8688,151.2093": .found(name: "", coordinate: sydney)]))
        await fixture.loaded()
        fixture.home.moveHere(to: "-33.8688,151.2093")
        await fixture.home.idle()
        #expect(fixture.home.here.coordinate == sydney)
        #expect(fixture.home.header.value.location == "-33.8688, 151.2093")
        #expect(fixture.home.notice.value == "No places within 2 km")
    }

    @Test func withoutAGazetteerMovingSaysHowElse() async {
        let fixture = HomeFixture()
        await fixture.loaded()
        fixture.home.moveHere(to: "Zürich")
        #expect(fixture.home.here.coordinate == SampleTown.center)
        #expect(fixture.home.status.value?.text.contains("--near") == true)
    }

    @Test func favouritesOpenAroundWhereHereIsNow() async {
        let fixture = HomeFixture(locate: Self.locate(["zürich": .found(name: "Zürich", coordinate: Self.zurich)]))
        await fixture.loaded()
        fixture.home.openFavourites()
        fixture.home.moveHere(to: "zürich")
        await fixture.home.idle()
        fixture.home.openFavourites()
        #expect(fixture.recorder.favourites == [SampleTown.center, Self.zurich])
    }
}

@MainActor
private final class Remembered { var places: [HomeLocation] = [] }

/// An empty store's Home, when the Regions screen brings the first region: it moves to the region's town.
@MainActor
struct HomeFirstRegionTests {
    @Test func theFirstRegionMovesHomeFromNowhereToItsTown() async {
        let changed = Observable(0)
        let provider = FakePlacesProvider(places: SampleTown.places)
        var context = HomeContext(places: provider, friends: FakeFriendsRepository(friends: []),
                                  navigator: Navigator(), here: .unknown, timeZone: homeZone)
        context.dataChanged = changed
        context.defaultHere = { SampleTown.here }
        let home = HomeViewModel(context: context)
        home.load()
        await home.idle()
        #expect(home.header.value.location == "no location yet")
        changed.update(1)
        await home.idle()
        #expect(home.header.value.location.hasPrefix("Vaduz"), "\(home.header.value.location)")
        #expect(home.header.value.summary == "8 places within 2 km")
        #expect(home.status.value?.text.hasPrefix("Now around Vaduz") == true)
    }
}
