/// Why a picture cannot be shown, in words short enough for the box it would have filled.
public enum PictureFailure: Error, Hashable, Sendable {
    /// The system library that reads the format (or draws pictures) is missing or too old; which, in words
    /// ("libwebp.so.7 is not installed").
    case missingLibrary(String)
    /// The bytes are no picture at all (an HTML error page, random data).
    case notAPicture
    /// A picture format Nearby does not read (GIF); its name.
    case unsupported(String)
    /// The header claims more pixels than a picture may have; the claimed width and height.
    case tooLarge(width: Int, height: Int)
    /// More bytes than a picture may have.
    case tooManyBytes(Int)
    /// The decoder refused it: truncated, damaged; the decoder's own words.
    case damaged(String)
    case outOfMemory

    /// One short line for the picture's box.
    public var words: String {
        switch self {
        case .missingLibrary(let what): what
        case .notAPicture: "not a picture"
        case .unsupported(let format): "\(format) pictures are not shown"
        case .tooLarge(let width, let height): "too large (\(width) × \(height) pixels)"
        case .tooManyBytes(let count): "too large (\(count / 1_000_000) MB)"
        case .damaged: "damaged picture"
        case .outOfMemory: "not enough memory"
        }
    }
}
