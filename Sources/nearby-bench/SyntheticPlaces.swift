import FoundationEssentials
import Glibc
import NearbyCore

/// A reproducible fictional region for benchmarks: towns of many sizes, places clustered around them,
/// categories in realistic proportions, names drawn from a made-up vocabulary where some words are common.
struct SyntheticPlaces {
    struct Town {
        var center: Coordinate
        var spread: Double
    }

    private(set) var towns: [Town] = []
    private(set) var vocabulary: [String] = []
    private var townWeights: [Double] = []
    private var wordWeights: [Double] = []
    private let categoryWeights: [(Category, Double)] = [
        (.restaurant, 15), (.cafe, 8), (.fastFood, 6), (.bar, 5), (.pub, 3), (.nightclub, 1), (.atm, 4), (.bank, 3),
        (.pharmacy, 3), (.hospital, 0.5), (.doctor, 3), (.supermarket, 4), (.convenience, 4), (.bakery, 4),
        (.hotel, 4), (.museum, 1), (.attraction, 2), (.fuel, 3), (.parking, 10), (.postOffice, 1.5), (.toilets, 4),
        (.library, 1), (.cinema, 0.5), (.park, 5),
    ]
    private let cuisines = ["italian", "pizza", "regional", "swiss", "burger", "kebab", "thai", "indian",
                            "chinese", "coffee_shop", "sushi", "vegetarian", "french", "greek"]
    private var random: SeededRandom

    /// - Parameters: seed: the same seed makes the same region.
    init(seed: UInt64, center: Coordinate = Coordinate(latitude: 47.0, longitude: 8.5), townCount: Int = 400) {
        random = SeededRandom(seed: seed)
        let syllables = ["ab", "ber", "dorf", "el", "fel", "gen", "hof", "ri", "lin", "mo", "na", "ost", "pra",
                         "ro", "sa", "tal", "ul", "vi", "wald", "zü", "bé", "cha", "dü", "ka", "len", "mar", "nö",
                         "quel", "stein", "ta"]
        var words = Set<String>()
        while words.count < 500 {
            let count = 2 + random.int(below: 2)
            let word = (0..<count).map { _ in syllables[random.int(below: syllables.count)] }.joined()
            words.insert(word.prefix(1).uppercased() + word.dropFirst())
        }
        vocabulary = words.sorted()
        wordWeights = cumulative(vocabulary.indices.map { 1 / pow(Double($0) + 1, 0.9) })
        for index in 0..<townCount {
            let lat = center.latitude + (random.unit() - 0.5) * 3.0
            let lon = center.longitude + (random.unit() - 0.5) * 4.4
            // Bigger towns (low index) spread wider.
            let spread = 400 + 4_000 / pow(Double(index) + 1, 0.5)
            towns.append(Town(center: Coordinate(latitude: lat, longitude: lon), spread: spread))
        }
        townWeights = cumulative(towns.indices.map { 1 / pow(Double($0) + 1, 0.8) })
    }

    /// The next place, numbered `index` (its id is "demo:bench<index>").
    mutating func place(_ index: Int) -> Place {
        let town = towns[pick(townWeights)]
        let coordinate: Coordinate
        if random.unit() < 0.1 {
            // One place in ten lies out in the country, far from any town centre.
            coordinate = Coordinate(latitude: town.center.latitude + (random.unit() - 0.5) * 0.4,
                                    longitude: town.center.longitude + (random.unit() - 0.5) * 0.6)
        } else {
            let north = random.gaussian() * town.spread, east = random.gaussian() * town.spread
            coordinate = Coordinate(
                latitude: town.center.latitude + north / 111_195,
                longitude: town.center.longitude + east / (111_195 * cos(town.center.latitude * .pi / 180)))
        }
        let category = categoryWeights[pickCategory()].0
        let name = [category.displayName, word(), random.unit() < 0.4 ? word() : nil]
            .compactMap { $0 }.joined(separator: " ")
        let food: Set<Category> = [.restaurant, .cafe, .fastFood, .bar, .pub]
        let cuisine = food.contains(category) ? cuisines[random.int(below: cuisines.count)] : nil
        let address = Address(street: word() + "strasse", houseNumber: String(1 + random.int(below: 120)))
        return Place(id: PlaceID(source: .demo, sourceID: "bench\(index)"), name: name, category: category,
                     coordinate: coordinate, address: address, openingHours: .osm("Mo-Sa 08:00-18:00"),
                     cuisine: cuisine, attribution: "Synthetic benchmark data")
    }

    /// A point where people are: near a town, weighted by its size.
    mutating func queryPoint() -> Coordinate {
        let town = towns[pick(townWeights)]
        let north = random.gaussian() * town.spread, east = random.gaussian() * town.spread
        return Coordinate(latitude: town.center.latitude + north / 111_195,
                          longitude: town.center.longitude + east / (111_195 * cos(town.center.latitude * .pi / 180)))
    }

    /// A category, uniformly: rare ones are the hard case for a nearest query.
    mutating func queryCategory() -> Category {
        categoryWeights[random.int(below: categoryWeights.count)].0
    }

    /// The first 3 to 6 letters of a word from the vocabulary, as someone typing would give.
    mutating func searchPrefix() -> String {
        let word = vocabulary[random.int(below: vocabulary.count)]
        return String(word.prefix(3 + random.int(below: 4)))
    }

    private mutating func word() -> String { vocabulary[pick(wordWeights)] }

    private mutating func pickCategory() -> Int {
        let total = categoryWeights.reduce(0) { $0 + $1.1 }
        var target = random.unit() * total
        for (index, entry) in categoryWeights.enumerated() {
            target -= entry.1
            if target < 0 { return index }
        }
        return categoryWeights.count - 1
    }

    /// An index drawn with the weights whose running sums are `cumulative`.
    private mutating func pick(_ cumulative: [Double]) -> Int {
        let target = random.unit() * (cumulative.last ?? 0)
        var low = 0, high = cumulative.count - 1
        while low < high {
            let mid = (low + high) / 2
            if cumulative[mid] <= target { low = mid + 1 } else { high = mid }
        }
        return low
    }

    private func cumulative(_ weights: [Double]) -> [Double] {
        var sum = 0.0
        return weights.map { sum += $0; return sum }
    }
}
