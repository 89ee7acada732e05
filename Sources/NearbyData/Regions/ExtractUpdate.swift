import FoundationEssentials
import Glibc
import NearbyCore
import NearbyHTTP

/// One imported extract brought up to date from its replication feed (`nearby update`).
///
/// The extract is read again from the file it was imported from, through every change published since that
/// file (`OSMChangeSet`, `ChangeOverlay`), in one import: the store then holds exactly what importing the
/// changed file would, places, areas and walking network alike, and a failure anywhere leaves it as it was.
/// The change files are kept in `updates/extract-ID/` of the data folder, so each is fetched once; they go when
/// a newer file of the extract is imported.
public struct ExtractUpdate: Sendable {
    /// What an update would do, found before anything is fetched but the feed's state.
    public struct Plan: Sendable, Equatable {
        public var extract: StoredExtract
        public var feed: ReplicationFeed
        /// The sequence of the file itself, the one the store has reached, and the feed's latest.
        public var fileSequence: Int64
        public var reached: Int64
        public var latest: ReplicationState
        /// Change files to fetch (not yet in the folder).
        public var missing: [Int64]

        public var isCurrent: Bool { reached >= latest.sequence }
    }

    /// What an update did.
    public struct Outcome: Sendable {
        public var plan: Plan
        /// Change files fetched in this run, and applied in all (those kept from earlier runs included).
        public var fetched: Int
        public var applied: Int
        public var nodesChanged: Int
        public var waysChanged: Int
        /// The import through the changes; nil when the store was already current.
        public var summary: OSMImportSummary?
    }

    public let store: LocalPlacesStore
    /// The data folder: `updates/` and the lock go in it.
    public let dataFolder: URL
    /// A mirror of the feed to use instead of the one the file's header names.
    public var feedOverride: String?
    /// How an address is fetched (tests and proxies stand in).
    public var fetch: @Sendable (URL) async throws(HTTPFailure) -> HTTPClient.Response = Self.fetch
    public var wait: @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    /// The longest `Retry-After` waited for.
    public var longestWait: Duration = .seconds(600)

    public init(store: LocalPlacesStore, dataFolder: URL, feedOverride: String? = nil) {
        self.store = store
        self.dataFolder = dataFolder
        self.feedOverride = feedOverride
    }

    /// Fetches with a User-Agent that names Nearby; change files of a big region run to tens of megabytes.
    public static func fetch(_ url: URL) async throws(HTTPFailure) -> HTTPClient.Response {
        let client = HTTPClient(baseURL: url, timeout: .seconds(300), maxBodySize: 1 << 30,
                                headers: ["User-Agent": NearbyRelease.userAgent])
        return try await client.send(HTTPClient.Request(path: ""))
    }

    /// Where the extract's change files are kept.
    public func changesFolder(of extract: StoredExtract) -> URL {
        dataFolder.appendingPathComponent("updates").appendingPathComponent("extract-\(extract.id)")
    }

    /// One update at a time per data folder, whatever process asks: an exclusive lock on a file in it.
    /// Close the descriptor returned to let go.
    public func lock() throws(ExtractUpdateError) -> Int32 {
        try? FileManager.default.createDirectory(at: dataFolder, withIntermediateDirectories: true)
        let descriptor = open(dataFolder.appendingPathComponent(".update.lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .feedUnavailable("cannot open the update lock: \(String(cString: strerror(errno)))")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw .busy
        }
        return descriptor
    }

    // MARK: - Plan

    /// Reads the extract's file header and the feed's state; fetches no change file.
    public func plan(for extract: StoredExtract) async throws(ExtractUpdateError) -> Plan {
        guard let path = extract.filePath, FileManager.default.fileExists(atPath: path) else {
            throw .fileMissing(name: extract.name, path: extract.filePath)
        }
        let header: OSMExtractHeader?
        do {
            header = try OSMImporter(path: path).readHeader()
        } catch {
            throw .importFailed(error)
        }
        guard let base = feedOverride ?? header?.replicationURL, !base.isEmpty else {
            throw .noFeed(name: extract.name)
        }
        let feed = ReplicationFeed(base: base)
        let latest = try await state(at: feed.stateURL)
        let fileSequence: Int64
        if let sequence = header?.replicationSequence {
            fileSequence = sequence
        } else if let timestamp = header?.replicationTimestamp {
            fileSequence = try await sequence(before: timestamp, in: feed, latest: latest)
        } else {
            throw .noFeed(name: extract.name)
        }
        // The store may have gone further than the file (earlier updates); never behind it.
        let reached = max(fileSequence, extract.replicationSequence ?? fileSequence)
        let kept = keptSequences(of: extract)
        let missing = latest.sequence > fileSequence
            ? (fileSequence + 1...latest.sequence).filter { !kept.contains($0) } : []
        return Plan(extract: extract, feed: feed, fileSequence: fileSequence, reached: reached, latest: latest,
                    missing: missing)
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
        throw .tooFarBehind(name: "The extract", sequence: sequence)
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

    private func file(_ sequence: Int64, of extract: StoredExtract) -> URL {
        changesFolder(of: extract).appendingPathComponent(String(sequence) + ".osc.gz")
    }

    /// The sequences whose change files are in the folder.
    func keptSequences(of extract: StoredExtract) -> Set<Int64> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: changesFolder(of: extract).path)) ?? []
        return Set(names.compactMap { name in
            name.hasSuffix(".osc.gz") ? Int64(name.dropLast(7)) : nil
        })
    }

    /// Fetches one change file into the folder; it is checked whole (read through) before it is kept.
    private func fetchChanges(_ sequence: Int64, plan: Plan) async throws(ExtractUpdateError) {
        let response = try await get(plan.feed.changesURL(sequence))
        switch response.status {
        case 200: break
        case 404, 410:
            // Feeds drop their oldest files; the store cannot be brought forward from here.
            throw .tooFarBehind(name: plan.extract.name, sequence: sequence)
        default:
            throw .feedUnavailable("\(plan.feed.changesURL(sequence)) answered HTTP \(response.status).")
        }
        let folder = changesFolder(of: plan.extract)
        let target = file(sequence, of: plan.extract)
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
        guard rename(part.path, target.path) == 0 else {
            throw .feedUnavailable("cannot keep the change file: \(String(cString: strerror(errno)))")
        }
    }

    // MARK: - Run

    /// Fetches what is missing and imports the extract through every change since its file, in one
    /// transaction. `progress` hears of each change file fetched (done, of) and then the import's progress.
    public func run(_ plan: Plan, fetched: @escaping (Int, Int) -> Void = { _, _ in },
                    progress: @escaping @Sendable (OSMImportProgress) -> Void = { _ in }) async throws(ExtractUpdateError)
        -> Outcome {
        var outcome = Outcome(plan: plan, fetched: 0, applied: 0, nodesChanged: 0, waysChanged: 0)
        // Files of sequences the file already holds are of no use any more.
        for old in keptSequences(of: plan.extract) where old <= plan.fileSequence {
            try? FileManager.default.removeItem(at: file(old, of: plan.extract))
        }
        guard !plan.isCurrent else { return outcome }
        for (index, sequence) in plan.missing.enumerated() {
            try await fetchChanges(sequence, plan: plan)
            outcome.fetched += 1
            fetched(index + 1, plan.missing.count)
        }
        var changes = OSMChangeSet()
        for sequence in plan.fileSequence + 1...plan.latest.sequence {
            do {
                try changes.read(file: file(sequence, of: plan.extract).path)
            } catch {
                if case .interrupted = error { throw .interrupted }
                // Kept from an earlier run and damaged since: fetched anew next time.
                try? FileManager.default.removeItem(at: file(sequence, of: plan.extract))
                throw .damagedChanges(sequence: sequence, reason: "\(error)")
            }
        }
        changes.sequence = plan.latest.sequence
        changes.timestamp = plan.latest.timestamp
        outcome.applied = changes.files
        outcome.nodesChanged = changes.nodeCount
        outcome.waysChanged = changes.wayCount
        guard let path = plan.extract.filePath else { throw .fileMissing(name: plan.extract.name, path: nil) }
        switch await Self.importOnOwnThread(store: store, path: path, changes: changes, progress: progress) {
        case .success(let summary): outcome.summary = summary
        case .failure(.interrupted): throw .interrupted
        case .failure(let error): throw .importFailed(error)
        }
        return outcome
    }

    /// The import blocks for as long as it reads (seconds for a country): on a thread of its own, so that it
    /// holds none of the Swift pool's few threads while the app goes on answering keys and queries.
    private static func importOnOwnThread(store: LocalPlacesStore, path: String, changes: OSMChangeSet,
                                          progress: @escaping @Sendable (OSMImportProgress) -> Void) async
        -> Result<OSMImportSummary, OSMImportError> {
        await withCheckedContinuation { continuation in
            let started = PThread.start {
                do throws(OSMImportError) {
                    continuation.resume(returning: .success(
                        try store.importOpenStreetMap(at: path, changes: changes, progress: progress)))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
            if !started {
                continuation.resume(returning: .failure(.sink("no thread could be started for the import")))
            }
        }
    }
}
