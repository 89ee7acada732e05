import NearbyCore

/// How live sources' tags and types become categories until the shared `CategoryMapping` table is in this
/// build: each rule here is the one place to switch over (`CategoryMapping.category(osmTags:)`, …).
enum InterimCategoryRules {
    /// OpenStreetMap tags → category, by the value of the first key that names one ("amenity=fast_food").
    static let osm: @Sendable ([String: String]) -> Category? = { tags in
        if tags["amenity"] == "doctors" || tags["healthcare"] == "doctor" { return .doctor }
        for key in ["amenity", "shop", "tourism", "leisure", "healthcare"] {
            if let value = tags[key], let category = Category(name: value) { return category }
        }
        return nil
    }

    /// Google place types → category, by the first type that names one.
    static let googleTypes: @Sendable ([String]) -> Category? = { types in
        for type in types {
            if let alias = googleAliases[type] { return alias }
            if let category = Category(name: type) { return category }
        }
        return nil
    }

    /// The Google type a category is searched by.
    static let googleSearchType: @Sendable (Category) -> String? = { category in
        switch category {
        case .fastFood: "meal_takeaway"
        case .pub: "bar"
        case .nightclub: "night_club"
        case .convenience: "convenience_store"
        case .hotel: "lodging"
        case .attraction: "tourist_attraction"
        case .fuel: "gas_station"
        case .postOffice: "post_office"
        case .cinema: "movie_theater"
        case .toilets: nil
        default: category.rawValue
        }
    }

    private static let googleAliases: [String: Category] = [
        "meal_takeaway": .fastFood, "convenience_store": .convenience, "lodging": .hotel,
        "tourist_attraction": .attraction, "gas_station": .fuel, "movie_theater": .cinema,
    ]
}
