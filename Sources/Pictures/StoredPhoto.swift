/// A photo as the store keeps it: a JPEG at most 512 pixels on its long side, whatever came in (a vCard's
/// camera original, a PNG, a WebP), so a thousand friends' photos stay a few tens of megabytes.
public enum StoredPhoto {
    public static let maxSide = 512
    public static let quality = 85

    /// The stored form of a picture's bytes; why it cannot be one. Always encoded anew, even a small JPEG: what
    /// came in may carry EXIF data (a phone's GPS position among it), which the store and an export must not.
    public static func prepare(_ bytes: [UInt8]) throws(PictureFailure) -> [UInt8] {
        let decoded = try PictureCodec.decode(bytes, fitting: maxSide)
        return try PictureCodec.jpeg(PictureCodec.fit(decoded, maxSide: maxSide), quality: quality)
    }
}
