/// One OpenStreetMap tag (`amenity=cafe`).
public struct OSMTag: Hashable, Sendable, CustomStringConvertible {
    public var key: String
    public var value: String

    public init(_ key: String, _ value: String) {
        self.key = key
        self.value = value
    }

    public var description: String { "\(key)=\(value)" }
}

/// How one category is recognised in each source.
public struct CategoryRule: Hashable, Sendable {
    public var category: Category
    /// OpenStreetMap tags that make an object this category.
    public var osmTags: [OSMTag]
    /// Google place types that make a result this category.
    public var googleTypes: [String]
    /// Whether places of this category usually carry no name (an ATM, a car park), so an unnamed one is kept.
    public var usuallyUnnamed: Bool

    public init(_ category: Category, osm: [OSMTag], google: [String], usuallyUnnamed: Bool = false) {
        self.category = category
        self.osmTags = osm
        self.googleTypes = google
        self.usuallyUnnamed = usuallyUnnamed
    }
}

/// The one table that maps OpenStreetMap tags and Google place types to `Category`.
///
/// Decisions worth knowing:
/// - One source object becomes at most one place. A bank tagged `atm=yes` stays a bank: its ATM is part of the
///   bank's card (and a free-standing ATM is mapped as its own `amenity=atm` node anyway).
/// - When an object carries several primary keys, `osmKeyPrecedence` decides: `amenity` first, so a hotel's
///   `amenity=restaurant` node is a restaurant, and a `shop=bakery` that is also `amenity=cafe` is a café.
/// - Post boxes (`amenity=post_box`) are not post offices and map to nothing.
/// - Google's types are read in Google's own order (most specific first); the first known one wins.
public enum CategoryMapping {
    public static let rules: [CategoryRule] = [
        CategoryRule(.atm, osm: [OSMTag("amenity", "atm")], google: ["atm"], usuallyUnnamed: true),
        CategoryRule(.bank, osm: [OSMTag("amenity", "bank")], google: ["bank"]),
        CategoryRule(.cafe, osm: [OSMTag("amenity", "cafe")], google: ["cafe", "coffee_shop"]),
        CategoryRule(.restaurant, osm: [OSMTag("amenity", "restaurant")], google: ["restaurant"]),
        CategoryRule(.fastFood, osm: [OSMTag("amenity", "fast_food"), OSMTag("amenity", "food_court")],
                     google: ["meal_takeaway", "fast_food_restaurant"]),
        CategoryRule(.bar, osm: [OSMTag("amenity", "bar")], google: ["bar"]),
        CategoryRule(.pub, osm: [OSMTag("amenity", "pub"), OSMTag("amenity", "biergarten")], google: ["pub"]),
        CategoryRule(.nightclub, osm: [OSMTag("amenity", "nightclub")], google: ["night_club"]),
        CategoryRule(.pharmacy, osm: [OSMTag("amenity", "pharmacy"), OSMTag("healthcare", "pharmacy")],
                     google: ["pharmacy", "drugstore"]),
        CategoryRule(.hospital, osm: [OSMTag("amenity", "hospital"), OSMTag("healthcare", "hospital")],
                     google: ["hospital"]),
        CategoryRule(.doctor, osm: [OSMTag("amenity", "doctors"), OSMTag("healthcare", "doctor")],
                     google: ["doctor"]),
        CategoryRule(.supermarket, osm: [OSMTag("shop", "supermarket")],
                     google: ["supermarket", "grocery_or_supermarket", "grocery_store"]),
        CategoryRule(.convenience, osm: [OSMTag("shop", "convenience")], google: ["convenience_store"]),
        CategoryRule(.bakery, osm: [OSMTag("shop", "bakery")], google: ["bakery"]),
        CategoryRule(.hotel, osm: [OSMTag("tourism", "hotel"), OSMTag("tourism", "motel"),
                                   OSMTag("tourism", "hostel"), OSMTag("tourism", "guest_house")],
                     google: ["lodging", "hotel"]),
        CategoryRule(.museum, osm: [OSMTag("tourism", "museum")], google: ["museum"]),
        CategoryRule(.attraction, osm: [OSMTag("tourism", "attraction")], google: ["tourist_attraction"]),
        CategoryRule(.fuel, osm: [OSMTag("amenity", "fuel")], google: ["gas_station"], usuallyUnnamed: true),
        CategoryRule(.parking, osm: [OSMTag("amenity", "parking")], google: ["parking"], usuallyUnnamed: true),
        CategoryRule(.postOffice, osm: [OSMTag("amenity", "post_office")], google: ["post_office"]),
        CategoryRule(.toilets, osm: [OSMTag("amenity", "toilets")], google: ["public_bathroom"],
                     usuallyUnnamed: true),
        CategoryRule(.library, osm: [OSMTag("amenity", "library")], google: ["library"]),
        CategoryRule(.cinema, osm: [OSMTag("amenity", "cinema")], google: ["movie_theater"]),
        CategoryRule(.park, osm: [OSMTag("leisure", "park")], google: ["park"]),
        // Chosen from what the walkthrough's visitors looked for and did not find: a view, a monument, a
        // playground, water to drink, a bicycle, a charger, and the shops a traveller needs. OpenStreetMap
        // only: Google's types for them are new, missing or differ between its two APIs (an unknown type
        // fails a whole request), and each would cost Home a request on the legacy API.
        CategoryRule(.viewpoint, osm: [OSMTag("tourism", "viewpoint")], google: [], usuallyUnnamed: true),
        CategoryRule(.monument, osm: [OSMTag("historic", "monument"), OSMTag("historic", "memorial")],
                     google: []),
        CategoryRule(.playground, osm: [OSMTag("leisure", "playground")], google: [],
                     usuallyUnnamed: true),
        CategoryRule(.drinkingWater, osm: [OSMTag("amenity", "drinking_water")], google: [], usuallyUnnamed: true),
        CategoryRule(.bicycleRental, osm: [OSMTag("amenity", "bicycle_rental")], google: [], usuallyUnnamed: true),
        CategoryRule(.chargingStation, osm: [OSMTag("amenity", "charging_station")],
                     google: [], usuallyUnnamed: true),
        CategoryRule(.clothes, osm: [OSMTag("shop", "clothes")], google: []),
        CategoryRule(.books, osm: [OSMTag("shop", "books")], google: []),
        CategoryRule(.sports, osm: [OSMTag("shop", "sports"), OSMTag("shop", "outdoor")], google: []),
    ]

    /// The keys that decide a category, strongest first.
    public static let osmKeyPrecedence = ["amenity", "healthcare", "shop", "tourism", "leisure", "historic"]

    /// The category of an OpenStreetMap object, or nil when it is none of ours.
    public static func category(osmTags tags: [String: String]) -> Category? {
        for key in osmKeyPrecedence {
            if let value = tags[key], let category = byOSMTag[OSMTag(key, value)] { return category }
        }
        return nil
    }

    /// The category of a Google result from its `types`, or nil when none is known.
    public static func category(googleTypes types: [String]) -> Category? {
        for type in types {
            if let category = byGoogleType[type] { return category }
        }
        return nil
    }

    /// Whether an unnamed place of this category is still worth keeping (named after its brand or kind).
    public static func isUsuallyUnnamed(_ category: Category) -> Bool {
        rule(for: category).usuallyUnnamed
    }

    /// The rule of one category (every category has exactly one).
    public static func rule(for category: Category) -> CategoryRule {
        // The table covers every case; a test pins that, so the fallback never shows.
        byCategory[category] ?? CategoryRule(category, osm: [], google: [])
    }

    private static let byOSMTag: [OSMTag: Category] = {
        var table: [OSMTag: Category] = [:]
        for rule in rules { for tag in rule.osmTags { table[tag] = rule.category } }
        return table
    }()

    private static let byGoogleType: [String: Category] = {
        var table: [String: Category] = [:]
        for rule in rules { for type in rule.googleTypes { table[type] = rule.category } }
        return table
    }()

    private static let byCategory: [Category: CategoryRule] = {
        var table: [Category: CategoryRule] = [:]
        for rule in rules { table[rule.category] = rule }
        return table
    }()
}
