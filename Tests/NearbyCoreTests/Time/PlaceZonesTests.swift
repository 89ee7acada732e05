import Foundation
import Testing
@testable import NearbyCore

/// Each place's hours on its own clock, whatever the computer's.
struct PlaceZonesTests {
    static func zone(_ name: String) throws -> ZoneRules { try ZoneRules.named(name) }

    static func instant(_ text: String) -> Date {
        (try? Date(text, strategy: .iso8601)) ?? Date(timeIntervalSince1970: 0)
    }

    static func place(_ name: String, at coordinate: Coordinate, hours: String) -> Place {
        Place(id: PlaceID(source: .demo, sourceID: name), name: name, category: .cafe, coordinate: coordinate,
              openingHours: .osm(hours), attribution: "Test data")
    }

    /// The status of `place` at `date`, read as every screen and command reads it.
    static func status(_ place: Place, at date: Date, zones: PlaceZones) -> OpeningStatus? {
        let context = HoursContext(place: place, zone: zones.zone(for: place), holidays: .builtIn)
        guard case .osm(let text)? = place.openingHours else { return nil }
        return OpeningHours(osm: text).evaluate(at: date, in: context)
    }

    /// Its row text ("open · until 21:00"), on the place's clock.
    static func rowText(_ place: Place, at date: Date, zones: PlaceZones) -> String {
        status(place, at: date, zones: zones)?.rowText(timeZone: zones.zone(for: place)) ?? "hours unknown"
    }

    static let computers = ["UTC", "Europe/Vaduz", "America/New_York", "Asia/Tokyo", "Australia/Sydney",
                            "America/Sao_Paulo"]

    @Test(arguments: [
        (Coordinate(latitude: 47.1393, longitude: 9.5228), "Europe/Vaduz"),
        (Coordinate(latitude: 55.7558, longitude: 37.6173), "Europe/Moscow"),
        (Coordinate(latitude: -20.4697, longitude: -54.6201), "America/Campo_Grande"),
        (Coordinate(latitude: 38.8794, longitude: -6.9707), "Europe/Madrid"),   // Badajoz
        (Coordinate(latitude: 38.8814, longitude: -7.1628), "Europe/Lisbon"),   // Elvas, 17 km west
        (Coordinate(latitude: 40.7128, longitude: -74.0060), "America/New_York"),
        (Coordinate(latitude: 41.8781, longitude: -87.6298), "America/Chicago"),
    ])
    func aPositionHasItsZoneWhateverTheComputersIs(coordinate: Coordinate, name: String) throws {
        for computer in Self.computers {
            let zones = PlaceZones.world(fallback: try Self.zone(computer))
            #expect(zones.zone(at: coordinate).identifier == name, "computer on \(computer)")
        }
    }

    @Test func onePlaceGivesTheSameStateUnderEveryComputerZone() throws {
        // 15:30 UTC on a Friday is 18:30 in Moscow: open until 21:00 there, whatever the computer's clock says.
        let moscow = Self.place("Кофейня", at: Coordinate(latitude: 55.7558, longitude: 37.6173),
                                hours: "Mo-Su 09:00-21:00")
        let vaduzBank = Self.place("Bank", at: Coordinate(latitude: 47.1380, longitude: 9.5225),
                                   hours: "Mo-Fr 08:00-12:00,13:30-16:30")
        let instant = Self.instant("2026-12-04T15:33:00Z")
        for computer in Self.computers {
            let zones = PlaceZones.world(fallback: try Self.zone(computer))
            #expect(Self.rowText(moscow, at: Self.instant("2026-12-04T15:30:00Z"), zones: zones) == "open · until 21:00",
                    "computer on \(computer)")
            // The walkthrough's case: 16:33 in Vaduz, the bank has closed for the week.
            #expect(Self.rowText(vaduzBank, at: instant, zones: zones) == "closed · opens Mo 08:00",
                    "computer on \(computer)")
        }
    }

    @Test func aDSTGapIsTheGapOfThePlacesZone() throws {
        // New York springs forward at 02:00 on 2026-03-08: 07:30 UTC is 03:30 EDT, not 02:30 EST.
        let bakery = Self.place("Bakery", at: Coordinate(latitude: 40.7128, longitude: -74.0060), hours: "Su 03:00-05:00")
        for computer in Self.computers {
            let zones = PlaceZones.world(fallback: try Self.zone(computer))
            #expect(Self.rowText(bakery, at: Self.instant("2026-03-08T07:30:00Z"), zones: zones) == "open · until 05:00",
                    "computer on \(computer)")
            // Midnight EST: not yet open; 03:00 local comes two hours later, at 07:00 UTC, as the clocks jump.
            let midnight = Self.instant("2026-03-08T05:00:00Z")
            #expect(Self.rowText(bakery, at: midnight, zones: zones) == "closed · opens 03:00", "computer on \(computer)")
            #expect(Self.status(bakery, at: midnight, zones: zones)?.nextChange == Self.instant("2026-03-08T07:00:00Z"))
        }
    }

    @Test func withoutAZoneTheComputersClockStandsIn() throws {
        let vaduz = try Self.zone("Europe/Vaduz")
        let zones = PlaceZones(fallback: vaduz) { _ in nil }
        #expect(zones.zone(at: Coordinate(latitude: 55.75, longitude: 37.61)).identifier == "Europe/Vaduz")
        #expect(PlaceZones.fixed(.utc).zone(at: Coordinate(latitude: 55.75, longitude: 37.61)) == .utc)
        // An unknown name (no zone file) falls back as well, rather than reading GMT.
        let unknown = PlaceZones(fallback: vaduz) { _ in "Nowhere/Atlantis" }
        #expect(unknown.zone(at: Coordinate(latitude: 0, longitude: 0)).identifier == "Europe/Vaduz")
    }

    @Test func aZoneDiffersWhenItsClockDoes() throws {
        let zones = PlaceZones.world(fallback: try Self.zone("Europe/Vaduz"))
        let now = Self.instant("2026-12-04T15:33:00Z")
        #expect(!zones.differsFromComputer(try Self.zone("Europe/Zurich"), at: now), "the same clock, another name")
        #expect(!zones.differsFromComputer(try Self.zone("Europe/Vaduz"), at: now))
        #expect(zones.differsFromComputer(try Self.zone("Europe/Moscow"), at: now))
    }
}
