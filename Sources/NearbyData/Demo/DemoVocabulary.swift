import NearbyCore

/// The made-up words the demo town is built from: names, streets, districts and opening hours.
enum DemoVocabulary {
    /// Districts of the town, as localities for the gazetteer; offsets are fractions of the town's radius.
    struct District {
        var name: String
        var kind: Locality.Kind
        var north: Double
        var east: Double
        var postcode: String
    }

    static let districts = [
        District(name: "Old Quarter", kind: .suburb, north: 0, east: 0, postcode: "0100"),
        District(name: "Millbrook", kind: .suburb, north: 0.45, east: -0.3, postcode: "0110"),
        District(name: "Ashgrove", kind: .suburb, north: -0.4, east: 0.35, postcode: "0120"),
        District(name: "Kestrel Heights", kind: .neighbourhood, north: 0.55, east: 0.5, postcode: "0130"),
        District(name: "Lindenfeld", kind: .neighbourhood, north: -0.2, east: -0.6, postcode: "0140"),
        District(name: "Harbourside", kind: .neighbourhood, north: -0.65, east: -0.15, postcode: "0150"),
    ]

    static let surnames = [
        "Amsel", "Brenner", "Calloway", "Dorval", "Eberle", "Fennick", "Grausam", "Halden", "Isenholt", "Jarrow",
        "Kestner", "Lindqvist", "Marlowe", "Nettleby", "Orwin", "Pellham", "Quillon", "Rosenau", "Sorrel", "Thistle",
        "Umberg", "Varga", "Wexley", "Yarrow", "Zelnik", "Aubry", "Bellamy", "Corvin", "Delacroix", "Estrada",
    ]

    static let adjectives = [
        "Golden", "Blue", "Little", "Old", "Green", "Silver", "Red", "Quiet", "Copper", "Sunny", "Crooked", "Merry",
    ]

    static let nouns = [
        "Lantern", "Meadow", "Harbour", "Willow", "Maple", "Juniper", "Pebble", "Sparrow", "Clover", "Ember",
        "Orchard", "Compass", "Anchor", "Thimble", "Acorn", "Heron",
    ]

    static let animals = ["Fox", "Stag", "Owl", "Badger", "Heron", "Hare", "Crow", "Otter"]

    static let streetKinds = ["Street", "Lane", "Road", "Way", "Alley", "Row"]

    static let cuisines: [Category: [String]] = [
        .restaurant: ["italian", "regional", "thai", "indian", "french", "greek", "vegetarian", "sushi",
                      "italian;pizza", "mexican", "lebanese", "steak_house"],
        .fastFood: ["burger", "kebab", "pizza", "sandwich", "falafel", "noodles"],
        .cafe: ["coffee_shop", "cake", "tea"],
        .bakery: ["bread", "pastry"],
    ]

    static let banks = ["Demo Savings Bank", "Millbrook Credit Union", "Harbour Trust", "Cooperative Bank of Demo"]
    static let supermarkets = ["FreshCart", "DailyMart", "GreenBasket"]
    static let fuelBrands = ["PetroDemo", "FuelPoint", "Kestrel Energy"]
    static let museumTopics = ["Clocks", "Maps", "Toys", "Glass", "Trams", "Town History", "Buttons"]

    /// Hours that fit each kind of place, in OpenStreetMap syntax.
    static let hours: [Category: [String]] = [
        .atm: ["24/7", "Mo-Su 06:00-23:00"],
        .bank: ["Mo-Fr 08:30-12:00,13:30-17:00", "Mo-Fr 09:00-16:30; Sa,Su off"],
        .cafe: ["Mo-Fr 06:30-18:00; Sa-Su 08:00-17:00", "Tu-Su 07:00-17:00; Mo off", "Mo-Sa 07:30-19:00"],
        .restaurant: ["Mo-Su 11:30-14:00,18:00-22:30", "Tu-Sa 17:30-23:00; Su,Mo off", "Mo-Sa 11:00-23:00"],
        .fastFood: ["Mo-Su 10:30-23:00", "Mo-Th 11:00-23:00; Fr-Sa 11:00-03:00; Su 12:00-22:00"],
        .bar: ["Fr-Sa 18:00-03:00", "Mo-Th 17:00-00:00; Fr-Sa 17:00-02:00", "Mo-Su 16:00-01:00"],
        .pub: ["Mo-Su 11:00-00:00", "Mo-Th 16:00-23:30; Fr-Sa 12:00-01:00; Su 12:00-22:00"],
        .nightclub: ["Fr-Sa 22:00-05:00", "Th-Sa 23:00-04:00"],
        .pharmacy: ["Mo-Fr 08:00-18:30; Sa 08:00-16:00; Su off", "Mo-Sa 08:00-20:00"],
        .hospital: ["24/7"],
        .doctor: ["Mo-Fr 08:00-12:00,14:00-17:30", "Mo,Tu,Th 08:00-18:00; We,Fr 08:00-12:00"],
        .supermarket: ["Mo-Sa 07:30-20:00; Su off", "Mo-Fr 08:00-21:00; Sa 08:00-18:00"],
        .convenience: ["Mo-Su 06:00-22:00", "Mo-Sa 07:00-23:00; Su 09:00-21:00"],
        .bakery: ["Mo-Sa 06:00-13:00", "Mo-Fr 06:30-18:30; Sa 06:30-16:00; Su 08:00-12:00"],
        .hotel: ["24/7"],
        .museum: ["Tu-Su 10:00-17:00; Mo off", "Apr-Oct Tu-Su 10:00-18:00; Nov-Mar Sa-Su 11:00-16:00"],
        .attraction: ["Apr-Oct Mo-Su 10:00-18:00", "Mo-Su 09:00-19:00"],
        .fuel: ["24/7", "Mo-Sa 06:00-22:00; Su 08:00-20:00"],
        .parking: ["24/7"],
        .postOffice: ["Mo-Fr 08:00-12:00,13:30-18:00; Sa 08:30-12:00"],
        .toilets: ["24/7", "Apr-Oct 07:00-21:00; Nov-Mar 08:00-18:00"],
        .library: ["Tu-Fr 10:00-19:00; Sa 10:00-16:00; Su,Mo off"],
        .cinema: ["Mo-Su 14:00-00:30", "Th-Su 17:00-01:00"],
        .park: ["Apr-Oct 07:00-21:00; Nov-Mar 08:00-17:00", "24/7"],
    ]

    /// Hours the parser cannot read, the way real data sometimes has them.
    static let unreadableHours = ["by appointment, ring the bell", "Mo-Fr 8am-6pm", "daily except when it rains"]

    /// Hours given to the first places of a town whatever their category, so even a small town shows each case.
    static let showcaseHours = [
        "Fr-Sa 18:00-03:00", "24/7", "Apr-Oct Mo-Su 10:00-18:00", "Mo-Fr 08:00-18:00; Sa,Su off",
        "by appointment, ring the bell", "Mo-Su 18:00-02:00",
    ]

    /// The name of a place of `category`; `district` and `street` are the place's own.
    static func name(for category: Category, district: String, street: String, random: inout SeededRandom) -> String {
        let surname = random.pick(surnames), adjective = random.pick(adjectives), noun = random.pick(nouns)
        let form = random.int(below: 3)
        switch category {
        case .cafe: return ["Café \(surname)", "\(adjective) Cup", "The \(noun) Café"][form]
        case .restaurant: return ["\(surname)'s Kitchen", "Trattoria \(surname)", "Bistro \(noun)"][form]
        case .fastFood: return ["\(adjective) Burger", "Kebab \(surname)", "Pizza \(noun)"][form]
        case .bar: return ["\(noun) Bar", "Bar \(surname)", "The \(adjective) Glass"][form]
        case .pub: return "The \(adjective) \(random.pick(animals))"
        case .nightclub: return ["Club \(noun)", "\(noun) Lounge", "Club \(adjective)"][form]
        case .atm: return "\(random.pick(banks)) ATM"
        case .bank: return "\(random.pick(banks)) · \(district)"
        case .pharmacy: return ["\(surname) Pharmacy", "\(district) Pharmacy", "\(noun) Pharmacy"][form]
        case .hospital: return "\(district) General Hospital"
        case .doctor: return ["Dr. \(surname)", "\(district) Medical Practice", "Dr. \(surname) & Dr. \(random.pick(surnames))"][form]
        case .supermarket: return "\(random.pick(supermarkets)) \(district)"
        case .convenience: return ["Corner Shop \(surname)", "\(noun) Kiosk", "\(adjective) Grocer"][form]
        case .bakery: return ["\(surname) Bakery", "The \(adjective) Loaf", "\(noun) Bakehouse"][form]
        case .hotel: return ["Hotel \(noun)", "\(surname) Inn", "Hotel \(adjective) \(random.pick(animals))"][form]
        case .museum: return "Museum of \(random.pick(museumTopics))"
        case .attraction: return ["\(adjective) Tower", "\(noun) Fountain", "\(surname) Viewpoint"][form]
        case .fuel: return "\(random.pick(fuelBrands)) \(district)"
        case .parking: return ["\(district) Car Park", "Car Park \(street)", "\(noun) Garage"][form]
        case .postOffice: return "Post Office \(district)"
        case .toilets: return "Public Toilets \(street)"
        case .library: return ["\(district) Library", "\(surname) Library", "\(noun) Reading Room"][form]
        case .cinema: return ["Cinema \(noun)", "\(adjective) Screen", "Kino \(surname)"][form]
        case .park: return ["\(surname) Park", "\(noun) Gardens", "\(adjective) Common"][form]
        // Not in the demo town's mix (`categoryWeights`): the town stays as it was made.
        case .viewpoint: return "\(adjective) View"
        case .monument: return "\(surname) Memorial"
        case .playground: return "\(noun) Playground"
        case .drinkingWater: return "Fountain \(street)"
        case .bicycleRental: return "Bikes \(district)"
        case .chargingStation: return "Charger \(street)"
        case .clothes: return "\(surname) Fashion"
        case .books: return "\(noun) Books"
        case .sports: return "\(adjective) Sports"
        }
    }

    /// The categories the town has, in the app's order: those of `categoryWeights`. Categories added to the
    /// app later are not in the town, so that the town (and every test drawn on it) stays as it was made.
    static let townCategories: [Category] = Category.allCases.filter { category in
        categoryWeights.contains { $0.0 == category }
    }

    /// How common each category is, roughly as in a real town.
    static let categoryWeights: [(Category, Double)] = [
        (.restaurant, 15), (.cafe, 8), (.fastFood, 6), (.bar, 5), (.pub, 3), (.nightclub, 1), (.atm, 4),
        (.bank, 3), (.pharmacy, 3), (.hospital, 0.5), (.doctor, 3), (.supermarket, 4), (.convenience, 4),
        (.bakery, 4), (.hotel, 4), (.museum, 1), (.attraction, 2), (.fuel, 3), (.parking, 8), (.postOffice, 1.5),
        (.toilets, 3), (.library, 1), (.cinema, 0.5), (.park, 4),
    ]
}
