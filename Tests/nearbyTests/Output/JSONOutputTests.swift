import Foundation
import NearbyCore
import NearbyData
import Testing
@testable import nearby

/// One JSON style for every `--json`: snake_case keys in a reader's order, nulls kept, rounded coordinates.
@Suite("JSON output")
struct JSONOutputTests {
    @Test func oneStyle() {
        let value = JSONOutput.object([
            ("name", .string("Café \"Amadeus\"")), ("lat", .degrees(47.141307700000006)), ("lon", .degrees(-9.5)),
            ("count", .int(42_857)), ("distance_m", .rounded(12.34)), ("email", .text(nil)), ("tags", .array([])),
            ("open", .bool(true)),
        ])
        #expect(value.rendered() == """
            {
              "name": "Café \\"Amadeus\\"",
              "lat": 47.1413077,
              "lon": -9.5,
              "count": 42857,
              "distance_m": 12,
              "email": null,
              "tags": [],
              "open": true
            }

            """)
    }

    @Test func nothingTheTerminalActsOnIsLeftRaw() throws {
        let text = "a\u{1B}[2J\u{07}\u{9B}\u{7F}\u{202E}\u{2028}b\n"
        let rendered = JSONOutput.string(text).rendered()
        #expect(rendered == #""a\u001b[2J\u0007\u009b\u007f\u202e\u2028b\n""# + "\n")
        let decoded = try JSONSerialization.jsonObject(with: Data(rendered.utf8), options: .fragmentsAllowed) as? String
        #expect(decoded == text)
    }

    @Test func placesFriendsAndCategoriesShareTheStyle() throws {
        let place = Place(id: PlaceID(source: .osm, sourceID: "n1"), name: "Café", category: .cafe,
                          coordinate: Coordinate(latitude: 47.141307700000006, longitude: 9.520900000000001),
                          attribution: "OSM")
        let places = PlacesOutput.json([PlaceHit(place: place, distance: 10, bearing: 90)])
        #expect(places.contains(#""lat": 47.1413077,"#) && places.contains(#""lon": 9.5209,"#))
        let friends = FriendsOutput.json([Friend(id: 1, firstName: "Anna", lastName: "Beck", phoneNumber: "1",
                                                 createdAt: Date(timeIntervalSince1970: 0))])
        #expect(friends.contains(#""first_name": "Anna","#))
        #expect(friends.contains(#""email": null,"#))
        #expect(friends.contains(#""created_at": "1970-01-01T00:00:00Z","#))
        for json in [places, friends] {
            #expect(!json.contains(" : "))
            // snake_case keys only.
            let keys = json.split(separator: "\n").compactMap { line -> Substring? in
                let trimmed = line.drop { $0 == " " }
                guard trimmed.hasPrefix("\""), let end = trimmed.dropFirst().firstIndex(of: "\"") else { return nil }
                return trimmed[trimmed.index(after: trimmed.startIndex)..<end]
            }
            #expect(keys.allSatisfy { $0.allSatisfy { $0.isLowercase || $0 == "_" } }, "\(keys)")
        }
    }
}
