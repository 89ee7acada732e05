import NearbyCore
import NearbyViewModels
import Testing
import TerminalTestSupport
import TerminalView
@testable import NearbyScreens

/// The detail's map with the streets around the place: drawn under the place and you, named along the longest,
/// and `+` / `-` zooming it in and out (within bounds), which the footer and the help name.
@MainActor
struct PlaceMapStreetsTests {
    static func make() -> (HeadlessRunner, AppCoordinator) {
        let model = StubPlaceDetail()
        var map = model.map.value
        let center = map.place.coordinate
        func at(_ north: Double, _ east: Double) -> Coordinate {
            Coordinate(latitude: center.latitude + north / 111_195, longitude: center.longitude + east / 75_000)
        }
        map.streets = [MapStreet(name: "Städtle", points: [at(0, -800), at(0, 800)]),
                       MapStreet(name: nil, points: [at(-500, 60), at(500, 60)])]
        model.map.value = map
        return StubApp.make(size: Size(width: 120, height: 40)) { PlaceDetailView(model: model, host: $0) }
    }

    static func scaleBar(_ runner: HeadlessRunner) -> String {
        runner.textRows().first { $0.contains("N ↑") }?.trimmingCharacters(in: .whitespaces) ?? ""
    }

    @Test func theStreetsAreOnTheMapAndPlusAndMinusZoomIt() throws {
        let (runner, coordinator) = Self.make()
        #expect(runner.text().contains("Städtle"))
        #expect(runner.textRows().last?.contains("+- zoom map") == true)
        let fitted = Self.scaleBar(runner)
        runner.press(.character("-"))
        runner.renderIfNeeded()
        let out = Self.scaleBar(runner)
        #expect(out != fitted, "zoomed out, the scale bar counts farther")
        runner.press(.character("+"), .character("+"))
        runner.renderIfNeeded()
        let view = try #require(coordinator.topView as? PlaceDetailView)
        #expect(view.mapZoom == -1)
        #expect(Self.scaleBar(runner) != fitted && Self.scaleBar(runner) != out)
        runner.press(.character("?"))
        runner.renderIfNeeded()
        #expect(runner.text().contains("zoom the map in") && runner.text().contains("zoom the map out"))
        runner.press(.escape)
        // Bounded: ten more steps in stop at the closest zoom, where only zooming out is offered.
        for _ in 0..<10 { runner.press(.character("=")) }
        #expect(view.mapZoom == PlaceDetailView.mapZooms.lowerBound)
        runner.press(.character("?"))
        runner.renderIfNeeded()
        #expect(!runner.text().contains("zoom the map in") && runner.text().contains("zoom the map out"))
    }
}
