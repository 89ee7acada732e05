import Pictures
import Testing
import TestSupport

/// Pictures as the escape sequences of the terminals' graphics protocols, written by libchafa and read back with
/// the tests' own decoders (`GraphicsDecoders`): each protocol's pixels are the source picture's, within a
/// tolerance, at the size of the cells asked for.
@Suite("Picture escape sequences")
struct PictureEscapeTests {
    /// Four quadrants: red, green / blue, white.
    static let quadrants = PictureGridTests.quadrants

    /// The mean distance per channel between `decoded` and the source scaled to its size, sampled at the centre
    /// of each quadrant's inner half (the edges between quadrants are blended by any scaler).
    static func quadrantColours(_ decoded: DecodedPicture) -> [(UInt8, UInt8, UInt8)] {
        [(1, 1), (3, 1), (1, 3), (3, 3)].map { qx, qy in
            let pixel = decoded.pixel(x: decoded.width * qx / 4, y: decoded.height * qy / 4)
            return (pixel.red, pixel.green, pixel.blue)
        }
    }

    static func close(_ a: (UInt8, UInt8, UInt8), _ b: (UInt8, UInt8, UInt8), within tolerance: Int) -> Bool {
        abs(Int(a.0) - Int(b.0)) <= tolerance && abs(Int(a.1) - Int(b.1)) <= tolerance
            && abs(Int(a.2) - Int(b.2)) <= tolerance
    }

    static let expected: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)]

    @Test(arguments: [(PictureEscape.Kind.kitty, 0), (.sixel, 8), (.iterm2, 0)])
    func eachProtocolsPixelsAreThePictures(kind: PictureEscape.Kind, tolerance: Int) throws {
        // 8 × 4 cells of 10 × 20 pixels: an 80 × 80 picture.
        let bytes = try PictureEscape.encode(Self.quadrants, columns: 8, rows: 4, cellWidth: 10, cellHeight: 20,
                                             as: kind)
        let decoded: DecodedPicture? = switch kind {
        case .kitty: GraphicsDecoders.kitty(bytes)
        case .sixel: GraphicsDecoders.sixel(bytes)
        case .iterm2: GraphicsDecoders.iterm2(bytes)
        }
        let picture = try #require(decoded, "\(kind)'s sequence could not be read back")
        #expect(picture.width == 80, "\(kind)")
        // Sixels come in bands of six pixel rows: within one band of the cells' height.
        #expect((75...80).contains(picture.height), "\(kind)")
        for (got, want) in zip(Self.quadrantColours(picture), Self.expected) {
            #expect(Self.close(got, want, within: tolerance), "\(kind): \(got) for \(want)")
        }
    }

    @Test func aPhotographLikePictureComesBackWithinATolerance() throws {
        // A smooth gradient with a disc, as a photo has: sixels quantise it to a palette, kitty keeps it.
        let side = 120
        let source = DecodedPicture(width: side, height: side, rgba: TestPictures.pattern(width: side, height: side) { x, y in
            let inside = (x - 60) * (x - 60) + (y - 60) * (y - 60) < 900
            return inside ? (250, 220, 30, 255) : (UInt8(x * 2), UInt8(y * 2), 128, 255)
        })
        for (kind, tolerance) in [(PictureEscape.Kind.kitty, 12.0), (.sixel, 20.0)] {
            let bytes = try PictureEscape.encode(source, columns: 12, rows: 6, cellWidth: 10, cellHeight: 20, as: kind)
            let decoded = try #require(kind == .kitty ? GraphicsDecoders.kitty(bytes) : GraphicsDecoders.sixel(bytes))
            let scaled = try PictureCodec.fit(source, maxSide: decoded.width)
            var total = 0.0, count = 0.0
            for y in 0..<min(decoded.height, scaled.height) {
                for x in 0..<min(decoded.width, scaled.width) {
                    let a = decoded.pixel(x: x, y: y), b = scaled.pixel(x: x, y: y)
                    total += Double(abs(Int(a.red) - Int(b.red)) + abs(Int(a.green) - Int(b.green))
                                    + abs(Int(a.blue) - Int(b.blue))) / 3
                    count += 1
                }
            }
            #expect(total / count < tolerance, "\(kind): mean error \(total / count)")
        }
    }

    @Test func noRoomOrNoCellsIsNotAPicture() {
        #expect(throws: PictureFailure.notAPicture) {
            try PictureEscape.encode(Self.quadrants, columns: 0, rows: 4, cellWidth: 10, cellHeight: 20, as: .kitty)
        }
        #expect(throws: PictureFailure.notAPicture) {
            try PictureEscape.encode(Self.quadrants, columns: 4, rows: 4, cellWidth: 0, cellHeight: 20, as: .sixel)
        }
    }
}
