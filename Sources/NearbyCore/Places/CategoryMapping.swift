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

/// One category: the number stores keep, the words screens say, and how each source recognises it.
public struct CategoryRule: Hashable, Sendable {
    public var category: Category
    /// The fixed small number a store keeps for it (the spatial index's third axis, the place rows). Never
    /// renumber: stores on disk rely on it; a new category takes the next free number.
    public var code: Int
    /// What a screen calls it ("Fast food").
    public var name: String
    /// The plural a sentence uses ("No cafés within 2 km").
    public var plural: String
    /// OpenStreetMap tags that make an object this category.
    public var osmTags: [OSMTag]
    /// Google place types that make a result this category.
    public var googleTypes: [String]
    /// Whether places of this category usually carry no name (an ATM, a car park), so an unnamed one is kept.
    public var usuallyUnnamed: Bool

    public init(_ category: Category, code: Int, _ name: String, plural: String, osm: [OSMTag], google: [String],
                usuallyUnnamed: Bool = false) {
        self.category = category
        self.code = code
        self.name = name
        self.plural = plural
        self.osmTags = osm
        self.googleTypes = google
        self.usuallyUnnamed = usuallyUnnamed
    }
}

/// The one table of categories: each one's stored code, its words, and the OpenStreetMap tags and Google place
/// types that make a place of it. Adding a category is a case in `Category` and a row here.
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
        CategoryRule(.atm, code: 1, "ATM", plural: "ATMs",
                     osm: [OSMTag("amenity", "atm")], google: ["atm"], usuallyUnnamed: true),
        CategoryRule(.bank, code: 2, "Bank", plural: "banks",
                     osm: [OSMTag("amenity", "bank")], google: ["bank"]),
        CategoryRule(.cafe, code: 3, "Café", plural: "cafés",
                     osm: [OSMTag("amenity", "cafe")], google: ["cafe", "coffee_shop"]),
        CategoryRule(.restaurant, code: 4, "Restaurant", plural: "restaurants",
                     osm: [OSMTag("amenity", "restaurant")], google: ["restaurant"]),
        CategoryRule(.fastFood, code: 5, "Fast food", plural: "fast food places",
                     osm: [OSMTag("amenity", "fast_food"), OSMTag("amenity", "food_court")],
                     google: ["meal_takeaway", "fast_food_restaurant"]),
        CategoryRule(.bar, code: 6, "Bar", plural: "bars",
                     osm: [OSMTag("amenity", "bar")], google: ["bar"]),
        CategoryRule(.pub, code: 7, "Pub", plural: "pubs",
                     osm: [OSMTag("amenity", "pub"), OSMTag("amenity", "biergarten")], google: ["pub"]),
        CategoryRule(.nightclub, code: 8, "Nightclub", plural: "nightclubs",
                     osm: [OSMTag("amenity", "nightclub")], google: ["night_club"]),
        CategoryRule(.pharmacy, code: 9, "Pharmacy", plural: "pharmacies",
                     osm: [OSMTag("amenity", "pharmacy"), OSMTag("healthcare", "pharmacy")],
                     google: ["pharmacy", "drugstore"]),
        CategoryRule(.hospital, code: 10, "Hospital", plural: "hospitals",
                     osm: [OSMTag("amenity", "hospital"), OSMTag("healthcare", "hospital")],
                     google: ["hospital"]),
        CategoryRule(.doctor, code: 11, "Doctor", plural: "doctors",
                     osm: [OSMTag("amenity", "doctors"), OSMTag("healthcare", "doctor")],
                     google: ["doctor"]),
        CategoryRule(.supermarket, code: 12, "Supermarket", plural: "supermarkets",
                     osm: [OSMTag("shop", "supermarket")],
                     google: ["supermarket", "grocery_or_supermarket", "grocery_store"]),
        CategoryRule(.convenience, code: 13, "Convenience store", plural: "convenience stores",
                     osm: [OSMTag("shop", "convenience")], google: ["convenience_store"]),
        CategoryRule(.bakery, code: 14, "Bakery", plural: "bakeries",
                     osm: [OSMTag("shop", "bakery")], google: ["bakery"]),
        CategoryRule(.hotel, code: 15, "Hotel", plural: "hotels",
                     osm: [OSMTag("tourism", "hotel"), OSMTag("tourism", "motel"),
                                   OSMTag("tourism", "hostel"), OSMTag("tourism", "guest_house")],
                     google: ["lodging", "hotel"]),
        CategoryRule(.museum, code: 16, "Museum", plural: "museums",
                     osm: [OSMTag("tourism", "museum")], google: ["museum"]),
        CategoryRule(.attraction, code: 17, "Attraction", plural: "attractions",
                     osm: [OSMTag("tourism", "attraction")], google: ["tourist_attraction"]),
        CategoryRule(.fuel, code: 18, "Fuel", plural: "fuel stations",
                     osm: [OSMTag("amenity", "fuel")], google: ["gas_station"], usuallyUnnamed: true),
        CategoryRule(.parking, code: 19, "Parking", plural: "car parks",
                     osm: [OSMTag("amenity", "parking")], google: ["parking"], usuallyUnnamed: true),
        CategoryRule(.postOffice, code: 20, "Post office", plural: "post offices",
                     osm: [OSMTag("amenity", "post_office")], google: ["post_office"]),
        CategoryRule(.toilets, code: 21, "Toilets", plural: "toilets",
                     osm: [OSMTag("amenity", "toilets")], google: ["public_bathroom"],
                     usuallyUnnamed: true),
        CategoryRule(.library, code: 22, "Library", plural: "libraries",
                     osm: [OSMTag("amenity", "library")], google: ["library"]),
        CategoryRule(.cinema, code: 23, "Cinema", plural: "cinemas",
                     osm: [OSMTag("amenity", "cinema")], google: ["movie_theater"]),
        CategoryRule(.park, code: 24, "Park", plural: "parks",
                     osm: [OSMTag("leisure", "park")], google: ["park"]),
        // Chosen from what the walkthrough's visitors looked for and did not find: a view, a monument, a
        // playground, water to drink, a bicycle, a charger, and the shops a traveller needs. OpenStreetMap
        // only: Google's types for them are new, missing or differ between its two APIs (an unknown type
        // fails a whole request), and each would cost Home a request on the legacy API.
        CategoryRule(.viewpoint, code: 25, "Viewpoint", plural: "viewpoints",
                     osm: [OSMTag("tourism", "viewpoint")], google: [], usuallyUnnamed: true),
        CategoryRule(.monument, code: 26, "Monument", plural: "monuments",
                     osm: [OSMTag("historic", "monument"), OSMTag("historic", "memorial")],
                     google: []),
        CategoryRule(.playground, code: 27, "Playground", plural: "playgrounds",
                     osm: [OSMTag("leisure", "playground")], google: [],
                     usuallyUnnamed: true),
        CategoryRule(.drinkingWater, code: 28, "Drinking water", plural: "drinking water taps",
                     osm: [OSMTag("amenity", "drinking_water")], google: [], usuallyUnnamed: true),
        CategoryRule(.bicycleRental, code: 29, "Bicycle rental", plural: "bicycle rentals",
                     osm: [OSMTag("amenity", "bicycle_rental")], google: [], usuallyUnnamed: true),
        CategoryRule(.chargingStation, code: 30, "Charging station", plural: "charging stations",
                     osm: [OSMTag("amenity", "charging_station")],
                     google: [], usuallyUnnamed: true),
        CategoryRule(.clothes, code: 31, "Clothes shop", plural: "clothes shops",
                     osm: [OSMTag("shop", "clothes")], google: []),
        CategoryRule(.books, code: 32, "Bookshop", plural: "bookshops",
                     osm: [OSMTag("shop", "books")], google: []),
        CategoryRule(.sports, code: 33, "Sports shop", plural: "sports shops",
                     osm: [OSMTag("shop", "sports"), OSMTag("shop", "outdoor")], google: []),
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
        byCategory[category] ?? CategoryRule(category, code: 0, category.rawValue, plural: category.rawValue, osm: [],
                                             google: [])
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

    /// The code a store keeps for `category`.
    public static func code(of category: Category) -> Int { words(of: category).code }

    /// A category's code and words, without copying its tag and type lists (rows draw these often).
    public static func words(of category: Category) -> (code: Int, name: String, plural: String) {
        byCategoryWords[category] ?? (0, category.rawValue, category.rawValue)
    }

    private static let byCategoryWords: [Category: (code: Int, name: String, plural: String)] = {
        var table: [Category: (code: Int, name: String, plural: String)] = [:]
        for rule in rules { table[rule.category] = (rule.code, rule.name, rule.plural) }
        return table
    }()

    /// The category stored under `code`, or nil for a code no category has.
    public static func category(code: Int) -> Category? { byCode[code] }

    private static let byCode: [Int: Category] = {
        var table: [Int: Category] = [:]
        for rule in rules { table[rule.code] = rule.category }
        return table
    }()

    private static let byCategory: [Category: CategoryRule] = {
        var table: [Category: CategoryRule] = [:]
        for rule in rules { table[rule.category] = rule }
        return table
    }()
}
