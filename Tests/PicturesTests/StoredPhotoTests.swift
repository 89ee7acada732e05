import Pictures
import Testing
import TestSupport

/// What the store keeps of a photo: a JPEG at most 512 pixels on its long side.
@Suite("Stored photo")
struct StoredPhotoTests {
    @Test("a large PNG is kept as a JPEG 512 pixels on its long side, its shape kept")
    func largePNG() throws {
        let png = TestPictures.png(width: 1600, height: 1200, rgba: TestPictures.pattern(width: 1600, height: 1200))
        let stored = try StoredPhoto.prepare(png)
        #expect(PictureCodec.formatName(of: stored) == "JPEG")
        let back = try PictureCodec.decode(stored)
        #expect(back.width == 512 && back.height == 384)
    }

    @Test("a large JPEG is scaled down the same way")
    func largeJPEG() throws {
        let jpeg = try PictureCodec.jpeg(DecodedPicture(width: 900, height: 1800,
                                                        rgba: TestPictures.pattern(width: 900, height: 1800)))
        let back = try PictureCodec.decode(try StoredPhoto.prepare(jpeg))
        #expect(back.width == 256 && back.height == 512)
    }

    @Test("a small JPEG is encoded anew, so nothing of the file but its pixels is kept (EXIF, a GPS position)")
    func smallJPEGEncodedAnew() throws {
        let jpeg = try PictureCodec.jpeg(DecodedPicture(width: 96, height: 96, rgba: TestPictures.pattern(width: 96, height: 96)))
        // An APP1 segment as a phone writes one, after the start of the picture.
        let payload = Array("Exif\u{0}\u{0}GPS47.1".utf8)
        let exif: [UInt8] = [0xFF, 0xE1, 0x00, UInt8(payload.count + 2)] + payload
        let tagged = Array(jpeg.prefix(2)) + exif + Array(jpeg.dropFirst(2))
        let stored = try StoredPhoto.prepare(tagged)
        #expect(stored.firstRange(of: Array("Exif".utf8)) == nil)
        let back = try PictureCodec.decode(stored)
        #expect(back.width == 96 && back.height == 96)
    }

    @Test("a JPEG larger than 512 pixels but under 256 KB is scaled like any other")
    func mediumJPEGScaled() throws {
        let jpeg = try PictureCodec.jpeg(DecodedPicture(width: 1000, height: 800, rgba: [UInt8](repeating: 128, count: 1000 * 800 * 4)))
        #expect(jpeg.count < 256 * 1024)
        #expect(try PictureCodec.decode(try StoredPhoto.prepare(jpeg)).width == 512)
    }

    @Test("what is not a picture is refused with the reason")
    func refusesNonPictures() {
        #expect(throws: PictureFailure.unsupported("GIF")) { try StoredPhoto.prepare(TestPictures.gifHeader) }
        #expect(throws: PictureFailure.tooLarge(width: 30_000, height: 30_000)) {
            try StoredPhoto.prepare(TestPictures.pngClaiming(width: 30_000, height: 30_000))
        }
    }
}
