import FoundationEssentials
import Glibc
import NearbyCore
import NearbyHTTP
import Locking
import Logging
import OSMFormats

/// One imported extract brought up to date from its replication feed (`nearby update`).
///
/// The store is patched through the extract's base where the import kept one (`ExtractPatch`): only what the
/// newer changes touch is written. Otherwise, or when the patch meets anything it cannot follow, the extract is
/// read again from the file it was imported from, through every change published since that file
/// (`OSMChangeSet`, `ChangeOverlay`), in one import. Either way the store then holds what importing the changed
/// file would, places, areas and walking network alike, and a failure anywhere leaves it as it was.
/// The change files are kept in `updates/extract-ID/` of the data folder, so each is fetched once; they go when
/// a newer file of the extract is imported.
public struct ExtractUpdate: Sendable {
    /// What an update would do, found before anything is fetched but the feed's state.
    public struct Plan: Sendable, Equatable {
        public var extract: StoredExtract
        public var onFeed: ExtractFeed.Plan

        public var feed: ReplicationFeed { onFeed.feed }
        public var fileSequence: Int64 { onFeed.fileSequence }
        public var reached: Int64 { onFeed.reached }
        public var latest: ReplicationState { onFeed.latest }
        public var missing: [Int64] { onFeed.missing }
        public var isCurrent: Bool { onFeed.isCurrent }
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
        /// Whether the store was patched through the extract's base, rather than the extract read again.
        public var patched = false
    }

    public let store: LocalPlacesStore
    /// The data folder: `updates/` and the lock go in it.
    public let dataFolder: URL
    /// A mirror of the feed to use instead of the one the file's header names.
    public var feedOverride: String?
    /// How an address is fetched (tests and proxies stand in).
    public var fetch: @Sendable (URL) async throws(HTTPFailure) -> HTTPClient.Response = ExtractFeed.fetch
    public var wait: @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    /// The longest `Retry-After` waited for.
    public var longestWait: Duration = .seconds(600)
    /// Whether the store is patched through the extract's base when it has one (tests compare with the
    /// extract read again).
    public var usesBase = true

    public init(store: LocalPlacesStore, dataFolder: URL, feedOverride: String? = nil) {
        self.store = store
        self.dataFolder = dataFolder
        self.feedOverride = feedOverride
    }

    /// Where the extract's change files are kept.
    public func changesFolder(of extract: StoredExtract) -> URL {
        dataFolder.appendingPathComponent("updates").appendingPathComponent("extract-\(extract.id)")
    }

    /// One update at a time per data folder, whatever process asks: an exclusive lock on a file in it.
    /// Close the descriptor returned to let go.
    public func lock() throws(ExtractUpdateError) -> Int32 {
        try Self.lock(in: dataFolder)
    }

    /// The lock of `lock()`, for any folder (`nearby-server update` takes the data folder's too).
    public static func lock(in folder: URL) throws(ExtractUpdateError) -> Int32 {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let descriptor = open(folder.appendingPathComponent(".update.lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .feedUnavailable("cannot open the update lock: \(String(cString: strerror(errno)))")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw .busy
        }
        return descriptor
    }

    private func feed(of extract: StoredExtract) throws(ExtractUpdateError) -> ExtractFeed {
        guard let path = extract.filePath else { throw .fileMissing(name: extract.name, path: nil) }
        var feed = ExtractFeed(file: path, name: extract.name, folder: changesFolder(of: extract),
                               feedOverride: feedOverride)
        feed.fetch = fetch
        feed.wait = wait
        feed.longestWait = longestWait
        return feed
    }

    /// The sequences whose change files are kept for the extract.
    func keptSequences(of extract: StoredExtract) -> Set<Int64> {
        (try? feed(of: extract).keptSequences()) ?? []
    }

    /// Reads the extract's file header and the feed's state; fetches no change file.
    public func plan(for extract: StoredExtract) async throws(ExtractUpdateError) -> Plan {
        guard let path = extract.filePath, FileManager.default.fileExists(atPath: path) else {
            throw .fileMissing(name: extract.name, path: extract.filePath)
        }
        return Plan(extract: extract, onFeed: try await feed(of: extract).plan(reached: extract.replicationSequence))
    }

    /// The store patched through the extract's base (`ExtractPatch`); nil when the extract has no base the
    /// patch can follow, and the extract is then read again.
    private func patch(_ plan: Plan, feed: ExtractFeed, changes: OSMChangeSet) async throws(ExtractUpdateError)
        -> OSMImportSummary? {
        guard usesBase, let applied = try? feed.changes(after: plan.fileSequence, through: plan.reached) else {
            return nil
        }
        let store = self.store, file = feed.file
        let result: Result<OSMImportSummary, any Error> = await withCheckedContinuation { continuation in
            let started = PThread.start {
                continuation.resume(returning: Result {
                    guard let base = ExtractBase(ofStore: store.database.path, extract: plan.extract.id,
                                                 filePath: file) else {
                        throw PatchFailure.unsupported("the extract has no base made from \(file)")
                    }
                    return try ExtractPatch(store: store, extract: plan.extract, base: base, filePath: file,
                                            old: applied, new: changes).apply()
                })
            }
            if !started { continuation.resume(returning: .failure(PatchFailure.unsupported("no thread"))) }
        }
        switch result {
        case .success(let summary): return summary
        case .failure(OSMImportError.interrupted): throw .interrupted
        case .failure(let error):
            StoreLog.logger.warning("Update of \(plan.extract.name) reads the extract again: \(error)")
            return nil
        }
    }

    /// Fetches what is missing and imports the extract through every change since its file, in one
    /// transaction. `progress` hears of each change file fetched (done, of) and then the import's progress.
    public func run(_ plan: Plan, fetched: @escaping (Int, Int) -> Void = { _, _ in },
                    progress: @escaping @Sendable (OSMImportProgress) -> Void = { _ in }) async throws(ExtractUpdateError)
        -> Outcome {
        var outcome = Outcome(plan: plan, fetched: 0, applied: 0, nodesChanged: 0, waysChanged: 0)
        let feed = try feed(of: plan.extract)
        guard !plan.isCurrent else {
            _ = try await feed.fetchMissing(ExtractFeed.Plan(feed: plan.feed, fileSequence: plan.fileSequence,
                                                             reached: plan.reached, latest: plan.latest, missing: []))
            return outcome
        }
        outcome.fetched = try await feed.fetchMissing(plan.onFeed, fetched: fetched)
        let changes = try feed.changes(plan.onFeed)
        outcome.applied = changes.files
        outcome.nodesChanged = changes.nodeCount
        outcome.waysChanged = changes.wayCount
        if let patched = try await patch(plan, feed: feed, changes: changes) {
            outcome.summary = patched
            outcome.patched = true
            return outcome
        }
        do {
            outcome.summary = try await store.importOpenStreetMapOnOwnThread(at: feed.file, changes: changes,
                                                                             progress: progress)
        } catch {
            if case .interrupted = error { throw .interrupted }
            throw .importFailed(error)
        }
        return outcome
    }
}
