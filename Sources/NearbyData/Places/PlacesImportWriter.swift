import Foundation
import GRDB
import NearbyCore

extension LocalPlacesStore {
    /// Runs `body` in ONE write transaction: if it throws, the store is exactly as before.
    public func importPlaces<T>(_ body: (PlacesImportWriter) throws -> T) throws -> T {
        try database.writer.writeWithoutTransaction { db in
            // A bigger page cache for the bulk write keeps the indexes' hot pages in memory.
            let previousCache = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2_000
            try db.execute(sql: "PRAGMA cache_size = -65536")
            defer { try? db.execute(sql: "PRAGMA cache_size = \(previousCache)") }
            var result: T?
            try db.inTransaction(.immediate) {
                let writer = try PlacesImportWriter(db: db, updatedAt: Self.timestamp(now()))
                defer { writer.close() }
                result = try body(writer)
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
public final class PlacesImportWriter {
    private let db: Database
    private let updatedAt: String
    private var isOpen = true
    private let findPlace: Statement
    private let lastInCell: Statement
    private let insertPlace: Statement
    private let updatePlace: Statement
    private let deletePlace: Statement
    private let upsertLocalityStatement: Statement

    /// Places written so far (inserted or updated).
    public private(set) var placesWritten = 0
    /// Localities written so far.
    public private(set) var localitiesWritten = 0

    init(db: Database, updatedAt: String) throws {
        self.db = db
        self.updatedAt = updatedAt
        findPlace = try db.cachedStatement(sql: "SELECT rid FROM place WHERE id = ?")
        lastInCell = try db.cachedStatement(sql: "SELECT max(rid) FROM place WHERE rid BETWEEN ? AND ?")
        let placeholders = Array(repeating: "?", count: PlaceRow.writtenColumnCount).joined(separator: ", ")
        insertPlace = try db.cachedStatement(
            sql: "INSERT INTO place (rid, \(PlaceRow.writtenColumns)) VALUES (?, \(placeholders))")
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

    func close() { isOpen = false }

    /// Same PlaceID again → updated in place, no duplicate.
    public func upsert(_ place: Place) throws {
        try checkOpen()
        guard place.coordinate.isValid else {
            throw PlacesError.storage("\(place.id) has no valid coordinate (\(place.coordinate.latitude), "
                                      + "\(place.coordinate.longitude)).")
        }
        let values = try PlaceRow.values(of: place, updatedAt: updatedAt)
        let cell = SpatialKey.cell(of: place.coordinate)
        if let existing = try Int64.fetchOne(findPlace, arguments: [place.id.description]) {
            if SpatialKey.cell(ofKey: existing) == cell {
                try updatePlace.execute(arguments: StatementArguments(values + [existing]))
                placesWritten += 1
                return
            }
            // Moved to another cell: its key must move too, or area searches would miss it.
            try deletePlace.execute(arguments: [existing])
        }
        let key = try freeKey(in: cell, for: place.id)
        try insertPlace.execute(arguments: StatementArguments([key] + values))
        placesWritten += 1
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

    private func freeKey(in cell: Int64, for id: PlaceID) throws -> Int64 {
        let keys = SpatialKey.keys(inCell: cell)
        guard let last = try Int64.fetchOne(lastInCell, arguments: [keys.lowerBound, keys.upperBound]) else {
            return keys.lowerBound
        }
        guard last < keys.upperBound else {
            throw PlacesError.storage("Too many places at one spot to store \(id).")
        }
        return last + 1
    }

    private func checkOpen() throws {
        guard isOpen else { throw PlacesError.storage("The import writer was used after its import ended.") }
    }
}
