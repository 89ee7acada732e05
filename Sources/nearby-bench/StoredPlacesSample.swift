import FoundationEssentials
import Glibc
import NearbyCore
import NearbyData
import SQLiteDriver

/// Query points, categories and search words drawn from the places a store already holds (an imported
/// extract of any size), so `nearby-bench store --stored` times the queries a user of that store would make: near
/// places that exist, for categories the store has, with words of real names.
struct StoredPlacesSample {
    private struct Sampled {
        var coordinate: Coordinate
        var name: String
    }

    private var places: [Sampled] = []
    private var categories: [Category] = []
    private var random: SeededRandom

    /// Reads `count` places chosen at random (by `seed`, repeatably) and the categories the store holds.
    init(database: AppDatabase, count: Int, seed: UInt64) throws {
        random = SeededRandom(seed: seed)
        // Spatial keys (`rid`) are dense enough to sample by range: a random key, then the first place at or
        // after it. Ordering a country's million places by random() would read them all.
        let (low, high) = try database.read { db -> (Int64, Int64) in
            let bounds = try db.prepare("SELECT min(rid), max(rid) FROM place").bind()
            guard try bounds.step() else { return (0, 0) }
            return (try bounds.column(0, as: Int64?.self) ?? 0, try bounds.column(1, as: Int64?.self) ?? 0)
        }
        guard high > low else { throw BenchFailure("The store holds no places to sample; import an extract first.") }
        var keys: [Int64] = []
        for _ in 0..<count {
            keys.append(low + Int64(random.unit() * Double(high - low)))
        }
        places = try database.read { db -> [Sampled] in
            let next = try db.prepare("SELECT lat, lon, name FROM place WHERE rid >= ? ORDER BY rid LIMIT 1")
            var found: [Sampled] = []
            for key in keys {
                try next.bind(key)
                guard try next.step() else { continue }
                found.append(Sampled(coordinate: Coordinate(latitude: try next.column(0), longitude: try next.column(1)),
                                     name: try next.column(2)))
            }
            return found
        }
        // One index probe per category (the R*Tree's category axis): which categories the store has at all.
        let store = LocalPlacesStore(database: database)
        for category in Category.allCases {
            let center = places.first?.coordinate ?? Coordinate(latitude: 0, longitude: 0)
            if try store.fetchCount(near: center, radius: LocalPlacesStore.everywhere, category: category) > 0 {
                categories.append(category)
            }
        }
        guard !places.isEmpty, !categories.isEmpty else {
            throw BenchFailure("The store holds no places to sample; import an extract first.")
        }
    }

    /// Where a user stands: within 500 m of a place of the store.
    mutating func queryPoint() -> Coordinate {
        let base = places[random.int(below: places.count)].coordinate
        let north = (random.unit() - 0.5) * 1_000, east = (random.unit() - 0.5) * 1_000
        return Coordinate(latitude: base.latitude + north / 111_195,
                          longitude: base.longitude + east / (111_195 * max(0.01, cos(base.latitude * .pi / 180))))
    }

    /// A category the store holds, uniformly: rare ones are the hard case for a nearest query.
    mutating func queryCategory() -> Category {
        categories[random.int(below: categories.count)]
    }

    /// The first 3 to 6 letters of a word of a real name, as someone typing would give.
    mutating func searchPrefix() -> String {
        for _ in 0..<20 {
            let name = places[random.int(below: places.count)].name
            let words = name.split(whereSeparator: { !$0.isLetter }).filter { $0.count >= 3 }
            guard !words.isEmpty else { continue }
            let word = words[random.int(below: words.count)]
            return String(word.prefix(3 + random.int(below: 4)))
        }
        return "caf"
    }
}
