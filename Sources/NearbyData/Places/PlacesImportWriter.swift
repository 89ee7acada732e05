import Foundation
import GRDB
import NearbyCore

extension LocalPlacesStore {
    /// Runs `body` in ONE write transaction: if it throws, the store is exactly as before.
    public func importPlaces<T>(_ body: (PlacesImportWriter) throws -> T) throws -> T {
        try database.writer.writeWithoutTransaction { db in
            // A bigger page cache for the bulk write keeps the indexes' hot pages in memory.
            let previousCache = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2_000
            try db.execute(sql: "PRAGMA cache_size = -262144")
            defer { try? db.execute(sql: "PRAGMA cache_size = \(previousCache)") }
            var result: T?
            try db.inTransaction(.immediate) {
                let writer = try PlacesImportWriter(db: db, updatedAt: Self.timestamp(now()))
                defer { writer.close() }
                let value = try body(writer)
                try writer.flush()
                result = value
                return .commit
            }
            guard let result else { throw PlacesError.storage("The import transaction ended without a result.") }
            return result
        }
    }

    static func timestamp(_ date: Date) -> String {
        date.ISO8601Format()
    }
}

/// Valid only inside `importPlaces`' body.
///
/// New places wait in memory and are written in batches sorted by spatial key: the table, the R*Tree
/// and the full-text index then grow in key order, which is much faster than scattered inserts.
/// Places already stored are updated at once; the schema's triggers keep the indexes in step.
public final class PlacesImportWriter {
    /// New places held before a batch is written.
    static let batchSize = 25_000

    private let db: Database
    /// The import's connection, for what else the import writes in its transaction (the walking network).
    var database: Database { db }
    private let updatedAt: String
    private var isOpen = true
    private let findPlace: Statement
    private let lastInCell: Statement
    private let insertion: PlaceInsertion
    private let updatePlace: Statement
    private let deletePlace: Statement
    private let upsertLocalityStatement: Statement

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

    init(db: Database, updatedAt: String) throws {
        self.db = db
        self.updatedAt = updatedAt
        startedEmpty = try !(Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM place)") ?? false)
        findPlace = try db.cachedStatement(sql: "SELECT rid FROM place WHERE id = ?")
        lastInCell = try db.cachedStatement(sql: "SELECT max(rid) FROM place WHERE rid BETWEEN ? AND ?")
        insertion = try PlaceInsertion(db: db, updatedAt: updatedAt)
        let assignments = PlaceRow.writtenColumns.split(separator: ",")
            .map { "\($0.trimmingCharacters(in: .whitespaces)) = ?" }.joined(separator: ", ")
        updatePlace = try db.cachedStatement(sql: "UPDATE place SET \(assignments) WHERE rid = ?")
        deletePlace = try db.cachedStatement(sql: "DELETE FROM place WHERE rid = ?")
        upsertLocalityStatement = try db.cachedStatement(sql: """
            INSERT INTO locality (id, name, nameKey, kind, lat, lon) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT(id) DO UPDATE SET name = excluded.name, nameKey = excluded.nameKey, kind = excluded.kind,
                lat = excluded.lat, lon = excluded.lon
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
        let id = place.id.description
        let cell = SpatialKey.cell(of: place.coordinate)
        placesWritten += 1
        if let index = pendingIndex[id] {
            // Seen earlier in this import and not written yet: replace it in memory.
            let previous = pending[index].rid
            let rid = SpatialKey.cell(ofKey: previous) == cell ? previous : try freeKey(in: cell, for: place.id)
            pending[index] = (rid, id, place)
            return
        }
        if !startedEmpty || flushedIDHashes.contains(id.hashValue),
           let existing = try Int64.fetchOne(findPlace, arguments: [id]) {
            if SpatialKey.cell(ofKey: existing) == cell {
                try updatePlace.execute(arguments: StatementArguments(
                    try PlaceRow.values(of: place, updatedAt: updatedAt) + [existing]))
                return
            }
            // Moved to another cell: its key must move too, or area searches would miss it.
            try deletePlace.execute(arguments: [existing])
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
        try upsertLocalityStatement.execute(arguments: [
            locality.id, locality.name, SearchFolding.fold(locality.name), locality.kind.rawValue,
            locality.coordinate.latitude, locality.coordinate.longitude,
        ])
        localitiesWritten += 1
    }

    /// Writes the waiting places, in key order, to the table and both indexes.
    func flush() throws {
        guard !pending.isEmpty else { return }
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
        pending.removeAll(keepingCapacity: true)
        pendingIndex.removeAll(keepingCapacity: true)
    }

    private func freeKey(in cell: Int64, for id: PlaceID) throws -> Int64 {
        let keys = SpatialKey.keys(inCell: cell)
        let last: Int64?
        if let known = lastKeyInCell[cell] {
            last = known
        } else if startedEmpty {
            last = nil
        } else {
            last = try Int64.fetchOne(lastInCell, arguments: [keys.lowerBound, keys.upperBound])
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
