import NearbyCore
import NearbyViewModels
import Testing
import TerminalTestSupport
import TerminalView
@testable import NearbyScreens

/// Home's hot pick shows its place's picture beside the pager where the terminal leaves room; none where it does
/// not, or the pick has no picture.
@MainActor
struct HomeHotPickPictureTests {
    static func make(width: Int, picture: RemotePicture?) async -> HeadlessRunner {
        let model = StubHome()
        model.thumbnails = PlaceThumbnails(fetcher: EveryPictureFetcher())
        model.hotPicks.value = HotPicksState(content: .loaded([
            HotPick(id: PlaceID(source: .osm, sourceID: "n1"), category: .cafe,
                    text: "Café Amann · café · 120 m NE · open until 18:00", picture: picture),
        ]))
        let (runner, coordinator) = StubApp.make(size: Size(width: width, height: 24), colorSupport: .full,
                                                 pictures: SolidPainter()) {
            HomeView(model: model, isRoot: true, host: $0)
        }
        runner.renderIfNeeded()
        await model.thumbnails?.idle()
        runner.renderIfNeeded()
        await (coordinator.topView as? HomeView)?.hotPickSlots?.painting()
        runner.renderIfNeeded()
        return runner
    }

    static func pictureCells(_ runner: HeadlessRunner) -> [Point] {
        (0..<runner.lastFrame.size.height).flatMap { y in
            (0..<runner.lastFrame.size.width).filter { runner.lastFrame[$0, y].base == "▀" }.map { Point(x: $0, y: y) }
        }
    }

    @Test func aWideHomeShowsThePicksPictureBesideThePager() async {
        let runner = await Self.make(width: 140, picture: .commons("Cafe Amann.jpg"))
        let cells = Self.pictureCells(runner)
        #expect(!cells.isEmpty)
        #expect(cells.allSatisfy { $0.x > HomeView.widestRow }, "beside the pager, never over it")
        let pager = runner.textRows().first { $0.contains("Café Amann") } ?? ""
        #expect(pager.contains("open until 18:00"))
    }

    @Test(arguments: [(80, true), (140, false)])
    func noPictureWithoutRoomOrWithoutOne(width: Int, hasPicture: Bool) async {
        let runner = await Self.make(width: width, picture: hasPicture ? .commons("Cafe Amann.jpg") : nil)
        #expect(Self.pictureCells(runner).isEmpty)
    }
}
