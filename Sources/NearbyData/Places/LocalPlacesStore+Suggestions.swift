import NearbyCore
import SQLiteDriver

extension LocalPlacesStore {
    public func nameSuggestions(for text: String, near center: Coordinate) async -> [String] {
        (try? placeNames(closeTo: text, near: center)) ?? []
    }

    /// Rows read per candidate prefix: enough for the names sharing three letters with a word in a town, a
    /// bound on the work in a country (a few milliseconds).
    static let suggestionRows = 3_000

    /// Names of the store close to what a search that found nothing typed ("pizzeira" → "Pizzeria Roma"): a
    /// word of the name at most one letter apart from a typed word of up to five letters, two from a longer
    /// one. Names are found through the full-text index by the word's first three letters, and by them with
    /// its second or third letter dropped or the two swapped (typos lie anywhere, but rarely twice in the
    /// first three). The closest first, then the nearest to `center`.
    public func placeNames(closeTo text: String, near center: Coordinate, limit: Int = 3)
        throws(PlacesError) -> [String] {
        let typed = FullTextQuery.words(of: SearchFolding.fold(text)).filter { $0.count >= 4 }
        guard !typed.isEmpty, limit > 0 else { return [] }
        return try reading { db in
            var best: [String: (distance: Int, metres: Double)] = [:]
            let statement = try db.statement("""
                SELECT place.name, place.lat, place.lon FROM place_fts JOIN place ON place.rid = place_fts.rowid
                WHERE place_fts MATCH ? LIMIT ?
                """)
            for word in typed {
                let letters = Array(word)
                let allowed = letters.count <= 5 ? 1 : 2
                for prefix in Self.candidatePrefixes(letters) {
                    // Letters and digits only (`FullTextQuery.words`), so quoting cannot be broken out of.
                    let rows = try statement.bind("searchName: \"\(prefix)\"*", Self.suggestionRows)
                    defer { rows.reset() }
                    while try rows.step() {
                        guard let name = try? rows.column(0, as: String.self),
                              let lat = try? rows.column(1, as: Double.self),
                              let lon = try? rows.column(2, as: Double.self) else { continue }
                        let words = FullTextQuery.words(of: SearchFolding.fold(name))
                        let distance = words.map { EditDistance.between(letters, Array($0), atMost: allowed) }
                            .min() ?? .max
                        // An exact word is no typo: the search would have found it.
                        guard distance > 0, distance <= allowed else { continue }
                        let metres = center.distance(to: Coordinate(latitude: lat, longitude: lon))
                        if let known = best[name], (known.distance, known.metres) <= (distance, metres) { continue }
                        best[name] = (distance, metres)
                    }
                }
            }
            return best.sorted { ($0.value.distance, $0.value.metres, $0.key) < ($1.value.distance, $1.value.metres, $1.key) }
                .prefix(limit).map(\.key)
        }
    }

    /// The word's first three letters, and those with the second or third letter dropped or swapped.
    static func candidatePrefixes(_ letters: [Character]) -> [String] {
        guard letters.count >= 4 else { return [] }
        var prefixes = [String(letters.prefix(3))]
        prefixes.append(String([letters[0], letters[2], letters[3]]))
        prefixes.append(String([letters[0], letters[1], letters[3]]))
        prefixes.append(String([letters[0], letters[2], letters[1]]))
        var seen = Set<String>()
        return prefixes.filter { seen.insert($0).inserted }
    }
}
