import Foundation
import NearbyCore
import Testing
@testable import nearby

/// `nearby hours`, `--at` and `--open-during`: what they print and how they fail.
struct HoursCommandTests {
    static let vaduz = (try? ZoneRules.named("Europe/Vaduz")) ?? .utc

    private func report(_ text: String, at local: String, holidays: HolidayCalendar? = nil,
                        position: Coordinate? = nil) throws -> HoursReport {
        let options = try #require(try CommandRouter.parse(["hours", text, "--at", local]) as? HoursCommand)
        let instant = try options.time.instant(zone: Self.vaduz)
        let context = HoursContext(zone: Self.vaduz, position: position, holidays: holidays)
        let hours = OpeningHours(osm: text)
        return HoursReport(hours: hours, status: hours.evaluate(at: instant, in: context),
                           week: hours.week(containing: instant, in: context), context: context)
    }

    @Test func aPublicHolidayRuleWithoutATableSaysTheStateMayDiffer() throws {
        let table = try report("Mo-Fr 08:00-18:00; PH off", at: "2026-12-25 10:00").table
        #expect(table.contains("State:        unknown"))
        #expect(table.contains("Now:          Open unless today is a holiday · until 18:00"))
        #expect(table.contains("Holidays:     no holiday table for here"))
        #expect(table.contains { $0.hasPrefix("Note:         the state may differ on a public holiday") })
    }

    @Test func withATableTheHolidayIsNamed() throws {
        let table = try report("Mo-Fr 08:00-18:00; PH off", at: "2026-12-25 10:00",
                               holidays: HolidayCalendar.builtIn(country: "LI")).table
        #expect(table.contains("State:        closed"))
        #expect(table.contains("Now:          Closed · Christmas Day · opens Mo 08:00"))
        #expect(table.contains("Holidays:     LI"))
        #expect(table.contains("  Fr 2026-12-25  closed (Christmas Day)   ← today"))
        #expect(!table.contains { $0.hasPrefix("Note:") })
    }

    @Test func aDateAloneIsThatDaysMidnight() throws {
        let table = try report("Mo-Sa 10:00-18:00", at: "2026-11-21").table
        #expect(table.contains("State:        closed"))
        #expect(table.contains("Next change:  2026-11-21T10:00:00+01:00 (open)"))
        #expect(table.contains("  Sa 2026-11-21  10:00-18:00   ← today"))
    }

    /// One calendar for every year: 1500-06-10 is that day, a Sunday, not a Julian date ten days off.
    @Test func datesBefore1582AreTheDaysTheyName() throws {
        let table = try report("Mo-Fr 08:00-18:00", at: "1500-06-10 12:00").table
        #expect(table.contains("  Su 1500-06-10  closed   ← today"))
        #expect(table.contains("State:        closed"))
    }

    @Test func sunriseWithoutAPositionSaysWhatItNeeds() throws {
        let table = try report("sunrise-sunset", at: "2026-06-21 12:00").table
        #expect(table.contains("State:        unknown"))
        #expect(table.contains("Note:         sunrise and sunset need a position: --near LAT,LON"))
        let placed = try report("sunrise-sunset", at: "2026-06-21 12:00",
                                position: Coordinate(latitude: 47.141, longitude: 9.5209)).table
        #expect(placed.contains("State:        open"))
    }

    @Test func jsonCarriesTheHolidayAndTheNotes() throws {
        let json = try report("Mo-Fr 08:00-18:00; PH off", at: "2026-12-25 10:00").json
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["state"] as? String == "unknown")
        #expect(object["holidays"] as? String == "no holiday table for here")
        #expect((object["notes"] as? [String])?.count == 1)
        #expect(JSONOutput.quoted("a\u{1B}b\u{9B}") == "\"a\\u001bb\\u009b\"")
    }

    @Test func atErrorsSayWhatWasWrongLikeEveryCommand() throws {
        let gap = try #require(try CommandRouter.parse(["hours", "24/7", "--at", "2026-03-29 02:30"]) as? HoursCommand)
        #expect(throws: CommandFailure.self) { try gap.time.instant(zone: Self.vaduz) }
        do {
            _ = try gap.time.instant(zone: Self.vaduz)
        } catch let failure as CommandFailure {
            #expect(failure.description == "--at: 2026-03-29 02:30 does not exist in Europe/Vaduz: the clocks jump "
                    + "from 02:00 to 03:00 that night.")
        }
        let typo = try #require(try CommandRouter.parse(["hours", "24/7", "--at", "tmorrow"]) as? HoursCommand)
        #expect(throws: CommandFailure.self) { try typo.time.instant(zone: Self.vaduz) }
    }

    @Test func atAndOpenDuringReachEveryCommandThatTakesThem() throws {
        let root = try #require(try CommandRouter.parse(["--at", "Sa 14:00"]) as? NearbyCommand)
        #expect(root.time.at == "Sa 14:00")
        let places = try #require(try CommandRouter.parse(["places", "--at", "22:00", "--open-during",
                                                                 "18:00-20:00"]) as? PlacesCommand)
        #expect(places.time.at == "22:00" && places.time.openDuring == "18:00-20:00")
        let categories = try #require(try CommandRouter.parse(["categories", "--at", "tomorrow 10:00"])
            as? CategoriesCommand)
        #expect(categories.time.at == "tomorrow 10:00")
        let favourites = try #require(try CommandRouter.parse(["favourites", "--at", "Sa 14:00", "--open-during",
                                                               "18:00-20:00"]) as? FavouritesCommand)
        #expect(favourites.time.at == "Sa 14:00" && favourites.time.openDuring == "18:00-20:00")
        // Values that look like options reach the command, which says what is wrong with them.
        let dashed = try #require(try CommandRouter.parse(["places", "--at", "-1"]) as? PlacesCommand)
        #expect(dashed.time.at == "-1")
        #expect(throws: CommandFailure.self) { try dashed.time.instant(zone: Self.vaduz) }
        // The app's own --at, written after a subcommand that has none, is refused rather than lost.
        #expect(throws: (any Error).self) { try CommandRouter.parse(["route", "--at", "22:00"]) }
    }

    @Test func openDuringKeepsOnlyPlacesOpenForTheWholeSpan() throws {
        let options = try #require(try CommandRouter.parse(["places", "--at", "2026-11-23", "--open-during",
                                                                  "18:00-20:00"]) as? PlacesCommand)
        let base = try options.time.instant(zone: Self.vaduz)
        let span = try #require(try options.time.span(zone: Self.vaduz, base: base))
        func place(_ hours: String) -> Place {
            Place(id: PlaceID(source: .osm, sourceID: hours), name: hours, category: .bar,
                  coordinate: Coordinate(latitude: 47.141, longitude: 9.5209), openingHours: .osm(hours),
                  attribution: "OSM")
        }
        let holidays = HolidayDirectory()
        #expect(PlacesOutput.isOpen(place("Mo-Sa 17:00-22:00"), during: span, zones: .fixed(Self.vaduz), holidays: holidays))
        #expect(PlacesOutput.isOpen(place("Mo-Su 18:00-20:00"), during: span, zones: .fixed(Self.vaduz), holidays: holidays))
        #expect(!PlacesOutput.isOpen(place("Mo-Sa 19:00-23:00"), during: span, zones: .fixed(Self.vaduz), holidays: holidays))
        #expect(!PlacesOutput.isOpen(place("Mo-Sa 17:00-19:30"), during: span, zones: .fixed(Self.vaduz), holidays: holidays))
        #expect(!PlacesOutput.isOpen(place("Tu-Sa 17:00-22:00"), during: span, zones: .fixed(Self.vaduz), holidays: holidays))
        // Two stretches that meet are one.
        #expect(PlacesOutput.isOpen(place("Mo 17:00-19:00 \"bar\", Mo 19:00-21:00 \"kitchen\""), during: span,
                                    zones: .fixed(Self.vaduz), holidays: holidays))
    }
}
