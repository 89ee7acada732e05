import FoundationEssentials
import NearbyCore
import SQLiteDriver

extension LocalPlacesStore {
    /// Localities called `name`: exact matches (ignoring case, accents and the kind of apostrophe) first, then
    /// names starting with it, then names with a word starting with it ("escaldes" finds "les Escaldes"); larger
    /// kinds (city before village) first within each group.
    public func localities(named name: String, limit: Int = 20) throws -> [Locality] {
        let key = SearchFolding.fold(name.trimmingWhitespace())
        guard !key.isEmpty, limit > 0 else { return [] }
        return try reading { db in
            let exact = try Self.localities(
                db.statement("SELECT id, name, kind, lat, lon FROM locality WHERE nameKey = ?").bind(key))
            // Every text that starts with `key` sorts between `key` and `key` followed by the highest scalar.
            let prefixed = try Self.localities(db.statement("""
                SELECT id, name, kind, lat, lon FROM locality WHERE nameKey > ? AND nameKey < ? LIMIT ?
                """).bind(key, key + "\u{10FFFF}", limit * 4))
            var found = Self.ranked(exact) + Self.ranked(prefixed)
            if found.count < limit {
                // A word inside the name: after a space, a hyphen or an apostrophe. instr() rather than LIKE, so
                // nothing typed is a wildcard; a scan, but of the towns only (thousands, even for a country).
                let inside = try Self.localities(db.statement("""
                    SELECT id, name, kind, lat, lon FROM locality
                    WHERE instr(' ' || replace(replace(nameKey, '-', ' '), '''', ' '), ' ' || ?) > 1 LIMIT ?
                    """).bind(key, limit * 4))
                let known = Set(found.map(\.id))
                found += Self.ranked(inside.filter { !known.contains($0.id) })
            }
            return Array(found.prefix(limit))
        }
    }

    /// Town names close to a misspelt `name` ("Vaduzz" → "Vaduz"), nearest first: at most two letters apart
    /// (one for names of four letters or fewer), compared whole and word by word.
    public func localityNames(closeTo name: String, limit: Int = 3) throws -> [String] {
        let key = Array(SearchFolding.fold(name.trimmingWhitespace()))
        guard key.count >= 3 else { return [] }
        let allowed = key.count <= 4 ? 1 : 2
        return try reading { db in
            let rows = try db.statement("SELECT name, nameKey FROM locality").bind()
            defer { rows.reset() }
            var best: [String: Int] = [:]
            while try rows.step() {
                guard let name = try? rows.column(0, as: String.self),
                      let nameKey = try? rows.column(1, as: String.self) else { continue }
                let words = [nameKey] + nameKey.split(whereSeparator: { " -'".contains($0) }).map(String.init)
                let distance = words.map { EditDistance.between(key, Array($0), atMost: allowed) }.min() ?? .max
                if distance <= allowed { best[name] = min(best[name] ?? .max, distance) }
            }
            return best.sorted { ($0.value, $0.key) < ($1.value, $1.key) }.prefix(limit).map(\.key)
        }
    }

    /// Where `--near` points: a `LAT,LON` pair, or a locality's name that names one place only.
    public func resolveNear(_ text: String) throws(NearResolutionError) -> NearLocation {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw .empty }
        if CoordinateText.looksLikeCoordinate(trimmed) {
            guard let coordinate = Coordinate(parsing: trimmed) else { throw .invalidCoordinate(trimmed) }
            return NearLocation(name: nil, coordinate: coordinate)
        }
        let found: [Locality]
        do {
            found = try localities(named: trimmed)
        } catch {
            throw .storage(placesError(error))
        }
        let key = SearchFolding.fold(trimmed)
        let exact = found.filter { SearchFolding.fold($0.name) == key }
        let pool = exact.isEmpty ? found : exact
        guard let best = pool.first else {
            let close = (try? localityNames(closeTo: trimmed)) ?? []
            throw close.isEmpty ? .unknown(trimmed) : .misspelt(trimmed, suggestions: close)
        }
        // Several entries of one name close together (a town and its centre's locality) are one answer.
        let bestKey = SearchFolding.fold(best.name)
        if pool.allSatisfy({
            SearchFolding.fold($0.name) == bestKey
                && $0.coordinate.distance(to: best.coordinate) <= NearResolutionError.sameTownDistance
        }) {
            return NearLocation(name: best.name, coordinate: best.coordinate)
        }
        throw .ambiguous(trimmed, candidates: pool)
    }

    private static func localities(_ rows: SQLiteStatement) throws -> [Locality] {
        var result: [Locality] = []
        while try rows.step() {
            if let locality = readableLocality(rows) { result.append(locality) }
        }
        return result
    }

    /// The locality on the current row; nil (logged) when a value in it cannot be read.
    private static func readableLocality(_ row: SQLiteStatement) -> Locality? {
        let locality: Locality
        do {
            let kindText: String = try row.column(2)
            // An entry of a kind this version does not know is shown as a plain locality rather than dropped.
            let kind = Locality.Kind(rawValue: kindText) ?? .locality
            locality = Locality(id: try row.column(0), name: try row.column(1), kind: kind,
                                coordinate: Coordinate(latitude: try row.column(3), longitude: try row.column(4)))
        } catch {
            StoreLog.skippedRow("locality", id: try? row.column(0, as: String.self), error)
            return nil
        }
        return locality.coordinate.isValid ? locality : nil
    }

    private static func ranked(_ localities: [Locality]) -> [Locality] {
        let order = Dictionary(uniqueKeysWithValues: Locality.Kind.allCases.enumerated().map { ($1, $0) })
        return localities.sorted {
            let left = order[$0.kind] ?? Int.max, right = order[$1.kind] ?? Int.max
            if left != right { return left < right }
            if $0.name != $1.name { return $0.name < $1.name }
            return $0.id < $1.id
        }
    }
}

/// Where "here" is, as `--near` named it.
public struct NearLocation: Hashable, Sendable {
    /// The locality's name; nil when given as coordinates.
    public var name: String?
    public var coordinate: Coordinate

    public init(name: String?, coordinate: Coordinate) {
        self.name = name
        self.coordinate = coordinate
    }
}

/// Why `--near` could not be resolved, with a message that tells the user what to do.
public enum NearResolutionError: Error, Hashable, Sendable, CustomStringConvertible {
    case empty
    case invalidCoordinate(String)
    case unknown(String)
    /// No town of that name, but some close to it (a typo).
    case misspelt(String, suggestions: [String])
    case ambiguous(String, candidates: [Locality])
    /// Places of the store of that name, far apart (nearest first).
    case ambiguousPlaces(String, candidates: [PlaceHit])
    case storage(PlacesError)

    /// Entries of one name closer than this are taken for the same town.
    static let sameTownDistance = 10_000.0
    /// Places of one name closer than this are taken for one place (a node and its building).
    static let samePlaceDistance = 100.0

    public var description: String {
        switch self {
        case .empty:
            return "--near needs a place name or LAT,LON."
        case .invalidCoordinate(let text):
            return "\(text) is not a coordinate: latitude must be within -90…90 and longitude within -180…180."
        case .unknown(let name):
            return "No place called \(name.quotedForMessage) in the store; give LAT,LON, or import an extract "
                + "that covers it (nearby import FILE)."
        case .misspelt(let name, let suggestions):
            let list = suggestions.map(\.quotedForMessage).joined(separator: " or ")
            return "No place called \(name.quotedForMessage) in the store. Did you mean \(list)?"
        case .ambiguous(let name, let candidates):
            let list = candidates.prefix(8).map { locality in
                "\(locality.name.quotedForMessage) (\(locality.kind.rawValue), "
                    + "\(NearResolutionError.format(locality.coordinate)))"
            }.joined(separator: "; ")
            let more = candidates.count > 8 ? "; and \(candidates.count - 8) more" : ""
            return "\(name.quotedForMessage) could mean: \(list)\(more). Pick one with --near LAT,LON."
        case .ambiguousPlaces(let name, let candidates):
            let list = candidates.map { hit in
                "\(hit.place.name.quotedForMessage) (\(hit.place.category.displayName.lowercased()), "
                    + "\(NearResolutionError.format(hit.place.coordinate)))"
            }.joined(separator: "; ")
            return "\(name.quotedForMessage) could mean, nearest first: \(list). Give its LAT,LON."
        case .storage(let error):
            return error.explanation
        }
    }

    static func format(_ coordinate: Coordinate) -> String {
        "\(NumberText.fixed(coordinate.latitude, digits: 5)),\(NumberText.fixed(coordinate.longitude, digits: 5))"
    }
}

extension String {
    /// Quoted, with control characters made visible, so a hostile name cannot drive the terminal.
    /// Cut to 80 characters, as the command line quotes values: a 5,000-digit `--near` is not echoed whole.
    var quotedForMessage: String {
        let shown = count > 80 ? prefix(79) + "…" : Substring(self)
        let safe = shown.unicodeScalars.map { scalar -> String in
            scalar.properties.generalCategory == .control ? "\u{FFFD}" : String(scalar)
        }.joined()
        return "“\(safe)”"
    }
}
