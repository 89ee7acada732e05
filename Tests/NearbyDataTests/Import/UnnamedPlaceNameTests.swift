import Foundation
import NearbyCore
import Testing
@testable import NearbyData

/// Names for unnamed places of kinds that usually carry none, shared by the importer and the Overpass source.
@Suite("Unnamed place names")
struct UnnamedPlaceNameTests {
    @Test("ATMs and fuel stations: brand, else operator, else the kind", arguments: [
        (Category.atm, ["brand": "Raiffeisen", "operator": "RB"], "Raiffeisen"),
        (.atm, ["operator": "LLB"], "LLB"),
        (.atm, [:], "ATM"),
        (.fuel, ["brand": "Shell"], "Shell"),
        (.fuel, [:], "Fuel"),
        (.toilets, ["fee": "yes"], "Toilets"),
    ])
    func ownerOrKind(category: NearbyCore.Category, tags: [String: String], name: String) {
        #expect(UnnamedPlaceName.name(of: category, tags: tags) == name)
    }

    @Test("car parks say what tells them apart: kind, owner, street, access, fee, size (two details at most)",
          arguments: [
        ([:], "Parking"),
        (["parking": "surface"], "Parking"),
        (["parking": "surface", "fee": "no", "capacity": "3"], "Parking (free, 3 spaces)"),
        (["parking": "underground", "operator": "Gemeinde Vaduz", "fee": "yes", "capacity": "120"],
         "Underground parking (Gemeinde Vaduz, paid)"),
        (["parking": "multi-storey", "addr:street": "Städtle"], "Multi-storey parking (Städtle)"),
        (["access": "customers", "brand": "Coop"], "Parking (Coop, customers)"),
        (["access": "private"], "Parking (private)"),
        (["parking": "street_side", "capacity": "1"], "Street parking (1 space)"),
        (["park_ride": "yes", "capacity": "abc"], "Park and ride"),
        (["park_ride": "no", "parking": "carports", "capacity": "0"], "Carports"),
    ])
    func carParks(tags: [String: String], name: String) {
        #expect(UnnamedPlaceName.name(of: .parking, tags: tags) == name)
    }

    @Test("the importer names unnamed car parks this way", .enabled(if: LiechtensteinExtract.path != nil,
                                                                    LiechtensteinExtract.isAbsentMessage))
    func liechtensteinCarParks() async throws {
        // The import takes seconds of CPU: on a thread of its own, so the test pool stays free for the
        // suites that serve HTTP beside it.
        let places = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<[Place], any Error>) in
            Thread { continuation.resume(with: Result { try LiechtensteinImportTests.importAll().0.places }) }.start()
        }
        let carParks = places.filter { $0.category == .parking }
        let plain = carParks.filter { $0.name == "Parking" }
        // Of 416 car parks, 365 unnamed ones were all "Parking". Now 201 are: their tags say nothing but
        // amenity=parking (and at most parking=surface), so only their distance and bearing tell them apart.
        #expect(carParks.count == 416)
        #expect(plain.count == 201)
        #expect(Set(carParks.map(\.name)).count == 87)
    }
}
