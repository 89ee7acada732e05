/// A photo as the store keeps it: a JPEG at most 512 pixels on its long side, whatever came in (a vCard's
/// camera original, a PNG, a WebP), so a thousand friends' photos stay a few tens of megabytes.
public enum StoredPhoto {
    public static let maxSide = 512
    public static let quality = 85

    /// The stored form of a picture's bytes; why it cannot be one.
    public static func prepare(_ bytes: [UInt8]) throws(PictureFailure) -> [UInt8] {
        let decoded = try PictureCodec.decode(bytes, fitting: maxSide)
        let isStoredForm = PictureCodec.formatName(of: bytes) == "JPEG" && bytes.count <= 256 * 1024
        // A JPEG already small enough is kept as it came: encoding it again would only lose detail.
        if isStoredForm, max(decoded.width, decoded.height) <= maxSide { return bytes }
        return try PictureCodec.jpeg(PictureCodec.fit(decoded, maxSide: maxSide), quality: quality)
    }
}
