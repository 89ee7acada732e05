import Foundation
import NearbyCore
import NearbyData
import PostgresNIO

/// Places in PostGIS, answered the way the local store answers them: the same distances (haversine on the
/// same sphere, computed here rather than by PostGIS), nearest first, the same search rule (every word of the
/// search starts a word of the name or subtitle), paged by cursor.
///
/// The GiST index walks places nearest first (`<->`, on PostGIS's sphere); the exact order is then taken from
/// the distances computed here. PostGIS's sphere is 4.5 billionths smaller than ours, which scales every
/// distance alike; once scaled, its distances and ours differ by rounding alone (at most 0.1 µm in 3,826 pairs
/// up to 12,000 km apart). So the walk fetches a margin beyond the page and widens it only when the last places
/// fetched are within a micrometre of the page's edge, which places at distinct spots on the PBF's centimetre
/// grid seldom are: a ring of thousands of places within a few centimetres of one distance costs a page a few
/// pages' worth of rows.
///
/// Places at one spot (the same latitude and longitude) are at exactly one distance, so among them the order is
/// their ids', which SQL can give: a spot that crowds the walk's end, or holds the cursor, is read by id
/// (`COLLATE "C"`, the cursor's byte order), the smallest a page and one, and the walk passes it by. Any number
/// of places at one spot then costs a page a few pages' worth of rows, where widening read them all.
public struct PostgresPlacesStore: PlacesProvider {
    let pools: PostgresPools

    /// Fetched beyond the page: places the index walk may have put in a slightly different order.
    static let margin = 16
    /// PostGIS's sphere for geography's `<->` and `ST_DWithin(…, false)` (the mean radius of WGS 84, (2a + b) / 3)
    /// over ours: a walk distance is ours times this, up to rounding.
    static let walkScale = 6_371_008.771_415 / Geodesy.earthRadius

    /// How close (metres, ours) two distances may be before the walk's order and ours could disagree: a
    /// micrometre, and one more for every 1,000 km, ten times the rounding measured between the two
    /// (docs/service.md).
    static func tolerance(at distance: Double) -> Double {
        1e-6 + distance * 1e-12
    }

    /// The walk's distance for one of ours, less (`by: -1`) or plus (`by: 1`) the tolerance.
    static func walkDistance(_ distance: Double, by side: Double) -> Double {
        (distance + side * tolerance(at: distance)) * walkScale
    }
    /// The widest walk: past it the page is answered as it stands. Only places at many distinct spots within
    /// the tolerance of one another reach it; places at one spot are read by id instead.
    static let fetchCap = 20_000
    /// Spots read by id in one page, at most; more crowded spots than that are walked through by widening.
    static let maximumSpots = 8

    public init(pools: PostgresPools) {
        self.pools = pools
    }

    public func places(_ query: PlaceQuery, after cursor: PageCursor?) async throws(PlacesError) -> PlacesPage {
        try await page(query, after: cursor).page
    }

    /// A page, and how many rows the database sent for it: the test of places at one spot holds that to a few
    /// pages' worth, whatever the number of places there.
    func page(_ query: PlaceQuery, after cursor: PageCursor?) async throws(PlacesError)
        -> (page: PlacesPage, rowsRead: Int) {
        guard query.center.isValid else { throw .storage("The centre is not a valid coordinate.") }
        let after = try cursor.map { (cursor) throws(PlacesError) in try Cursor(cursor) }
        let limit = max(0, query.limit)
        guard limit > 0, query.radius > 0 else { return (PlacesPage(hits: [], next: nil), 0) }
        let words = query.searchText.map(PlaceSearchText.words(in:)) ?? []
        // Words are letters and digits only, so quoting them as lexemes cannot be broken out of.
        let tsquery = words.isEmpty ? "'_'" : words.prefix(16).map { "'\($0)':*" }.joined(separator: " & ")
        let filter = Filter(center: query.center, radius: query.radius, category: query.category?.rawValue ?? "",
                            hasSearch: !words.isEmpty, tsquery: tsquery,
                            skipWithin: max(0, Self.walkDistance(after?.distance ?? 0, by: -1)))
        // The places at the cursor's spot share its distance exactly, so the next ones there are those with a
        // greater id, which SQL finds by id: no walk through the ones already served.
        var spots = after?.spot.map { [Spot($0, query: query, after: after)] } ?? []
        var fetch = limit + 1 + Self.margin
        var rowsRead = 0
        while true {
            let rows = try await fetchNearest(filter, spots: spots, walkCount: fetch, spotCount: limit + 1)
            rowsRead += rows.walk.count + rows.atSpots.count
            var hits: [(hit: PlaceHit, key: Cursor)] = []
            for row in rows.walk + rows.atSpots {
                let distance = query.center.distance(to: row.place.coordinate)
                let key = Cursor(distance: distance, id: row.place.id.description, spot: row.place.coordinate)
                guard distance <= query.radius, after.map({ $0 < key }) ?? true else { continue }
                hits.append((PlaceHit(place: row.place, distance: distance,
                                      bearing: query.center.bearing(to: row.place.coordinate)), key))
            }
            hits.sort { $0.key < $1.key }
            // The place after the page (whether there is a next page) must be known too. Places left at a spot
            // come after those fetched there (same distance, greater ids), and each spot gave a page and one, so
            // only the walk can leave one out: everything up to that place is in hand unless the walk stopped
            // within the tolerance of it. With no such place yet, only an exhausted walk has given everything.
            let walkEnd = rows.walk.map(\.walkDistance).max() ?? 0
            let exhausted = rows.walk.count < fetch
            let edge = hits.count > limit ? hits[limit].key.distance : nil
            if exhausted || edge.map({ walkEnd > Self.walkDistance($0, by: 1) }) == true || fetch >= Self.fetchCap {
                let page = Array(hits.prefix(limit))
                var attributions: [String] = []
                for entry in page where !attributions.contains(entry.hit.place.attribution) {
                    attributions.append(entry.hit.place.attribution)
                }
                let next = hits.count > limit ? page.last.map { $0.key.token } : nil
                return (PlacesPage(hits: page.map(\.hit), next: next, attributions: attributions), rowsRead)
            }
            // Undecided. Where several places at one spot crowd the walk's end, that spot is read by id from now
            // on and the walk passes it by; places at distinct spots that close together are read by widening.
            let crowded = Self.crowdedSpots(rows.walk, within: walkEnd - Self.tolerance(at: walkEnd))
                .filter { crowded in !spots.contains { $0.position == crowded } }
                .prefix(max(0, Self.maximumSpots - spots.count))
            if crowded.isEmpty {
                fetch *= 4
            } else {
                spots += crowded.map { Spot($0, query: query, after: after) }
            }
        }
    }

    public func place(id: PlaceID, from center: Coordinate) async throws(PlacesError) -> PlaceHit {
        // PostgreSQL text cannot hold NUL (it refuses the parameter), so no stored id has one.
        guard !id.description.unicodeScalars.contains("\0") else { throw .notFound }
        let rows = try await reading { connection in
            try Self.decode(await connection.gatheredRows("""
                SELECT ROW(\(unescaped: Self.columns), 0::float8) FROM place WHERE id = \(id.description)
                """, logger: pools.logger))
        }
        guard let place = rows.first?.place else { throw .notFound }
        return PlaceHit(place: place, distance: center.distance(to: place.coordinate),
                        bearing: center.bearing(to: place.coordinate))
    }

    public func count(near center: Coordinate, radius: Double, category: NearbyCore.Category?) async throws(PlacesError) -> Int {
        guard center.isValid else { throw .storage("The centre is not a valid coordinate.") }
        guard radius > 0 else { return 0 }
        let categoryName = category?.rawValue ?? ""
        return try await reading { connection in
            let rows = try await connection.query("""
                SELECT count(*) FROM place
                WHERE ST_DWithin(position, ST_SetSRID(ST_MakePoint(\(center.longitude), \(center.latitude)), 4326)::geography,
                                 \(radius), false)
                  AND (\(categoryName) = '' OR category = \(categoryName))
                """, logger: pools.logger)
            var count = 0
            for try await value in rows.decode(Int.self) { count = value }
            return count
        }
    }

    // MARK: -

    /// The columns a place is read from, in `decode`'s order. Fixed text, no input in it.
    static let columns = """
        id, name, category, lat, lon, street, housenumber, postcode, city, country, formatted_address, phone, website, \
        email, opening_hours, opening_periods, cuisine, wheelchair, operator, brand, rating, rating_count, price_level, \
        attribution
        """

    private struct Row: Sendable {
        var place: Place
        /// The index walk's distance (PostGIS's sphere), for the margin check.
        var walkDistance: Double
    }

    /// What a page asks for, besides its spots.
    private struct Filter: Sendable {
        var center: Coordinate
        var radius: Double
        /// The category's name, "" for any.
        var category: String
        var hasSearch: Bool
        var tsquery: String
        /// Places the walk skips (walk metres): nearer than the cursor, less the tolerance (0: none).
        var skipWithin: Double
    }

    /// Places at exactly one position: they share one distance, so they come in id order, and SQL can give
    /// them that way.
    private struct Spot: Sendable {
        var position: Coordinate
        /// The id past which the places there are wanted: "" for all of them, the cursor's id at the cursor's
        /// own distance; nil when none is (all served, or out of the radius), which the walk still passes by.
        var above: String?

        init(_ position: Coordinate, query: PlaceQuery, after: Cursor?) {
            self.position = position
            let distance = query.center.distance(to: position)
            if distance > query.radius {
                above = nil
            } else if let after, distance <= after.distance {
                above = distance == after.distance ? after.id : nil
            } else {
                above = ""
            }
        }
    }

    private struct FetchedRows: Sendable {
        /// The index walk's rows, nearest first, none at a spot.
        var walk: [Row]
        /// The wanted places at each spot, by id, at most `spotCount` a spot.
        var atSpots: [Row]
    }

    /// The positions holding more than one of the walk's rows from `floor` on, nearest first.
    private static func crowdedSpots(_ rows: [Row], within floor: Double) -> [Coordinate] {
        // Coordinate's == and hash are its numbers', as PostgreSQL's float8 `=` (0 and -0 alike).
        var counts: [Coordinate: Int] = [:]
        var order: [Coordinate] = []
        for row in rows where row.walkDistance >= floor {
            counts[row.place.coordinate, default: 0] += 1
            if counts[row.place.coordinate] == 2 { order.append(row.place.coordinate) }
        }
        return order
    }

    private func fetchNearest(_ filter: Filter, spots: [Spot], walkCount: Int, spotCount: Int)
        async throws(PlacesError) -> FetchedRows {
        let lat = filter.center.latitude, lon = filter.center.longitude
        let reach = Self.walkDistance(filter.radius, by: 1)
        let skipWithin = filter.skipWithin, category = filter.category
        let hasSearch = filter.hasSearch, tsquery = filter.tsquery
        // Every spot is left to its own query (or, with nothing wanted there, to none).
        let passedLats = spots.map(\.position.latitude), passedLons = spots.map(\.position.longitude)
        let wanted = spots.compactMap { spot in spot.above.map { (spot.position, $0) } }
        let wantedLats = wanted.map(\.0.latitude), wantedLons = wanted.map(\.0.longitude), aboves = wanted.map(\.1)
        return try await reading { connection in
            var rows = FetchedRows(walk: [], atSpots: [])
            if !hasSearch && category.isEmpty {
                // Every place qualifies: the GiST index walks them nearest first and stops after `walkCount`
                // rows, and the radius is applied to those. (With the radius in the WHERE, the planner reads
                // every place within it and sorts them: 0.3 s for 50 of the 125,000 places within 50 km.) With
                // words or a category to match, the walk could go far past the radius for a rare one, so the
                // radius stays in the WHERE.
                rows.walk = try Self.decode(await connection.gatheredRows("""
                    SELECT ROW(nearest.*) FROM (
                        SELECT \(unescaped: Self.columns),
                               position <-> ST_SetSRID(ST_MakePoint(\(lon), \(lat)), 4326)::geography AS walk
                        FROM place
                        WHERE (\(skipWithin) = 0
                               OR NOT ST_DWithin(position, ST_SetSRID(ST_MakePoint(\(lon), \(lat)), 4326)::geography,
                                                 \(skipWithin), false))
                          AND NOT EXISTS (SELECT FROM unnest(\(passedLats)::float8[], \(passedLons)::float8[])
                                                      AS spot (lat, lon)
                                          WHERE spot.lat = place.lat AND spot.lon = place.lon)
                        ORDER BY position <-> ST_SetSRID(ST_MakePoint(\(lon), \(lat)), 4326)::geography
                        LIMIT \(walkCount)
                    ) AS nearest
                    WHERE walk <= \(reach)
                    """, logger: pools.logger))
            } else {
                rows.walk = try Self.decode(await connection.gatheredRows("""
                    SELECT ROW(\(unescaped: Self.columns),
                               position <-> ST_SetSRID(ST_MakePoint(\(lon), \(lat)), 4326)::geography)
                    FROM place
                    WHERE ST_DWithin(position, ST_SetSRID(ST_MakePoint(\(lon), \(lat)), 4326)::geography, \(reach), false)
                      AND (\(skipWithin) = 0
                           OR NOT ST_DWithin(position, ST_SetSRID(ST_MakePoint(\(lon), \(lat)), 4326)::geography,
                                             \(skipWithin), false))
                      AND NOT EXISTS (SELECT FROM unnest(\(passedLats)::float8[], \(passedLons)::float8[])
                                                  AS spot (lat, lon)
                                      WHERE spot.lat = place.lat AND spot.lon = place.lon)
                      AND (\(category) = '' OR category = \(category))
                      AND (NOT \(hasSearch) OR array_to_tsvector(search_words) @@ \(tsquery)::tsquery)
                    ORDER BY position <-> ST_SetSRID(ST_MakePoint(\(lon), \(lat)), 4326)::geography
                    LIMIT \(walkCount)
                    """, logger: pools.logger))
            }
            guard !wanted.isEmpty else { return rows }
            // The GiST index finds a spot's places (`&&` on its point); the exact position and the id decide.
            rows.atSpots = try Self.decode(await connection.gatheredRows("""
                SELECT ROW(at_spot.*)
                FROM unnest(\(wantedLats)::float8[], \(wantedLons)::float8[], \(aboves)::text[])
                         AS spot (lat, lon, above)
                CROSS JOIN LATERAL (
                    SELECT \(unescaped: Self.columns),
                           position <-> ST_SetSRID(ST_MakePoint(\(lon), \(lat)), 4326)::geography AS walk
                    FROM place
                    WHERE position && ST_SetSRID(ST_MakePoint(spot.lon, spot.lat), 4326)::geography
                      AND place.lat = spot.lat AND place.lon = spot.lon
                      AND place.id COLLATE "C" > spot.above
                      AND (\(category) = '' OR category = \(category))
                      AND (NOT \(hasSearch) OR array_to_tsvector(search_words) @@ \(tsquery)::tsquery)
                    ORDER BY place.id COLLATE "C"
                    LIMIT \(spotCount)
                ) AS at_spot
                """, logger: pools.logger))
            return rows
        }
    }

    /// The rows of a query that selects `ROW(columns, walk distance)`: one binary record per place, read field by
    /// field instead of as a cell per column (docs/benchmarks.md, "Friends server").
    private static func decode(_ rows: [PostgresRow]) throws -> [Row] {
        var result: [Row] = []
        result.reserveCapacity(rows.count)
        for row in rows {
            if let decoded = try BinaryRecord.reading(row, what: "a place row", Self.row) { result.append(decoded) }
        }
        return result
    }

    /// One place and its walk distance; nil for a row whose id or category this version does not know.
    private static func row(_ raw: UnsafeRawBufferPointer) throws(BinaryRecord.Malformed) -> Row? {
        // The 24 columns of `columns`, then the walk distance.
        var record = try BinaryRecord(raw, fields: 25)
        func text() throws(BinaryRecord.Malformed) -> String { BinaryRecord.string(try record.required(.text)) }
        func optionalText() throws(BinaryRecord.Malformed) -> String? { try record.next(.text).map(BinaryRecord.string) }
        func number() throws(BinaryRecord.Malformed) -> Double { try BinaryRecord.double(try record.required(.float8)) }
        func optionalInteger() throws(BinaryRecord.Malformed) -> Int? {
            guard let field = try record.next(.int4) else { return nil }
            return Int(try BinaryRecord.int32(field))
        }
        let id = try text(), name = try text(), category = try text()
        let lat = try number(), lon = try number()
        let street = try optionalText(), houseNumber = try optionalText(), postcode = try optionalText()
        let city = try optionalText(), country = try optionalText(), formatted = try optionalText()
        let phone = try optionalText(), website = try optionalText(), email = try optionalText()
        let hours = try optionalText(), periods = try optionalText(), cuisine = try optionalText()
        let wheelchair = try optionalText(), operatorName = try optionalText(), brand = try optionalText()
        let rating = try record.next(.float8).map { (field) throws(BinaryRecord.Malformed) in try BinaryRecord.double(field) }
        let ratingCount = try optionalInteger(), priceLevel = try optionalInteger()
        let attribution = try text(), walk = try number()
        guard let placeID = PlaceID(id), let category = NearbyCore.Category(rawValue: category) else { return nil }
        var openingHours: OpeningHoursSource?
        if let hours {
            openingHours = .osm(hours)
        } else if let periods, let decoded = try? JSONDecoder().decode([WeeklyPeriod].self, from: Data(periods.utf8)) {
            openingHours = .periods(decoded)
        }
        let place = Place(
            id: placeID, name: name, category: category, coordinate: Coordinate(latitude: lat, longitude: lon),
            address: Address(street: street, houseNumber: houseNumber, postcode: postcode, city: city,
                             country: country, formatted: formatted),
            phone: phone, website: website, email: email, openingHours: openingHours, cuisine: cuisine,
            wheelchair: wheelchair, operatorName: operatorName, brand: brand, rating: rating,
            ratingCount: ratingCount, priceLevel: priceLevel, attribution: attribution)
        return Row(place: place, walkDistance: walk)
    }

    private func reading<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T)
        async throws(PlacesError) -> T {
        do {
            return try await pools.read(body)
        } catch {
            // Unavailable: the service answers 503 (retry); otherwise the database refused the query (500).
            if DatabaseFailure.isUnavailable(error) {
                throw .unavailable("The database is unavailable: \(DatabaseFailure.describe(error))")
            }
            throw .storage("The database failed: \(DatabaseFailure.describe(error))")
        }
    }

    /// Where a page ends: the last place's distance and id, and where it is. Ids break ties between equal
    /// distances, compared byte by byte in UTF-8 as PostgreSQL's `COLLATE "C"` compares them, so that SQL reading
    /// a spot by id and this order agree on any id (String's `<` compares canonical equivalents as equal).
    struct Cursor: Comparable {
        var distance: Double
        var id: String
        /// The last place's position: the places there share its distance exactly. Nil in a cursor of the first
        /// format ("p1"), still taken, from a page served before spots were read by id.
        var spot: Coordinate?

        static func < (lhs: Cursor, rhs: Cursor) -> Bool {
            if lhs.distance != rhs.distance { return lhs.distance < rhs.distance }
            return lhs.id.utf8.lexicographicallyPrecedes(rhs.id.utf8)
        }

        static func == (lhs: Cursor, rhs: Cursor) -> Bool {
            lhs.distance == rhs.distance && lhs.id.utf8.elementsEqual(rhs.id.utf8)
        }

        var token: PageCursor {
            func hex(_ value: Double) -> String { String(value.bitPattern, radix: 16) }
            guard let spot else { return PageCursor(token: "p1:\(hex(distance)):\(id)") }
            return PageCursor(token: "p2:\(hex(distance)):\(hex(spot.latitude)):\(hex(spot.longitude)):\(id)")
        }

        init(distance: Double, id: String, spot: Coordinate?) {
            self.distance = distance
            self.id = id
            self.spot = spot
        }

        init(_ cursor: PageCursor) throws(PlacesError) {
            let parts = cursor.token.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
            func number(_ index: Int) -> Double? {
                guard index < parts.count, let bits = UInt64(parts[index], radix: 16) else { return nil }
                let value = Double(bitPattern: bits)
                return value.isFinite ? value : nil
            }
            // The id is the rest of the token, colons and all ("osm:n1").
            func id(after index: Int) -> String? {
                let rest = parts.dropFirst(index).joined(separator: ":")
                return rest.isEmpty ? nil : rest
            }
            switch parts.first {
            case "p1":
                guard parts.count >= 3, let distance = number(1), let id = id(after: 2) else { break }
                self.init(distance: distance, id: id, spot: nil)
                return
            case "p2":
                guard parts.count == 5, let distance = number(1), let latitude = number(2),
                      let longitude = number(3), let id = id(after: 4) else { break }
                let spot = Coordinate(latitude: latitude, longitude: longitude)
                guard spot.isValid else { break }
                self.init(distance: distance, id: id, spot: spot)
                return
            default:
                break
            }
            throw .storage("The page cursor is not one of this store's.")
        }

        static func isValid(_ cursor: PageCursor) -> Bool { (try? Cursor(cursor)) != nil }
    }
}
