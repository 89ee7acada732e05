import Foundation
import NearbyCore
import Testing
import TestSupport
@testable import NearbyData

struct LocalPlacesStoreTests {
    typealias F = PlacesFixtures
    let here = PlacesFixtures.vaduz

    @Test func filtersByCategory() throws {
        let store = try F.store([
            F.place("n1", "Café Amadeus", .cafe, at: F.offset(here, 100, 45)),
            F.place("n2", "Bank ATM", .atm, at: F.offset(here, 50, 0)),
            F.place("n3", "Kaffee Bar", .cafe, at: F.offset(here, 300, 180)),
            F.place("n4", "Pharmacy", .pharmacy, at: F.offset(here, 10, 90)),
        ])
        let cafes = try store.fetchPage(PlaceQuery(center: here, radius: 1_000, category: .cafe))
        #expect(cafes.hits.map(\.place.name) == ["Café Amadeus", "Kaffee Bar"])
        let all = try store.fetchPage(PlaceQuery(center: here, radius: 1_000))
        #expect(all.hits.map(\.place.name) == ["Pharmacy", "Bank ATM", "Café Amadeus", "Kaffee Bar"])
        #expect(try store.fetchPage(PlaceQuery(center: here, radius: 1_000, category: .bar)).hits.isEmpty)
    }

    @Test func stopsAtTheRadius() throws {
        let store = try F.store([
            F.place("in", "Inside", .cafe, at: F.offset(here, 999, 30)),
            F.place("out", "Outside", .cafe, at: F.offset(here, 1_001, 30)),
            F.place("far", "Far", .cafe, at: F.offset(here, 50_000, 200)),
        ])
        let page = try store.fetchPage(PlaceQuery(center: here, radius: 1_000))
        #expect(page.hits.map(\.place.name) == ["Inside"])
        #expect(page.next == nil)
        #expect(try store.fetchCount(near: here, radius: 1_000, category: nil) == 1)
        #expect(try store.fetchCount(near: here, radius: 1_002, category: nil) == 2)
        #expect(try store.fetchPage(PlaceQuery(center: here, radius: 100_000)).hits.count == 3)
    }

    @Test func nearestFirstWithDistanceAndBearing() throws {
        let store = try F.store([
            F.place("a", "East", .cafe, at: F.offset(here, 400, 90)),
            F.place("b", "North", .cafe, at: F.offset(here, 120, 0)),
            F.place("c", "South-west", .cafe, at: F.offset(here, 1_400, 225)),
        ])
        let hits = try store.fetchPage(PlaceQuery(center: here, radius: 5_000)).hits
        #expect(hits.map(\.place.name) == ["North", "East", "South-west"])
        #expect(abs(hits[0].distance - 120) < 0.05)
        #expect(abs(hits[1].distance - 400) < 0.05)
        #expect(abs(hits[2].distance - 1_400) < 0.05)
        #expect(hits[0].bearing < 0.01 || hits[0].bearing > 359.99)
        #expect(abs(hits[1].bearing - 90) < 0.01)
        #expect(abs(hits[2].bearing - 225) < 0.01)
    }

    @Test func pagesWithoutGapsOrRepeats() throws {
        var generator = SeededGenerator(seed: 7)
        var places: [Place] = []
        for index in 0..<300 {
            let distance = Double.random(in: 0...5_000, using: &generator)
            places.append(F.place("n\(index)", "Place \(index)", index % 3 == 0 ? .bar : .cafe,
                                  at: F.offset(here, distance, Double.random(in: 0..<360, using: &generator))))
        }
        // Ties: several places on one spot must still page cleanly.
        for index in 0..<12 { places.append(F.place("tie\(index)", "Twin \(index)", .cafe, at: F.offset(here, 700, 10))) }
        let store = try F.store(places)
        let query = PlaceQuery(center: here, radius: 4_000, category: .cafe, limit: 7)
        var seen: [PlaceID] = []
        var distances: [Double] = []
        var cursor: PageCursor?
        repeat {
            let page = try store.fetchPage(query, after: cursor)
            #expect(page.hits.count <= 7)
            #expect(page.next == nil || page.hits.count == 7)
            seen += page.hits.map(\.id)
            distances += page.hits.map(\.distance)
            cursor = page.next
        } while cursor != nil
        let expected = places.filter { $0.category == .cafe && here.distance(to: $0.coordinate) <= 4_000 }
        #expect(Set(seen).count == seen.count, "no repeats")
        #expect(Set(seen) == Set(expected.map(\.id)), "no gaps")
        #expect(distances == distances.sorted(), "nearest first across pages")
    }

    @Test func searchIgnoresCaseAndAccentsAndMatchesPrefixes() throws {
        let store = try F.store([
            F.place("a", "Café Amadeus", .cafe, at: F.offset(here, 100, 10)),
            F.place("b", "Trattoria Roma", .restaurant, at: F.offset(here, 200, 10), cuisine: "italian;pizza"),
            F.place("c", "Zürcher Stube", .restaurant, at: F.offset(here, 300, 10)),
            F.place("d", "Amadora", .bar, at: F.offset(here, 5_000, 10)),
            F.place("e", "Kunstmuseumsbistro", .cafe, at: F.offset(here, 6_000, 10)),
            F.place("f", "Kunstmuseum", .museum, at: F.offset(here, 7_000, 10)),
        ])
        func names(_ text: String) throws -> [String] {
            try store.fetchPage(PlaceQuery(center: here, radius: 2_000, searchText: text)).hits.map(\.place.name)
        }
        #expect(try names("cafe") == ["Café Amadeus"])
        #expect(try names("CAFÉ") == ["Café Amadeus"])
        #expect(try names("amad") == ["Café Amadeus"])
        #expect(try store.fetchPage(PlaceQuery(center: here, radius: 9_000, searchText: "amad")).hits.count == 2)
        #expect(try store.fetchPage(PlaceQuery(center: here, radius: 9_000, searchText: "AMADE")).hits
                    .map(\.place.name) == ["Café Amadeus"])
        // Words longer than the index's prefixes are checked whole.
        #expect(try store.fetchPage(PlaceQuery(center: here, radius: 9_000, searchText: "kunstmuseum")).hits
                    .map(\.place.name) == ["Kunstmuseumsbistro", "Kunstmuseum"])
        #expect(try store.fetchPage(PlaceQuery(center: here, radius: 9_000, searchText: "kunstmuseumsb")).hits
                    .map(\.place.name) == ["Kunstmuseumsbistro"])
        #expect(try names("caf ama") == ["Café Amadeus"])
        #expect(try names("a") == ["Café Amadeus"])
        #expect(try names("zurch") == ["Zürcher Stube"])
        #expect(try names("ital").isEmpty == false, "the subtitle (cuisine) is searched too")
        #expect(try names("pizz") == ["Trattoria Roma"])
        #expect(try names("amadeusx").isEmpty)
        #expect(try names("caf roma").isEmpty)
        // FTS5 syntax and control characters are just text.
        for hostile in ["\"", "caf\"*", "NEAR(a b)", "a OR b", "-x", "*", "\u{1B}[31m", "name:caf", "^caf"] {
            _ = try names(hostile)
        }
        // Nothing to search for: the plain nearest list.
        #expect(try names("  ,. ").count == 3)
    }

    /// A name search reads only the rows whose key cells may lie within its circle (and, after the first page,
    /// beyond the page's start); none on the rim is lost, here, by the antimeridian or near a pole.
    @Test(arguments: [
        Coordinate(latitude: 47.141, longitude: 9.5209), Coordinate(latitude: -16.5, longitude: 179.999),
        Coordinate(latitude: 0.0, longitude: -179.9995), Coordinate(latitude: 89.9, longitude: 10),
        Coordinate(latitude: -89.95, longitude: -60),
    ])
    func aNameSearchPagesThroughEveryMatchNearestFirst(here: Coordinate) throws {
        var generator = SeededGenerator(seed: 5)
        var places: [Place] = []
        for index in 0..<400 {
            // Many on the rim, a few metres either side of the radius, where a cell's rough position decides.
            let distance = index.isMultiple(of: 4) ? Double.random(in: 2_985...3_015, using: &generator)
                : Double.random(in: 0...6_000, using: &generator)
            let name = index.isMultiple(of: 3) ? "Kaffeehaus \(index)" : "Bakery \(index)"
            places.append(F.place("s\(index)", name, index.isMultiple(of: 5) ? .bar : .cafe,
                                  at: F.offset(here, distance, Double.random(in: 0..<360, using: &generator))))
        }
        let store = try F.store(places)
        for (text, category) in [("kaff", nil), ("kaffeehaus", Category.cafe), ("bak", .bar)] as [(String, Category?)] {
            let query = PlaceQuery(center: here, radius: 3_000, category: category, searchText: text, limit: 9)
            var seen: [PlaceID] = []
            var distances: [Double] = []
            var cursor: PageCursor?
            repeat {
                let page = try store.fetchPage(query, after: cursor)
                seen += page.hits.map(\.id)
                distances += page.hits.map(\.distance)
                cursor = page.next
            } while cursor != nil
            let expected = places.filter { place in
                here.distance(to: place.coordinate) <= 3_000 && (category.map { place.category == $0 } ?? true)
                    && place.name.lowercased().hasPrefix(text)
            }
            #expect(!expected.isEmpty)
            #expect(Set(seen).count == seen.count, "no repeats for \(text)")
            #expect(Set(seen) == Set(expected.map(\.id)), "no gaps for \(text)")
            #expect(distances == distances.sorted(), "nearest first for \(text)")
        }
    }

    @Test func searchSortsByDistanceWithinRadiusAndCategory() throws {
        var places: [Place] = []
        for index in 0..<40 {
            places.append(F.place("s\(index)", "Sonne \(index)", index.isMultiple(of: 2) ? .cafe : .bar,
                                  at: F.offset(here, Double(index) * 150 + 20, Double(index * 37 % 360))))
            places.append(F.place("o\(index)", "Mond \(index)", .cafe, at: F.offset(here, Double(index) * 10, 0)))
        }
        let store = try F.store(places)
        let page = try store.fetchPage(PlaceQuery(center: here, radius: 3_000, category: .cafe, searchText: "sonn",
                                                  limit: 5))
        #expect(page.hits.count == 5)
        #expect(page.hits.allSatisfy { $0.place.name.hasPrefix("Sonne") && $0.place.category == .cafe })
        #expect(page.hits.map(\.distance) == page.hits.map(\.distance).sorted())
        var all: [PlaceHit] = page.hits
        var cursor = page.next
        while let next = cursor {
            let more = try store.fetchPage(PlaceQuery(center: here, radius: 3_000, category: .cafe, searchText: "sonn",
                                                      limit: 5), after: next)
            all += more.hits
            cursor = more.next
        }
        let expected = places.filter {
            $0.name.hasPrefix("Sonne") && $0.category == .cafe && here.distance(to: $0.coordinate) <= 3_000
        }
        #expect(Set(all.map(\.id)) == Set(expected.map(\.id)))
        #expect(all.count == expected.count)
    }

    @Test func countsByCategory() throws {
        let store = try F.store([
            F.place("a", "A", .cafe, at: F.offset(here, 100, 0)),
            F.place("b", "B", .cafe, at: F.offset(here, 200, 90)),
            F.place("c", "C", .atm, at: F.offset(here, 300, 180)),
            F.place("d", "D", .atm, at: F.offset(here, 3_000, 180)),
        ])
        #expect(try store.fetchCount(near: here, radius: 1_000, category: .cafe) == 2)
        #expect(try store.fetchCount(near: here, radius: 1_000, category: .atm) == 1)
        #expect(try store.fetchCount(near: here, radius: 5_000, category: nil) == 4)
        #expect(try store.fetchCategoryCounts(near: here, radius: 1_000) == [.cafe: 2, .atm: 1])
        #expect(try !store.fetchIsEmpty())
        #expect(try F.store([]).fetchIsEmpty())
    }

    @Test func findsAPlaceByID() throws {
        let full = Place(
            id: PlaceID(source: .osm, sourceID: "n42"), name: "Café Amadeus", category: .cafe,
            coordinate: F.offset(here, 250, 270),
            address: Address(street: "Städtle", houseNumber: "17", postcode: "9490", city: "Vaduz", country: "LI"),
            phone: "+423 555 0101", website: "https://example.test", email: "hi@example.test",
            openingHours: .osm("Mo-Fr 07:30-18:00"), cuisine: "coffee_shop", wheelchair: "yes",
            operatorName: "Amadeus AG", brand: "Amadeus", rating: 4.5, ratingCount: 12, priceLevel: 2,
            attribution: LocalPlacesStore.openStreetMapAttribution)
        let google = Place(id: PlaceID(source: .google, sourceID: "ChIJ1"), name: "Night Owl", category: .bar,
                           coordinate: here, openingHours: .periods([
                               WeeklyPeriod(openDay: 5, openMinute: 1_200, closeDay: 6, closeMinute: 120)]),
                           attribution: "Google")
        let store = try F.store([full, google])
        let hit = try store.fetchPlace(id: full.id, from: here)
        #expect(hit.place == full)
        #expect(abs(hit.distance - 250) < 0.05 && abs(hit.bearing - 270) < 0.01)
        #expect(try store.fetchPlace(id: google.id, from: here).place == google)
        #expect(throws: PlacesError.notFound) { try store.fetchPlace(id: PlaceID(source: .osm, sourceID: "n0"), from: here) }
    }

    @Test func upsertUpdatesInPlace() throws {
        let store = try F.store([F.place("n1", "Old Name", .cafe, at: F.offset(here, 100, 0))])
        try store.importPlaces { writer in
            try writer.upsert(F.place("n1", "New Name", .bar, at: F.offset(here, 110, 0)))
            try writer.upsert(F.place("n1", "Newer Name", .bar, at: F.offset(here, 120, 0)))
        }
        #expect(try F.checkedRowCounts(store) == (1, 1))
        let query = PlaceQuery(center: here, radius: 1_000)
        #expect(try store.fetchPage(query).hits.map(\.place.name) == ["Newer Name"])
        #expect(try store.fetchPage(PlaceQuery(center: here, radius: 1_000, searchText: "old")).hits.isEmpty)
        #expect(try store.fetchPage(PlaceQuery(center: here, radius: 1_000, searchText: "newer")).hits.count == 1)
        #expect(try store.fetchPage(PlaceQuery(center: here, radius: 1_000, category: .cafe)).hits.isEmpty)

        // Moved to another town: found there, by nearest and by name, and no longer here.
        let elsewhere = Coordinate(latitude: 47.5, longitude: 8.7)
        try store.importPlaces { writer in try writer.upsert(F.place("n1", "Newer Name", .bar, at: elsewhere)) }
        #expect(try F.checkedRowCounts(store) == (1, 1))
        #expect(try store.fetchPage(query).hits.isEmpty)
        #expect(try store.fetchPage(PlaceQuery(center: elsewhere, radius: 10, searchText: "newer")).hits.count == 1)
        #expect(try store.fetchPage(PlaceQuery(center: elsewhere, radius: 10, category: .bar)).hits.count == 1)
    }

    @Test func upsertTwiceInOneImportKeepsOne() throws {
        let store = try F.store([])
        let far = Coordinate(latitude: 47.5, longitude: 8.7)
        try store.importPlaces { writer in
            try writer.upsert(F.place("n1", "First", .cafe, at: here))
            try writer.upsert(F.place("n2", "Other", .cafe, at: here))
            try writer.upsert(F.place("n1", "Second", .bar, at: F.offset(here, 1, 0)))
            try writer.upsert(F.place("n2", "Moved", .cafe, at: far))
        }
        #expect(try F.checkedRowCounts(store) == (2, 2))
        #expect(try store.fetchPage(PlaceQuery(center: here, radius: 100)).hits.map(\.place.name) == ["Second"])
        #expect(try store.fetchPage(PlaceQuery(center: far, radius: 100, searchText: "moved")).hits.count == 1)
        #expect(try store.fetchPage(PlaceQuery(center: here, radius: 100, searchText: "first")).hits.isEmpty)
    }

    @Test(.computeBound) func largeImportsAreWrittenInBatches() throws {
        var generator = SeededGenerator(seed: 11)
        let count = PlacesImportWriter.batchSize + 1_234
        let store = try F.store([])
        try store.importPlaces { writer in
            for index in 0..<count {
                try writer.upsert(F.place("n\(index)", "Place \(index)", index.isMultiple(of: 2) ? .cafe : .atm,
                                          at: F.offset(here, Double.random(in: 0...20_000, using: &generator),
                                                       Double.random(in: 0..<360, using: &generator))))
            }
            // One from the first, already written batch, seen again.
            try writer.upsert(F.place("n0", "Renamed", .cafe, at: here))
        }
        #expect(try F.checkedRowCounts(store) == (count, count))
        #expect(try store.fetchCount(near: here, radius: 20_001, category: nil) == count)
        #expect(try store.fetchPage(PlaceQuery(center: here, radius: 10, searchText: "renamed")).hits.count == 1)
    }

    @Test func aThrowingImportLeavesTheStoreAsItWas() throws {
        struct Stop: Error {}
        let store = try F.store([F.place("n1", "Kept", .cafe, at: here)],
                                localities: [Locality(id: "osm:n9", name: "Vaduz", kind: .town, coordinate: here)])
        #expect(throws: Stop.self) {
            try store.importPlaces { writer in
                try writer.upsert(F.place("n1", "Changed", .bar, at: F.offset(here, 5_000, 90)))
                try writer.upsert(F.place("n2", "Added", .cafe, at: here))
                try writer.upsert(Locality(id: "osm:n10", name: "Schaan", kind: .village, coordinate: here))
                throw Stop()
            }
        }
        #expect(try F.checkedRowCounts(store) == (1, 1))
        let hits = try store.fetchPage(PlaceQuery(center: here, radius: 100)).hits
        #expect(hits.map(\.place.name) == ["Kept"] && hits.first?.place.category == .cafe)
        #expect(try store.fetchPage(PlaceQuery(center: here, radius: 100, searchText: "changed")).hits.isEmpty)
        #expect(try store.localities(named: "Schaan").isEmpty)
    }

    @Test func theWriterIsDeadAfterItsImport() throws {
        let store = try F.store([])
        let escaped = try store.importPlaces { $0 }
        #expect(throws: PlacesError.self) { try escaped.upsert(F.place("n1", "Late", .cafe, at: here)) }
        #expect(try store.fetchIsEmpty())
    }

    @Test func rejectsInvalidCoordinates() throws {
        let store = try F.store([])
        #expect(throws: PlacesError.self) {
            try store.importPlaces { try $0.upsert(F.place("n1", "Nowhere", .cafe,
                                                          at: Coordinate(latitude: .nan, longitude: 0))) }
        }
        #expect(throws: PlacesError.self) {
            try store.fetchPage(PlaceQuery(center: Coordinate(latitude: 91, longitude: 0), radius: 10))
        }
        #expect(throws: PlacesError.self) { try store.fetchPage(PlaceQuery(center: here, radius: 10),
                                                                after: PageCursor(token: "garbage")) }
    }

    @Test func findsPlacesAcrossTheAntimeridian() throws {
        let center = Coordinate(latitude: -16.5, longitude: 179.99)
        let store = try F.store([
            F.place("w", "West side", .cafe, at: F.offset(center, 500, 270)),
            F.place("e", "East side", .cafe, at: F.offset(center, 1_500, 90)),
        ])
        #expect(F.offset(center, 1_500, 90).longitude < 0)
        let page = try store.fetchPage(PlaceQuery(center: center, radius: 2_000))
        #expect(page.hits.map(\.place.name) == ["West side", "East side"])
        let search = try store.fetchPage(PlaceQuery(center: center, radius: 2_000, searchText: "side"))
        #expect(search.hits.map(\.place.name) == ["West side", "East side"])
    }

    @Test func favouritesKeepTheirOrder() async throws {
        let clock = TestClock()
        let store = try F.store([], now: { clock.now() })
        let first = PlaceID(source: .osm, sourceID: "n1"), second = PlaceID(source: .google, sourceID: "ChIJ2")
        #expect(try await store.favourites().isEmpty)
        try await store.setFavourite(first, true)
        clock.advance(60)
        try await store.setFavourite(second, true)
        clock.advance(60)
        try await store.setFavourite(first, true)
        #expect(try await store.favourites() == [second, first])
        #expect(try await store.isFavourite(first))
        try await store.setFavourite(first, false)
        #expect(try await !store.isFavourite(first))
        #expect(try store.fetchFavourites() == [second])
    }

    @Test func servesTheProviderProtocol() async throws {
        let store = try F.store([
            F.place("a", "A", .cafe, at: F.offset(here, 100, 0)),
            F.place("b", "B", .cafe, at: F.offset(here, 200, 0)),
        ])
        let provider: any PlacesProvider = store
        let page = try await provider.places(PlaceQuery(center: here, radius: 500, limit: 1), after: nil)
        #expect(page.hits.map(\.place.name) == ["A"])
        #expect(page.attributions == [LocalPlacesStore.openStreetMapAttribution])
        let rest = try await provider.places(PlaceQuery(center: here, radius: 500, limit: 1), after: page.next)
        #expect(rest.hits.map(\.place.name) == ["B"] && rest.next == nil)
        #expect(try await provider.count(near: here, radius: 500, category: .cafe) == 2)
        #expect(try await provider.place(id: PlaceID(source: .osm, sourceID: "b"), from: here).place.name == "B")
    }
}
