import FoundationEssentials
import NearbyCore
import NearbyHTTP
import Pictures

/// Fetches pictures from elsewhere (places', contacts' photos at an address) one request at a time (the
/// servers are free services, and a detail needs one picture), with Nearby's User-Agent, following at most five redirects, and refusing more than
/// `maxBytes`; keeps each in the cache on disk. Wikimedia Commons files are asked for as thumbnails of the
/// width needed, through `Special:FilePath` (the base is a setting, so a mirror or a test's stand-in serves).
public actor PictureFetcher: PictureFetching {
    public static let defaultCommonsURL = "https://commons.wikimedia.org/wiki/Special:FilePath/"
    public static let maxBytes = 16 * 1024 * 1024

    private let commonsURL: URL
    private let cache: PictureCache?
    private let timeout: Duration
    private let headers: [String: String]

    public init(commonsURL: URL, cache: PictureCache?, timeout: Duration = .seconds(20),
                userAgent: String = NearbyRelease.userAgent) {
        self.commonsURL = commonsURL
        self.cache = cache
        self.timeout = timeout
        headers = ["User-Agent": userAgent, "Accept": "image/jpeg, image/png, image/webp"]
    }

    public func bytes(of picture: RemotePicture, width: Int) async throws(PictureFetchFailure) -> [UInt8] {
        // Thumbnails in steps, so a box a column wider does not fetch the picture again.
        let step = [320, 640, 1280].first { $0 >= width } ?? 1280
        let key: String
        switch picture {
        case .address: key = picture.stored
        case .commons: key = picture.stored + "@\(step)"
        }
        if let kept = cache?.bytes(for: key) { return kept }
        let response: HTTPClient.Response
        do throws(HTTPFailure) {
            response = try await fetch(picture, width: step)
        } catch {
            throw Self.failure(error)
        }
        guard response.isSuccess else { throw .status(response.status) }
        let bytes = Array(response.body)
        guard let format = PictureCodec.formatName(of: bytes), format != "GIF" else { throw .notAPicture }
        cache?.keep(bytes, for: key)
        return bytes
    }

    private func fetch(_ picture: RemotePicture, width: Int) async throws(HTTPFailure) -> HTTPClient.Response {
        switch picture {
        case .address(let address):
            guard let url = URL(string: address) else { throw .cannotConnect("not a valid address") }
            let client = HTTPClient(baseURL: url, timeout: timeout, maxBodySize: Self.maxBytes, headers: headers)
            return try await client.send(HTTPClient.Request(path: ""))
        case .commons(let name):
            let client = HTTPClient(baseURL: commonsURL, timeout: timeout, maxBodySize: Self.maxBytes, headers: headers)
            let file = name.replacing(" ", with: "_")
            return try await client.send(HTTPClient.Request(
                path: PercentEncoding.pathSegment(file), query: [URLQueryItem(name: "width", value: String(width))]))
        }
    }

    static func failure(_ error: HTTPFailure) -> PictureFetchFailure {
        switch error {
        case .timeout: .timeout
        case .cannotConnect("too many redirects"): .redirectsTooOften
        case .cannotConnect: .unreachable
        case .status(let code, _): .status(code)
        case .badBody: .unreachable
        case .tooLarge: .tooLarge
        case .cancelled: .cancelled
        case .networkLibraryMissing: .noNetworkLibrary
        }
    }
}
