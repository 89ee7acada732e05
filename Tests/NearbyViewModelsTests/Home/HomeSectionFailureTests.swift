import Foundation
import Testing
import NearbyCore
@testable import NearbyViewModels

/// Each section loads and fails on its own; the others still show.
@MainActor
struct HomeSectionFailureTests {
    @Test func aFailedCategoryShowsAnErrorRowAndTheOthersStillShow() async {
        let fixture = HomeFixture()
        await fixture.provider.fail(.places(.cafe), with: .storage("disk I/O error"))
        await fixture.loaded()
        #expect(fixture.section(.cafe)?.content == .failed(message: "Could not read places: disk I/O error."))
        #expect(fixture.rows(.pharmacy).count == 1)
        #expect(fixture.rows(.atm).count == 1)
        // The café's pick is missing; the others are not.
        #expect(fixture.home.hotPicks.value.pages.map(\.category) == [.atm, .pharmacy])

        await fixture.provider.fail(.places(.cafe), with: nil)
        fixture.home.retry(.category(.cafe))
        await fixture.home.idle()
        #expect(fixture.rows(.cafe).count == 3)
        #expect(fixture.home.hotPicks.value.pages.map(\.category) == [.atm, .cafe, .pharmacy])
    }

    @Test(arguments: [
        (PlacesError.network("timed out"), "Loading failed, check network connection"),
        (.refused("REQUEST_DENIED"), "The places service refused: REQUEST_DENIED."),
        (.unavailable("Overpass has a problem (HTTP 502); try again later."),
         "Overpass has a problem (HTTP 502); try again later."),
        (.badResponse("<html>"), "The places service answered something unreadable."),
        (.notFound, "Could not complete request, please try again."),
    ])
    func failuresAreWordedForPeople(error: PlacesError, message: String) async {
        let fixture = HomeFixture()
        await fixture.provider.fail(.places(.pharmacy), with: error)
        await fixture.loaded()
        #expect(fixture.section(.pharmacy)?.content.failureMessage == message)
    }

    @Test func whenEveryCategoryFailsTheHotPicksFailToo() async {
        let fixture = HomeFixture()
        for category in Category.allCases {
            await fixture.provider.fail(.places(category), with: .network("down"))
        }
        await fixture.loaded()
        #expect(fixture.home.hotPicks.value.content == .failed(
            message: "Loading failed, check network connection"))
        // Only categories the counts know to have places get an error row.
        #expect(fixture.home.sections.value.map(\.category) == [.atm, .cafe, .restaurant, .pharmacy])
        #expect(fixture.home.sections.value.allSatisfy { $0.content.isFailed })
        // Counts come from another query and still show.
        #expect(fixture.home.categories.value.value?.count == 4)

        for category in Category.allCases {
            await fixture.provider.fail(.places(category), with: nil)
        }
        fixture.home.retry(.hotPicks)
        await fixture.home.idle()
        #expect(fixture.home.hotPicks.value.pages.count == 3)
        #expect(fixture.home.sections.value.map(\.category) == [.atm, .cafe, .restaurant, .pharmacy])
    }

    @Test func failedCountsShowInTheirRowAndTheSectionsStillShow() async {
        let fixture = HomeFixture()
        await fixture.provider.fail(.count(.restaurant), with: .storage("locked"))
        await fixture.provider.fail(.total, with: .storage("locked"))
        await fixture.loaded()
        #expect(fixture.home.categories.value.failureMessage == "Could not read places: locked.")
        #expect(fixture.home.header.value.summary == nil)
        #expect(fixture.home.header.value.failure == "Could not read places: locked.")
        #expect(fixture.home.notice.value == nil)
        #expect(fixture.home.sections.value.count == 4)

        await fixture.provider.fail(.count(.restaurant), with: nil)
        await fixture.provider.fail(.total, with: nil)
        fixture.home.retryFailed()
        await fixture.home.idle()
        #expect(fixture.home.categories.value.value?.count == 4)
        #expect(fixture.home.header.value.summary == "8 places within 2 km")
    }

    @Test func failedFriendsShowAnErrorRowInTheirSection() async {
        let fixture = HomeFixture()
        await fixture.repository.fail(.list, with: .unauthorized)
        await fixture.loaded()
        #expect(fixture.home.friendsSection.value?.content == .failed(
            message: "The friends service refused the token: set it with --friends-token, NEARBY_FRIENDS_TOKEN or friends_token in the config file."))
        #expect(fixture.home.sections.value.count == 4)

        await fixture.repository.fail(.list, with: nil)
        fixture.home.retry(.friends)
        await fixture.home.idle()
        #expect(fixture.home.friendsSection.value?.content.value?.count == 2)
    }

    @Test func retryingOneSectionAsksOnlyForThatOne() async {
        let fixture = HomeFixture()
        await fixture.provider.fail(.places(.cafe), with: .network("down"))
        await fixture.loaded()
        fixture.home.retryFailed()
        await fixture.home.idle()
        #expect(await fixture.provider.callCount(.places(.cafe)) == 2)
        #expect(await fixture.provider.callCount(.places(.pharmacy)) == 1)
        #expect(await fixture.provider.callCount(.total) == 1)
    }

    @Test func refreshKeepsTheRowsShownUntilTheNewOnesArrive() async {
        let fixture = HomeFixture()
        await fixture.loaded()
        await fixture.provider.hold(.places(.cafe))
        await fixture.provider.setPlaces(SampleTown.places.filter { $0.id != SampleTown.amadeus.id })
        fixture.home.refresh()
        await fixture.provider.waitUntilHeld(.places(.cafe))
        #expect(fixture.section(.cafe)?.isRefreshing == true)
        #expect(fixture.rows(.cafe).first?.name == "Café Amadeus")
        #expect(fixture.home.isLoading.value)

        await fixture.provider.release(.places(.cafe))
        await fixture.home.idle()
        #expect(fixture.section(.cafe)?.isRefreshing == false)
        #expect(fixture.rows(.cafe).map(\.name) == ["Kaffee Bar Vaduz", "Café Sonne", "Café Fern"])
        #expect(fixture.home.header.value.summary == "7 places within 2 km")
    }

    @Test func resultsAfterCloseAreDropped() async {
        let fixture = HomeFixture()
        await fixture.provider.hold(.places(.cafe))
        await fixture.provider.hold(.total)
        fixture.home.load()
        await fixture.provider.waitUntilHeld(.places(.cafe))
        await fixture.provider.waitUntilHeld(.total)
        let sectionsBefore = fixture.home.sections.value
        fixture.home.close()
        #expect(!fixture.home.isLoading.value)
        await fixture.provider.release(.places(.cafe))
        await fixture.provider.release(.total)
        await fixture.home.drained()
        #expect(fixture.home.sections.value == sectionsBefore)
        #expect(fixture.section(.cafe) == nil)
        #expect(fixture.home.header.value.summary == nil)
        #expect(fixture.home.nextRefresh.value == nil)

        // A closed Home starts nothing new.
        fixture.home.refresh()
        fixture.home.retryFailed()
        #expect(!fixture.home.isLoading.value)
        fixture.home.openCategory(.cafe)
        #expect(fixture.recorder.placesLists.isEmpty)
    }
}
