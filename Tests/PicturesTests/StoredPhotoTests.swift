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

    @Test("a small JPEG is kept byte for byte")
    func smallJPEGKept() throws {
        let jpeg = try PictureCodec.jpeg(DecodedPicture(width: 96, height: 96, rgba: TestPictures.pattern(width: 96, height: 96)))
        #expect(try StoredPhoto.prepare(jpeg) == jpeg)
    }

    @Test("what is not a picture is refused with the reason")
    func refusesNonPictures() {
        #expect(throws: PictureFailure.unsupported("GIF")) { try StoredPhoto.prepare(TestPictures.gifHeader) }
        #expect(throws: PictureFailure.tooLarge(width: 30_000, height: 30_000)) {
            try StoredPhoto.prepare(TestPictures.pngClaiming(width: 30_000, height: 30_000))
        }
    }
}
