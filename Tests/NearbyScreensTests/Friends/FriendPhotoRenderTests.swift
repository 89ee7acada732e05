import Locking
import NearbyViewModels
import Testing
import TerminalTestSupport
import TerminalView
@testable import NearbyScreens

/// A painter that paints every picture as `width` × `height` cells of one colour (or, for a graphics protocol,
/// as a stand-in sequence naming it) and records what it was asked.
final class SolidPainter: PicturePainting {
    let asked = Locked<[String]>([])
    let failure: String?

    init(failure: String? = nil) { self.failure = failure }

    func paint(key: String, bytes: [UInt8], columns: Int, rows: Int, mode: PictureMode) async -> PicturePaint {
        asked.withLock { $0.append("\(key) \(columns)x\(rows)") }
        if let failure { return .failed(failure) }
        if case .graphics(let support) = mode {
            return .graphic(GraphicPicture(id: key, width: columns, height: rows, graphics: support.graphics,
                                           bytes: Array("<\(key)>".utf8)))
        }
        let cell = Cell(scalar: "▀", style: Style(foreground: .indexed(196), background: .indexed(21)), width: 1)
        return .cells(CellPicture(width: columns, height: rows, cells: Array(repeating: cell, count: columns * rows)))
    }

    /// Pictures made in pixels (the map): drawn, and named by how many pixels are not transparent.
    func paint(key: String, raster: @escaping @Sendable () -> RasterImage, columns: Int, rows: Int,
               mode: PictureMode) async -> PicturePaint {
        asked.withLock { $0.append("raster \(columns)x\(rows)") }
        guard case .graphics(let support) = mode else { return .failed("no pixels") }
        let image = raster()
        let opaque = stride(from: 3, to: image.rgba.count, by: 4).filter { image.rgba[$0] != 0 }.count
        return .graphic(GraphicPicture(id: key, width: columns, height: rows, graphics: support.graphics,
                                       bytes: Array("<map \(image.width)x\(image.height) \(opaque)>".utf8), belowText: true))
    }
}

/// The friend's photo on the detail screen: beside the lines when the screen is wide, above them when narrow,
/// a spinner while it loads, one short reason and `r` when it fails, and no box at all without a photo or
/// where the app draws no pictures.
@MainActor
struct FriendPhotoRenderTests {
    static let lines: FriendDetailContent = .friend([FriendDetailLine(label: "Name", value: "Anna Beck"),
                                                     FriendDetailLine(label: "Phone", value: "+41 79 555 01 01")])

    static func make(_ model: StubFriendDetail, size: Size = Size(width: 100, height: 30),
                     painter: SolidPainter = SolidPainter(), images: ImagesSetting = .auto,
                     colorSupport: ColorSupport = .full) -> HeadlessRunner {
        StubApp.make(size: size, themeSettings: ThemeSettings(images: images), colorSupport: colorSupport,
                     pictures: painter) { FriendDetailView(model: model, host: $0) }.runner
    }

    /// The columns of row `y` whose cell is the painted picture's.
    static func pictureColumns(_ runner: HeadlessRunner, row y: Int) -> [Int] {
        (0..<runner.lastFrame.size.width).filter { runner.lastFrame[$0, y].base == "▀" }
    }

    @Test func aWideScreenShowsThePhotoBesideTheLines() async throws {
        let model = StubFriendDetail(content: Self.lines)
        model.photo.value = .loaded(key: "friend:1:a", bytes: [1, 2, 3])
        let painter = SolidPainter()
        let (runner, coordinator) = StubApp.make(size: Size(width: 100, height: 30),
                                                 themeSettings: ThemeSettings(), colorSupport: .full,
                                                 pictures: painter) { FriendDetailView(model: model, host: $0) }
        // The first frame never waits for the picture: the lines are there, the box says it is coming.
        #expect(runner.textRows()[2].contains("Anna Beck"))
        #expect(runner.text().contains("picture"))
        await (coordinator.topView as? FriendDetailView)?.photoPainted()
        runner.renderIfNeeded()
        // 28 columns at the right edge (one column of margin), 14 rows from the first line down.
        #expect(Self.pictureColumns(runner, row: 2) == Array(71..<99))
        #expect(Self.pictureColumns(runner, row: 15) == Array(71..<99))
        #expect(Self.pictureColumns(runner, row: 16).isEmpty)
        #expect(runner.lastFrame[71, 2].style.background == .indexed(21))
        #expect(runner.textRows()[3].contains("+41 79 555 01 01"))
        #expect(painter.asked.withLock { $0 } == ["friend:1:a 28x14"])
    }

    @Test func aNarrowScreenShowsThePhotoAboveTheLines() async throws {
        let model = StubFriendDetail(content: Self.lines)
        model.photo.value = .loaded(key: "friend:1:a", bytes: [1, 2, 3])
        let (runner, coordinator) = StubApp.make(size: Size(width: 50, height: 30), themeSettings: ThemeSettings(),
                                                 colorSupport: .full, pictures: SolidPainter()) {
            FriendDetailView(model: model, host: $0)
        }
        await (coordinator.topView as? FriendDetailView)?.photoPainted()
        runner.renderIfNeeded()
        #expect(Self.pictureColumns(runner, row: 2) == Array(2..<18))
        #expect(Self.pictureColumns(runner, row: 9) == Array(2..<18))
        #expect(runner.textRows()[11].contains("Anna Beck"))
    }

    @Test func aResizePaintsThePictureAgainAtTheNewSize() async throws {
        let model = StubFriendDetail(content: Self.lines)
        model.photo.value = .loaded(key: "friend:1:a", bytes: [1, 2, 3])
        let painter = SolidPainter()
        let (runner, coordinator) = StubApp.make(size: Size(width: 100, height: 30), themeSettings: ThemeSettings(),
                                                 colorSupport: .full, pictures: painter) {
            FriendDetailView(model: model, host: $0)
        }
        await (coordinator.topView as? FriendDetailView)?.photoPainted()
        runner.resize(to: Size(width: 50, height: 30))
        await (coordinator.topView as? FriendDetailView)?.photoPainted()
        runner.renderIfNeeded()
        #expect(painter.asked.withLock { $0 } == ["friend:1:a 28x14", "friend:1:a 16x8"])
        // Nothing of the wide picture is left on the narrow screen.
        #expect((0..<30).allSatisfy { Self.pictureColumns(runner, row: $0).allSatisfy { $0 < 18 } })
    }

    @Test func aPictureThatCannotBeShownSaysWhyAndRRetries() async throws {
        let model = StubFriendDetail(content: Self.lines)
        model.photo.value = .loaded(key: "friend:1:a", bytes: [1, 2, 3])
        let painter = SolidPainter(failure: "damaged picture")
        let (runner, coordinator) = StubApp.make(size: Size(width: 100, height: 30), themeSettings: ThemeSettings(),
                                                 colorSupport: .full, pictures: painter) {
            FriendDetailView(model: model, host: $0)
        }
        await (coordinator.topView as? FriendDetailView)?.photoPainted()
        runner.renderIfNeeded()
        #expect(runner.text().contains("✗ could not show the pi"))
        #expect(runner.text().contains("r retry"))
        // The lines are all there; only the box failed.
        #expect(runner.textRows()[3].contains("+41 79 555 01 01"))
        runner.press(.character("r"))
        await (coordinator.topView as? FriendDetailView)?.photoPainted()
        #expect(model.calls.contains("retryPhoto"))
        #expect(painter.asked.withLock { $0 }.count == 2)
    }

    @Test func aPhotoThatCouldNotBeReadSaysWhy() {
        let model = StubFriendDetail(content: Self.lines)
        model.photo.value = .failed("the store could not read it")
        let runner = Self.make(model)
        #expect(runner.text().contains("✗ could not show the pi"))
        runner.press(.character("r"))
        #expect(model.calls == ["retryPhoto"])
    }

    @Test func noPhotoNoPicturesOrNoRoomDrawsNoBox() {
        let model = StubFriendDetail(content: Self.lines)
        model.photo.value = .loaded(key: "friend:1:a", bytes: [1, 2, 3])
        for runner in [Self.make(model, images: .off),
                       // NO_COLOR, TERM=linux: fewer than 256 colours, so auto draws none.
                       Self.make(model, colorSupport: .eight),
                       Self.make(model, size: Size(width: 40, height: 10))] {
            #expect(!runner.text().contains("picture"))
            #expect(runner.textRows()[2].contains("Anna Beck"))
        }
        let without = StubFriendDetail(content: Self.lines)
        let runner = Self.make(without)
        #expect(!runner.text().contains("picture"))
        #expect(runner.textRows()[2].hasPrefix("  Name    Anna Beck"))
    }

    @Test func blocksAreDrawnWhenAskedWhateverTheTerminalSays() {
        let model = StubFriendDetail(content: Self.lines)
        model.photo.value = .loaded(key: "friend:1:a", bytes: [1, 2, 3])
        let runner = Self.make(model, images: .blocks, colorSupport: .eight)
        #expect(runner.text().contains("picture"))
    }
}
