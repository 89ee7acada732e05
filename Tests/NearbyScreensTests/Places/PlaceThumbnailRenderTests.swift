import NearbyCore
import NearbyViewModels
import Testing
import TerminalTestSupport
import TerminalView
@testable import NearbyScreens

/// The detailed rows' thumbnails: a column of 4 × 2 cells at the left of every row, the picture in it where the
/// place has one (fetched for the rows in view only), the columns of the row beside it; none in the compact
/// layout, where pictures are off, or without a fetcher.
@MainActor
struct PlaceThumbnailRenderTests {
    static func make(layout: PlacesLayout, images: ImagesSetting = .auto, fetcher: Bool = true)
        -> (HeadlessRunner, StubPlacesList, AppCoordinator) {
        let model = StubPlacesList(count: 40)
        model.pictured = [0, 2, 30]
        model.layout.value = layout
        if fetcher { model.thumbnails = PlaceThumbnails(fetcher: EveryPictureFetcher()) }
        let (runner, coordinator) = StubApp.make(size: Size(width: 100, height: 24),
                                                 themeSettings: ThemeSettings(images: images), colorSupport: .full,
                                                 pictures: SolidPainter()) {
            PlacesListView(model: model, isRoot: true, host: $0)
        }
        return (runner, model, coordinator)
    }

    static func settle(_ runner: HeadlessRunner, _ model: StubPlacesList, _ coordinator: AppCoordinator) async {
        runner.renderIfNeeded()
        await model.thumbnails?.idle()
        runner.renderIfNeeded()
        await (coordinator.topView as? PlacesListView)?.thumbnailsPainted()
        runner.renderIfNeeded()
    }

    @Test func detailedRowsShowTheirPlacesThumbnailsAtTheLeft() async {
        let (runner, model, coordinator) = Self.make(layout: .detailed)
        await Self.settle(runner, model, coordinator)
        let rows = runner.textRows()
        // Row 0 (lines 1–2) and row 2 (lines 5–6) have pictures: 4 × 2 painted cells in columns 1–4.
        for y in [1, 2, 5, 6] {
            #expect((1...4).allSatisfy { runner.lastFrame[$0, y].base == "▀" }, "line \(y): \(rows[y])")
        }
        // Row 1 has none: its column is blank, its name where every row's is.
        #expect(!(1...4).contains { runner.lastFrame[$0, 3].base == "▀" })
        let nameColumn = rows[1].range(of: "Place 0").map { rows[1].distance(from: rows[1].startIndex, to: $0.lowerBound) }
        let otherColumn = rows[3].range(of: "Place 1").map { rows[3].distance(from: rows[3].startIndex, to: $0.lowerBound) }
        #expect(nameColumn != nil && nameColumn == otherColumn)
        #expect((nameColumn ?? 0) >= PlacesListView.thumbnailColumn)
        // Only the rows in view were fetched: not row 30's.
        #expect(model.thumbnails?.state(of: .commons("Place 30.jpg")) == .loading)
    }

    @Test(arguments: [(PlacesLayout.compact, ImagesSetting.auto, true), (.detailed, .off, true), (.detailed, .auto, false)])
    func noThumbnailColumn(layout: PlacesLayout, images: ImagesSetting, fetcher: Bool) async {
        let (runner, model, coordinator) = Self.make(layout: layout, images: images, fetcher: fetcher)
        await Self.settle(runner, model, coordinator)
        #expect(!runner.text().contains("▀"))
        // The name where it always was, no column before it.
        let row = runner.textRows()[1]
        let nameColumn = row.range(of: "Place 0").map { row.distance(from: row.startIndex, to: $0.lowerBound) }
        #expect(nameColumn == PlaceRowLayout.gutter, "\(row)")
        #expect(model.thumbnails?.state(of: .commons("Place 0.jpg")) ?? .loading == .loading, "nothing fetched")
    }

    @Test func inAGraphicsProtocolEachThumbnailIsPlacedAndMovesWithItsRow() async {
        let (runner, model, coordinator) = Self.make(layout: .detailed, images: .kitty)
        await Self.settle(runner, model, coordinator)
        #expect(runner.terminal.pictures.map(\.origin) == [Point(x: 1, y: 1), Point(x: 1, y: 5)])
        // Down twice moves the selection only; the pictures stay where they are, placed once.
        runner.press(.down)
        runner.renderIfNeeded()
        #expect(runner.terminal.pictures.count == 2)
    }
}
