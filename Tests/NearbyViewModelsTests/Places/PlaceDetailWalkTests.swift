import Foundation
import NearbyCore
import Testing
@testable import NearbyViewModels

/// A router that answers one route (or a failure) whatever is asked.
actor FixedRouteRouter: WalkingRouter {
    private let route: WalkRoute?
    private let failure: RoutingError?
    private(set) var asked: [(from: Coordinate, to: Coordinate)] = []

    init(route: WalkRoute?, failure: RoutingError? = nil) {
        self.route = route
        self.failure = failure
    }

    func walks(from start: Coordinate, to targets: [Coordinate]) async throws(RoutingError) -> [WalkEstimate?] {
        if let failure { throw failure }
        return targets.map { _ in route.map { WalkEstimate(metres: $0.length) } }
    }

    func route(from start: Coordinate, to end: Coordinate) async throws(RoutingError) -> WalkRoute? {
        asked.append((start, end))
        if let failure { throw failure }
        return route
    }
}

/// The detail's walk: the route on the map and its length, time, ascent and ways in words; without paths,
/// the reason. The meeting points' empty text names a chosen time.
@MainActor
struct PlaceDetailWalkTests {
    static let route = WalkRoute(length: 1_240, points: [PlacesSamples.here, PlacesSamples.offset(north: 600),
                                                         PlacesSamples.amadeus.coordinate],
                                 stretches: [.init(name: "Städtle", length: 600), .init(name: nil, length: 40),
                                             .init(name: "Herren\u{1B}[2Jgasse", length: 600)],
                                 ascent: 42, offNetwork: 12)

    func detail(router: (any WalkingRouter)?, time: EvaluationTime? = nil, clock: ManualClock? = nil)
        -> PlaceDetailViewModel {
        let clock = clock ?? ManualClock(PlacesSamples.instant("2026-03-02T17:00:00Z"))
        let context = PlacesContext(provider: PagingPlacesProvider(places: PlacesSamples.cafes),
                                    friends: FakeFriendsRepository(friends: [PlaceDetailViewModelTests.oskar]),
                                    navigator: Navigator(), here: PlacesSamples.here, timeZone: PlacesSamples.utc,
                                    now: { clock.now() }, evaluationTime: time, walking: router)
        return PlaceDetailViewModel(hit: PagingPlacesProvider.hit(PlacesSamples.amadeus, from: PlacesSamples.here),
                                    context: context)
    }

    @Test func theRouteIsOnTheMapWithItsLengthTimeAscentAndWays() async {
        let router = FixedRouteRouter(route: Self.route)
        let model = detail(router: router)
        #expect(model.walk.value == nil)
        model.load()
        await model.idle()
        #expect(model.walk.value == "1.2 km on foot · 16 min · 40 m up · via Städtle, Herren\u{FFFD}[2Jgasse")
        #expect(model.map.value.route == Self.route.points)
        let asked = await router.asked
        #expect(asked.count == 1)
        #expect(asked.first?.from == PlacesSamples.here)
        #expect(asked.first?.to == PlacesSamples.amadeus.coordinate)
        model.close()
    }

    @Test func withoutAWalkOrPathsTheDetailSaysWhy() async {
        let none = detail(router: FixedRouteRouter(route: nil))
        none.load()
        await none.idle()
        #expect(none.walk.value == "No walk from here on the paths the store has")
        #expect(none.map.value.route.isEmpty)
        none.close()

        let noNetwork = detail(router: FixedRouteRouter(route: nil, failure: .noNetwork))
        noNetwork.load()
        await noNetwork.idle()
        #expect(noNetwork.walk.value?.contains("no paths") == true)
        noNetwork.close()

        // A live source has no router: no walk line at all, the list says why.
        let live = detail(router: nil)
        live.load()
        await live.idle()
        #expect(live.walk.value == nil)
        live.close()
    }

    @Test func noMeetingPointsNamesTheChosenTimeNotNow() async {
        let clock = ManualClock(PlacesSamples.instant("2026-03-02T17:00:00Z"))
        let time = EvaluationTime(clock: { clock.now() }, zone: PlacesSamples.utc)
        let model = detail(router: nil, time: time, clock: clock)
        model.load()
        await model.idle()
        // Tuesday 03:30: only the 24/7 café is open, and it is not between here and Oskar.
        #expect(time.choose("tomorrow 03:30") == nil)
        model.suggestMeetingPoints(with: PlaceDetailViewModelTests.oskar.id)
        await model.idle()
        #expect(model.meetingPoints.value == .empty("No cafés open at Tue 03:30 between here and Oskar."))
        model.close()
    }
}
