import NearbyCore
import Testing

@Suite("CategoryMapping")
struct CategoryMappingTests {
    /// The visitors' categories added later are OpenStreetMap's only (docs/data-sources.md says why).
    static let openStreetMapOnly: Set<Category> = [.viewpoint, .monument, .playground, .drinkingWater,
                                                   .bicycleRental, .chargingStation, .clothes, .books, .sports]

    @Test("every category has exactly one rule, with OSM tags, and Google types but for OpenStreetMap's own")
    func everyCategoryHasOneRule() {
        let categories = CategoryMapping.rules.map(\.category)
        #expect(Set(categories) == Set(Category.allCases))
        #expect(categories.count == Category.allCases.count)
        for rule in CategoryMapping.rules {
            #expect(!rule.osmTags.isEmpty, "\(rule.category) has no OSM tag")
            #expect(rule.googleTypes.isEmpty == Self.openStreetMapOnly.contains(rule.category), "\(rule.category)")
        }
    }

    /// The codes stores keep on disk: a renumbered category would read every existing store's places as another.
    static let storedCodes: [Category: Int] = [
        .atm: 1, .bank: 2, .cafe: 3, .restaurant: 4, .fastFood: 5, .bar: 6, .pub: 7, .nightclub: 8, .pharmacy: 9,
        .hospital: 10, .doctor: 11, .supermarket: 12, .convenience: 13, .bakery: 14, .hotel: 15, .museum: 16,
        .attraction: 17, .fuel: 18, .parking: 19, .postOffice: 20, .toilets: 21, .library: 22, .cinema: 23,
        .park: 24, .viewpoint: 25, .monument: 26, .playground: 27, .drinkingWater: 28, .bicycleRental: 29,
        .chargingStation: 30, .clothes: 31, .books: 32, .sports: 33,
    ]

    @Test("each category keeps the code stores rely on, and a code reads back as its category")
    func codesNeverMove() {
        for category in Category.allCases {
            #expect(CategoryMapping.code(of: category) == Self.storedCodes[category], "\(category)")
            #expect(CategoryMapping.category(code: CategoryMapping.code(of: category)) == category)
        }
        #expect(CategoryMapping.category(code: 0) == nil)
        #expect(CategoryMapping.category(code: 34) == nil)
    }

    @Test("the table's words are what screens and sentences say")
    func wordsComeFromTheTable() {
        #expect(Category.fastFood.displayName == "Fast food")
        #expect(Category.cafe.pluralName == "cafés")
        #expect(Category.bank.pluralName == "banks")
        #expect(Category.parking.pluralName == "car parks")
        #expect(Set(Category.allCases.map(\.displayName)).count == Category.allCases.count)
        for rule in CategoryMapping.rules {
            #expect(rule.category.displayName == rule.name && rule.category.pluralName == rule.plural)
            #expect(Category(name: rule.name) == rule.category, "\(rule.name) does not name its category")
        }
    }

    @Test("no tag or type maps to two categories, and every tag's key has a precedence")
    func tableIsUnambiguous() {
        let tags = CategoryMapping.rules.flatMap(\.osmTags)
        #expect(Set(tags).count == tags.count)
        let types = CategoryMapping.rules.flatMap(\.googleTypes)
        #expect(Set(types).count == types.count)
        for tag in tags {
            #expect(CategoryMapping.osmKeyPrecedence.contains(tag.key), "\(tag) is never looked at")
        }
    }

    @Test("OpenStreetMap tags", arguments: [
        (["amenity": "cafe"], Category.cafe),
        (["amenity": "atm"], .atm),
        (["amenity": "bank", "atm": "yes"], .bank),
        (["shop": "supermarket"], .supermarket),
        (["shop": "convenience"], .convenience),
        (["shop": "bakery"], .bakery),
        (["tourism": "hotel"], .hotel),
        (["tourism": "guest_house"], .hotel),
        (["tourism": "museum"], .museum),
        (["tourism": "attraction"], .attraction),
        (["amenity": "fuel"], .fuel),
        (["amenity": "parking"], .parking),
        (["amenity": "post_office"], .postOffice),
        (["amenity": "toilets"], .toilets),
        (["amenity": "library"], .library),
        (["amenity": "cinema"], .cinema),
        (["leisure": "park"], .park),
        (["amenity": "hospital"], .hospital),
        (["amenity": "doctors"], .doctor),
        (["healthcare": "doctor"], .doctor),
        (["amenity": "pharmacy"], .pharmacy),
        (["healthcare": "pharmacy"], .pharmacy),
        (["amenity": "restaurant"], .restaurant),
        (["amenity": "fast_food"], .fastFood),
        (["amenity": "bar"], .bar),
        (["amenity": "pub"], .pub),
        (["amenity": "nightclub"], .nightclub),
        // Precedence: amenity before shop and tourism.
        (["shop": "bakery", "amenity": "cafe"], .cafe),
        (["tourism": "hotel", "amenity": "restaurant"], .restaurant),
        // An unknown amenity does not hide a known shop.
        (["amenity": "bench", "shop": "bakery"], .bakery),
    ] as [([String: String], Category)])
    func osmTags(tags: [String: String], expected: Category) {
        #expect(CategoryMapping.category(osmTags: tags) == expected)
    }

    @Test("objects that are none of ours", arguments: [
        [:], ["amenity": "post_box"], ["amenity": "bench"], ["name": "Café"], ["shop": "yes"],
        ["disused:amenity": "cafe"], ["Amenity": "cafe"],
    ] as [[String: String]])
    func unknownTags(tags: [String: String]) {
        #expect(CategoryMapping.category(osmTags: tags) == nil)
    }

    @Test("Google types, most specific first")
    func googleTypes() {
        #expect(CategoryMapping.category(googleTypes: ["cafe", "food", "point_of_interest"]) == .cafe)
        #expect(CategoryMapping.category(googleTypes: ["bank", "atm", "finance"]) == .bank)
        #expect(CategoryMapping.category(googleTypes: ["point_of_interest", "atm"]) == .atm)
        #expect(CategoryMapping.category(googleTypes: ["meal_takeaway"]) == .fastFood)
        #expect(CategoryMapping.category(googleTypes: ["night_club"]) == .nightclub)
        #expect(CategoryMapping.category(googleTypes: ["lodging"]) == .hotel)
        #expect(CategoryMapping.category(googleTypes: ["movie_theater"]) == .cinema)
        #expect(CategoryMapping.category(googleTypes: ["gas_station"]) == .fuel)
        #expect(CategoryMapping.category(googleTypes: ["tourist_attraction"]) == .attraction)
        #expect(CategoryMapping.category(googleTypes: ["convenience_store"]) == .convenience)
        #expect(CategoryMapping.category(googleTypes: ["establishment", "point_of_interest"]) == nil)
        #expect(CategoryMapping.category(googleTypes: []) == nil)
    }

    @Test("usually unnamed categories")
    func usuallyUnnamed() {
        let unnamed = Set(Category.allCases.filter(CategoryMapping.isUsuallyUnnamed))
        #expect(unnamed == [.atm, .toilets, .parking, .fuel, .viewpoint, .playground, .drinkingWater, .bicycleRental,
                            .chargingStation])
    }
}
