import NearbyViewModels
import Testing
import TerminalTestSupport
import TerminalView
@testable import NearbyScreens

/// A place's picture on its detail: beside the facts, above the map, from 100 columns; above the facts on a
/// narrower screen; a failure in a few words with the key that tries again; no box without a picture.
@MainActor
struct PlacePictureRenderTests {
    static func make(_ model: StubPlaceDetail, width: Int, painter: SolidPainter = SolidPainter(),
                     images: ImagesSetting = .auto) -> (HeadlessRunner, AppCoordinator) {
        StubApp.make(size: Size(width: width, height: 36), themeSettings: ThemeSettings(images: images),
                     colorSupport: .full, pictures: painter) { PlaceDetailView(model: model, host: $0) }
    }

    /// In a graphics protocol the picture is placed, from inside the scrolled body, where the blocks would be; the
    /// help over it takes it off the terminal, and closing the help puts it back once.
    @Test(arguments: [ImagesSetting.kitty, .sixel])
    func inAGraphicsProtocolThePictureIsPlacedAndTheHelpTakesItOff(images: ImagesSetting) async {
        let model = StubPlaceDetail()
        model.picture.value = .loaded(key: "place:x", bytes: [1])
        let (runner, coordinator) = Self.make(model, width: 120, images: images)
        await (coordinator.topView as? PlaceDetailView)?.picturePainted()
        await (coordinator.topView as? PlaceDetailView)?.mapPainted()
        runner.renderIfNeeded()
        // The picture, and the map's lines as a picture of their own.
        let placed = runner.terminal.pictures
        #expect(placed.count == 2)
        #expect(placed.filter { $0.picture.id == "place:x" }.count == 1)
        #expect((placed.first { $0.picture.id == "place:x" }?.origin.x ?? 0) > 60, "in the right column")
        #expect(Self.pictureRows(runner).isEmpty, "no blocks")
        runner.press(.character("?"))
        runner.renderIfNeeded()
        #expect(runner.terminal.pictures.isEmpty)
        runner.press(.escape)
        runner.renderIfNeeded()
        #expect(runner.terminal.pictures == placed)
    }

    static func pictureRows(_ runner: HeadlessRunner) -> [Int] {
        (0..<runner.lastFrame.size.height).filter { y in
            (0..<runner.lastFrame.size.width).contains { runner.lastFrame[$0, y].base == "▀" }
        }
    }

    static func pictureColumns(_ runner: HeadlessRunner, row: Int) -> [Int] {
        (0..<runner.lastFrame.size.width).filter { runner.lastFrame[$0, row].base == "▀" }
    }

    @Test func wideThePictureIsBesideTheFactsAboveTheMap() async {
        let model = StubPlaceDetail()
        model.picture.value = .loaded(key: "place:x", bytes: [1])
        let (runner, coordinator) = Self.make(model, width: 120)
        #expect(runner.text().contains("picture"))
        await (coordinator.topView as? PlaceDetailView)?.picturePainted()
        runner.renderIfNeeded()
        let rows = Self.pictureRows(runner)
        // A third of the 33 rows the body has, at most 12.
        #expect(rows.count == 10)
        let first = rows.first ?? 0
        // In the right column (2/5 of the body), the facts still on the left of the same rows.
        #expect(Self.pictureColumns(runner, row: first).first ?? 0 > 60)
        #expect(runner.textRows()[first].contains("Category"))
        // The map starts below the picture.
        let mapRow = runner.textRows().firstIndex { $0.contains("you") } ?? 0
        #expect(mapRow > rows.last ?? 0)
    }

    @Test func narrowThePictureIsAboveTheFacts() async {
        let model = StubPlaceDetail()
        model.picture.value = .loaded(key: "place:x", bytes: [1])
        let (runner, coordinator) = Self.make(model, width: 80)
        await (coordinator.topView as? PlaceDetailView)?.picturePainted()
        runner.renderIfNeeded()
        let rows = Self.pictureRows(runner)
        #expect(rows.count == 10)
        let category = runner.textRows().firstIndex { $0.contains("Category") } ?? 0
        #expect(category > rows.last ?? 0)
    }

    @Test func aFailureSaysWhyAndRFetchesAgain() {
        let model = StubPlaceDetail()
        model.picture.value = .failed("the picture's server took too long")
        let (runner, _) = Self.make(model, width: 120)
        #expect(runner.text().contains("✗ could not show the picture"))
        #expect(runner.text().contains("the picture's server took too long"))
        #expect(runner.text().contains("r retry"))
        runner.press(.character("r"))
        #expect(model.calls.contains("refresh"))
    }

    @Test func theCreditIsUnderThePicture() async {
        let model = StubPlaceDetail()
        model.picture.value = .loaded(key: "place:x", bytes: [1])
        model.pictureCredit = "Photo: Anna Beck"
        let (runner, coordinator) = Self.make(model, width: 120)
        await (coordinator.topView as? PlaceDetailView)?.picturePainted()
        runner.renderIfNeeded()
        let rows = Self.pictureRows(runner)
        #expect(rows.count == 9)
        let creditRow = runner.textRows().firstIndex { $0.contains("Photo: Anna Beck") }
        #expect(creditRow == (rows.last ?? 0) + 1)
    }

    @Test func onlyAScreenThatDrawsPicturesAsksForThePicture() {
        let drawing = StubPlaceDetail()
        _ = Self.make(drawing, width: 120)
        #expect(drawing.calls.contains("showPicture"))
        let plain = StubPlaceDetail()
        _ = StubApp.make(size: Size(width: 120, height: 36), themeSettings: ThemeSettings(), colorSupport: .eight,
                         pictures: SolidPainter()) { PlaceDetailView(model: plain, host: $0) }
        #expect(!plain.calls.contains("showPicture"))
    }

    @Test func noPictureNoBox() {
        let model = StubPlaceDetail()
        let (runner, _) = Self.make(model, width: 120)
        #expect(!runner.text().contains("picture"))
        #expect(Self.pictureRows(runner).isEmpty)
    }
}
