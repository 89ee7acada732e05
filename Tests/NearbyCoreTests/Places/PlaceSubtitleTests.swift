import Testing
@testable import NearbyCore

@Suite("Place subtitles")
struct PlaceSubtitleTests {
    static func place(_ name: String, _ category: Category, street: String? = nil, cuisine: String? = nil,
                      operatorName: String? = nil, brand: String? = nil) -> Place {
        Place(id: PlaceID(source: .demo, sourceID: name), name: name, category: category,
              coordinate: Coordinate(latitude: 47, longitude: 8), address: Address(street: street, houseNumber: nil),
              cuisine: cuisine, operatorName: operatorName, brand: brand, attribution: "Demo")
    }

    @Test func oneKindOfThingPerCategory() {
        // Restaurants show what they serve, never an address instead.
        #expect(Self.place("Roma", .restaurant, street: "Städtle", cuisine: "italian;pizza").subtitle == "italian, pizza")
        #expect(Self.place("Adler", .restaurant, street: "Städtle").subtitle == "")
        // Cafés and the rest show the street, even when a cuisine is known.
        #expect(Self.place("Amann", .cafe, street: "Städtle", cuisine: "coffee_shop").subtitle == "Städtle")
        // ATMs and fuel show who runs them.
        #expect(Self.place("Bankomat", .atm, street: "Äule", operatorName: "LLB AG").subtitle == "LLB AG")
        #expect(Self.place("Tankstelle", .fuel, brand: "Shell").subtitle == "Shell")
    }

    @Test func anOperatorThatRepeatsTheNameIsNotShownTwice() {
        #expect(Self.place("LLB AG", .atm, operatorName: "LLB AG").subtitle == "")
        #expect(Self.place("Shell Vaduz", .fuel, operatorName: "shell").subtitle == "")
        #expect(Self.place("LLB AG", .atm, operatorName: "LLB AG").operatorText == nil)
    }
}
