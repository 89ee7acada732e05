import Foundation
import NearbyCore
import NearbyData
import Testing
@testable import nearby

struct PlacesCommandTests {
    let here = Coordinate(latitude: 47.141, longitude: 9.5209)

    /// A store on disk, as the command opens it, with two cafés and two towns called Triesen.
    private func folder(withPlaces: Bool) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-cli-\(UUID().uuidString)")
        let store = LocalPlacesStore(database: try AppDatabase.open(at: DataLocation.storeFile(in: folder)))
        if withPlaces {
            try store.importPlaces { writer in
                try writer.upsert(Place(id: PlaceID(source: .osm, sourceID: "n1"), name: "Café Amadeus", category: .cafe,
                                        coordinate: here, attribution: "OSM"))
                try writer.upsert(Locality(id: "osm:n6", name: "Triesen", kind: .village,
                                           coordinate: Coordinate(latitude: 47.107, longitude: 9.528)))
                try writer.upsert(Locality(id: "osm:n7", name: "Triesen", kind: .hamlet,
                                           coordinate: Coordinate(latitude: 46.5, longitude: 7.0)))
            }
        }
        return folder
    }

    /// Runs the command with an environment of its own (no config file, no NEARBY_* variables).
    private func failure(_ arguments: [String]) async throws -> String? {
        do {
            let command = try PlacesCommand.parse(arguments)
            try await ProcessEnvironment.$values.withValue(["HOME": "/nonexistent-nearby-home"]) {
                try await command.run()
            }
            return nil
        } catch let failure as CommandFailure {
            return failure.description
        }
    }

    @Test func anEmptyStoreSaysHowToGetData() async throws {
        let folder = try folder(withPlaces: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let message = try await failure(["--data-dir", folder.path, "--near", "47.141,9.5209"])
        #expect(message?.contains("nearby import FILE") == true)
    }

    @Test func badArgumentsFailInOneLine() async throws {
        let folder = try folder(withPlaces: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A wrong command line is refused while parsing (exit status 64), with the range or the known values.
        let wrongLines: [([String], String)] = [
            (["--radius", "-5"], "--radius wants metres more than 0"), (["--radius=-5"], "not -5"),
            (["--radius", "far"], "--radius"), (["--limit", "0"], "--limit"),
            (["--category", "sushi"], "--category: unknown category “sushi”"), (["--near", "91,0"], "latitude must be within"),
        ]
        for (arguments, expected) in wrongLines {
            do {
                _ = try PlacesCommand.parse(["--data-dir", folder.path, "--near", "47.141,9.5209"] + arguments)
                Issue.record("\(arguments) was accepted")
            } catch {
                #expect(PlacesCommand.exitCode(for: error).rawValue == 64, "\(arguments)")
                #expect(PlacesCommand.message(for: error).contains(expected), "\(arguments)")
            }
        }
        let message = try await failure(["--data-dir", folder.path])
        #expect(message?.contains("Say where you are") == true)
        #expect(message?.contains("\n") == false)
        // A value of 5,000 digits is named, not echoed whole.
        let long = try await failure(["--data-dir", folder.path, "--near", String(repeating: "1", count: 5_000)])
        #expect((long?.count ?? 0) < 300 && long?.contains("1…”") == true, "\(long ?? "")")
        let ambiguous = try await failure(["--data-dir", folder.path, "--near", "Triesen"])
        #expect(ambiguous?.contains("village, 47.10700,9.52800") == true)
        #expect(try await failure(["--data-dir", folder.path, "--near", "47.141,9.5209", "--category", "Café"]) == nil)
    }

    @Test func theRadiusWrittenAfterTheSubcommandIsTheOneUsed() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-cli-radius-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = LocalPlacesStore(database: try AppDatabase.open(at: DataLocation.storeFile(in: folder)))
        try store.importPlaces { writer in
            for (id, metres) in [("near", 300.0), ("mid", 1_900.0), ("far", 4_000.0)] {
                try writer.upsert(Place(id: PlaceID(source: .osm, sourceID: id), name: "Apotheke \(id)",
                                        category: .pharmacy,
                                        coordinate: Coordinate(latitude: here.latitude + metres / 111_195,
                                                               longitude: here.longitude),
                                        attribution: "OSM"))
            }
        }
        func names(_ radius: String) async throws -> [String] {
            let capture = try await runCommand(["places", "--data-dir", folder.path, "--near", "47.141,9.5209",
                                                "--category", "pharmacy", "--radius", radius, "--json"])
            let objects = try JSONSerialization.jsonObject(with: Data(capture.output.utf8)) as? [[String: Any]] ?? []
            return objects.compactMap { $0["name"] as? String }
        }
        #expect(try await names("1000") == ["Apotheke near"])
        #expect(try await names("5000") == ["Apotheke near", "Apotheke mid", "Apotheke far"])
        #expect(try await names("50000").count == 3)
        let counts = try await runCommand(["categories", "--data-dir", folder.path, "--near", "47.141,9.5209",
                                           "--radius=500"])
        #expect(counts.output == "pharmacy        1  Pharmacy\n")
        let none = try await runCommand(["places", "--data-dir", folder.path, "--near", "47.141,9.5209",
                                         "--category", "pharmacy", "--radius", "100"])
        #expect(none.output == "No pharmacies within 100 m; a larger --radius looks further.\n")
    }

    /// The walkthrough's P2 4 and P2 7: with --open-during, each row says the place's state at the span's start,
    /// on the place's own clock whatever TZ the computer has.
    @Test func aSpansRowsShowTheStateAtItsStartOnThePlacesClock() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-cli-span-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = LocalPlacesStore(database: try AppDatabase.open(at: DataLocation.storeFile(in: folder)))
        try store.importPlaces { writer in
            try writer.upsert(Place(id: PlaceID(source: .osm, sourceID: "n1"), name: "Schlössle", category: .restaurant,
                                    coordinate: here, openingHours: .osm("Mo-Fr 11:00-17:00; Sa 18:00-22:00"),
                                    attribution: "OSM"))
        }
        for tz in ["Europe/Vaduz", "America/New_York", "Asia/Tokyo"] {
            let rows = try await runCommand(["places", "--data-dir", folder.path, "--near", "47.141,9.5209",
                                             "--category", "restaurant", "--at", "2026-12-04 15:00",
                                             "--open-during", "Sa 18:00-20:00"], environment: ["TZ": tz])
            #expect(rows.output.hasSuffix("open · until 22:00\n"), "TZ=\(tz): \(rows.output)")
        }
    }

    @Test func rowsFollowTheUnitsSetting() {
        let hits = [PlaceHit(place: Place(id: PlaceID(source: .osm, sourceID: "n1"), name: "Café", category: .cafe,
                                          coordinate: here, attribution: "OSM"), distance: 190, bearing: 45),
                    PlaceHit(place: Place(id: PlaceID(source: .osm, sourceID: "n2"), name: "Bar", category: .bar,
                                          coordinate: here, attribution: "OSM"), distance: 2_000, bearing: 180)]
        let rows = PlacesOutput.rows(hits, units: .imperial)
        #expect(rows[0].contains("620 ft NE"))
        #expect(rows[1].contains("1.2 mi S"))
    }

    @Test func formatsDistances() {
        #expect(PlacesOutput.distance(120.4) == "120 m")
        #expect(PlacesOutput.distance(1_449) == "1.4 km")
        #expect(PlacesOutput.distance(2_000) == "2.0 km")
        #expect(PlacesOutput.distance(35_400) == "35 km")
    }

    @Test func rowsShowDistanceBearingAndOpenStateNow() throws {
        let zone = try ZoneRules.named("Europe/Vaduz")
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "Europe/Vaduz"))
        // Wednesday 2026-11-18 10:00 in Vaduz.
        let now = try #require(calendar.date(from: DateComponents(year: 2026, month: 11, day: 18, hour: 10)))
        let cafe = Place(id: PlaceID(source: .osm, sourceID: "n1"), name: "Café Amadeus", category: .cafe,
                         coordinate: Coordinate(latitude: 47.142, longitude: 9.522),
                         openingHours: .osm("Mo-Fr 08:00-18:00"), attribution: "© OpenStreetMap contributors")
        var bar = cafe
        bar.id = PlaceID(source: .osm, sourceID: "n2")
        bar.name = "Night Bar"
        bar.openingHours = .osm("Mo-Sa 20:00-02:00")
        var atm = cafe
        atm.id = PlaceID(source: .osm, sourceID: "n3")
        atm.name = "ATM"
        atm.openingHours = nil
        let rows = PlacesOutput.rows([PlaceHit(place: cafe, distance: 120, bearing: 45),
                                      PlaceHit(place: bar, distance: 1_449, bearing: 225),
                                      PlaceHit(place: atm, distance: 0.2, bearing: 0)], at: now, zones: .fixed(zone))
        #expect(rows[0].contains("120 m NE") && rows[0].hasSuffix("open · until 18:00"))
        #expect(rows[1].contains("1.4 km SW") && rows[1].contains("closed · opens 20:00"))
        #expect(rows[2].hasSuffix("hours unknown"))
        #expect(PlacesOutput.openState(cafe, at: now, zones: .fixed(zone)) == "open")
        #expect(PlacesOutput.openState(bar, at: now, zones: .fixed(zone)) == "closed")
        #expect(PlacesOutput.openState(atm, at: now, zones: .fixed(zone)) == "unknown")
    }

    @Test func rowsAreAlignedAndSafe() {
        let hits = [
            PlaceHit(place: Place(id: PlaceID(source: .osm, sourceID: "n1"), name: "Café\u{1B}[2J", category: .cafe,
                                  coordinate: here, attribution: "OSM"), distance: 120, bearing: 44),
            PlaceHit(place: Place(id: PlaceID(source: .osm, sourceID: "n2"), name: "Bar", category: .nightclub,
                                  coordinate: here, attribution: "OSM"), distance: 1_400, bearing: 225),
        ]
        let rows = PlacesOutput.rows(hits)
        // The TUI's sanitiser: ESC shows as its control picture.
        #expect(rows == ["Café\u{241B}[2J  Café         120 m NE  hours unknown",
                         "Bar       Nightclub   1.4 km SW  hours unknown"])
    }

    @Test func jsonHasEveryKeyOfEveryPlace() throws {
        let place = Place(id: PlaceID(source: .osm, sourceID: "n1"), name: "Café", category: .cafe, coordinate: here,
                          address: Address(street: "Städtle", houseNumber: "17"), phone: "+423 1",
                          openingHours: .osm("Mo-Fr 08:00-18:00"), cuisine: "coffee_shop", attribution: "OSM")
        let text = PlacesOutput.json([PlaceHit(place: place, distance: 12.34, bearing: 90.06)])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        let object = try #require(objects.first)
        #expect(Set(object.keys) == [
            "id", "name", "category", "lat", "lon", "distance_m", "bearing", "walk_m", "walk_min", "open_state",
            "next_change", "next_state", "time_zone", "street", "housenumber",
            "postcode", "city", "country", "phone", "website", "email", "opening_hours", "cuisine", "wheelchair",
            "operator", "brand",
        ])
        #expect(object["id"] as? String == "osm:n1")
        #expect(object["distance_m"] as? Int == 12)
        #expect(object["bearing"] as? Int == 90)
        #expect(object["walk_m"] is NSNull)
        #expect(object["opening_hours"] as? String == "Mo-Fr 08:00-18:00")
        #expect(object["website"] is NSNull)
        #expect(PlacesOutput.json([]) == "[]\n")
    }
}
