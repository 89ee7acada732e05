import Foundation
import NearbyCore
import NearbyData
import PostgresNIO

/// Places in PostGIS, answered the way the local store answers them: the same distances (haversine on the
/// same sphere, computed here rather than by PostGIS), nearest first, the same search rule (every word of the
/// search starts a word of the name or subtitle), paged by cursor.
///
/// The GiST index walks places nearest first (`<->`, on a sphere); the exact order is then taken from the
/// distances computed here. The two spheres differ by a few millionths, so the walk fetches a margin beyond
/// the page and widens it when the last places fetched are too close to call.
public struct PostgresPlacesStore: PlacesProvider {
    let pools: PostgresPools

    /// Fetched beyond the page: places the index walk may have put in a slightly different order.
    static let margin = 16
    /// How close (metres) two distances may be before the walk's order and ours could disagree.
    static let tolerance = 0.05

    public init(pools: PostgresPools) {
        self.pools = pools
    }

    public func places(_ query: PlaceQuery, after cursor: PageCursor?) async throws(PlacesError) -> PlacesPage {
        guard query.center.isValid else { throw .storage("The centre is not a valid coordinate.") }
        let after = try cursor.map { (cursor) throws(PlacesError) in try Cursor(cursor) }
        let limit = max(0, query.limit)
        guard limit > 0, query.radius > 0 else { return PlacesPage(hits: [], next: nil) }
        let words = query.searchText.map(PlaceSearchText.words(in:)) ?? []
        // Words are letters and digits only, so quoting them as lexemes cannot be broken out of.
        let tsquery = words.isEmpty ? "'_'" : words.prefix(16).map { "'\($0)':*" }.joined(separator: " & ")
        let category = query.category?.rawValue ?? ""
        var fetch = limit + 1 + Self.margin
        while true {
            let rows = try await fetchNearest(query, after: after, category: category, hasSearch: !words.isEmpty,
                                              tsquery: tsquery, count: fetch)
            var hits: [(hit: PlaceHit, key: Cursor)] = []
            for row in rows {
                let distance = query.center.distance(to: row.place.coordinate)
                let key = Cursor(distance: distance, id: row.place.id.description, spot: row.place.coordinate)
                guard distance <= query.radius, after.map({ $0 < key }) ?? true else { continue }
                hits.append((PlaceHit(place: row.place, distance: distance,
                                      bearing: query.center.bearing(to: row.place.coordinate)), key))
            }
            hits.sort { $0.key < $1.key }
            let exhausted = rows.count < fetch
            let decided = hits.count > limit ? hits[limit].key.distance : hits.last?.key.distance ?? 0
            // Everything up to the page's edge is in hand unless the walk stopped within the tolerance of it.
            if exhausted || (rows.last?.walkDistance ?? 0) > decided + Self.tolerance || fetch >= 20_000 {
                let page = Array(hits.prefix(limit))
                var attributions: [String] = []
                for entry in page where !attributions.contains(entry.hit.place.attribution) {
                    attributions.append(entry.hit.place.attribution)
                }
                let next = hits.count > limit ? page.last.map { $0.key.token } : nil
                return PlacesPage(hits: page.map(\.hit), next: next, attributions: attributions)
            }
            fetch *= 4
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

    private func fetchNearest(_ query: PlaceQuery, after: Cursor?, category: String, hasSearch: Bool, tsquery: String,
                              count: Int) async throws(PlacesError) -> [Row] {
        // Already served: everything nearer than the cursor, less the tolerance (ties are sorted out above).
        let skipWithin = max(0, (after?.distance ?? 0) - Self.tolerance)
        let lat = query.center.latitude, lon = query.center.longitude
        let reach = query.radius + Self.tolerance
        if !hasSearch && category.isEmpty {
            // Every place qualifies: the GiST index walks them nearest first and stops after `count` rows, and
            // the radius is applied to those. (With the radius in the WHERE, the planner reads every place within
            // it and sorts them: 0.3 s for 50 of the 125,000 places within 50 km.) With words or a category to
            // match, the walk could go far past the radius for a rare one, so the radius stays in the WHERE.
            return try await reading { connection in
                try Self.decode(await connection.gatheredRows("""
                    SELECT ROW(nearest.*) FROM (
                        SELECT \(unescaped: Self.columns),
                               position <-> ST_SetSRID(ST_MakePoint(\(lon), \(lat)), 4326)::geography AS walk
                        FROM place
                        WHERE (\(skipWithin) = 0
                               OR NOT ST_DWithin(position, ST_SetSRID(ST_MakePoint(\(lon), \(lat)), 4326)::geography,
                                                 \(skipWithin), false))
                        ORDER BY position <-> ST_SetSRID(ST_MakePoint(\(lon), \(lat)), 4326)::geography
                        LIMIT \(count)
                    ) AS nearest
                    WHERE walk <= \(reach)
                    """, logger: pools.logger))
            }
        }
        return try await reading { connection in
            try Self.decode(await connection.gatheredRows("""
                SELECT ROW(\(unescaped: Self.columns),
                           position <-> ST_SetSRID(ST_MakePoint(\(lon), \(lat)), 4326)::geography)
                FROM place
                WHERE ST_DWithin(position, ST_SetSRID(ST_MakePoint(\(lon), \(lat)), 4326)::geography, \(reach), false)
                  AND (\(skipWithin) = 0
                       OR NOT ST_DWithin(position, ST_SetSRID(ST_MakePoint(\(lon), \(lat)), 4326)::geography,
                                         \(skipWithin), false))
                  AND (\(category) = '' OR category = \(category))
                  AND (NOT \(hasSearch) OR array_to_tsvector(search_words) @@ \(tsquery)::tsquery)
                ORDER BY position <-> ST_SetSRID(ST_MakePoint(\(lon), \(lat)), 4326)::geography
                LIMIT \(count)
                """, logger: pools.logger))
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
