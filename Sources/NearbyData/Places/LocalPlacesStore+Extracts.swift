import OSMFormats
import FoundationEssentials
import NearbyCore
import SQLiteDriver

/// One extract the store holds, as `nearby extracts` lists it.
public struct StoredExtract: Hashable, Sendable {
    public var id: Int64
    /// What identifies it from one file to the next (`PlacesExtract.key`).
    public var key: String
    /// The file last imported for it.
    public var fileName: String
    public var importedAt: Date?
    /// The time the data is from: the file's replication timestamp, else when the file was written.
    public var dataTime: Date?
    public var replicationURL: String?
    public var replicationSequence: Int64?
    public var extent: OSMExtractHeader.Bounds?
    public var places: Int
    public var walkableWays: Int
    /// Bytes its places and walking network take in the store (the rows' contents; indexes come on top).
    public var bytes: Int
    /// The file last imported, whole (nil for stores made before it was kept): what `nearby update` reads.
    public var filePath: String?

    /// A short name to type: the file's name without dates, "latest" and extensions.
    public var name: String { PlacesExtract.nameStem(fileName) }

    /// The extent in four columns (minLat, minLon, maxLat, maxLon) from `first` on; nil when any is NULL.
    static func extent(_ rows: SQLiteStatement, first: Int32) throws -> OSMExtractHeader.Bounds? {
        guard let minLat = try rows.column(first, as: Double?.self),
              let minLon = try rows.column(first + 1, as: Double?.self),
              let maxLat = try rows.column(first + 2, as: Double?.self),
              let maxLon = try rows.column(first + 3, as: Double?.self) else { return nil }
        return OSMExtractHeader.Bounds(minLatitude: minLat, minLongitude: minLon, maxLatitude: maxLat, maxLongitude: maxLon)
    }

    /// Where it came from, in words: the replication feed, else the header's region, else the file alone.
    public var origin: String {
        if let url = replicationURL, !url.isEmpty { return url }
        if key.hasPrefix("bbox:") { return "the region in the file's header" }
        return "the file " + fileName
    }
}

/// Why an extract could not be removed.
public enum ExtractRemovalError: Error, Hashable, Sendable {
    case notFound(String)
    case ambiguous(String, [StoredExtract])
    case storage(PlacesError)
}

extension LocalPlacesStore {
    /// Every extract imported into the store, in the order they were first imported.
    public func extracts() throws(PlacesError) -> [StoredExtract] {
        try reading { db in try Self.extracts(db) }
    }

    static func extracts(_ db: SQLiteConnection) throws -> [StoredExtract] {
        let rows = try db.statement("""
            SELECT e.id, e.key, e.fileName, e.importedAt, coalesce(e.dataTime, e.importedFileDate), e.replicationURL, e.replicationSequence,
                   e.minLat, e.minLon, e.maxLat, e.maxLon, e.walkWays,
                   (SELECT count(*) FROM place WHERE place.extract = e.id),
                   (SELECT coalesce(sum(length(id) + length(name) + length(subtitle) + length(attribution)
                        + coalesce(length(openingHours), 0) + coalesce(length(formattedAddress), 0) + 60), 0)
                        FROM place WHERE place.extract = e.id),
                   (SELECT coalesce(sum(length(data)), 0) FROM walk_tile_layer WHERE walk_tile_layer.extract = e.id),
                   e.filePath
            FROM import_extract e ORDER BY e.id
            """).bind()
        defer { rows.reset() }
        var found: [StoredExtract] = []
        while try rows.step() {
            let extent = try StoredExtract.extent(rows, first: 7)
            let placeBytes: Int = try rows.column(13)
            let walkBytes: Int = try rows.column(14)
            found.append(StoredExtract(
                id: try rows.column(0), key: try rows.column(1), fileName: try rows.column(2),
                importedAt: (try rows.column(3, as: String?.self)).flatMap(StoreDate.date(from:)),
                dataTime: (try rows.column(4, as: String?.self)).flatMap(StoreDate.date(from:)),
                replicationURL: try rows.column(5, as: String?.self),
                replicationSequence: try rows.column(6, as: Int64?.self), extent: extent,
                places: try rows.column(12), walkableWays: try rows.column(11), bytes: placeBytes + walkBytes,
                filePath: try rows.column(15, as: String?.self)))
        }
        return found
    }

    /// The extract a user names: its short name, its file's name or its key; exact matches first.
    public static func matching(_ text: String, in extracts: [StoredExtract]) -> [StoredExtract] {
        let folded = SearchFolding.fold(text)
        let exact = extracts.filter { extract in
            [extract.name, extract.fileName, extract.key].contains { SearchFolding.fold($0) == folded }
        }
        if !exact.isEmpty { return exact }
        return extracts.filter { SearchFolding.fold($0.name).contains(folded) }
    }

    /// Removes one extract's places, towns and walking network in one transaction; favourites of its places
    /// stay, as "no longer in the data".
    @discardableResult
    public func removeExtract(named text: String) throws(ExtractRemovalError) -> StoredExtract {
        let all: [StoredExtract]
        do { all = try extracts() } catch { throw .storage(error) }
        let found = Self.matching(text, in: all)
        guard let extract = found.first else { throw .notFound(text) }
        guard found.count == 1 else { throw .ambiguous(text, found) }
        do {
            try writing { db in
                try db.execute("DELETE FROM place WHERE extract = ?", extract.id)
                try db.execute("DELETE FROM locality WHERE extract = ?", extract.id)
                try db.execute("DELETE FROM place_tile WHERE n = 0")
                try WalkNetworkStorage.remove(extract: extract.id, in: db)
                try db.execute("DELETE FROM import_extract WHERE id = ?", extract.id)
            }
        } catch {
            throw .storage(error)
        }
        ExtractBaseFiles.remove(ofStore: database.path, extract: extract.id)
        return extract
    }
}
