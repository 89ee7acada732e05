import OSMFormats
import FoundationEssentials
import Glibc
import NearbyCore
import NearbyHTTP

/// An extract file's way forward along its replication feed: the feed's state, the change files published
/// since the file (fetched once each, checked whole, kept in `folder`), and the changes merged into one set.
/// `ExtractUpdate` applies them to the local store; `nearby-server update` to PostGIS.
public struct ExtractFeed: Sendable {
    /// Where an extract stands on its feed, found before any change file is fetched.
    public struct Plan: Sendable, Equatable {
        public var feed: ReplicationFeed
        /// The sequence of the file itself, the one its store has reached, and the feed's latest.
        public var fileSequence: Int64
        public var reached: Int64
        public var latest: ReplicationState
        /// Change files to fetch (not yet in the folder).
        public var missing: [Int64]

        public var isCurrent: Bool { reached >= latest.sequence }
    }

    /// The extract file, and its name for messages.
    public let file: String
    public let name: String
    /// Where its change files are kept.
    public let folder: URL
    /// A mirror of the feed to use instead of the one the file's header names.
    public var feedOverride: String?
    /// How an address is fetched (tests and proxies stand in).
    public var fetch: @Sendable (URL) async throws(HTTPFailure) -> HTTPClient.Response = Self.fetch
    public var wait: @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    /// The longest `Retry-After` waited for.
    public var longestWait: Duration = .seconds(600)

    public init(file: String, name: String, folder: URL, feedOverride: String? = nil) {
        self.file = file
        self.name = name
        self.folder = folder
        self.feedOverride = feedOverride
    }

    /// Fetches with a User-Agent that names Nearby; change files of a big region run to tens of megabytes.
    public static func fetch(_ url: URL) async throws(HTTPFailure) -> HTTPClient.Response {
        let client = HTTPClient(baseURL: url, timeout: .seconds(300), maxBodySize: 1 << 30,
                                headers: ["User-Agent": NearbyRelease.userAgent])
        return try await client.send(HTTPClient.Request(path: ""))
    }

    // MARK: - Plan

    /// Reads the file's header and the feed's state; `reached` is where the store stands (nil: at the file).
    public func plan(reached: Int64?) async throws(ExtractUpdateError) -> Plan {
        guard FileManager.default.fileExists(atPath: file) else { throw .fileMissing(name: name, path: file) }
        let header: OSMExtractHeader?
        do {
            header = try OSMImporter(path: file).readHeader()
        } catch {
            throw .importFailed(error)
        }
        guard let base = feedOverride ?? header?.replicationURL, !base.isEmpty else { throw .noFeed(name: name) }
        let feed = ReplicationFeed(base: base)
        let latest = try await state(at: feed.stateURL)
        let fileSequence: Int64
        if let sequence = header?.replicationSequence {
            fileSequence = sequence
        } else if let timestamp = header?.replicationTimestamp {
            fileSequence = try await sequence(before: timestamp, in: feed, latest: latest)
        } else {
            throw .noFeed(name: name)
        }
        let kept = keptSequences()
        let missing = latest.sequence > fileSequence
            ? (fileSequence + 1...latest.sequence).filter { !kept.contains($0) } : []
        // The store may have gone further than the file (earlier updates); never behind it.
        return Plan(feed: feed, fileSequence: fileSequence, reached: max(fileSequence, reached ?? fileSequence),
                    latest: latest, missing: missing)
    }

    /// The sequence whose data is not newer than `timestamp`, for a file whose header names only its time:
    /// the feed's states read back from the latest (a daily feed is a few steps behind).
    private func sequence(before timestamp: Int64, in feed: ReplicationFeed,
                          latest: ReplicationState) async throws(ExtractUpdateError) -> Int64 {
        if latest.timestamp <= timestamp { return latest.sequence }
        var sequence = latest.sequence - 1
        var steps = 0
        while sequence > 0, steps < 400 {
            let state = try await state(at: feed.stateURL(sequence))
            if state.timestamp <= timestamp { return state.sequence }
            sequence -= 1
            steps += 1
        }
        throw .tooFarBehind(name: name, sequence: sequence)
    }

    private func state(at address: String) async throws(ExtractUpdateError) -> ReplicationState {
        let response = try await get(address)
        guard response.status == 200 else {
            throw .feedUnavailable("\(address) answered HTTP \(response.status).")
        }
        guard let state = ReplicationState.parse(response.body) else {
            throw .feedUnavailable("\(address) holds no sequence number and time.")
        }
        return state
    }

    /// A GET that waits as a 429 or 503 asks (up to `longestWait`), three times at most.
    private func get(_ address: String) async throws(ExtractUpdateError) -> HTTPClient.Response {
        guard let url = URL(string: address), ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
            throw .feedUnavailable("\(address) is not an http(s) address.")
        }
        for attempt in 1...3 {
            let response: HTTPClient.Response
            do {
                response = try await fetch(url)
            } catch {
                if case .cancelled = error { throw .interrupted }
                throw .feedUnavailable(error.message)
            }
            guard [429, 503].contains(response.status) else { return response }
            let until = RetryAfter.instant(response.headers["retry-after"], now: Date())
            let seconds = until.map { max(0, Int($0.timeIntervalSinceNow.rounded(.up))) } ?? 60
            guard Duration.seconds(seconds) <= longestWait, attempt < 3 else { throw .comeBackLater(seconds: seconds) }
            do { try await wait(.seconds(seconds)) } catch { throw .interrupted }
        }
        throw .comeBackLater(seconds: 60)
    }

    // MARK: - Change files

    private func changesFile(_ sequence: Int64) -> URL {
        folder.appendingPathComponent(String(sequence) + ".osc.gz")
    }

    /// The sequences whose change files are in the folder.
    public func keptSequences() -> Set<Int64> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return Set(names.compactMap { name in
            name.hasSuffix(".osc.gz") ? Int64(name.dropLast(7)) : nil
        })
    }

    /// Fetches the change files the plan lacks, oldest first, each checked whole (read through) before it is
    /// kept; files of sequences the extract's file already holds go. Returns how many were fetched.
    public func fetchMissing(_ plan: Plan, fetched: (Int, Int) -> Void = { _, _ in }) async throws(ExtractUpdateError)
        -> Int {
        for old in keptSequences() where old <= plan.fileSequence {
            try? FileManager.default.removeItem(at: changesFile(old))
        }
        for (index, sequence) in plan.missing.enumerated() {
            try await fetchChanges(sequence, feed: plan.feed)
            fetched(index + 1, plan.missing.count)
        }
        return plan.missing.count
    }

    private func fetchChanges(_ sequence: Int64, feed: ReplicationFeed) async throws(ExtractUpdateError) {
        let response = try await get(feed.changesURL(sequence))
        switch response.status {
        case 200: break
        case 404, 410:
            // Feeds drop their oldest files; the extract cannot be brought forward from here.
            throw .tooFarBehind(name: name, sequence: sequence)
        default:
            throw .feedUnavailable("\(feed.changesURL(sequence)) answered HTTP \(response.status).")
        }
        let part = folder.appendingPathComponent(String(sequence) + ".osc.gz.part")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try response.body.write(to: part)
        } catch {
            throw .feedUnavailable("cannot save the change file in \(folder.path): \(error)")
        }
        var check = OSMChangeSet()
        do {
            try check.read(file: part.path)
        } catch {
            try? FileManager.default.removeItem(at: part)
            if case .interrupted = error { throw .interrupted }
            throw .damagedChanges(sequence: sequence, reason: "\(error)")
        }
        guard rename(part.path, changesFile(sequence).path) == 0 else {
            throw .feedUnavailable("cannot keep the change file: \(String(cString: strerror(errno)))")
        }
    }

    /// Every change since the file, merged, marked with the feed's state they reach. A kept file that is
    /// damaged is dropped (fetched anew next time) and named.
    public func changes(_ plan: Plan) throws(ExtractUpdateError) -> OSMChangeSet {
        var changes = try changes(after: plan.fileSequence, through: plan.latest.sequence)
        changes.sequence = plan.latest.sequence
        changes.timestamp = plan.latest.timestamp
        return changes
    }

    /// The kept change files after sequence `first` up to `last`, merged.
    func changes(after first: Int64, through last: Int64) throws(ExtractUpdateError) -> OSMChangeSet {
        var changes = OSMChangeSet()
        if last > first {
            for sequence in first + 1...last {
                do {
                    try changes.read(file: changesFile(sequence).path)
                } catch {
                    if case .interrupted = error { throw .interrupted }
                    try? FileManager.default.removeItem(at: changesFile(sequence))
                    throw .damagedChanges(sequence: sequence, reason: "\(error)")
                }
            }
        }
        return changes
    }
}
