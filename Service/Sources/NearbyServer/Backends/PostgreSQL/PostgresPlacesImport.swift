import Foundation
import Logging
import NearbyCore
import NearbyData
import OSMFormats
import NIOCore
import PostgresNIO
import Locking

/// Imports an OpenStreetMap extract into PostGIS with the same importer and mapping as the local store, in
/// ONE transaction: the places stream through `COPY` into a staging table, then replace what an earlier import
/// of the same extract contributed. The extract is recognised as the local store recognises it
/// (`PlacesExtract`: the file header's replication feed, else its bounding box, else the file's name without
/// dates and "latest"), so a renamed file or a newer download of the same region replaces, and another extract
/// adds. A damaged file, or any failure, leaves the database as it was.
public struct PostgresPlacesImport: Sendable {
    let pools: PostgresPools

    public init(pools: PostgresPools) {
        self.pools = pools
    }

    /// What one import did.
    public struct Summary: Sendable {
        public var osm: OSMImportSummary
        /// Places of this extract that an earlier import had and this one does not: removed.
        public var removed: Int
        public var source: String
        /// A name for the extract in messages: the file's name without dates and extensions, or the one given.
        public var region: String
        /// How the extract was recognised (`PlacesExtract.key`); the same key next time replaces.
        public var extractKey: String
    }

    /// The region an extract was known by before schema version 2 (the file's name without its extensions and
    /// "-latest"): its places are taken over by the first import of a file of that name.
    public static func region(ofFile path: String) -> String {
        var name = Substring(path.split(separator: "/").last ?? Substring(path))
        for suffix in [".gz", ".pbf", ".osm", ".xml"] where name.lowercased().hasSuffix(suffix) {
            name = name.dropLast(suffix.count)
        }
        for suffix in [".osm", "-latest"] where name.lowercased().hasSuffix(suffix) {
            name = name.dropLast(suffix.count)
        }
        return name.isEmpty ? "extract" : String(name)
    }

    /// The key of an extract named by the operator (`--region NAME`), the same as imports before schema
    /// version 2 had, so that naming it again replaces them.
    static func namedKey(source: String, name: String) -> String { "region:\(source)/\(name)" }

    /// Reads `path` and writes its places, replacing those an earlier import of the same extract wrote.
    /// `name`, when given, identifies the extract instead of what the file says about itself.
    public func importOpenStreetMap(at path: String, name: String? = nil, source: String = "osm",
                                    changes: OSMChangeSet? = nil,
                                    progress: @escaping @Sendable (OSMImportProgress) -> Void = { _ in })
        async throws -> Summary {
        let importer = OSMImporter(path: path, changes: changes)
        // Fail on an unreadable file before any transaction starts.
        _ = try importer.detectFormat()
        let logger = pools.logger
        return try await pools.transaction { connection in
            try await connection.query("""
                CREATE TEMP TABLE place_staging (
                    seq bigint, id text, name text, category text, lat double precision, lon double precision,
                    search_words text[], street text, housenumber text, postcode text, city text, country text,
                    formatted_address text, phone text, website text, email text, opening_hours text,
                    opening_periods text, cuisine text, wheelchair text, operator text, brand text,
                    rating double precision, rating_count integer, price_level integer, attribution text
                ) ON COMMIT DROP
                """, logger: logger)
            let handoff = CopyHandoff()
            let summary = ImportOutcome()
            // The importer is synchronous and reads a file: it runs on a thread of its own, handing COPY
            // text to this task in batches, and waits when this task falls behind.
            let thread = Thread {
                let sink = CopyRowSink(handoff: handoff, outcome: summary)
                do {
                    let result = try importer.run(into: sink, progress: progress)
                    try sink.flush()
                    summary.set(.success(result))
                    handoff.finish(nil)
                } catch {
                    summary.set(.failure(error))
                    handoff.finish(error)
                }
            }
            thread.name = "nearby-import"
            thread.start()
            do {
                try await connection.copyFrom(table: "place_staging", logger: logger) { writer in
                    while let batch = try await handoff.next() { try await writer.write(batch) }
                }
            } catch {
                handoff.cancel()
                await handoff.waitUntilFinished()
                if case .failure(let importError)? = summary.value { throw importError }
                throw error
            }
            guard case .success(let osm)? = summary.value else {
                throw PlacesError.storage("The import ended without a summary.")
            }
            // The header has been read by now: it comes before any place.
            let identified = PlacesExtract.identify(path: path, header: summary.header)
            let extractKey = name.map { Self.namedKey(source: source, name: $0) } ?? identified.key
            let region = name ?? PlacesExtract.nameStem(identified.fileName)
            let extractID = try await Self.extractID(key: extractKey, fileName: identified.fileName,
                                                     legacyKey: Self.namedKey(source: source, name: Self.region(ofFile: path)),
                                                     on: connection, logger: logger)
            let importIDs = try await connection.query("""
                INSERT INTO place_import (source, region, extract_id) VALUES (\(source), \(region), \(extractID))
                RETURNING id
                """, logger: logger)
            var importID: Int64 = 0
            for try await id in importIDs.decode(Int64.self) { importID = id }
            // Where the extract stands on its replication feed (the file's own state, or the one its changes
            // reached), for `nearby update --database`.
            let sequence = summary.header?.replicationSequence
            let timestamp = summary.header?.replicationTimestamp.map(Double.init)
            try await connection.query("""
                UPDATE place_extract SET replication_sequence = \(sequence),
                    replication_timestamp = to_timestamp(\(timestamp))
                WHERE id = \(extractID)
                """, logger: logger)
            // The last version of a place seen twice in one file wins, as in the local store. The rows go in in
            // the order of their geohash, so places near each other share table pages and the GiST index's
            // leaves cover small areas: a nearest page of 1,000,000 places reads about 60 pages instead of 90,
            // and at the 99th percentile 74 instead of 215 (docs/benchmarks.md, "Friends server"). Geohashes are
            // ASCII, so their byte order ("C") sorts them as any collation would, and cheaper.
            try await connection.query("""
                INSERT INTO place (id, source, region, extract_id, import_id, name, category, lat, lon, position, search_words,
                                   street, housenumber, postcode, city, country, formatted_address, phone, website,
                                   email, opening_hours, opening_periods, cuisine, wheelchair, operator, brand, rating,
                                   rating_count, price_level, attribution, updated_at)
                SELECT id, \(source), \(region), \(extractID), \(importID), name, category, lat, lon,
                       point::geography, search_words, street, housenumber, postcode, city, country, formatted_address,
                       phone, website, email, opening_hours, opening_periods, cuisine, wheelchair, operator, brand,
                       rating, rating_count, price_level, attribution, now()
                FROM (SELECT DISTINCT ON (id) *, ST_SetSRID(ST_MakePoint(lon, lat), 4326) AS point
                      FROM place_staging ORDER BY id, seq DESC) AS latest
                ORDER BY ST_GeoHash(point, 12) COLLATE "C", id
                ON CONFLICT (id) DO UPDATE SET
                    source = excluded.source, region = excluded.region, extract_id = excluded.extract_id,
                    import_id = excluded.import_id,
                    name = excluded.name, category = excluded.category, lat = excluded.lat, lon = excluded.lon,
                    position = excluded.position, search_words = excluded.search_words, street = excluded.street,
                    housenumber = excluded.housenumber, postcode = excluded.postcode, city = excluded.city,
                    country = excluded.country, formatted_address = excluded.formatted_address,
                    phone = excluded.phone, website = excluded.website, email = excluded.email,
                    opening_hours = excluded.opening_hours, opening_periods = excluded.opening_periods,
                    cuisine = excluded.cuisine, wheelchair = excluded.wheelchair, operator = excluded.operator,
                    brand = excluded.brand, rating = excluded.rating, rating_count = excluded.rating_count,
                    price_level = excluded.price_level, attribution = excluded.attribution, updated_at = now()
                """, logger: logger)
            // What this extract contributed before and no longer has is gone from it.
            let removedRows = try await connection.query("""
                WITH gone AS (
                    DELETE FROM place WHERE extract_id = \(extractID) AND import_id <> \(importID)
                    RETURNING 1
                )
                SELECT count(*) FROM gone
                """, logger: logger)
            var removed = 0
            for try await count in removedRows.decode(Int.self) { removed = count }
            // A node and a way of one name and category within 25 m are one place, the node, as in the local
            // store (`PlacesImportWriter.mergeNodeAndWayDuplicates`).
            try await connection.query("""
                DELETE FROM place AS way USING place AS node
                WHERE way.import_id = \(importID) AND node.import_id = \(importID)
                  AND way.id LIKE 'osm:w%' AND node.id LIKE 'osm:n%'
                  AND way.category = node.category AND way.name = node.name AND way.name <> ''
                  AND ST_DWithin(way.position, node.position, 25)
                """, logger: logger)
            try await connection.query("""
                UPDATE place_import SET places = (SELECT count(*) FROM place WHERE import_id = \(importID))
                WHERE id = \(importID)
                """, logger: logger)
            try await connection.query("ANALYZE place", logger: logger)
            return Summary(osm: osm, removed: removed, source: source, region: region, extractKey: extractKey)
        }
    }

    /// The key an import of `path` records its extract under (`name` given: the operator's name for it).
    public static func extractKey(of path: String, name: String? = nil, source: String = "osm") throws -> String {
        if let name { return namedKey(source: source, name: name) }
        return PlacesExtract.identify(path: path, header: try OSMImporter(path: path).readHeader()).key
    }

    /// Where the extract under `key` stands on its replication feed: nil when it was never imported; its
    /// `sequence` nil when its file named no sequence (a timestamp only, or no feed).
    public struct FeedPosition: Sendable, Equatable {
        public var sequence: Int64?
    }

    public func feedPosition(ofExtract key: String) async throws -> FeedPosition? {
        let logger = pools.logger
        return try await pools.transaction { connection in
            let rows = try await connection.query(
                "SELECT replication_sequence FROM place_extract WHERE key = \(key)", logger: logger)
            var position: FeedPosition?
            for try await value in rows.decode(Int64?.self) { position = FeedPosition(sequence: value) }
            return position
        }
    }

    /// The extract's row, created on its first import. Its row stays locked to the end of the transaction, so
    /// two imports of one extract take turns. An extract imported before schema version 2 (known then by its
    /// file's name, `legacyKey`) is taken over under its new key, so its places are replaced, not kept twice.
    static func extractID(key: String, fileName: String, legacyKey: String, on connection: PostgresConnection,
                          logger: Logger) async throws -> Int64 {
        if key != legacyKey {
            try await connection.query("""
                UPDATE place_extract SET key = \(key)
                WHERE key = \(legacyKey) AND NOT EXISTS (SELECT 1 FROM place_extract WHERE key = \(key))
                """, logger: logger)
        }
        let rows = try await connection.query("""
            INSERT INTO place_extract (key, file_name) VALUES (\(key), \(fileName))
            ON CONFLICT (key) DO UPDATE SET file_name = excluded.file_name, imported_at = now()
            RETURNING id
            """, logger: logger)
        var id: Int64?
        for try await value in rows.decode(Int64.self) { id = value }
        guard let id else { throw PlacesError.storage("The extract could not be recorded.") }
        return id
    }
}

/// Turns places into lines of `COPY … FROM STDIN` text for `place_staging`.
final class CopyRowSink: OSMImportSink {
    private let handoff: CopyHandoff
    private let outcome: ImportOutcome
    private var buffer = ByteBuffer()
    private var sequence: Int64 = 0
    /// Bytes gathered before a batch is handed over.
    static let batchBytes = 1 << 20

    init(handoff: CopyHandoff, outcome: ImportOutcome) {
        self.handoff = handoff
        self.outcome = outcome
        buffer.reserveCapacity(Self.batchBytes + 4096)
    }

    func place(_ place: Place) throws {
        guard place.coordinate.isValid else {
            throw PlacesError.storage("\(place.id) has no valid coordinate.")
        }
        sequence += 1
        var hoursText: String?
        var periodsText: String?
        switch place.openingHours {
        case .osm(let text): hoursText = text
        case .periods(let periods): periodsText = String(decoding: try JSONEncoder().encode(periods), as: UTF8.self)
        case nil: break
        }
        let words = "{" + PlaceSearchText.words(of: place).map { "\"\($0)\"" }.joined(separator: ",") + "}"
        let fields: [String?] = [
            String(sequence), place.id.description, place.name, place.category.rawValue,
            place.coordinate.latitude.description, place.coordinate.longitude.description, words,
            place.address.street, place.address.houseNumber, place.address.postcode, place.address.city,
            place.address.country, place.address.formatted, place.phone, place.website, place.email, hoursText,
            periodsText, place.cuisine, place.wheelchair, place.operatorName, place.brand,
            place.rating?.description, place.ratingCount.map(String.init), place.priceLevel.map(String.init),
            place.attribution,
        ]
        for (index, field) in fields.enumerated() {
            if index > 0 { buffer.writeInteger(UInt8(ascii: "\t")) }
            Self.write(field, into: &buffer)
        }
        buffer.writeInteger(UInt8(ascii: "\n"))
        if buffer.readableBytes >= Self.batchBytes { try flush() }
    }

    func locality(_ locality: Locality) throws {
        // The service answers places by position and name; the gazetteer stays in the local store.
    }

    func extractHeader(_ header: OSMExtractHeader) {
        outcome.setHeader(header)
    }

    func flush() throws {
        guard buffer.readableBytes > 0 else { return }
        try handoff.put(buffer)
        buffer = ByteBuffer()
        buffer.reserveCapacity(Self.batchBytes + 4096)
    }

    /// One field in COPY's text format: `\N` for null; backslash, tab, line feed and carriage return escaped.
    static func write(_ field: String?, into buffer: inout ByteBuffer) {
        guard let field else {
            buffer.writeStaticString("\\N")
            return
        }
        for byte in field.utf8 {
            switch byte {
            case UInt8(ascii: "\\"): buffer.writeStaticString("\\\\")
            case UInt8(ascii: "\t"): buffer.writeStaticString("\\t")
            case UInt8(ascii: "\n"): buffer.writeStaticString("\\n")
            case UInt8(ascii: "\r"): buffer.writeStaticString("\\r")
            default: buffer.writeInteger(byte)
            }
        }
    }
}

/// Batches from the import thread to the COPY task: at most `capacity` wait, then the thread blocks.
final class CopyHandoff: Sendable {
    private struct State {
        var queue: [ByteBuffer] = []
        var finished = false
        var failure: (any Error)?
        var cancelled = false
        var consumer: CheckedContinuation<ByteBuffer?, any Error>?
        var finishWaiters: [CheckedContinuation<Void, Never>] = []
    }

    static let capacity = 4
    private let state = Locked(State())
    private let slots = DispatchSemaphore(value: CopyHandoff.capacity)

    struct Cancelled: Error {}

    /// Called on the import thread; blocks while `capacity` batches wait.
    func put(_ batch: ByteBuffer) throws {
        slots.wait()
        let consumer = try state.withLock { state -> CheckedContinuation<ByteBuffer?, any Error>? in
            if state.cancelled { throw Cancelled() }
            if let consumer = state.consumer {
                state.consumer = nil
                return consumer
            }
            state.queue.append(batch)
            return nil
        }
        if let consumer {
            slots.signal()
            consumer.resume(returning: batch)
        }
    }

    /// Called on the import thread when it is done (or failed).
    func finish(_ failure: (any Error)?) {
        let (consumer, waiters) = state.withLock { state in
            state.finished = true
            state.failure = failure
            defer { state.consumer = nil; state.finishWaiters = [] }
            return (state.consumer, state.finishWaiters)
        }
        if let consumer {
            if let failure { consumer.resume(throwing: failure) } else { consumer.resume(returning: nil) }
        }
        for waiter in waiters { waiter.resume() }
    }

    /// The next batch, or nil when the import is done.
    func next() async throws -> ByteBuffer? {
        try await withCheckedThrowingContinuation { continuation in
            let ready = state.withLock { state -> Result<ByteBuffer?, any Error>? in
                if !state.queue.isEmpty { return .success(state.queue.removeFirst()) }
                if state.finished { return state.failure.map { .failure($0) } ?? .success(nil) }
                state.consumer = continuation
                return nil
            }
            if let ready {
                if case .success(.some) = ready { slots.signal() }
                continuation.resume(with: ready)
            }
        }
    }

    /// The COPY failed: the import thread is told to stop at its next batch.
    func cancel() {
        state.withLock { $0.cancelled = true }
        for _ in 0..<Self.capacity { slots.signal() }
    }

    func waitUntilFinished() async {
        await withCheckedContinuation { continuation in
            let done = state.withLock { state -> Bool in
                if state.finished { return true }
                state.finishWaiters.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }
}

/// What the import thread ended with, and what the file said about itself.
final class ImportOutcome: Sendable {
    private let result = Locked<Result<OSMImportSummary, any Error>?>(nil)
    private let extractHeader = Locked<OSMExtractHeader?>(nil)

    func set(_ value: Result<OSMImportSummary, any Error>) { result.withLock { $0 = value } }
    var value: Result<OSMImportSummary, any Error>? { result.withLock { $0 } }

    func setHeader(_ header: OSMExtractHeader) { extractHeader.withLock { $0 = header } }
    var header: OSMExtractHeader? { extractHeader.withLock { $0 } }
}
