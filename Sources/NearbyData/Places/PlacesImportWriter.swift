import OSMFormats
import FoundationEssentials
import NearbyCore
import SQLiteDriver

extension LocalPlacesStore {
    /// Runs `body` in ONE write transaction: if it throws, the store is exactly as before.
    ///
    /// With an `extract`, the import replaces what earlier imports of that extract brought: places and
    /// localities they wrote that this one did not are removed at the end (favourites stay, see
    /// `favouritePlaces`). Without one (live sources, the demo town), nothing is removed.
    public func importPlaces<T>(from extract: PlacesExtract? = nil,
                                _ body: (PlacesImportWriter) throws -> T) throws -> T {
        try importPlaces(extract: extract.map { known in { _ in known } }, body).value
    }

    /// `importPlaces` on the store's write thread, for callers in Swift tasks (a live source saving what it
    /// fetched, the demo town): a large write never holds one of the tasks' threads.
    public func importPlacesInBackground<T: Sendable>(from extract: PlacesExtract? = nil,
                                          _ body: @escaping @Sendable (PlacesImportWriter) throws -> T) async throws -> T {
        let updatedAt = Self.timestamp(now())
        return try await database.writeWithoutTransaction { db in
            try Self.importing(db, updatedAt: updatedAt, extract: extract.map { known in { _ in known } }, body).value
        }
    }

    /// `importPlaces`, with the extract decided from the file's header (which the body passes to the writer
    /// as the reader meets it, before any place), and what the import changed.
    /// `cacheBytes`: the page cache for the write (a patch, which writes few rows, keeps the usual one).
    func importPlaces<T>(extract: ((OSMExtractHeader?) -> PlacesExtract)?, cacheBytes: Int = 256 << 20,
                         _ body: (PlacesImportWriter) throws -> T) throws -> (value: T, changes: PlacesImportChanges) {
        let updatedAt = Self.timestamp(now())
        return try database.writeWithoutTransaction { db in
            try Self.importing(db, updatedAt: updatedAt, cacheBytes: cacheBytes, extract: extract, body)
        }
    }

    private static func importing<T>(_ db: SQLiteConnection, updatedAt: String, cacheBytes: Int = 256 << 20,
                                     extract: ((OSMExtractHeader?) -> PlacesExtract)?,
                                     _ body: (PlacesImportWriter) throws -> T) throws -> (value: T, changes: PlacesImportChanges) {
        // A bigger page cache for the bulk write keeps the indexes' hot pages in memory.
        let previousCache = try db.scalar("PRAGMA cache_size", as: Int.self) ?? -2_000
        try db.execute(script: "PRAGMA cache_size = -\(cacheBytes >> 10)")
        defer { try? db.execute(script: "PRAGMA cache_size = \(previousCache)") }
        return try db.transaction(.immediate) {
            let writer = try PlacesImportWriter(db: db, updatedAt: updatedAt, extract: extract)
            defer { writer.close() }
            let value = try body(writer)
            try writer.finish()
            if try Self.mergesSearchIndex(after: writer.changes, in: db) { try PlacesSchema.mergeSearchIndex(db) }
            return (value, writer.changes)
        }
    }

    /// How many places an import must add, change or remove before it merges the full-text index (see
    /// `PlacesSchema.mergeSearchIndex`), and at least a tenth of the store: the merge rewrites the whole index
    /// (0.2 s at 100,000 places, 2.3 s at 1,000,000) and holds the write lock meanwhile, so a live source's
    /// save into a large store leaves the merging to SQLite's own gradual merges.
    static let searchIndexMergeThreshold = 5_000

    private static func mergesSearchIndex(after changes: PlacesImportChanges, in db: SQLiteConnection) throws -> Bool {
        let rewritten = changes.rewrittenPlaces
        guard rewritten >= searchIndexMergeThreshold else { return false }
        return rewritten * 10 >= (try db.scalar("SELECT count(*) FROM place", as: Int.self) ?? 0)
    }

    static func timestamp(_ date: Date) -> String {
        CivilDate.iso8601UTC(date)
    }
}

/// What an import changed in the store.
public struct PlacesImportChanges: Hashable, Sendable {
    /// Places new to the store.
    public var placesAdded = 0
    /// Places already stored whose data changed (renamed, moved, new hours…).
    public var placesUpdated = 0
    /// Places already stored exactly as the file has them.
    public var placesUnchanged = 0
    /// Places an earlier import of the same extract brought that this file no longer has.
    public var placesRemoved = 0
    public var localitiesAdded = 0
    public var localitiesUpdated = 0
    public var localitiesUnchanged = 0
    public var localitiesRemoved = 0
    /// A node and a way of one name and category within 25 m kept as one place (the node).
    public var duplicatesMerged = 0
    public var duplicatesByCategory: [Category: Int] = [:]
    /// The extract the import was recognised as (nil: none, nothing is removed).
    public var extract: PlacesExtract?
    /// The file's name matched an extract already stored, but its data lies elsewhere: it was kept as an
    /// extract of its own (files saved without a header, such as JOSM's `map.osm`).
    public var toldApartByExtent = false

    /// Places written or deleted: what the full-text index took in.
    var rewrittenPlaces: Int { placesAdded + placesUpdated + placesRemoved }

    public init() {}
}

/// Valid only inside `importPlaces`' body.
///
/// New places wait in memory and are written in batches sorted by spatial key: the table, the R*Tree
/// and the full-text index then grow in key order, which is much faster than scattered inserts.
/// Places already stored are updated at once (or only re-stamped when unchanged); the schema's triggers
/// keep the indexes in step.
public final class PlacesImportWriter {
    /// New places held before a batch is written.
    static let batchSize = 25_000

    let db: SQLiteConnection
    /// The import's connection, for what else the import writes in its transaction (the walking network).
    var database: SQLiteConnection { db }
    private let updatedAt: String
    private var isOpen = true
    private let findPlace: SQLiteStatement
    private let lastInCell: SQLiteStatement
    private let deletePlace: SQLiteStatement
    private let restampPlace: SQLiteStatement
    private let findLocality: SQLiteStatement
    private let upsertLocalityStatement: SQLiteStatement
    private var insertion: PlaceInsertion?

    /// The extract, decided at the first write (the header comes before any place in a file).
    private var decideExtract: ((OSMExtractHeader?) -> PlacesExtract)?
    /// What the file's header said, as the reader passes it on.
    var header: OSMExtractHeader?
    private var extractRow: Int64?
    private var importRun: Int64?
    /// For an extract known only by its file name: the key it will get once the data's extent is known
    /// (the import writes under a provisional row until then).
    private var provisionalKey: String?
    /// Where the data written lies (places, localities, the walking network).
    var extent: OSMExtractHeader.Bounds?
    /// Walkable ways the import kept, for the extract's row.
    var walkWays = 0
    /// When the imported file was last written.
    var fileDate: Date?
    /// Where the file is, whole, for `nearby update` to read it again.
    var filePath: String?
    /// The writes patch the extract (`nearby update` through its base): places not written stay.
    var isPatch = false

    /// Whether the table held no place when the import began: then only this import's own places can
    /// share an id or a cell, and the per-place lookups in the table are skipped.
    private let startedEmpty: Bool
    private var pending: [(rid: Int64, id: String, place: Place)] = []
    private var pendingIndex: [String: Int] = [:]
    /// Hashes of the ids written by this import when it began on an empty table: only those can be in the
    /// table already (a hash collision just costs a lookup).
    private var flushedIDHashes = Set<Int>()
    /// The highest key handed out in each cell during this import.
    private var lastKeyInCell: [Int64: Int64] = [:]

    /// Places written so far (inserted or updated).
    public private(set) var placesWritten = 0
    /// Localities written so far.
    public private(set) var localitiesWritten = 0
    /// What the import changed; complete once the import has ended.
    public private(set) var changes = PlacesImportChanges()

    init(db: SQLiteConnection, updatedAt: String, extract: ((OSMExtractHeader?) -> PlacesExtract)?) throws {
        self.db = db
        self.updatedAt = updatedAt
        decideExtract = extract
        startedEmpty = try db.scalar("SELECT EXISTS (SELECT 1 FROM place)", as: Bool.self) != true
        findPlace = try db.statement("SELECT rid, importRun, \(PlaceRow.selection) FROM place WHERE id = ?")
        lastInCell = try db.statement("SELECT max(rid) FROM place WHERE rid BETWEEN ? AND ?")
        deletePlace = try db.statement("DELETE FROM place WHERE rid = ?")
        restampPlace = try db.statement("UPDATE place SET extract = ?, importRun = ? WHERE rid = ?")
        findLocality = try db.statement("SELECT name, kind, lat, lon, importRun FROM locality WHERE id = ?")
        upsertLocalityStatement = try db.statement("""
            INSERT INTO locality (id, name, nameKey, kind, lat, lon, extract, importRun) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(id) DO UPDATE SET name = excluded.name, nameKey = excluded.nameKey, kind = excluded.kind,
                lat = excluded.lat, lon = excluded.lon, extract = coalesce(excluded.extract, extract),
                importRun = coalesce(excluded.importRun, importRun)
            """)
    }

    func close() {
        isOpen = false
        pending = []
        pendingIndex = [:]
    }

    /// Same PlaceID again → updated in place, no duplicate.
    public func upsert(_ place: Place) throws {
        try checkOpen()
        guard place.coordinate.isValid else {
            throw PlacesError.storage("\(place.id) has no valid coordinate (\(place.coordinate.latitude), "
                                      + "\(place.coordinate.longitude)).")
        }
        let insertion = try prepared()
        let id = place.id.description
        let cell = SpatialKey.cell(of: place.coordinate)
        placesWritten += 1
        include(place.coordinate)
        if let index = pendingIndex[id] {
            // Seen earlier in this import and not written yet: replace it in memory.
            let previous = pending[index].rid
            let rid = SpatialKey.cell(ofKey: previous) == cell ? previous : try freeKey(in: cell, for: place.id)
            pending[index] = (rid, id, place)
            return
        }
        if !startedEmpty || flushedIDHashes.contains(id.hashValue), let stored = try storedPlace(id: id) {
            // Written earlier by this same run (an id twice in a file): counted already.
            let repeated = importRun != nil && stored.importRun == importRun
            if !repeated && stored.place == place {
                try restampPlace.bind(extractRow, importRun, stored.rid).run()
                changes.placesUnchanged += 1
                return
            }
            if !repeated { changes.placesUpdated += 1 }
            if SpatialKey.cell(ofKey: stored.rid) == cell {
                try insertion.update(place, id: id, rid: stored.rid)
                return
            }
            // Moved to another cell: its key must move too, or area searches would miss it.
            try deletePlace.bind(stored.rid).run()
        } else {
            changes.placesAdded += 1
        }
        pendingIndex[id] = pending.count
        pending.append((try freeKey(in: cell, for: place.id), id, place))
        if pending.count >= Self.batchSize { try flush() }
    }

    /// Same locality id again → updated in place.
    public func upsert(_ locality: Locality) throws {
        try checkOpen()
        guard locality.coordinate.isValid else {
            throw PlacesError.storage("Locality \(locality.id) has no valid coordinate.")
        }
        _ = try prepared()
        include(locality.coordinate)
        try findLocality.bind(locality.id)
        if try findLocality.step() {
            let stored = (name: try? findLocality.column(0, as: String.self),
                          kind: try? findLocality.column(1, as: String.self),
                          lat: try? findLocality.column(2, as: Double.self),
                          lon: try? findLocality.column(3, as: Double.self),
                          run: try? findLocality.column(4, as: Int64?.self))
            findLocality.reset()
            if importRun == nil || stored.run != importRun {
                let same = stored.name == locality.name && stored.kind == locality.kind.rawValue
                    && stored.lat == locality.coordinate.latitude && stored.lon == locality.coordinate.longitude
                if same { changes.localitiesUnchanged += 1 } else { changes.localitiesUpdated += 1 }
            }
        } else {
            findLocality.reset()
            changes.localitiesAdded += 1
        }
        try upsertLocalityStatement.bind(
            locality.id, locality.name, SearchFolding.fold(locality.name), locality.kind.rawValue,
            locality.coordinate.latitude, locality.coordinate.longitude, extractRow, importRun).run()
        localitiesWritten += 1
    }

    /// Removes a place of this extract that the changes deleted (or no longer make a place); a patch's.
    func removePlace(id: PlaceID) throws {
        let key = id.description
        if let index = pendingIndex[key] {
            // Added earlier in this patch and not written yet.
            pending.remove(at: index)
            pendingIndex = Dictionary(uniqueKeysWithValues: pending.enumerated().map { ($1.id, $0) })
            changes.placesAdded -= 1
            return
        }
        let extract = try extractID()
        try db.execute("DELETE FROM place WHERE id = ? AND extract IS ?", key, extract)
        changes.placesRemoved += db.changes
    }

    /// Removes a locality of this extract; a patch's.
    func removeLocality(id: String) throws {
        let extract = try extractID()
        try db.execute("DELETE FROM locality WHERE id = ? AND extract IS ?", id, extract)
        changes.localitiesRemoved += db.changes
    }

    /// Writes the waiting places, in key order, to the table and both indexes.
    func flush() throws {
        guard !pending.isEmpty else { return }
        let insertion = try prepared()
        // Sorting positions, not the places themselves: a place is a few hundred bytes to move.
        var order: [(rid: Int64, position: Int)] = []
        order.reserveCapacity(pending.count)
        for (position, entry) in pending.enumerated() { order.append((entry.rid, position)) }
        order.sort { $0.rid < $1.rid }
        for (_, position) in order {
            let entry = pending[position]
            try insertion.insert(entry.place, id: entry.id, rid: entry.rid)
            if startedEmpty { flushedIDHashes.insert(entry.id.hashValue) }
        }
        try insertion.writeTileCounts()
        pending.removeAll(keepingCapacity: true)
        pendingIndex.removeAll(keepingCapacity: true)
    }

    /// Takes a point of the data into the extract's extent.
    func include(_ point: Coordinate) {
        guard point.isValid else { return }
        extent = extent?.including(latitude: point.latitude, longitude: point.longitude)
            ?? OSMExtractHeader.Bounds(minLatitude: point.latitude, minLongitude: point.longitude,
                                       maxLatitude: point.latitude, maxLongitude: point.longitude)
    }

    /// Writes what waits, then removes what earlier runs of the extract brought and this one did not.
    func finish() throws {
        _ = try prepared()
        try flush()
        guard extractRow != nil, let importRun else { return }
        if isPatch, let extractRow {
            // A patch writes only what changed: nothing else of the extract is removed.
            try recordExtractDetails(extractRow)
            let mergedByCategory = try mergeNodeAndWayDuplicates(extract: extractRow, run: importRun,
                                                                 nodesOfAnyRun: true)
            let merged = mergedByCategory.values.reduce(0, +)
            let wereNew = min(merged, changes.placesAdded)
            changes.placesAdded -= wereNew
            changes.placesRemoved += merged - wereNew
            changes.duplicatesMerged = merged
            changes.duplicatesByCategory = mergedByCategory
            try db.execute("DELETE FROM place_tile WHERE n = 0")
            return
        }
        if let provisionalKey { try settleProvisionalExtract(key: provisionalKey) }
        guard let extractRow else { return }
        try recordExtractDetails(extractRow)
        try db.execute("DELETE FROM place WHERE extract = ? AND importRun IS NOT ?", extractRow, importRun)
        changes.placesRemoved = db.changes
        // A node and a way of one place: the way goes. New this run, it was counted added; kept from a store an
        // older version filled (which kept both), it is removed now.
        let mergedByCategory = try mergeNodeAndWayDuplicates(extract: extractRow, run: importRun)
        let merged = mergedByCategory.values.reduce(0, +)
        let wereNew = min(merged, changes.placesAdded)
        changes.placesAdded -= wereNew
        changes.placesRemoved += merged - wereNew
        changes.placesUnchanged = max(0, changes.placesUnchanged - (merged - wereNew))
        changes.duplicatesMerged = merged
        changes.duplicatesByCategory = mergedByCategory
        try db.execute("DELETE FROM locality WHERE extract = ? AND importRun IS NOT ?", extractRow, importRun)
        changes.localitiesRemoved = db.changes
        // Tiles the removals emptied.
        try db.execute("DELETE FROM place_tile WHERE n = 0")
    }

    /// The store's row of the import's extract (deciding it now if no place was written yet); nil for an import
    /// without one.
    func extractID() throws -> Int64? {
        _ = try prepared()
        return extractRow
    }

    /// An extract known by its file name alone: the one of that name whose data covers mostly the same ground
    /// takes this import's rows (and then loses what this import did not bring); none does, and the import is
    /// an extract of its own under a key of its own.
    private func settleProvisionalExtract(key: String) throws {
        guard let provisional = extractRow else { return }
        var candidates: [(id: Int64, key: String, extent: OSMExtractHeader.Bounds?)] = []
        let rows = try db.statement("""
            SELECT id, key, minLat, minLon, maxLat, maxLon FROM import_extract
            WHERE id != ? AND (key = ? OR substr(key, 1, ?) = ?) ORDER BY id
            """).bind(provisional, key, key.utf8.count + 1, key + "#")
        while try rows.step() {
            candidates.append((try rows.column(0), try rows.column(1), try StoredExtract.extent(rows, first: 2)))
        }
        rows.reset()
        // An extract stored before extents were kept (or with no data) matches by name, as it always did.
        let match = candidates.first { candidate in
            guard let theirs = candidate.extent, let ours = extent else { return true }
            return theirs.coversMostly(ours)
        }
        if let match {
            try db.execute("UPDATE place SET extract = ? WHERE extract = ?", match.id, provisional)
            try db.execute("UPDATE locality SET extract = ? WHERE extract = ?", match.id, provisional)
            try WalkNetworkStorage.move(from: provisional, to: match.id, in: db)
            try db.execute("UPDATE import_extract SET fileName = ?, importedAt = ?, lastRun = ? WHERE id = ?",
                           changes.extract?.fileName ?? "", updatedAt, importRun, match.id)
            try db.execute("DELETE FROM import_extract WHERE id = ?", provisional)
            extractRow = match.id
            changes.extract?.key = match.key
            return
        }
        var settled = key
        var suffix = 2
        let taken = Set(candidates.map(\.key))
        while taken.contains(settled) {
            settled = "\(key)#\(suffix)"
            suffix += 1
        }
        try db.execute("UPDATE import_extract SET key = ? WHERE id = ?", settled, provisional)
        changes.extract?.key = settled
        changes.toldApartByExtent = !candidates.isEmpty
    }

    /// The extract's row: where its data lies, its date and what its header named.
    private func recordExtractDetails(_ row: Int64) throws {
        let dataTime = header?.replicationTimestamp.map { Self.timestamp(seconds: $0) }
        try db.execute("""
            UPDATE import_extract SET minLat = ?, minLon = ?, maxLat = ?, maxLon = ?, dataTime = ?,
                importedFileDate = ?, replicationURL = ?, replicationSequence = ?, walkWays = ?, filePath = ? WHERE id = ?
            """, extent?.minLatitude, extent?.minLongitude, extent?.maxLatitude, extent?.maxLongitude, dataTime,
            fileDate.map(CivilDate.iso8601UTC), header?.replicationURL, header?.replicationSequence, walkWays,
            filePath, row)
    }

    private static func timestamp(seconds: Int64) -> String {
        CivilDate.iso8601UTC(Date(timeIntervalSince1970: Double(seconds)))
    }

    /// The insertion statements, once the extract is known.
    private func prepared() throws -> PlaceInsertion {
        if let insertion { return insertion }
        if let decide = decideExtract {
            var extract = decide(header)
            decideExtract = nil
            let run = (try db.scalar("SELECT coalesce(max(lastRun), 0) + 1 FROM import_extract", as: Int64.self)) ?? 1
            if extract.key.hasPrefix(PlacesExtract.fileKeyPrefix) {
                // Its key waits for the data's extent (`settleProvisionalExtract`).
                provisionalKey = extract.key
                extract.key = "pending:\(run)"
            }
            extractRow = try db.scalar("""
                INSERT INTO import_extract (key, fileName, importedAt, lastRun) VALUES (?, ?, ?, ?)
                ON CONFLICT(key) DO UPDATE SET fileName = excluded.fileName, importedAt = excluded.importedAt,
                    lastRun = excluded.lastRun
                RETURNING id
                """, extract.key, extract.fileName, updatedAt, run, as: Int64.self)
            importRun = run
            changes.extract = extract
            if let provisionalKey { changes.extract?.key = provisionalKey }
        }
        let made = try PlaceInsertion(db: db, updatedAt: updatedAt, extract: extractRow, importRun: importRun)
        insertion = made
        return made
    }

    private func storedPlace(id: String) throws -> (rid: Int64, importRun: Int64?, place: Place?)? {
        try findPlace.bind(id)
        defer { findPlace.reset() }
        guard try findPlace.step() else { return nil }
        // A stored row that cannot be read is rewritten: the import repairs it.
        return (try findPlace.column(0), try? findPlace.column(1, as: Int64?.self),
                PlaceRow.readablePlace(from: findPlace, first: 2))
    }

    private func freeKey(in cell: Int64, for id: PlaceID) throws -> Int64 {
        let keys = SpatialKey.keys(inCell: cell)
        let last: Int64?
        if let known = lastKeyInCell[cell] {
            last = known
        } else if startedEmpty {
            last = nil
        } else {
            last = try lastInCell.bind(keys.lowerBound, keys.upperBound).scalar(as: Int64?.self) ?? nil
        }
        let key: Int64
        if let last {
            guard last < keys.upperBound else {
                throw PlacesError.storage("Too many places at one spot to store \(id).")
            }
            key = last + 1
        } else {
            key = keys.lowerBound
        }
        lastKeyInCell[cell] = key
        return key
    }

    private func checkOpen() throws {
        guard isOpen else { throw PlacesError.storage("The import writer was used after its import ended.") }
    }
}
