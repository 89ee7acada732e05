import Foundation
import NearbyCore
import Testing
@testable import NearbyViewModels

/// A router that walks 1.5 times the straight line, and counts its searches.
actor DetourRouter: WalkingRouter {
    private(set) var searches: [Int] = []
    /// Places no path reaches.
    let unreachable: Bool

    init(unreachable: Bool = false) {
        self.unreachable = unreachable
    }

    func walks(from start: Coordinate, to targets: [Coordinate]) async throws(RoutingError) -> [WalkEstimate?] {
        searches.append(targets.count)
        return targets.map { unreachable ? nil : WalkEstimate(metres: start.distance(to: $0) * 1.5) }
    }

    func route(from start: Coordinate, to end: Coordinate) async throws(RoutingError) -> WalkRoute? { nil }
}

/// Home's rows and hot picks show walking minutes beside the distance, from one search once every section
/// has answered.
@MainActor
struct HomeWalkingTests {
    @Test func rowsAndPicksShowWalkingMinutesFromOneSearch() async {
        let clock = TestClock("2026-11-25 10:00")
        let router = DetourRouter()
        var context = HomeContext(places: FakePlacesProvider(places: SampleTown.places),
                                  friends: FakeFriendsRepository(friends: []), navigator: Navigator(),
                                  here: SampleTown.here, now: { clock.now }, timeZone: homeZone)
        context.walking = router
        let home = HomeViewModel(context: context)
        home.load()
        await home.idle()
        let cafes = home.sections.value.first { $0.category == .cafe }?.content.value ?? []
        // 120 m, 310 m and 480 m in a straight line; half as far again on foot at 80 m a minute.
        #expect(cafes.map(\.walk) == ["2 min", "6 min", "9 min"])
        #expect(home.hotPicks.value.pages.first { $0.category == .cafe }?.text
            == "Café Amadeus · café · 120 m NE · 2 min walk · open until 18:00")
        #expect(await router.searches.count == 1, "one search for everything shown, not one per section")
        home.close()
    }

    @Test func aPickNoPathReachesSaysNoPathNotNoPathWalk() async {
        let clock = TestClock("2026-11-25 10:00")
        var context = HomeContext(places: FakePlacesProvider(places: SampleTown.places),
                                  friends: FakeFriendsRepository(friends: []), navigator: Navigator(),
                                  here: SampleTown.here, now: { clock.now }, timeZone: homeZone)
        context.walking = DetourRouter(unreachable: true)
        let home = HomeViewModel(context: context)
        home.load()
        await home.idle()
        #expect(home.hotPicks.value.pages.first { $0.category == .cafe }?.text
            == "Café Amadeus · café · 120 m NE · no path · open until 18:00")
        home.close()
    }

    @Test func withoutPathsRowsShowDistancesOnly() async {
        let fixture = HomeFixture()
        await fixture.loaded()
        #expect(fixture.rows(.cafe).allSatisfy { $0.walk == nil })
    }
}
