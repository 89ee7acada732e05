import Foundation
import NearbyCore
import Testing
@testable import NearbyData

struct GazetteerTests {
    typealias F = PlacesFixtures

    let localities = [
        Locality(id: "osm:n1", name: "Vaduz", kind: .town, coordinate: Coordinate(latitude: 47.141, longitude: 9.5209)),
        Locality(id: "osm:n2", name: "Vaduz", kind: .locality, coordinate: Coordinate(latitude: 47.139, longitude: 9.52)),
        Locality(id: "osm:n3", name: "Schaan", kind: .village, coordinate: Coordinate(latitude: 47.165, longitude: 9.51)),
        Locality(id: "osm:n4", name: "Schaanwald", kind: .village, coordinate: Coordinate(latitude: 47.214, longitude: 9.56)),
        Locality(id: "osm:n5", name: "Zürich", kind: .city, coordinate: Coordinate(latitude: 47.3769, longitude: 8.5417)),
        Locality(id: "osm:n6", name: "Triesen", kind: .village, coordinate: Coordinate(latitude: 47.107, longitude: 9.528)),
        Locality(id: "osm:n7", name: "Triesen", kind: .hamlet, coordinate: Coordinate(latitude: 46.5, longitude: 7.0)),
    ]

    @Test func exactMatchesComeBeforePrefixes() throws {
        let store = try F.store([], localities: localities)
        #expect(try store.localities(named: "schaan").map(\.name) == ["Schaan", "Schaanwald"])
        #expect(try store.localities(named: "Schaanw").map(\.name) == ["Schaanwald"])
        #expect(try store.localities(named: "ZURICH").map(\.id) == ["osm:n5"])
        #expect(try store.localities(named: "vaduz").map(\.kind) == [.town, .locality])
        #expect(try store.localities(named: "").isEmpty)
        #expect(try store.localities(named: "Nowhere").isEmpty)
    }

    @Test func resolvesCoordinatesAndNames() throws {
        let store = try F.store([], localities: localities)
        #expect(try store.resolveNear("47.141, 9.5209") == NearLocation(name: nil,
                                                                        coordinate: Coordinate(latitude: 47.141, longitude: 9.5209)))
        #expect(try store.resolveNear("zürich").name == "Zürich")
        // The town and its centre are one answer.
        #expect(try store.resolveNear("Vaduz").coordinate == localities[0].coordinate)
        // A unique prefix is enough.
        #expect(try store.resolveNear("Schaanw").name == "Schaanwald")
    }

    @Test func explainsWhatItCannotResolve() throws {
        let store = try F.store([], localities: localities)
        #expect(throws: NearResolutionError.invalidCoordinate("91,10")) { try store.resolveNear("91,10") }
        #expect(throws: NearResolutionError.unknown("Atlantis")) { try store.resolveNear("Atlantis") }
        #expect(throws: NearResolutionError.empty) { try store.resolveNear("  ") }
        do {
            _ = try store.resolveNear("Triesen")
            Issue.record("Two Triesens far apart must be ambiguous")
        } catch {
            guard case .ambiguous(_, let candidates) = error else { Issue.record("wrong error \(error)"); return }
            #expect(candidates.map(\.id) == ["osm:n6", "osm:n7"])
            #expect(error.description.contains("village, 47.10700,9.52800"))
            #expect(error.description.contains("hamlet, 46.50000,7.00000"))
        }
        do {
            _ = try store.resolveNear("Scha")
            Issue.record("Two prefixed names must be ambiguous")
        } catch {
            guard case .ambiguous(_, let candidates) = error else { Issue.record("wrong error \(error)"); return }
            #expect(candidates.map(\.name) == ["Schaan", "Schaanwald"])
        }
    }

    @Test func messagesDefuseEscapeSequences() {
        let error = NearResolutionError.unknown("\u{1B}]0;pwned\u{7}")
        #expect(!error.description.contains("\u{1B}"))
        #expect(!error.description.contains("\u{7}"))
    }

    static let andorra = [
        Locality(id: "osm:a1", name: "l’Aldosa de Canillo", kind: .hamlet, coordinate: Coordinate(latitude: 42.58, longitude: 1.63)),
        Locality(id: "osm:a2", name: "les Escaldes", kind: .town, coordinate: Coordinate(latitude: 42.51, longitude: 1.54)),
        Locality(id: "osm:a3", name: "Sant Julià de Lòria", kind: .town, coordinate: Coordinate(latitude: 42.46, longitude: 1.49)),
    ]

    @Test func namesAsPeopleTypeThem() throws {
        let store = try F.store([], localities: localities + Self.andorra)
        // A plain apostrophe for the typographic one the data has.
        #expect(try store.resolveNear("l'Aldosa de Canillo").name == "l’Aldosa de Canillo")
        #expect(try store.resolveNear("L’ALDOSA").name == "l’Aldosa de Canillo")
        // A word inside the name.
        #expect(try store.resolveNear("escaldes").name == "les Escaldes")
        #expect(try store.resolveNear("aldosa").name == "l’Aldosa de Canillo")
        #expect(try store.resolveNear("loria").name == "Sant Julià de Lòria")
        #expect(try store.localities(named: "de").map(\.name) == ["Sant Julià de Lòria", "l’Aldosa de Canillo"])
    }

    @Test func aTypoGetsSuggestions() throws {
        let store = try F.store([], localities: localities + Self.andorra)
        #expect(throws: NearResolutionError.misspelt("Vaduzz", suggestions: ["Vaduz"])) { try store.resolveNear("Vaduzz") }
        #expect(throws: NearResolutionError.misspelt("Shcaan", suggestions: ["Schaan"])) { try store.resolveNear("Shcaan") }
        #expect(throws: NearResolutionError.misspelt("escaldas", suggestions: ["les Escaldes"])) {
            try store.resolveNear("escaldas")
        }
        #expect(NearResolutionError.misspelt("Vaduzz", suggestions: ["Vaduz"]).description
            == "No place called “Vaduzz” in the store. Did you mean “Vaduz”?")
        // Nothing close: no guess.
        #expect(throws: NearResolutionError.unknown("Atlantis")) { try store.resolveNear("Atlantis") }
        #expect(try store.localityNames(closeTo: "zz").isEmpty)
    }

    @Test func keysFoldedBeforeApostrophesWereAreFoldedAgain() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // The key version 14 wrote: the typographic apostrophe kept.
        let path = try F.storeFile(atVersion: 14, in: folder) { db in
            try db.execute("""
                INSERT INTO locality (id, name, nameKey, kind, lat, lon) VALUES ('osm:a1', 'l’Aldosa', 'l’aldosa', 'hamlet', 42.58, 1.63)
                """)
        }
        let store = LocalPlacesStore(database: try AppDatabase.open(at: path))
        #expect(try store.resolveNear("l'aldosa").name == "l’Aldosa")
    }

    /// `route --to "Café Amann"`: a place of the store by its name, when no town has it (the walkthrough's P2 9).
    @Test func placesByNameWhereNoTownHasIt() throws {
        let amann = F.place("c1", "Café Amann", .cafe, at: F.offset(F.vaduz, 200, 180))
        let sparNear = F.place("s1", "Spar", .supermarket, at: F.offset(F.vaduz, 500, 0))
        let sparFar = F.place("s2", "Spar", .supermarket, at: F.offset(F.vaduz, 8_000, 0))
        let store = try F.store([amann, sparNear, sparFar], localities: localities)
        #expect(try store.resolveTownOrPlace("café amann", nearestTo: nil).name == "Café Amann")
        #expect(try store.resolveTownOrPlace("Cafe Am", nearestTo: nil).coordinate == amann.coordinate)
        // A town still wins over a place of its name.
        #expect(try store.resolveTownOrPlace("Schaan", nearestTo: nil).name == "Schaan")
        do {
            _ = try store.resolveTownOrPlace("Spar", nearestTo: F.vaduz)
            Issue.record("two Spars 7.5 km apart must be listed")
        } catch {
            guard case .ambiguousPlaces(_, let candidates) = error else { Issue.record("wrong error \(error)"); return }
            #expect(candidates.map(\.place.id) == [sparNear.id, sparFar.id], "nearest first")
            #expect(error.description.hasPrefix("“Spar” could mean, nearest first: “Spar” (supermarket, "))
        }
        #expect(throws: NearResolutionError.unknown("Nowhere")) { try store.resolveTownOrPlace("Nowhere", nearestTo: nil) }
    }
}
