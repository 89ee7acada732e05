/// The one list of categories every source maps into. The tag and type rules live in `CategoryMapping`.
public enum Category: String, CaseIterable, Hashable, Sendable, Codable {
    case atm, bank, cafe, restaurant, fastFood, bar, pub, nightclub, pharmacy, hospital, doctor
    case supermarket, convenience, bakery, hotel, museum, attraction, fuel, parking, postOffice
    case toilets, library, cinema, park
    // What a visitor looks for besides (added after the first 24: their stored codes follow on).
    case viewpoint, monument, playground, drinkingWater, bicycleRental, chargingStation, clothes, books, sports

    /// The name a screen shows ("Fast food").
    public var displayName: String {
        switch self {
        case .atm: "ATM"
        case .bank: "Bank"
        case .cafe: "Café"
        case .restaurant: "Restaurant"
        case .fastFood: "Fast food"
        case .bar: "Bar"
        case .pub: "Pub"
        case .nightclub: "Nightclub"
        case .pharmacy: "Pharmacy"
        case .hospital: "Hospital"
        case .doctor: "Doctor"
        case .supermarket: "Supermarket"
        case .convenience: "Convenience store"
        case .bakery: "Bakery"
        case .hotel: "Hotel"
        case .museum: "Museum"
        case .attraction: "Attraction"
        case .fuel: "Fuel"
        case .parking: "Parking"
        case .postOffice: "Post office"
        case .toilets: "Toilets"
        case .library: "Library"
        case .cinema: "Cinema"
        case .park: "Park"
        case .viewpoint: "Viewpoint"
        case .monument: "Monument"
        case .playground: "Playground"
        case .drinkingWater: "Drinking water"
        case .bicycleRental: "Bicycle rental"
        case .chargingStation: "Charging station"
        case .clothes: "Clothes shop"
        case .books: "Bookshop"
        case .sports: "Sports shop"
        }
    }

    /// The plural a sentence uses ("No cafés within 2 km").
    public var pluralName: String {
        switch self {
        case .atm: "ATMs"
        case .cafe: "cafés"
        case .fastFood: "fast food places"
        case .pharmacy: "pharmacies"
        case .convenience: "convenience stores"
        case .bakery: "bakeries"
        case .fuel: "fuel stations"
        case .parking: "car parks"
        case .toilets: "toilets"
        case .library: "libraries"
        case .postOffice: "post offices"
        case .attraction: "attractions"
        case .drinkingWater: "drinking water taps"
        case .bicycleRental: "bicycle rentals"
        case .chargingStation: "charging stations"
        case .clothes: "clothes shops"
        case .books: "bookshops"
        case .sports: "sports shops"
        default: displayName.lowercased() + "s"
        }
    }

    /// Finds a category by its raw value or display name, ignoring case ("cafe", "Café", "fast-food").
    public init?(name: String) {
        let key = Self.letterKey(name)
        guard let match = Category.allCases.first(where: {
            $0.rawValue.lowercased() == key
                || Self.letterKey($0.displayName) == key
        }) else { return nil }
        self = match
    }

    /// The letters of `name` in lower case, "é" as "e": "Fast-food" and "fast food" give the same key.
    private static func letterKey(_ name: String) -> String {
        String(name.lowercased().lazy.filter(\.isLetter).map { $0 == "é" ? "e" : $0 })
    }
}
