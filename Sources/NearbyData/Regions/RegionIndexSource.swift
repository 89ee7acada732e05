import FoundationEssentials
import Glibc
import NearbyHTTP

/// The download index, fetched once a day at most: a copy is kept in the store's folder
/// (`regions-index.json`), used while younger than a day, and used when older too if the site cannot be
/// reached (saying so), so a download site that is down does not stop a search.
public struct RegionIndexSource: Sendable {
    /// Geofabrik's index of its extracts, without the outlines (the same properties, a fifth of the size).
    public static let defaultURL = "https://download.geofabrik.de/index-v1-nogeom.json"
    /// How long a fetched index is used before it is asked for again.
    public static let freshFor: Duration = .seconds(24 * 3600)
    /// The largest index accepted: Geofabrik's with outlines is about 5 MB.
    public static let maximumSize = 32 << 20

    public let url: URL
    public let cacheFile: URL

    /// What `load` found, and whether it is a copy kept from before because the site could not be reached.
    public struct Loaded: Sendable {
        public var index: RegionIndex
        /// Set when the copy kept is older than a day and the site could not be reached: why.
        public var staleBecause: String?
    }

    public init(url: URL, folder: URL) {
        self.url = url
        cacheFile = folder.appendingPathComponent("regions-index.json")
    }

    /// The index: the copy kept when it is younger than a day (and was fetched from the same address), else
    /// fetched and kept.
    public func load(now: Date = Date(), fetch: (URL) async throws(HTTPFailure) -> Data = Self.fetch)
        async throws(RegionIndexError) -> Loaded {
        let kept = keptCopy()
        if let kept, now.timeIntervalSince(kept.date) < Double(Self.freshFor.components.seconds),
           now >= kept.date, let index = try? RegionIndex(json: kept.data) {
            return Loaded(index: index, staleBecause: nil)
        }
        let data: Data
        do {
            data = try await fetch(url)
        } catch {
            if let kept, let index = try? RegionIndex(json: kept.data) {
                return Loaded(index: index, staleBecause: error.message)
            }
            throw .unavailable(error.message)
        }
        let index = try RegionIndex(json: data)
        keep(data)
        return Loaded(index: index, staleBecause: nil)
    }

    /// Fetches an index with a User-Agent that names Nearby, as the download site asks.
    public static func fetch(_ url: URL) async throws(HTTPFailure) -> Data {
        let client = HTTPClient(baseURL: url, timeout: .seconds(60), maxBodySize: maximumSize,
                                headers: ["User-Agent": NearbyRelease.userAgent, "Accept": "application/json"])
        return try await client.sendExpectingSuccess(HTTPClient.Request(path: "")).body
    }

    /// The copy kept, when it was fetched from this address: its bytes and when it was fetched.
    private func keptCopy() -> (data: Data, date: Date)? {
        guard let data = try? Data(contentsOf: cacheFile), let source = try? String(contentsOf: sourceFile, encoding: .utf8),
              source == url.absoluteString,
              let attributes = try? FileManager.default.attributesOfItem(atPath: cacheFile.path),
              let date = attributes[.modificationDate] as? Date else { return nil }
        return (data, date)
    }

    /// Keeps a copy beside the store: written to a temporary file and renamed, so a copy is whole or absent.
    /// A folder that cannot be written only costs the next search a fetch.
    private func keep(_ data: Data) {
        let folder = cacheFile.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".regions-index.\(getpid()).tmp")
        do {
            try data.write(to: temporary)
            guard rename(temporary.path, cacheFile.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
            // Named after the copy is in place: a copy is never taken for another address's.
            try Data(url.absoluteString.utf8).write(to: sourceFile)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
        }
    }

    private var sourceFile: URL {
        cacheFile.deletingLastPathComponent().appendingPathComponent("regions-index.source")
    }
}
