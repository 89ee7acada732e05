/// Fetches a picture from elsewhere (a place's, a contact's photo at an address), from a cache when it has it. The app's fetcher asks the picture's server (an
/// address, Wikimedia Commons) one request at a time, with Nearby's User-Agent, and keeps what it got.
public protocol PictureFetching: Sendable {
    /// The picture's bytes (a JPEG, PNG or WebP), about `width` pixels wide where the server scales pictures.
    func bytes(of picture: RemotePicture, width: Int) async throws(PictureFetchFailure) -> [UInt8]
}

/// Why a place's picture could not be fetched, in a few words for its box.
public enum PictureFetchFailure: Error, Hashable, Sendable {
    case unreachable
    /// The address sent the request on and on (more than five redirects).
    case redirectsTooOften
    case timeout
    /// The server answered with this status (404: it has no such picture).
    case status(Int)
    /// More bytes than a picture may have.
    case tooLarge
    /// What came back is no picture (an HTML page, a GIF).
    case notAPicture
    /// Live requests need libcurl, which is missing.
    case noNetworkLibrary
    case cancelled

    public var words: String {
        switch self {
        case .unreachable: "the picture's server could not be reached"
        case .redirectsTooOften: "the picture's address redirects too often"
        case .timeout: "the picture's server took too long"
        case .status(404): "the picture's server has no such picture"
        case .status(let code): "the picture's server answered HTTP \(code)"
        case .tooLarge: "the picture is too large"
        case .notAPicture: "the address holds no picture"
        case .noNetworkLibrary: "pictures from the network need libcurl"
        case .cancelled: "cancelled"
        }
    }
}
