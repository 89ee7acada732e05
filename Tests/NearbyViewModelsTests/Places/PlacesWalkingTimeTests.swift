import Foundation
import NearbyCore
import Testing
@testable import NearbyViewModels

/// Walking times from a router that knows, for each place, how far a walker goes (the river case: a place
/// near in a straight line but far on foot).
actor FakeWalkingRouter: WalkingRouter {
    private let metres: [Coordinate: Double]
    private let failure: RoutingError?
    private(set) var calls: [(from: Coordinate, targets: Int)] = []

    init(metres: [Coordinate: Double] = [:], failure: RoutingError? = nil) {
        self.metres = metres
        self.failure = failure
    }

    func walks(from start: Coordinate, to targets: [Coordinate]) async throws(RoutingError) -> [WalkEstimate?] {
        calls.append((start, targets.count))
        if let failure { throw failure }
        return targets.map { metres[$0].map(WalkEstimate.init(metres:)) }
    }

    func route(from start: Coordinate, to end: Coordinate) async throws(RoutingError) -> WalkRoute? { nil }
}

@MainActor
struct PlacesWalkingTimeTests {
    let provider = PagingPlacesProvider(places: PlacesSamples.cafes)
    let navigator = Navigator()

    func list(router: FakeWalkingRouter?) -> PlacesListViewModel {
        let context = PlacesContext(provider: provider, navigator: navigator, here: PlacesSamples.here,
                                    timeZone: PlacesSamples.utc, walking: router)
        return PlacesListViewModel(subject: .category(.cafe), context: context)
    }

    func rows(_ list: PlacesListViewModel) -> [PlaceRowModel] {
        (0..<list.rowCount).compactMap { if case .place(let row) = list.row(at: $0) { row } else { nil } }
    }

    /// Édith's Bar is 480 m east but across a river: 2.4 km on foot. Far Café has no path at all. One router
    /// per test: tests run side by side, and one reads the calls its router was asked.
    static func router() -> FakeWalkingRouter {
        FakeWalkingRouter(metres: [
            PlacesSamples.amadeus.coordinate: 150,
            PlacesSamples.sonne.coordinate: 330,
            PlacesSamples.edith.coordinate: 2_400,
            PlacesSamples.zeit.coordinate: 960,
        ])
    }

    @Test func rowsShowWalkingMinutesFromOneSearchPerPage() async {
        let router = Self.router()
        let list = list(router: router)
        list.load()
        await list.idle()
        let walks = rows(list).map(\.walk)
        #expect(walks == ["2 min", "4 min", "30 min", "12 min"])
        #expect(list.walkingNote.value == nil)
        let calls = await router.calls
        #expect(calls.last?.targets == 4, "one search for the page, not one per place")

        // A place the paths do not reach says so, and sorts after every place they do.
        let cutOff = self.list(router: FakeWalkingRouter(metres: [PlacesSamples.amadeus.coordinate: 150,
                                                                  PlacesSamples.edith.coordinate: 500,
                                                                  PlacesSamples.zeit.coordinate: 960]))
        cutOff.load()
        await cutOff.idle()
        #expect(rows(cutOff)[1].walk == "no path")
        cutOff.setSortOrder(.walkingTime)
        await cutOff.idle()
        #expect(rows(cutOff).map(\.name) == ["Café Amadeus", "Édith's Bar", "Zeitgeist", "Café Sonne"])
    }

    @Test func sortingByWalkingTimePutsThePlaceAcrossTheRiverWhereAWalkerWould() async {
        let list = list(router: Self.router())
        list.load()
        await list.idle()
        list.cycleSort()
        #expect(list.sortOrder.value == .walkingTime)
        await list.idle()
        #expect(list.title.value.hasSuffix("· by walking time"))
        #expect(rows(list).map(\.name) == ["Café Amadeus", "Café Sonne", "Zeitgeist", "Édith's Bar"],
                "by distance Édith's Bar (480 m) comes before Zeitgeist (900 m); on foot it is 2.4 km")
        list.cycleSort()
        #expect(list.sortOrder.value == .name)
    }

    @Test func withoutPathsTheListSaysDistancesAreStraightLinesAndOffersNoWalkingOrder() async {
        let list = list(router: FakeWalkingRouter(failure: .noNetwork))
        list.load()
        await list.idle()
        #expect(rows(list).allSatisfy { $0.walk == nil })
        #expect(list.walkingNote.value?.contains("straight lines") == true)
        list.cycleSort()
        #expect(list.sortOrder.value == .name, "walking time is skipped when there are none")

        let live = self.list(router: nil)
        live.load()
        await live.idle()
        #expect(live.walkingNote.value == WalkingTimes.noRouterNote)
    }

    @Test func withoutPathsTheNoteIsUpBeforeThePlacesArrive() async {
        let list = list(router: FakeWalkingRouter(failure: .noNetwork))
        await provider.hold(.page)
        list.load()
        await provider.waitUntilHeld(.page)
        _ = await list.walkingNote.next { $0 != nil }
        #expect(list.walkingNote.value == WalkingTimes.noNetworkNote)
        await provider.release(.page)
        await list.idle()
        #expect(list.walkingNote.value == WalkingTimes.noNetworkNote)
    }

    @Test func movingHereAsksAgainFromTheNewPoint() async {
        let router = FakeWalkingRouter(metres: [PlacesSamples.amadeus.coordinate: 150])
        let list = list(router: router)
        list.load()
        await list.idle()
        let moved = PlacesSamples.offset(north: 500)
        list.moveHere(to: moved)
        await list.idle()
        // Besides the one question whether there are paths at all (no targets), one search from each point.
        let calls = await router.calls.filter { $0.targets > 0 }
        #expect(calls.count == 2)
        #expect(calls.last?.from == moved)
        #expect(rows(list).first?.distance == "120 m N" || rows(list).contains { $0.distance.hasSuffix("S") },
                "distances are measured from the new point")
    }
}
