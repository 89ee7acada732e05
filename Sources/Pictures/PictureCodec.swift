import CPictures
import Glibc

/// Decodes, scales and encodes pictures through the system's libraries (libjpeg-turbo, libpng, libwebp), opened
/// on first use. Safe from any thread; meant to run off the main actor.
public enum PictureCodec {
    /// The most pixels a picture may claim before anything is allocated for it (a 30,000 × 30,000 PNG header
    /// is refused at once): 24 megapixels, a phone camera's, 96 MB while decoding.
    public static let defaultMaxPixels = 24_000_000
    /// The most bytes a picture may have (the file, before decoding).
    public static let maxBytes = 32 * 1024 * 1024

    /// Decodes a JPEG, PNG or WebP picture. With `fitting`, a JPEG larger than that on its long side is decoded
    /// at the smallest of libjpeg-turbo's scales that still covers it (at least `fitting` on its long side).
    public static func decode(_ bytes: [UInt8], fitting: Int? = nil,
                              maxPixels: Int = defaultMaxPixels) throws(PictureFailure) -> DecodedPicture {
        guard bytes.count <= maxBytes else { throw .tooManyBytes(bytes.count) }
        var pixels = nearby_pixels()
        var claimedWidth: Int32 = 0, claimedHeight: Int32 = 0
        var error = [CChar](repeating: 0, count: 200)
        let status = bytes.withUnsafeBufferPointer { buffer in
            nearby_picture_decode(buffer.baseAddress, buffer.count, maxPixels, Int32(clamping: fitting ?? 0), &pixels,
                                  &claimedWidth, &claimedHeight, &error, error.count)
        }
        defer { nearby_pixels_free(&pixels) }
        guard status == Int32(NEARBY_PICTURE_OK) else {
            throw failure(status, error: error, width: Int(claimedWidth), height: Int(claimedHeight), bytes: bytes)
        }
        return copy(pixels)
    }

    /// `picture` scaled down so its long side is at most `maxSide` (by area average; never scaled up).
    public static func fit(_ picture: DecodedPicture, maxSide: Int) throws(PictureFailure) -> DecodedPicture {
        guard max(picture.width, picture.height) > maxSide else { return picture }
        var scaled = nearby_pixels()
        let status = picture.rgba.withUnsafeBufferPointer { buffer in
            var source = nearby_pixels(rgba: UnsafeMutablePointer(mutating: buffer.baseAddress),
                                       width: Int32(picture.width), height: Int32(picture.height))
            return nearby_pixels_fit(&source, Int32(clamping: maxSide), &scaled)
        }
        defer { nearby_pixels_free(&scaled) }
        guard status == Int32(NEARBY_PICTURE_OK) else { throw .outOfMemory }
        return copy(scaled)
    }

    /// `picture` as a JPEG of `quality` (1–100).
    public static func jpeg(_ picture: DecodedPicture, quality: Int = 85) throws(PictureFailure) -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        var error = [CChar](repeating: 0, count: 200)
        let status = picture.rgba.withUnsafeBufferPointer { buffer in
            var source = nearby_pixels(rgba: UnsafeMutablePointer(mutating: buffer.baseAddress),
                                       width: Int32(picture.width), height: Int32(picture.height))
            return nearby_picture_encode_jpeg(&source, Int32(clamping: quality), &output, &length, &error, error.count)
        }
        defer { free(output) }
        guard status == Int32(NEARBY_PICTURE_OK), let output else {
            throw failure(status, error: error, width: picture.width, height: picture.height, bytes: [])
        }
        return Array(UnsafeBufferPointer(start: output, count: length))
    }

    /// The format the first bytes name, for messages: "JPEG", "PNG", "WebP", "GIF", or nil.
    public static func formatName(of bytes: [UInt8]) -> String? {
        switch bytes.withUnsafeBufferPointer({ nearby_picture_format($0.baseAddress, $0.count) }) {
        case Int32(NEARBY_PICTURE_JPEG): "JPEG"
        case Int32(NEARBY_PICTURE_PNG): "PNG"
        case Int32(NEARBY_PICTURE_WEBP): "WebP"
        case Int32(NEARBY_PICTURE_GIF): "GIF"
        default: nil
        }
    }

    /// The media type of a picture Nearby shows ("image/jpeg", "image/png", "image/webp"), by its first bytes;
    /// nil for anything else, GIF included. Reads no library: a server checks bodies with it.
    public static func mediaType(of bytes: [UInt8]) -> String? {
        switch bytes.withUnsafeBufferPointer({ nearby_picture_format($0.baseAddress, $0.count) }) {
        case Int32(NEARBY_PICTURE_JPEG): "image/jpeg"
        case Int32(NEARBY_PICTURE_PNG): "image/png"
        case Int32(NEARBY_PICTURE_WEBP): "image/webp"
        default: nil
        }
    }

    static func copy(_ pixels: nearby_pixels) -> DecodedPicture {
        let count = Int(pixels.width) * Int(pixels.height) * 4
        return DecodedPicture(width: Int(pixels.width), height: Int(pixels.height),
                              rgba: Array(UnsafeBufferPointer(start: pixels.rgba, count: count)))
    }

    static func failure(_ status: Int32, error: [CChar], width: Int, height: Int, bytes: [UInt8]) -> PictureFailure {
        let words = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch status {
        case Int32(NEARBY_PICTURE_NO_LIBRARY): return .missingLibrary(words)
        case Int32(NEARBY_PICTURE_UNSUPPORTED): return .unsupported(formatName(of: bytes) ?? "these")
        case Int32(NEARBY_PICTURE_TOO_LARGE): return .tooLarge(width: width, height: height)
        case Int32(NEARBY_PICTURE_DAMAGED): return .damaged(words)
        case Int32(NEARBY_PICTURE_NO_MEMORY): return .outOfMemory
        default: return .notAPicture
        }
    }
}
