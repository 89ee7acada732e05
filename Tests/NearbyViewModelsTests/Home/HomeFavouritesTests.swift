import Foundation
import NearbyCore
import Testing
@testable import NearbyViewModels

/// Home's Favourites section and the ★ on its place rows.
@MainActor
struct HomeFavouritesTests {
    static func saved(_ place: Place) -> FavouritePlace { FavouritesListViewModelTests.saved(place) }

    static let gone = FavouritePlace(id: PlaceID(source: .demo, sourceID: "gone"), savedAt: Date(timeIntervalSince1970: 0),
                                     place: nil, name: "Old Café", category: .cafe,
                                     coordinate: SampleTown.place("g", "", .cafe, north: 10, east: 0).coordinate)

    @Test func theNearestFewFavouritesStillInTheDataAreListedWithTheirOpenState() async throws {
        let store = MemoryFavourites([Self.saved(SampleTown.faraway), Self.gone, Self.saved(SampleTown.farCafe),
                                      Self.saved(SampleTown.amadeus), Self.saved(SampleTown.kaffeeBar)])
        let fixture = HomeFixture(favourites: store)
        await fixture.loaded()
        let section = try #require(fixture.home.favouritesSection.value)
        #expect(section.title == "Favourites")
        let rows = try #require(section.content.value)
        // Nearest first, three of them; the one gone from the data cannot be opened and is not listed here.
        #expect(rows.map(\.name) == ["Café Amadeus", "Kaffee Bar Vaduz", "Café Fern"])
        // Wednesday 10:00.
        #expect(rows.map(\.openText) == ["open · until 18:00", "closed · opens Th 07:30", "open · 24/7"])
        #expect(rows.allSatisfy { $0.isFavourite })
    }

    @Test func withoutFavouritesOrAStoreTheSectionIsHidden() async {
        let empty = HomeFixture(favourites: MemoryFavourites([Self.gone]))
        await empty.loaded()
        #expect(empty.home.favouritesSection.value == nil)
        let none = HomeFixture()
        await none.loaded()
        #expect(none.home.favouritesSection.value == nil)
    }

    @Test func favouritesAreStarredInTheCategorySectionsAndNoOtherRowIs() async {
        let fixture = HomeFixture(favourites: MemoryFavourites([Self.saved(SampleTown.kaffeeBar)]))
        await fixture.loaded()
        let cafes = fixture.rows(.cafe)
        #expect(cafes.map(\.name).contains("Kaffee Bar Vaduz"))
        #expect(cafes.filter(\.isFavourite).map(\.name) == ["Kaffee Bar Vaduz"])
        #expect(fixture.rows(.restaurant).allSatisfy { !$0.isFavourite })
    }

    @Test func aFavouriteOutsideEverySectionOpensItsDetail() async {
        let fixture = HomeFixture(favourites: MemoryFavourites([Self.saved(SampleTown.faraway)]))
        await fixture.loaded()
        #expect(fixture.home.favouritesSection.value?.content.value?.map(\.id) == [SampleTown.faraway.id])
        fixture.home.openPlace(SampleTown.faraway.id)
        #expect(fixture.recorder.placeDetails.map(\.hit.id) == [SampleTown.faraway.id])
    }

    @Test func aFavouriteForgottenOnAnotherScreenLeavesTheSection() async {
        let store = MemoryFavourites([Self.saved(SampleTown.amadeus), Self.saved(SampleTown.farCafe)])
        let changes = FavouriteChanges()
        let fixture = HomeFixture(favourites: store, favouriteChanges: changes)
        await fixture.loaded()
        #expect(fixture.home.favouritesSection.value?.content.value?.count == 2)
        try? await store.setFavourite(SampleTown.amadeus.id, false)
        changes.record(SampleTown.amadeus.id, isFavourite: false)
        await fixture.home.idle()
        #expect(fixture.home.favouritesSection.value?.content.value?.map(\.name) == ["Café Fern"])
        #expect(fixture.rows(.cafe).allSatisfy { $0.id == SampleTown.farCafe.id || !$0.isFavourite })
    }

    @Test func aFailureSaysSoAndRetryReadsAgain() async {
        let store = MemoryFavourites([Self.saved(SampleTown.amadeus)])
        await store.fail(with: .storage("disk I/O error"))
        let fixture = HomeFixture(favourites: store)
        await fixture.loaded()
        #expect(fixture.home.favouritesSection.value?.content.isFailed == true)
        await store.fail(with: nil)
        fixture.home.retry(.favourites)
        await fixture.home.idle()
        #expect(fixture.home.favouritesSection.value?.content.value?.map(\.name) == ["Café Amadeus"])
    }
}
