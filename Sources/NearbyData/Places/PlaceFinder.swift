import NearbyCore
import SQLiteDriver

/// The store's queries: nearest places by growing a search circle until a page is full.
///
/// Each round reads only the index entries inside the circle's box (the R*Tree, or the full-text index over
/// the spatial key ranges for a name search), computes exact distances, and stops once it holds one more
/// place than the page needs, or the circle reached the query's radius.
enum PlaceFinder {
    /// One place found, before its row is read.
    struct Candidate {
        var rid: Int64
        var coordinate: Coordinate
        var categoryCode: Int
        var distance: Double
        var key: PageKey { PageKey(distance: distance, rid: rid) }
    }

    /// The first round's radius in metres: a few streets.
    static let initialRadius = 300.0
    /// How many key ranges a name search may split a box into; each is one seek in the full-text index.
    static let maxKeyRanges = 8

    /// The nearest `limit` candidates beyond `after`, and whether more lie within the radius.
    static func nearest(_ db: SQLiteConnection, center: Coordinate, radius: Double, category: Category?, match: FullTextQuery?,
                        limit: Int, after: PageKey?) throws -> (candidates: [Candidate], more: Bool) {
        guard limit > 0, radius > 0 else { return ([], false) }
        let start = after?.distance ?? 0
        var reach = min(radius, start + initialRadius)
        let search = match.map { TextSearch(match: $0, category: category, center: center, from: start) }
        while true {
            let box = center.boundingBox(radius: reach)
            let inBox: [Candidate]
            if let search {
                inBox = try search.candidates(db, box: box, reach: reach)
            } else {
                inBox = try candidates(db, box: box, center: center, category: category)
            }
            let found = inBox.filter { candidate in
                candidate.distance <= reach && (after.map { $0 < candidate.key } ?? true)
            }
            if found.count > limit || reach >= radius {
                let sorted = found.sorted { $0.key < $1.key }
                return (Array(sorted.prefix(limit)), sorted.count > limit)
            }
            // Grow the annulus by the area the missing places need, between 1.5× and 4× its width.
            let need = Double(limit + 1) / Double(max(found.count, 1))
            let factor = min(4, max(1.5, need.squareRoot() * 1.2))
            reach = min(radius, start + (reach - start) * factor)
        }
    }

    /// Calls `body` with every place within `radius` (of one category or all), in no order, holding none of them:
    /// counting 100,000 places must not hold 100,000 candidates.
    static func forEach(within radius: Double, of center: Coordinate, category: Category?, in db: SQLiteConnection,
                        _ body: (Candidate) -> Void) throws {
        guard radius > 0 else { return }
        try visitCandidates(db, box: center.boundingBox(radius: radius), center: center, category: category) {
            if $0.distance <= radius { body($0) }
        }
    }

    /// How many places lie within `radius` (of one category or all).
    ///
    /// Tiles wholly inside the circle give their counts (`PlaceTiles`); only the places in tiles the rim crosses
    /// are measured one by one. A circle whose box wraps the antimeridian is measured place by place.
    static func count(within radius: Double, of center: Coordinate, category: Category?, in db: SQLiteConnection) throws -> Int {
        guard radius > 0 else { return 0 }
        let box = center.boundingBox(radius: radius)
        guard box.longitudeRanges.count == 1, let longitudes = box.longitudeRanges.first else {
            var count = 0
            try forEach(within: radius, of: center, category: category, in: db) { _ in count += 1 }
            return count
        }
        let outer = IndexBox.covering(latitude: box.minLatitude...box.maxLatitude, longitude: longitudes)
        let slab = category.map(CategoryCode.indexRange(of:)) ?? CategoryCode.allCategories
        let code = category.map(CategoryCode.code(of:)) ?? PlaceTiles.allCategories
        let columns = PlaceTiles.tile(outer.longitude.lowerBound)...PlaceTiles.tile(outer.longitude.upperBound)
        let wholeTiles = try db.statement("SELECT coalesce(sum(n), 0) FROM place_tile WHERE key BETWEEN ? AND ?")
        var count = 0
        let middle = PlaceTiles.tile(Int((center.longitude * PlacesSchema.coordinateScale).rounded()))
        for row in PlaceTiles.tile(outer.latitude.lowerBound)...PlaceTiles.tile(outer.latitude.upperBound) {
            // The row's whole tiles are summed; west and east of them, in the tiles the circle reaches, the rim's
            // places are measured one by one.
            guard let reached = tileColumns(around: middle, among: columns, where: { column in
                PlaceTiles.reaches(row: row, column: column, within: radius, of: center)
            }) else { continue }
            var rims: [ClosedRange<Int>] = []
            if let whole = tileColumns(around: middle, among: reached, where: { column in
                PlaceTiles.lies(row: row, column: column, within: radius, of: center)
            }) {
                let keys = PlaceTiles.keys(row: row, code: code, columns: whole)
                let sum: Int? = try wholeTiles.bind(keys.lowerBound, keys.upperBound).scalar()
                count += sum ?? 0
                if reached.lowerBound < whole.lowerBound { rims.append(reached.lowerBound...(whole.lowerBound - 1)) }
                if whole.upperBound < reached.upperBound { rims.append((whole.upperBound + 1)...reached.upperBound) }
            } else {
                rims.append(reached)
            }
            let latitudes = PlaceTiles.span(row).clamped(to: outer.latitude)
            for rim in rims {
                let longitudes = (PlaceTiles.span(rim.lowerBound).lowerBound...PlaceTiles.span(rim.upperBound).upperBound)
                    .clamped(to: outer.longitude)
                try visitCandidates(db, box: IndexBox(latitude: latitudes, longitude: longitudes), center: center,
                                    slab: slab) { if $0.distance <= radius { count += 1 } }
            }
        }
        return count
    }

    /// The columns of a row's tiles for which `test` holds (wholly within the circle, or reached by it), found by
    /// halving instead of testing every tile.
    ///
    /// At any latitude the circle holds one range of longitudes around the centre's, so those tiles are side by
    /// side, and the centre's column is one of them if any is (its points are no farther east or west).
    private static func tileColumns(around middle: Int, among columns: ClosedRange<Int>,
                                    where test: (Int) -> Bool) -> ClosedRange<Int>? {
        guard columns.contains(middle), test(middle) else { return nil }
        return lastPassing(from: middle, before: columns.lowerBound - 1, test)
            ... lastPassing(from: middle, before: columns.upperBound + 1, test)
    }

    /// Halving between `inside` (which passes `test`) and `outside` (which is taken not to): the column
    /// nearest `outside` that passes, where the passing columns are side by side from `inside`.
    private static func lastPassing(from inside: Int, before outside: Int, _ test: (Int) -> Bool) -> Int {
        var (inside, outside) = (inside, outside)
        while abs(outside - inside) > 1 {
            let halfway = inside + (outside - inside) / 2
            if test(halfway) { inside = halfway } else { outside = halfway }
        }
        return inside
    }

    /// The R*Tree's entries inside `box`, with distances from `center`.
    static func candidates(_ db: SQLiteConnection, box: BoundingBox, center: Coordinate,
                           category: Category?) throws -> [Candidate] {
        var result: [Candidate] = []
        try visitCandidates(db, box: box, center: center, category: category) { result.append($0) }
        return result
    }

    private static func visitCandidates(_ db: SQLiteConnection, box: BoundingBox, center: Coordinate,
                                        category: Category?, _ body: (Candidate) -> Void) throws {
        let slab = category.map(CategoryCode.indexRange(of:)) ?? CategoryCode.allCategories
        for range in box.longitudeRanges {
            let part = IndexBox.covering(latitude: box.minLatitude...box.maxLatitude, longitude: range)
            try visitCandidates(db, box: part, center: center, slab: slab, body)
        }
    }

    private static func visitCandidates(_ db: SQLiteConnection, box: IndexBox, center: Coordinate,
                                        slab: (low: Int, high: Int), _ body: (Candidate) -> Void) throws {
        let statement = try db.statement("""
            SELECT id, minLat, minLon, minCat FROM place_rtree
            WHERE minLat >= ? AND maxLat <= ? AND minLon >= ? AND maxLon <= ? AND minCat >= ? AND maxCat <= ?
            """)
        let scale = PlacesSchema.coordinateScale
        try statement.bind(box.latitude.lowerBound, box.latitude.upperBound, box.longitude.lowerBound,
                           box.longitude.upperBound, slab.low, slab.high)
        while try statement.step() {
            let rid: Int64 = try statement.column(0)
            let lat: Int64 = try statement.column(1), lon: Int64 = try statement.column(2)
            let slabLow: Int = try statement.column(3)
            let coordinate = Coordinate(latitude: Double(lat) / scale, longitude: Double(lon) / scale)
            body(Candidate(rid: rid, coordinate: coordinate, categoryCode: slabLow / 2,
                           distance: center.distance(to: coordinate)))
        }
    }

    /// The full place behind a candidate's key; nil when there is none, or its row cannot be read (logged).
    static func place(_ db: SQLiteConnection, rid: Int64) throws -> Place? {
        let statement = try db.statement("SELECT \(PlaceRow.selection) FROM place WHERE rid = ?").bind(rid)
        defer { statement.reset() }
        guard try statement.step() else { return nil }
        return PlaceRow.readablePlace(from: statement)
    }

    /// The full place with this id; nil when there is none, or its row cannot be read (logged).
    static func place(_ db: SQLiteConnection, id: PlaceID) throws -> Place? {
        let statement = try db.statement("SELECT \(PlaceRow.selection) FROM place WHERE id = ?").bind(id.description)
        defer { statement.reset() }
        guard try statement.step() else { return nil }
        return PlaceRow.readablePlace(from: statement)
    }

    /// A name search's rounds: the places matching the words, each read from the place table at most once however
    /// many rounds see it.
    private final class TextSearch {
        let match: FullTextQuery
        let wanted: Int?
        let center: Coordinate
        /// Where the page starts (the last page's farthest distance): nearer rows belong to earlier pages.
        let start: Double
        /// Rows read so far by key; nil for one that does not qualify (another category, a long word that does not
        /// match, or values that cannot be read).
        private var read: [Int64: Candidate?] = [:]

        init(match: FullTextQuery, category: Category?, center: Coordinate, from start: Double) {
            self.match = match
            wanted = category.map(CategoryCode.code(of:))
            self.center = center
            self.start = start
        }

        /// The places matching inside `box` that may lie between the page's start and `reach`, found by seeking the
        /// key ranges that cover the box.
        ///
        /// The index gives keys only; a key's cell tells where its place is to within `SpatialKey.centreReach`, so
        /// only the places that may be within reach are read from the place table (the ranges hold two to three
        /// times the box's places, and reading a row costs five times finding its key).
        func candidates(_ db: SQLiteConnection, box: BoundingBox, reach: Double) throws -> [Candidate] {
            let keys = try db.statement("SELECT rowid FROM place_fts WHERE place_fts MATCH ? AND rowid BETWEEN ? AND ?")
            var near: [Int64] = []
            for range in SpatialKey.ranges(covering: box, maxRanges: maxKeyRanges) {
                try keys.bind(match.expression, range.lowerBound, range.upperBound)
                while try keys.step() {
                    let rid: Int64 = try keys.column(0)
                    // Within reach, and not wholly nearer than the page's start.
                    let distance = center.distance(to: SpatialKey.centre(ofKey: rid))
                    if distance - SpatialKey.centreReach <= reach, distance + SpatialKey.centreReach >= start {
                        near.append(rid)
                    }
                }
            }
            var result: [Candidate] = []
            let row = try db.statement("SELECT lat, lon, categoryCode, name, subtitle FROM place WHERE rid = ?")
            for rid in near {
                let candidate: Candidate?
                if let known = read[rid] {
                    candidate = known
                } else {
                    candidate = try self.candidate(rid: rid, from: row)
                    read[rid] = candidate
                }
                if let candidate, box.contains(candidate.coordinate) { result.append(candidate) }
            }
            return result
        }

        /// The candidate behind a key, when its row qualifies.
        private func candidate(rid: Int64, from row: SQLiteStatement) throws -> Candidate? {
            try row.bind(rid)
            defer { row.reset() }
            guard try row.step() else { return nil }
            // A row whose values cannot be read is left out here; reading it whole would fail anyway.
            guard let latitude = try? row.column(0, as: Double.self),
                  let longitude = try? row.column(1, as: Double.self),
                  let code = try? row.column(2, as: Int.self) else { return nil }
            if let wanted, code != wanted { return nil }
            if match.needsCheck {
                guard let name = try? row.column(3, as: String.self),
                      let subtitle = try? row.column(4, as: String.self),
                      match.matches(name: name, subtitle: subtitle) else { return nil }
            }
            let coordinate = Coordinate(latitude: latitude, longitude: longitude)
            return Candidate(rid: rid, coordinate: coordinate, categoryCode: code, distance: center.distance(to: coordinate))
        }
    }
}
