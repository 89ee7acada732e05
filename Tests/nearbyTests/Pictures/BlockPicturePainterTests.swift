import Pictures
import Testing
import TerminalView
import TestSupport
@testable import nearby

/// The app's painter: a photo comes out as cells of the box's shape in the 240 colours; a picture that cannot
/// be shown says why in a few words; and decoded pictures held for the next size stay within their bound.
@Suite("Block picture painter")
struct BlockPicturePainterTests {
    static let red = TestPictures.png(width: 120, height: 120, rgba: TestPictures.pattern(width: 120, height: 120) { _, _ in
        (255, 0, 0, 255)
    })

    @Test func aSquarePhotoFillsTheBoxAsTallAsItIsWide() async throws {
        let paint = await BlockPicturePainter().paint(key: "a", bytes: Self.red, columns: 28, rows: 14)
        guard case .cells(let picture) = paint else {
            Issue.record("expected cells, got \(paint)")
            return
        }
        #expect(picture.width == 28 && picture.height == 14)
        #expect(picture.cells.allSatisfy { $0.style.background == .indexed(196) || $0.style.foreground == .indexed(196) })
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
        let paint = await BlockPicturePainter().paint(key: what, bytes: bytes, columns: 20, rows: 10)
        #expect(paint == .failed(reason))
    }

    @Test func decodedPicturesHeldStayWithinTheBoundOldestOutFirst() throws {
        var held = BlockPicturePainter.HeldPictures()
        let picture = DecodedPicture(width: 512, height: 512, rgba: [UInt8](repeating: 0, count: 512 * 512 * 4))
        for index in 0..<40 { held.keep(picture, as: "\(index)", within: BlockPicturePainter.maxHeldBytes) }
        #expect(held.bytes <= BlockPicturePainter.maxHeldBytes)
        #expect(held.bytes == 32 * picture.byteCount)
        #expect(held.take("0") == nil)
        #expect(held.take("39") != nil)
        // Taking one makes it the latest used: the next to go is another.
        #expect(held.take("8") != nil)
        held.keep(picture, as: "40", within: BlockPicturePainter.maxHeldBytes)
        #expect(held.take("8") != nil)
        #expect(held.take("9") == nil)
    }
}
