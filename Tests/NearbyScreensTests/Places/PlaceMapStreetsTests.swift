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
    static func make(images: ImagesSetting = .auto) -> (HeadlessRunner, AppCoordinator) {
        let model = StubPlaceDetail()
        var map = model.map.value
        let center = map.place.coordinate
        func at(_ north: Double, _ east: Double) -> Coordinate {
            Coordinate(latitude: center.latitude + north / 111_195, longitude: center.longitude + east / 75_000)
        }
        map.streets = [MapStreet(name: "Städtle", points: [at(0, -800), at(0, 800)]),
                       MapStreet(name: nil, points: [at(-500, 60), at(500, 60)])]
        model.map.value = map
        return StubApp.make(size: Size(width: 120, height: 40), themeSettings: ThemeSettings(images: images),
                            colorSupport: .full, pictures: images == .auto ? nil : SolidPainter()) {
            PlaceDetailView(model: model, host: $0)
        }
    }

    /// Where the terminal shows pixels (kitty, sixels), the lines are a picture under the map's text: braille
    /// until it is painted, then no braille in the box, the picture placed over the map's area, the names and
    /// markers still cells; iTerm2's pictures cover text, so there the map stays braille.
    @Test(arguments: [ImagesSetting.kitty, .sixel, .iterm2])
    func wherePixelsShowTheLinesAreAPictureUnderTheText(images: ImagesSetting) async throws {
        let (runner, coordinator) = Self.make(images: images)
        func braille() -> Int {
            runner.text().unicodeScalars.filter { (0x2801...0x28FF).contains($0.value) }.count
        }
        #expect(braille() > 20, "braille while the picture is painted")
        await (coordinator.topView as? PlaceDetailView)?.mapPainted()
        runner.renderIfNeeded()
        let placed = runner.terminal.pictures
        if images == .iterm2 {
            #expect(placed.isEmpty && braille() > 20)
            return
        }
        #expect(braille() == 0, "\(runner.text())")
        let map = try #require(placed.first)
        #expect(map.picture.belowText)
        #expect(String(decoding: map.picture.bytes, as: UTF8.self).hasPrefix("<map "))
        #expect(runner.text().contains("Städtle") && runner.text().contains("◆"))
        #expect(runner.text().components(separatedBy: "Café Amadeus").count - 1 == 2, "the title and one label")
        // Zoomed: painted again, at the new scale.
        runner.press(.character("-"))
        await (coordinator.topView as? PlaceDetailView)?.mapPainted()
        runner.renderIfNeeded()
        #expect(runner.terminal.pictures.count == 1)
        #expect(runner.terminal.pictures.first?.picture.id != map.picture.id)
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
