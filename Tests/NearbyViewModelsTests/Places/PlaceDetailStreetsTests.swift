import Foundation
import NearbyCore
import Testing
@testable import NearbyViewModels

/// A router with streets around any point: two, one of them with a hostile name.
private actor StreetsRouter: WalkingRouter {
    private(set) var asked: [(center: Coordinate, metres: Double)] = []

    func walks(from start: Coordinate, to targets: [Coordinate]) async throws(RoutingError) -> [WalkEstimate?] {
        targets.map { _ in nil }
    }

    func route(from start: Coordinate, to end: Coordinate) async throws(RoutingError) -> WalkRoute? { nil }

    func streets(around center: Coordinate, within metres: Double) async throws(RoutingError) -> [MapStreet] {
        asked.append((center, metres))
        return [MapStreet(name: "Städtle", points: [center, PlacesSamples.offset(north: 100)]),
                MapStreet(name: "Evil\u{1B}[2J", points: [center, PlacesSamples.offset(north: -100)])]
    }
}

/// The detail's map gets the streets around the place from the walking network, once, never shown as loading;
/// a router without a network of its own (the default) gives none, and the map is as before.
@MainActor
struct PlaceDetailStreetsTests {
    @Test func theStreetsAroundThePlaceAreOnTheMapWithSafeNames() async {
        let router = StreetsRouter()
        let model = PlaceDetailWalkTests().detail(router: router)
        model.load()
        await model.idle()
        #expect(model.map.value.streets.count == 2)
        #expect(model.map.value.streetLines.map(\.name) == ["Städtle", "Evil\u{FFFD}[2J"])
        let asked = await router.asked
        #expect(asked.count == 1)
        #expect(asked.first?.center == PlacesSamples.amadeus.coordinate)
        #expect(asked.first?.metres == PlaceDetailViewModel.streetsRadius)
        #expect(!model.isLoading.value)
    }

    @Test func aRouterWithoutANetworkOfItsOwnGivesNoStreets() async {
        let model = PlaceDetailWalkTests().detail(router: FixedRouteRouter(route: PlaceDetailWalkTests.route))
        model.load()
        await model.idle()
        #expect(model.map.value.streets.isEmpty)
    }
}
