import NearbyCore

/// The fixed small integer each category has in the spatial index. Never renumber: stores on disk rely on it.
enum CategoryCode {
    static func code(of category: Category) -> Int {
        switch category {
        case .atm: 1
        case .bank: 2
        case .cafe: 3
        case .restaurant: 4
        case .fastFood: 5
        case .bar: 6
        case .pub: 7
        case .nightclub: 8
        case .pharmacy: 9
        case .hospital: 10
        case .doctor: 11
        case .supermarket: 12
        case .convenience: 13
        case .bakery: 14
        case .hotel: 15
        case .museum: 16
        case .attraction: 17
        case .fuel: 18
        case .parking: 19
        case .postOffice: 20
        case .toilets: 21
        case .library: 22
        case .cinema: 23
        case .park: 24
        case .viewpoint: 25
        case .monument: 26
        case .playground: 27
        case .drinkingWater: 28
        case .bicycleRental: 29
        case .chargingStation: 30
        case .clothes: 31
        case .books: 32
        case .sports: 33
        }
    }

    private static let byCode: [Int: Category] = Dictionary(
        uniqueKeysWithValues: Category.allCases.map { (code(of: $0), $0) })

    static func category(of code: Int) -> Category? { byCode[code] }

    /// The index's third axis: each category owns [2c, 2c+1], a slab of width one so that index nodes
    /// holding a single category keep a non-zero volume (R* splits compare volumes).
    static func indexRange(of category: Category) -> (low: Int, high: Int) {
        let c = code(of: category)
        return (2 * c, 2 * c + 1)
    }

    /// The slab bounds that admit every category.
    static let allCategories = (low: 0, high: 2 * 1_000 + 1)
}
