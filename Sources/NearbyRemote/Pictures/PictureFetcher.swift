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

    /// Where Google Places (New) photos come from, and the key that asks (in a header, never in a URL).
    public struct GooglePhotos: Sendable {
        public var baseURL: URL
        public var apiKey: String

        public init(baseURL: URL, apiKey: String) {
            self.baseURL = baseURL
            self.apiKey = apiKey
        }
    }

    /// Whether a request is under way, and the calls waiting for their turn, first first.
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    private func takeTurn() async {
        guard busy else {
            busy = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func endTurn() {
        if waiting.isEmpty {
            busy = false
        } else {
            waiting.removeFirst().resume()
        }
    }

    private let commonsURL: URL
    private let google: GooglePhotos?
    private let cache: PictureCache?
    private let timeout: Duration
    private let headers: [String: String]

    public init(commonsURL: URL, google: GooglePhotos? = nil, cache: PictureCache?, timeout: Duration = .seconds(20),
                userAgent: String = NearbyRelease.userAgent) {
        self.commonsURL = commonsURL
        self.google = google
        self.cache = cache
        self.timeout = timeout
        headers = ["User-Agent": userAgent, "Accept": "image/jpeg, image/png, image/webp"]
    }

    public func bytes(of picture: RemotePicture, width: Int) async throws(PictureFetchFailure) -> [UInt8] {
        // Thumbnails in steps, so a box a column wider does not fetch the picture again.
        let step = [320, 640, 1280].first { $0 >= width } ?? 1280
        // Google's photos are not kept: its terms allow keeping place ids only.
        let key: String?
        switch picture {
        case .address: key = picture.stored
        case .commons: key = picture.stored + "@\(step)"
        case .google: key = nil
        }
        if let key, let kept = cache?.bytes(for: key) { return kept }
        // One request at a time: an actor lets the next call in while this one waits, so they queue here.
        await takeTurn()
        defer { endTurn() }
        if Task.isCancelled { throw .cancelled }
        if let key, let kept = cache?.bytes(for: key) { return kept }
        let response: HTTPClient.Response
        do throws(HTTPFailure) {
            response = try await fetch(picture, width: step)
        } catch {
            throw Self.failure(error)
        }
        guard response.isSuccess else { throw .status(response.status) }
        let bytes = Array(response.body)
        guard PictureCodec.mediaType(of: bytes) != nil else { throw .notAPicture }
        if let key { cache?.keep(bytes, for: key) }
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
        case .google(let name, _):
            // Checked as Google's when it was read (`RemotePicture(googleName:authors:)`): safe in a path.
            guard let google else { throw .cannotConnect("no Google key") }
            var keyed = headers
            keyed["X-Goog-Api-Key"] = google.apiKey
            keyed["Accept"] = "application/json"
            let client = HTTPClient(baseURL: google.baseURL, timeout: timeout, maxBodySize: 64 * 1024, headers: keyed)
            // The media endpoint names the picture's address instead of redirecting to it, so the key goes to
            // Google only: a client follows a redirect with every header it sent.
            let media = try await client.send(HTTPClient.Request(
                path: "v1/" + name + "/media", query: [URLQueryItem(name: "maxWidthPx", value: String(width)),
                                                       URLQueryItem(name: "skipHttpRedirect", value: "true")]))
            guard media.isSuccess else { return media }
            guard let uri = (try? JSONValue.parse(media.body))?["photoUri"]?.stringValue,
                  case .address(let address)? = RemotePicture(image: uri) else {
                throw .badBody("no photoUri")
            }
            return try await fetch(.address(address), width: width)
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
