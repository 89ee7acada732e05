import Pictures
import Testing
import TestSupport

/// Decoding through the system's libraries: each format read back as made, scaled as asked, and every hostile
/// picture refused with a short reason before it costs memory.
@Suite("Picture codec")
struct PictureCodecTests {
    static let width = 64, height = 48
    static let pixels = TestPictures.pattern(width: width, height: height)

    /// The largest difference of any channel between two pictures of one size.
    static func largestDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
        zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    /// The mean difference per channel.
    static func meanDifference(_ a: [UInt8], _ b: [UInt8]) -> Double {
        Double(zip(a, b).map { abs(Int($0) - Int($1)) }.reduce(0, +)) / Double(max(1, a.count))
    }

    @Test("a PNG is read back pixel for pixel")
    func readsPNG() throws {
        let picture = try PictureCodec.decode(TestPictures.png(width: Self.width, height: Self.height, rgba: Self.pixels))
        #expect(picture.width == Self.width && picture.height == Self.height)
        #expect(picture.rgba == Self.pixels)
    }

    @Test("a lossless WebP is read back pixel for pixel")
    func readsWebP() throws {
        let webp = try #require(TestPictures.webp(width: Self.width, height: Self.height, rgba: Self.pixels))
        let picture = try PictureCodec.decode(webp)
        #expect(picture.width == Self.width && picture.height == Self.height)
        #expect(picture.rgba == Self.pixels)
    }

    @Test("a JPEG comes back close to what was encoded")
    func jpegRoundTrip() throws {
        let source = DecodedPicture(width: Self.width, height: Self.height, rgba: Self.pixels)
        let jpeg = try PictureCodec.jpeg(source, quality: 90)
        #expect(PictureCodec.formatName(of: jpeg) == "JPEG")
        let back = try PictureCodec.decode(jpeg)
        #expect(back.width == Self.width && back.height == Self.height)
        #expect(Self.meanDifference(back.rgba, Self.pixels) < 4)
    }

    @Test("a large JPEG is decoded at the smallest scale that still covers the size asked")
    func scalesLargeJPEGWhileDecoding() throws {
        let source = DecodedPicture(width: 2000, height: 1000, rgba: TestPictures.pattern(width: 2000, height: 1000))
        let jpeg = try PictureCodec.jpeg(source)
        let picture = try PictureCodec.decode(jpeg, fitting: 512)
        // libjpeg-turbo's scales are eighths: 2000 × 3/8 = 750 is the smallest that covers 512 (1/4 gives 500).
        #expect(picture.width == 750 && picture.height == 375)
        #expect(try PictureCodec.decode(jpeg).width == 2000)
    }

    @Test("fitting averages the pixels it joins and keeps the shape; a small picture is left as it is")
    func fitAverages() throws {
        let checker = DecodedPicture(width: 4, height: 2, rgba: TestPictures.pattern(width: 4, height: 2) { x, _ in
            x % 2 == 0 ? (200, 0, 100, 255) : (0, 100, 200, 255)
        })
        let fitted = try PictureCodec.fit(checker, maxSide: 2)
        #expect(fitted.width == 2 && fitted.height == 1)
        #expect(fitted.pixel(x: 0, y: 0) == (100, 50, 150, 255))
        #expect(try PictureCodec.fit(checker, maxSide: 4) == checker)
    }

    @Test("a transparent pixel lends no colour to the pixel it is joined into")
    func fitIgnoresTransparentColour() throws {
        let half = DecodedPicture(width: 2, height: 1, rgba: [255, 255, 255, 0, 10, 20, 30, 255])
        let fitted = try PictureCodec.fit(half, maxSide: 1)
        #expect(fitted.pixel(x: 0, y: 0) == (10, 20, 30, 127))
    }

    @Test("a truncated JPEG is refused as damaged")
    func truncatedJPEG() throws {
        let jpeg = try PictureCodec.jpeg(DecodedPicture(width: Self.width, height: Self.height, rgba: Self.pixels))
        #expect(throws: PictureFailure.self) { try PictureCodec.decode(Array(jpeg.prefix(jpeg.count / 2))) }
        do {
            _ = try PictureCodec.decode(Array(jpeg.prefix(jpeg.count / 2)))
        } catch {
            guard case .damaged = error else { Issue.record("expected damaged, got \(error)"); return }
            #expect(error.words == "damaged picture")
        }
    }

    @Test("a PNG whose header claims 30,000 × 30,000 pixels is refused before anything is allocated")
    func hugePNGHeader() {
        #expect(throws: PictureFailure.tooLarge(width: 30_000, height: 30_000)) {
            try PictureCodec.decode(TestPictures.pngClaiming(width: 30_000, height: 30_000))
        }
        #expect(PictureFailure.tooLarge(width: 30_000, height: 30_000).words == "too large (30000 × 30000 pixels)")
    }

    /// libjpeg keeps a progressive picture's coefficients at full size whatever the scale it decodes at: a
    /// header claiming 39,000 × 39,000 is refused even when a scale would bring it within the bound.
    @Test("a JPEG whose header claims 39,000 × 39,000 pixels is refused, scaled or not")
    func hugeJPEGHeader() throws {
        var jpeg = try PictureCodec.jpeg(DecodedPicture(width: 16, height: 16, rgba: TestPictures.pattern(width: 16, height: 16)))
        // The start of frame (FF C0): length (2), precision (1), then height and width, big-endian.
        let frame = try #require((0..<(jpeg.count - 1)).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
        for (offset, byte) in [UInt8(39_000 >> 8), UInt8(39_000 & 0xFF), UInt8(39_000 >> 8), UInt8(39_000 & 0xFF)].enumerated() {
            jpeg[frame + 5 + offset] = byte
        }
        #expect(throws: PictureFailure.tooLarge(width: 39_000, height: 39_000)) { try PictureCodec.decode(jpeg, fitting: 512) }
        #expect(throws: PictureFailure.tooLarge(width: 39_000, height: 39_000)) { try PictureCodec.decode(jpeg) }
    }

    @Test("a GIF named .jpg, an HTML page, random bytes and nothing at all are each named for what they are")
    func notPictures() {
        #expect(throws: PictureFailure.unsupported("GIF")) { try PictureCodec.decode(TestPictures.gifHeader) }
        #expect(throws: PictureFailure.notAPicture) { try PictureCodec.decode(Array("<html>Not found</html>".utf8)) }
        var generator = SeededGenerator(seed: 7)
        let noise = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
        #expect(throws: PictureFailure.notAPicture) { try PictureCodec.decode([0x42] + noise) }
        #expect(throws: PictureFailure.notAPicture) { try PictureCodec.decode([]) }
    }

    @Test("JPEG and PNG signatures followed by garbage are refused as damaged, never crash")
    func damagedAfterSignature() {
        var generator = SeededGenerator(seed: 11)
        for signature: [UInt8] in [[0xFF, 0xD8, 0xFF], [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
                                   Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBP".utf8)] {
            for length in [0, 16, 300, 5000] {
                let bytes = signature + (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
                #expect(throws: PictureFailure.self) { try PictureCodec.decode(bytes) }
            }
        }
    }

    @Test("more bytes than a picture may have are refused unread")
    func tooManyBytes() {
        let bytes = [UInt8](repeating: 0, count: PictureCodec.maxBytes + 1)
        #expect(throws: PictureFailure.tooManyBytes(PictureCodec.maxBytes + 1)) { try PictureCodec.decode(bytes) }
    }
}

/// JPEGs as cameras and print shops write them: turned upright as their EXIF orientation says (and kept
/// upright in the stored form, which carries no EXIF), and CMYK read in its colours.
@Suite("JPEG orientation and CMYK")
struct JPEGOrientationTests {
    /// 32 × 16: the left half red, the right half blue.
    static let sideways = DecodedPicture(width: 32, height: 16, rgba: TestPictures.pattern(width: 32, height: 16) { x, _ in
        x < 16 ? (255, 0, 0, 255) : (0, 0, 255, 255)
    })

    static func isRed(_ p: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) -> Bool { p.red > 200 && p.blue < 60 }
    static func isBlue(_ p: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) -> Bool { p.blue > 200 && p.red < 60 }

    @Test(arguments: [
        // (orientation, width, height, where red is after turning: top left, top right, bottom left)
        (UInt16(1), 32, 16, [true, false, true]),
        (3, 32, 16, [false, true, false]),   // upside down: red on the right
        (6, 16, 32, [true, true, false]),    // a quarter clockwise: the left half becomes the top
        (8, 16, 32, [false, false, true]),   // a quarter anticlockwise: the left half becomes the bottom
        (2, 32, 16, [false, true, false]),   // mirrored: red on the right
    ])
    func theCamerasOrientationIsApplied(orientation: UInt16, width: Int, height: Int, red: [Bool]) throws {
        let jpeg = TestPictures.jpeg(try PictureCodec.jpeg(Self.sideways, quality: 95), orientation: orientation)
        let decoded = try PictureCodec.decode(jpeg)
        #expect(decoded.width == width && decoded.height == height)
        let corners = [decoded.pixel(x: 2, y: 2), decoded.pixel(x: width - 3, y: 2), decoded.pixel(x: 2, y: height - 3)]
        for (corner, shouldBeRed) in zip(corners, red) {
            #expect(shouldBeRed ? Self.isRed(corner) : Self.isBlue(corner), "orientation \(orientation): \(corner)")
        }
    }

    @Test func theStoredPhotoIsUprightAndCarriesNoOrientation() throws {
        let jpeg = TestPictures.jpeg(try PictureCodec.jpeg(Self.sideways, quality: 95), orientation: 6)
        let stored = try StoredPhoto.prepare(jpeg)
        #expect(!stored.contains(subsequence: Array("Exif".utf8)))
        let decoded = try PictureCodec.decode(stored)
        #expect(decoded.width == 16 && decoded.height == 32)
        #expect(Self.isRed(decoded.pixel(x: 8, y: 4)) && Self.isBlue(decoded.pixel(x: 8, y: 28)))
    }

    @Test(arguments: [UInt16(0), 9, 0xFFFF])
    func aNonsenseOrientationIsNone(orientation: UInt16) throws {
        let decoded = try PictureCodec.decode(TestPictures.jpeg(try PictureCodec.jpeg(Self.sideways), orientation: orientation))
        #expect(decoded.width == 32 && decoded.height == 16)
    }

    @Test func aCutOffExifSegmentIsPassedOver() throws {
        var jpeg = TestPictures.jpeg(try PictureCodec.jpeg(Self.sideways), orientation: 6)
        // The directory's offset points past the segment's end.
        jpeg[2 + 4 + 6 + 4] = 0xFF
        let decoded = try PictureCodec.decode(jpeg)
        #expect(decoded.width == 32 && decoded.height == 16)
    }

    @Test func aCMYKJPEGIsReadInItsColours() throws {
        let decoded = try PictureCodec.decode(TestPictures.cmykJPEG)
        #expect(decoded.width == 24 && decoded.height == 16)
        let pixel = decoded.pixel(x: 12, y: 8)
        #expect(pixel.red > 200 && pixel.green < 60 && pixel.blue < 60 && pixel.alpha == 255, "\(pixel)")
    }
}

extension Array where Element == UInt8 {
    func contains(subsequence: [UInt8]) -> Bool {
        guard subsequence.count <= count else { return false }
        return (0...(count - subsequence.count)).contains { Array(self[$0..<($0 + subsequence.count)]) == subsequence }
    }
}
