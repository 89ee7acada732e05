import FoundationEssentials
import Glibc
import NearbyCore

/// Makes the demo town's places, localities and friends: the same ones for the same number of places.
///
/// Places cluster around the districts; the town grows wider with more places, so a large town is a
/// plausible region rather than one impossibly dense square. The first places cover every category near the
/// centre and every kind of opening hours, so even a small town shows each case.
struct DemoTownGenerator {
    /// What the demo's places say about where they come from.
    static let attribution = "Demo data · a fictional town"

    let center: Coordinate
    let placeCount: Int
    /// Metres from the centre to the outer districts.
    let radius: Double
    private let categoryTotals: [Double]
    private let streets: [String]

    init(center: Coordinate, placeCount: Int) {
        self.center = center
        self.placeCount = placeCount
        // 1.2 km for the default 500 places, about 10 km for 100,000.
        radius = 1_200 * pow(max(Double(placeCount), 500) / 500, 0.4)
        var sum = 0.0
        categoryTotals = DemoVocabulary.categoryWeights.map { sum += $0.1; return sum }
        var random = SeededRandom(seed: 0x5EED_0057)
        var streets: [String] = ["Market Square", "Station Road", "Church Lane", "High Street"]
        for noun in DemoVocabulary.nouns + DemoVocabulary.surnames {
            streets.append("\(noun) \(random.pick(DemoVocabulary.streetKinds))")
        }
        self.streets = streets
    }

    /// The town and its districts, for `--near`.
    func localities() -> [Locality] {
        var result = [Locality(id: "demo:town", name: DemoTown.name, kind: .town, coordinate: center)]
        for (index, district) in DemoVocabulary.districts.enumerated() {
            result.append(Locality(id: "demo:district\(index)", name: district.name, kind: district.kind,
                                   coordinate: offset(north: district.north * radius, east: district.east * radius)))
        }
        return result
    }

    /// Place number `index` (0-based); its id is "demo:<index>".
    func place(_ index: Int) -> Place {
        // Each place draws from its own stream, so a place does not depend on how the others were drawn.
        var random = SeededRandom(seed: 0xD3A0_0000 &+ UInt64(index) &* 0x9E37_79B9)
        let categories = DemoVocabulary.townCategories
        let showcase = index < categories.count * 2
        let category = showcase ? categories[index % categories.count] : pickCategory(&random)
        let districtIndex = showcase ? 0 : random.int(below: DemoVocabulary.districts.count)
        let district = DemoVocabulary.districts[districtIndex]
        let spread = showcase ? radius * 0.25 : radius * (districtIndex == 0 ? 0.3 : 0.22)
        let coordinate = offset(north: district.north * radius + random.gaussian() * spread,
                                east: district.east * radius + random.gaussian() * spread)
        let street = random.pick(streets)
        let houseNumber = "\(1 + random.int(below: 140))" + (random.chance(0.08) ? "a" : "")
        let name = DemoVocabulary.name(for: category, district: district.name, street: street, random: &random)
        var place = Place(
            id: PlaceID(source: .demo, sourceID: String(index)), name: name, category: category,
            coordinate: coordinate,
            address: Address(street: street, houseNumber: houseNumber, postcode: district.postcode,
                             city: DemoTown.name),
            attribution: Self.attribution)
        if random.chance(0.6) { place.phone = "+99 555 \(1000 + random.int(below: 9000))" }
        let hasWebsite = random.chance(0.4), hasEmail = random.chance(0.15)
        if hasWebsite || hasEmail {
            let slug = Self.slug(name) + "-\(index)"
            if hasWebsite { place.website = "https://example.org/demo/\(slug)" }
            if hasEmail { place.email = "hello@\(slug).example.org" }
        }
        if let cuisines = DemoVocabulary.cuisines[category], random.chance(0.85) {
            place.cuisine = random.pick(cuisines)
        }
        if random.chance(0.5) { place.wheelchair = random.pick(["yes", "limited", "no"]) }
        if random.chance(0.55) {
            place.rating = Double(25 + random.int(below: 26)) / 10
            place.ratingCount = 1 + random.int(below: 1_500)
        }
        if category == .restaurant || category == .fastFood || category == .cafe, random.chance(0.6) {
            place.priceLevel = 1 + random.int(below: 4)
        }
        place.openingHours = hours(index: index, category: category, random: &random).map(OpeningHoursSource.osm)
        return place
    }

    /// Friends of the demo: most with a location in town, some with a district's name only, some with neither.
    func friends() -> [FriendDraft] {
        let people: [(String, String)] = [
            ("Mira", "Halden"), ("Oskar", "Brenner"), ("Lena", "Sorrel"), ("Jonas", "Amsel"), ("Aiko", "Wexley"),
            ("Tomás", "Estrada"), ("Greta", "Lindqvist"), ("Noah", "Calloway"), ("Ines", "Dorval"),
            ("Pavel", "Zelnik"), ("Ruth", "Orwin"), ("Samir", "Bellamy"), ("Elif", "Corvin"), ("Hugo", "Marlowe"),
        ]
        var random = SeededRandom(seed: 0xF41E_4D5)
        return people.enumerated().map { index, person in
            var draft = FriendDraft(firstName: person.0, lastName: person.1,
                                    phoneNumber: "+99 555 01\(10 + index)")
            if index % 3 != 2 {
                draft.coordinate = offset(north: random.gaussian() * radius * 0.5,
                                          east: random.gaussian() * radius * 0.5)
            } else if index % 2 == 0 {
                draft.placeName = DemoVocabulary.districts[index % DemoVocabulary.districts.count].name
            }
            if index % 4 == 0 {
                draft.email = "\(SearchFolding.foldAccents(person.0))@example.org"
            }
            return draft
        }
    }

    // MARK: Inside

    private func hours(index: Int, category: Category, random: inout SeededRandom) -> String? {
        let showcaseStart = DemoVocabulary.townCategories.count
        if index >= showcaseStart, index < showcaseStart + DemoVocabulary.showcaseHours.count {
            return DemoVocabulary.showcaseHours[index - showcaseStart]
        }
        let draw = random.unit()
        if draw < 0.08 { return nil }
        if draw < 0.11 { return random.pick(DemoVocabulary.unreadableHours) }
        return DemoVocabulary.hours[category].map { random.pick($0) }
    }

    private func pickCategory(_ random: inout SeededRandom) -> Category {
        let target = random.unit() * (categoryTotals.last ?? 1)
        let index = categoryTotals.firstIndex { target < $0 } ?? (categoryTotals.count - 1)
        return DemoVocabulary.categoryWeights[index].0
    }

    /// The point `north` and `east` metres from the centre (flat-earth offsets: fine over a town).
    private func offset(north: Double, east: Double) -> Coordinate {
        let metresPerDegree = 111_195.0
        return Coordinate(latitude: center.latitude + north / metresPerDegree,
                          longitude: center.longitude + east / (metresPerDegree * cos(center.latitude * .pi / 180)))
    }

    /// "the-golden-cup" from "The Golden Cup", ASCII letters and digits only.
    static func slug(_ name: String) -> String {
        var result = ""
        var lastWasDash = true
        // Folding is slow; most names are plain ASCII and need none.
        let plain = name.utf8.allSatisfy { $0 < 0x80 } ? name.lowercased()
            : SearchFolding.foldAccents(name)
        for scalar in plain.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                result.unicodeScalars.append(scalar)
                lastWasDash = false
            } else if !lastWasDash {
                result.append("-")
                lastWasDash = true
            }
        }
        while result.hasSuffix("-") { result.removeLast() }
        return result.isEmpty ? "place" : result
    }
}
