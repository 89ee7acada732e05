import FoundationEssentials
import NearbyCore
import SQLiteDriver

/// Places, favourites and the gazetteer in the local SQLite store.
///
/// The `fetch…` methods are the synchronous core (the command line and benchmarks call them); the
/// `PlacesProvider` and `FavouritesStore` methods run the same work off the caller's thread.
public final class LocalPlacesStore: PlacesProvider, FavouritesStore, Sendable {
    /// What OpenStreetMap asks to be shown with its data.
    public static let openStreetMapAttribution = "© OpenStreetMap contributors"

    public let database: AppDatabase
    let now: @Sendable () -> Date

    /// - Parameter now: the clock favourites and imports are stamped with.
    public init(database: AppDatabase, now: @escaping @Sendable () -> Date = { Date() }) {
        self.database = database
        self.now = now
    }

    // MARK: Synchronous core

    /// One page of the nearest places matching `query`, after `cursor` (nil for the first page).
    public func fetchPage(_ query: PlaceQuery, after cursor: PageCursor? = nil) throws(PlacesError) -> PlacesPage {
        try Self.validate(query.center)
        let after = try cursor.map { (cursor) throws(PlacesError) in try PageKey(cursor) }
        return try reading { db in try Self.page(db, query, after: after) }
    }

    /// The place with `id`, with its distance and bearing from `center`.
    public func fetchPlace(id: PlaceID, from center: Coordinate) throws(PlacesError) -> PlaceHit {
        try reading { db in try Self.hit(db, id: id, from: center) }
    }

    /// How many places lie within `radius` metres of `center` (all categories when nil).
    public func fetchCount(near center: Coordinate, radius: Double, category: Category?) throws(PlacesError) -> Int {
        try Self.validate(center)
        return try reading { db in
            try PlaceFinder.count(within: radius, of: center, category: category, in: db)
        }
    }

    /// How many places of each category lie within `radius` metres; categories with none are left out.
    public func fetchCategoryCounts(near center: Coordinate, radius: Double) throws(PlacesError) -> [Category: Int] {
        try Self.validate(center)
        return try reading { db in
            var counts: [Category: Int] = [:]
            try PlaceFinder.forEach(within: radius, of: center, category: nil, in: db) { candidate in
                if let category = CategoryCode.category(of: candidate.categoryCode) { counts[category, default: 0] += 1 }
            }
            return counts
        }
    }

    /// Whether the store holds no place at all (so a screen can say how to get some).
    public func fetchIsEmpty() throws(PlacesError) -> Bool {
        try reading { db in try db.scalar("SELECT EXISTS (SELECT 1 FROM place)", as: Bool.self) != true }
    }

    /// Saved favourites, the latest first.
    public func fetchFavourites() throws(PlacesError) -> [PlaceID] {
        try reading { db in try Self.favourites(db) }
    }

    /// Saves or forgets a favourite; saving one again keeps the first time it was saved.
    public func storeFavourite(_ id: PlaceID, _ favourite: Bool) throws(PlacesError) {
        let savedAt = Self.timestamp(now())
        try writing { db in try Self.setFavourite(db, id, favourite, savedAt: savedAt) }
    }

    // MARK: PlacesProvider

    public func places(_ query: PlaceQuery, after cursor: PageCursor?) async throws(PlacesError) -> PlacesPage {
        try Self.validate(query.center)
        let after = try cursor.map { (cursor) throws(PlacesError) in try PageKey(cursor) }
        return try await readingAsync { db in try Self.page(db, query, after: after) }
    }

    public func place(id: PlaceID, from center: Coordinate) async throws(PlacesError) -> PlaceHit {
        try await readingAsync { db in try Self.hit(db, id: id, from: center) }
    }

    public func count(near center: Coordinate, radius: Double, category: Category?) async throws(PlacesError) -> Int {
        try Self.validate(center)
        return try await readingAsync { db in
            try PlaceFinder.count(within: radius, of: center, category: category, in: db)
        }
    }

    // MARK: FavouritesStore

    public func isFavourite(_ id: PlaceID) async throws(PlacesError) -> Bool {
        try await readingAsync { db in
            try db.scalar("SELECT EXISTS (SELECT 1 FROM favourite WHERE placeID = ?)", id.description,
                          as: Bool.self) == true
        }
    }

    public func setFavourite(_ id: PlaceID, _ favourite: Bool) async throws(PlacesError) {
        let savedAt = Self.timestamp(now())
        try await writingAsync { db in try Self.setFavourite(db, id, favourite, savedAt: savedAt) }
    }

    public func favourites() async throws(PlacesError) -> [PlaceID] {
        try await readingAsync { db in try Self.favourites(db) }
    }

    // MARK: Work shared by both faces

    static func page(_ db: SQLiteConnection, _ query: PlaceQuery, after: PageKey?) throws -> PlacesPage {
        let match = query.searchText.flatMap(FullTextQuery.init)
        var hits: [PlaceHit] = []
        var last = after
        var more = query.limit > 0
        // A row that cannot be read is skipped (and logged); the page is filled from the places after it.
        while hits.count < query.limit && more {
            let (candidates, hasMore) = try PlaceFinder.nearest(
                db, center: query.center, radius: query.radius, category: query.category, match: match,
                limit: query.limit - hits.count, after: last)
            more = hasMore
            guard let lastCandidate = candidates.last else { break }
            last = lastCandidate.key
            for candidate in candidates {
                guard let place = try PlaceFinder.place(db, rid: candidate.rid) else { continue }
                hits.append(PlaceHit(place: place, distance: candidate.distance,
                                     bearing: query.center.bearing(to: place.coordinate)))
            }
        }
        var attributions: [String] = []
        for hit in hits where !attributions.contains(hit.place.attribution) {
            attributions.append(hit.place.attribution)
        }
        return PlacesPage(hits: hits, next: more ? last?.cursor : nil, attributions: attributions)
    }

    static func hit(_ db: SQLiteConnection, id: PlaceID, from center: Coordinate) throws -> PlaceHit {
        guard let place = try PlaceFinder.place(db, id: id) else { throw PlacesError.notFound }
        return PlaceHit(place: place, distance: center.distance(to: place.coordinate),
                        bearing: center.bearing(to: place.coordinate))
    }

    static func favourites(_ db: SQLiteConnection) throws -> [PlaceID] {
        let rows = try db.statement("SELECT placeID FROM favourite ORDER BY savedAt DESC, placeID").bind()
        var ids: [PlaceID] = []
        while try rows.step() {
            if let text = try? rows.column(0, as: String.self), let id = PlaceID(text) { ids.append(id) }
        }
        return ids
    }

    /// Saves (keeping the place's name, category and position, so the favourite can still be listed once the
    /// place is gone from the data) or forgets a favourite. Saving it again keeps the first time it was saved.
    static func setFavourite(_ db: SQLiteConnection, _ id: PlaceID, _ favourite: Bool, savedAt: String,
                             snapshot: Place? = nil) throws {
        guard favourite else {
            try db.execute("DELETE FROM favourite WHERE placeID = ?", id.description)
            return
        }
        try db.execute("INSERT INTO favourite (placeID, savedAt) VALUES (?, ?) ON CONFLICT DO NOTHING",
                       id.description, savedAt)
        if let snapshot {
            try db.execute("UPDATE favourite SET name = ?, category = ?, lat = ?, lon = ? WHERE placeID = ?",
                           snapshot.name, snapshot.category.rawValue, snapshot.coordinate.latitude,
                           snapshot.coordinate.longitude, id.description)
        } else {
            try db.execute("""
                UPDATE favourite SET (name, category, lat, lon) = (SELECT name, category, lat, lon FROM place WHERE id = ?)
                WHERE placeID = ? AND EXISTS (SELECT 1 FROM place WHERE id = ?)
                """, id.description, id.description, id.description)
        }
    }

    static func validate(_ center: Coordinate) throws(PlacesError) {
        guard center.isValid else {
            throw .storage("(\(center.latitude), \(center.longitude)) is not a valid coordinate.")
        }
    }

    /// Any failure as a `PlacesError`, worded for a person.
    public static func placesError(_ error: any Error, path: String) -> PlacesError {
        if let error = error as? PlacesError { return error }
        if let error = StoreError.from(error, path: path) { return .storage(error.description) }
        return .storage("The local store failed: \(error).")
    }

    /// Any failure of work on this store as a `PlacesError`.
    public func placesError(_ error: any Error) -> PlacesError {
        Self.placesError(error, path: database.path)
    }

    func reading<T>(_ body: (SQLiteConnection) throws -> T) throws(PlacesError) -> T {
        do {
            return try database.read(body)
        } catch {
            throw placesError(error)
        }
    }

    func writing<T>(_ body: (SQLiteConnection) throws -> T) throws(PlacesError) -> T {
        do {
            return try database.write(body)
        } catch {
            throw placesError(error)
        }
    }

    func readingAsync<T: Sendable>(_ body: @escaping @Sendable (SQLiteConnection) throws -> T) async throws(PlacesError) -> T {
        do {
            return try await database.read(body)
        } catch {
            throw placesError(error)
        }
    }

    func writingAsync<T: Sendable>(_ body: @escaping @Sendable (SQLiteConnection) throws -> T) async throws(PlacesError) -> T {
        do {
            return try await database.write(body)
        } catch {
            throw placesError(error)
        }
    }
}

extension LocalPlacesStore {
    /// How many places of each category the whole store holds; categories with none are left out.
    public func fetchCategoryTotals() throws(PlacesError) -> [Category: Int] {
        try reading { db in
            var totals: [Category: Int] = [:]
            let rows = try db.statement("SELECT categoryCode, count(*) FROM place GROUP BY categoryCode").bind()
            while try rows.step() {
                guard let code = try? rows.column(0, as: Int.self) else { continue }
                if let category = CategoryCode.category(of: code) { totals[category] = try rows.column(1) }
            }
            return totals
        }
    }
}
