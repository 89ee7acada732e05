import NearbyCore

/// A picture as a screen knows it (a friend's photo, a place's picture): its bytes once read or fetched; the
/// view paints them at the size of its box.
public enum PictureState: Hashable, Sendable {
    /// No picture: the screen shows no box.
    case none
    case loading
    /// The picture's bytes; `key` names them for the painter's cache (whose picture, and a digest of the bytes).
    case loaded(key: String, bytes: [UInt8])
    /// Why it could not be read or fetched, in a few words.
    case failed(String)

    /// A short digest of a picture's bytes (FNV-1a), so a changed picture is never taken for the one painted.
    public static func digest(_ bytes: [UInt8]) -> String { FNVHash.hex(bytes) }
}
