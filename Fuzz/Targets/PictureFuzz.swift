import Pictures

// Pictures from anywhere (a vCard's PHOTO, later a server's answer): whatever the bytes, decoding returns a
// picture of the size its pixels say, within the pixel bound, or a failure; never a crash or an overrun
// (AddressSanitizer watches the decoders' writes into our buffers). A picture that decodes also fits and
// encodes to a JPEG that decodes again at the size it was encoded.

@_cdecl("LLVMFuzzerTestOneInput")
public func pictureFuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = Array(fuzzBytes(start, count))
    // A small bound, so a header claiming a large picture is refused rather than decoded slowly.
    let maxPixels = 1_000_000
    guard let picture = try? PictureCodec.decode(bytes, fitting: 64, maxPixels: maxPixels) else { return 0 }
    fuzzCheck(picture.width > 0 && picture.height > 0, "decoded to \(picture.width) × \(picture.height)")
    fuzzCheck(picture.width * picture.height <= maxPixels, "decoded beyond the pixel bound")
    fuzzCheck(picture.rgba.count == picture.width * picture.height * 4, "pixels do not match the size")
    guard let fitted = try? PictureCodec.fit(picture, maxSide: 32) else {
        fuzzCheck(false, "a decoded picture could not be fitted")
        return 0
    }
    fuzzCheck(max(fitted.width, fitted.height) <= 32, "fitted to \(fitted.width) × \(fitted.height)")
    guard let jpeg = try? PictureCodec.jpeg(fitted), let again = try? PictureCodec.decode(jpeg) else {
        fuzzCheck(false, "a fitted picture did not survive a JPEG round trip")
        return 0
    }
    fuzzCheck(again.width == fitted.width && again.height == fitted.height, "the JPEG changed the size")
    return 0
}
