import Testing
@testable import TerminalView
import TerminalTestSupport

/// Pictures drawn through a terminal's graphics protocol are not cells, so the frame pipeline owns them: placed
/// once, deleted (kitty) or wiped by their cells written again (sixels) when the screen leaves them, covered by
/// an overlay, moved, cleared by ctrl-l or a resize, or cut by a too-small terminal; never left behind, never
/// over an overlay, never placed twice. The memory terminal keeps pictures as each protocol does.
@MainActor
struct GraphicsPipelineTests {
    /// A screen with a picture box, an overlay that may open over it, and a line of text that may change.
    private final class PictureScreen: TerminalApplication {
        let minimumSize = Size(width: 30, height: 10)
        let isFinished = false
        var picture: GraphicPicture?
        var box = Rect(x: 4, y: 2, width: 10, height: 4)
        var overlay: Rect?
        var status = "ready"
        func attach(to host: any ApplicationHost) {}
        func layout(size: Size, theme: Theme) {}
        func draw(into buffer: CellBuffer, theme: Theme) {
            buffer.write(status, at: Point(x: 0, y: 0), style: .plain)
            if let picture { PictureBox.draw(.placed(picture), in: buffer, rect: box, theme: theme) }
            if let overlay {
                buffer.fill(overlay)
                buffer.write("help", in: overlay, style: .plain)
            }
        }
        func handle(_ event: InputEvent) {}
    }

    private static func picture(_ graphics: GraphicsProtocol, id: String = "a") -> GraphicPicture {
        GraphicPicture(id: id, width: 10, height: 4, graphics: graphics, bytes: Array("<\(id)>".utf8))
    }

    @MainActor
    private struct Rig {
        let screen = PictureScreen()
        let presenter = FramePresenter()
        let terminal = MemoryTerminal(size: Size(width: 40, height: 12), colorSupport: .full)
        let theme = Theme.make(.full)

        func frame() { presenter.render(screen, theme: theme, to: terminal) }

        /// A full repaint, as ctrl-l, a resize or `fg` asks.
        func repaint() {
            presenter.invalidate()
            terminal.invalidateScreen()
            frame()
        }
    }

    @Test(arguments: GraphicsProtocol.allCases)
    func aPictureIsPlacedOnceAndStaysWhileNothingChanges(graphics: GraphicsProtocol) {
        let rig = Rig()
        rig.screen.picture = Self.picture(graphics)
        rig.frame()
        #expect(rig.terminal.pictures == [GraphicPlacement(origin: Point(x: 4, y: 2), picture: Self.picture(graphics))])
        let updates = rig.terminal.graphicsUpdates.count
        rig.screen.status = "still ready"
        rig.frame()
        rig.frame()
        #expect(rig.terminal.graphicsUpdates.count == updates, "a frame that leaves the picture alone says nothing")
        #expect(rig.terminal.pictures.count == 1)
    }

    @Test(arguments: GraphicsProtocol.allCases)
    func leavingTheScreenLeavesNoPictureBehind(graphics: GraphicsProtocol) {
        let rig = Rig()
        rig.screen.picture = Self.picture(graphics)
        rig.frame()
        rig.screen.picture = nil
        rig.frame()
        #expect(rig.terminal.pictures.isEmpty)
        if graphics.paintsCells {
            // Its cells were written again, which wipes a sixel: every cell of the box went out.
            #expect(rig.terminal.lastCellsWritten >= 40)
        }
    }

    @Test(arguments: GraphicsProtocol.allCases)
    func anOverlayHidesThePictureAndClosingItBringsItBackOnce(graphics: GraphicsProtocol) {
        let rig = Rig()
        rig.screen.picture = Self.picture(graphics)
        rig.frame()
        // The overlay covers one corner of the picture only.
        rig.screen.overlay = Rect(x: 12, y: 4, width: 20, height: 5)
        rig.frame()
        #expect(rig.terminal.pictures.isEmpty, "a picture is never drawn over an overlay")
        #expect(rig.terminal.screen.text().contains("help"))
        rig.screen.overlay = nil
        rig.frame()
        #expect(rig.terminal.pictures.count == 1)
    }

    @Test(arguments: GraphicsProtocol.allCases)
    func anOverlayBesideThePictureLeavesItAlone(graphics: GraphicsProtocol) {
        let rig = Rig()
        rig.screen.picture = Self.picture(graphics)
        rig.frame()
        let updates = rig.terminal.graphicsUpdates.count
        rig.screen.overlay = Rect(x: 15, y: 2, width: 20, height: 5)
        rig.frame()
        #expect(rig.terminal.pictures.count == 1)
        #expect(rig.terminal.graphicsUpdates.count == updates)
    }

    @Test(arguments: GraphicsProtocol.allCases)
    func aRepaintShowsThePictureOnceAgain(graphics: GraphicsProtocol) {
        let rig = Rig()
        rig.screen.picture = Self.picture(graphics)
        rig.frame()
        rig.repaint()
        rig.repaint()
        #expect(rig.terminal.pictures.count == 1)
        #expect(rig.terminal.graphicsUpdates.last?.clearAll == true)
    }

    @Test(arguments: GraphicsProtocol.allCases)
    func aMovedPictureIsShownOnceWhereItWent(graphics: GraphicsProtocol) {
        let rig = Rig()
        rig.screen.picture = Self.picture(graphics)
        rig.frame()
        rig.screen.box = Rect(x: 4, y: 5, width: 10, height: 4)
        rig.frame()
        #expect(rig.terminal.pictures.map(\.origin) == [Point(x: 4, y: 5)])
    }

    @Test(arguments: GraphicsProtocol.allCases)
    func aNewPictureInTheSameBoxTakesTheOldOnesPlace(graphics: GraphicsProtocol) {
        let rig = Rig()
        rig.screen.picture = Self.picture(graphics)
        rig.frame()
        rig.screen.picture = Self.picture(graphics, id: "b")
        rig.frame()
        #expect(rig.terminal.pictures.map(\.picture.id) == ["b"])
    }

    @Test(arguments: GraphicsProtocol.allCases)
    func aTerminalTooSmallShowsNoPicture(graphics: GraphicsProtocol) {
        let rig = Rig()
        rig.screen.picture = Self.picture(graphics)
        rig.frame()
        rig.terminal.size = Size(width: 20, height: 6)
        rig.repaint()
        #expect(rig.terminal.pictures.isEmpty)
        #expect(rig.terminal.screen.text().contains("Terminal too small"))
        rig.terminal.size = Size(width: 40, height: 12)
        rig.repaint()
        #expect(rig.terminal.pictures.count == 1)
    }

    @Test func aPictureCutByTheScreensEdgeIsNotPlaced() {
        let rig = Rig()
        rig.screen.picture = Self.picture(.kitty)
        rig.screen.box = Rect(x: 35, y: 2, width: 10, height: 4)
        rig.frame()
        #expect(rig.terminal.pictures.isEmpty)
    }

    @Test func rowsThatMoveWithAPictureOnScreenAreWrittenNotScrolled() {
        // A terminal scrolls a sixel's pixels with the rows (kitty's placements differently): the presenter
        // writes the rows instead, while a picture is on screen.
        final class ListWithPicture: TerminalApplication {
            let minimumSize = Size(width: 30, height: 10)
            let isFinished = false
            var first = 0
            func attach(to host: any ApplicationHost) {}
            func layout(size: Size, theme: Theme) {}
            func draw(into buffer: CellBuffer, theme: Theme) {
                for row in 0..<10 { buffer.write("row \(first + row)", at: Point(x: 0, y: row), style: .plain) }
                let picture = GraphicPicture(id: "p", width: 8, height: 3, graphics: .sixel, bytes: [])
                PictureBox.draw(.placed(picture), in: buffer, rect: Rect(x: 30, y: 1, width: 8, height: 3),
                                theme: theme)
            }
            func handle(_ event: InputEvent) {}
        }
        let app = ListWithPicture()
        let presenter = FramePresenter()
        let terminal = MemoryTerminal(size: Size(width: 40, height: 10), colorSupport: .full)
        presenter.render(app, theme: Theme.make(.full), to: terminal)
        app.first = 1
        presenter.render(app, theme: Theme.make(.full), to: terminal)
        #expect(terminal.scrolls == 0)
        #expect(terminal.pictures.count == 1)
    }

    @Test func aScrolledDocumentCarriesItsPictureAndDropsItWhenScrolledHalfOut() {
        var document = ScrolledDocument()
        let picture = GraphicPicture(id: "d", width: 6, height: 3, graphics: .kitty, bytes: [])
        document.render(width: 20, maxHeight: 40) { buffer, rect in
            buffer.write("title", at: Point(x: 0, y: 0), style: .plain)
            PictureBox.draw(.placed(picture), in: buffer, rect: Rect(x: 2, y: 2, width: 6, height: 3), theme: .make(.full))
            return 20
        }
        document.fit(visibleRows: 8)
        let screen = CellBuffer(size: Size(width: 30, height: 10))
        document.draw(in: screen, rect: Rect(x: 5, y: 1, width: 20, height: 8))
        #expect(screen.visibleGraphics == [GraphicPlacement(origin: Point(x: 7, y: 3), picture: picture)])
        document.apply(.down)
        document.apply(.down)
        document.apply(.down)
        screen.reset()
        document.draw(in: screen, rect: Rect(x: 5, y: 1, width: 20, height: 8))
        #expect(screen.visibleGraphics.isEmpty, "two of its three rows scrolled out: not shown at all")
    }
}
