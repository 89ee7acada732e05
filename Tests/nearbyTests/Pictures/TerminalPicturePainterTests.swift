import Pictures
import Testing
import TerminalView
import TestSupport
@testable import nearby

/// The app's painter: a photo comes out as cells of the box's shape in the 240 colours, or as the escape
/// sequence of the terminal's protocol in cells of the terminal's shape; a picture that cannot be shown says why
/// in a few words; and decoded pictures held for the next size stay within their bound.
@Suite("Terminal picture painter")
struct TerminalPicturePainterTests {
    static let red = TestPictures.png(width: 120, height: 120, rgba: TestPictures.pattern(width: 120, height: 120) { _, _ in
        (255, 0, 0, 255)
    })

    @Test func aSquarePhotoFillsTheBoxAsTallAsItIsWide() async throws {
        let paint = await TerminalPicturePainter().paint(key: "a", bytes: Self.red, columns: 28, rows: 14, mode: .blocks)
        guard case .cells(let picture) = paint else {
            Issue.record("expected cells, got \(paint)")
            return
        }
        #expect(picture.width == 28 && picture.height == 14)
        #expect(picture.cells.allSatisfy { $0.style.background == .indexed(196) || $0.style.foreground == .indexed(196) })
    }

    @Test(arguments: [(GraphicsProtocol.kitty, "\u{1B}_G"), (.sixel, "\u{1B}P"), (.iterm2, "\u{1B}]1337;File=")])
    func aPhotoForAProtocolIsItsEscapeSequenceInCellsOfTheTerminalsShape(graphics: GraphicsProtocol,
                                                                         start: String) async {
        // Square cells (16 × 16 pixels): a square photo takes as many rows as columns.
        let mode = PictureMode.graphics(GraphicsSupport(graphics: graphics, cell: Size(width: 16, height: 16)))
        let paint = await TerminalPicturePainter().paint(key: "a", bytes: Self.red, columns: 28, rows: 14, mode: mode)
        guard case .graphic(let picture) = paint else {
            Issue.record("expected a picture for \(graphics), got \(paint)")
            return
        }
        #expect(picture.width == 14 && picture.height == 14)
        #expect(picture.graphics == graphics)
        #expect(picture.bytes.starts(with: Array(start.utf8)))
    }

    @Test(arguments: [
        ("a truncated PNG", Array(TestPictures.png(width: 8, height: 8, rgba: TestPictures.pattern(width: 8, height: 8)).prefix(40)),
         "damaged picture"),
        ("a PNG claiming 30,000 × 30,000", TestPictures.pngClaiming(width: 30_000, height: 30_000),
         "too large (30000 × 30000 pixels)"),
        ("a GIF named .jpg", TestPictures.gifHeader, "GIF pictures are not shown"),
        ("an HTML page", Array("<html>oops</html>".utf8), "not a picture"),
    ])
    func whatCannotBeShownSaysWhy(what: String, bytes: [UInt8], reason: String) async {
        let paint = await TerminalPicturePainter().paint(key: what, bytes: bytes, columns: 20, rows: 10, mode: .blocks)
        #expect(paint == .failed(reason))
    }

    @Test func decodedPicturesHeldStayWithinTheBoundOldestOutFirst() throws {
        var held = TerminalPicturePainter.HeldPictures()
        let picture = DecodedPicture(width: 512, height: 512, rgba: [UInt8](repeating: 0, count: 512 * 512 * 4))
        for index in 0..<40 { held.keep(picture, as: "\(index)", within: TerminalPicturePainter.maxHeldBytes) }
        #expect(held.bytes <= TerminalPicturePainter.maxHeldBytes)
        #expect(held.bytes == 32 * picture.byteCount)
        #expect(held.take("0") == nil)
        #expect(held.take("39") != nil)
        // Taking one makes it the latest used: the next to go is another.
        #expect(held.take("8") != nil)
        held.keep(picture, as: "40", within: TerminalPicturePainter.maxHeldBytes)
        #expect(held.take("8") != nil)
        #expect(held.take("9") == nil)
    }
}

/// Asked for, sextants draw a disc's edges finer than quadrants can; blocks never use them.
@Suite("Sextants")
struct SextantPaintingTests {
    static let disc = TestPictures.png(width: 240, height: 240, rgba: TestPictures.pattern(width: 240, height: 240) { x, y in
        (x - 120) * (x - 120) + (y - 120) * (y - 120) < 100 * 100 ? (255, 0, 0, 255) : (0, 0, 255, 255)
    })

    static func sextants(_ paint: PicturePaint) -> Int {
        guard case .cells(let picture) = paint else { return -1 }
        return picture.cells.filter { (0x1FB00...0x1FB3B).contains($0.base.value) }.count
    }

    @Test func sextantsOnlyWhenAskedFor() async {
        let painter = TerminalPicturePainter()
        #expect(Self.sextants(await painter.paint(key: "d", bytes: Self.disc, columns: 24, rows: 12, mode: .sextants)) > 0)
        #expect(Self.sextants(await painter.paint(key: "d", bytes: Self.disc, columns: 24, rows: 12, mode: .blocks)) == 0)
    }
}
