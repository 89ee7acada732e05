import Foundation
import Testing
@testable import NearbyCore

struct ZoneLocatorTests {
    /// Places on both sides of zone borders and cities, each answer worked out by hand (the county, the
    /// reservation, the river) and the same as timezonefinder's.
    static let places: [(String, Double, Double, String)] = [
        ("Badajoz ES", 38.8794, -6.9707, "Europe/Madrid"),
        ("Elvas PT", 38.8810, -7.1630, "Europe/Lisbon"),
        ("Tui ES, north of the Minho", 42.0476, -8.6447, "Europe/Madrid"),
        ("Valença PT, south of it", 42.0277, -8.6443, "Europe/Lisbon"),
        ("Ayamonte ES, east of the Guadiana", 37.2130, -7.4070, "Europe/Madrid"),
        ("Vila Real de Santo António PT", 37.1946, -7.4170, "Europe/Lisbon"),
        ("El Paso TX", 31.7619, -106.4850, "America/Denver"),
        ("Fort Hancock TX (Hudspeth County keeps Mountain time)", 31.2985, -105.8455, "America/Denver"),
        ("Van Horn TX (Culberson County, Central)", 31.0399, -104.8307, "America/Chicago"),
        ("Goodland KS (Sherman County, Mountain)", 39.3508, -101.7101, "America/Denver"),
        ("Colby KS", 39.3958, -101.0524, "America/Chicago"),
        ("Gary IN", 41.5934, -87.3464, "America/Chicago"),
        ("Indianapolis IN", 39.7684, -86.1581, "America/Indiana/Indianapolis"),
        ("Knox IN", 41.2959, -86.6250, "America/Indiana/Knox"),
        ("Boise ID", 43.6150, -116.2023, "America/Boise"),
        ("Coeur d'Alene ID", 47.6777, -116.7805, "America/Los_Angeles"),
        ("Phoenix AZ", 33.4484, -112.0740, "America/Phoenix"),
        ("Tuba City AZ (the Navajo Nation keeps DST)", 36.1350, -111.2399, "America/Denver"),
        ("Kykotsmovi AZ (Hopi land does not)", 35.8747, -110.6235, "America/Phoenix"),
        ("Detroit MI", 42.3314, -83.0458, "America/Detroit"),
        ("Louisville KY", 38.2527, -85.7585, "America/Kentucky/Louisville"),
        ("São Paulo", -23.5505, -46.6333, "America/Sao_Paulo"),
        ("Manaus", -3.1190, -60.0217, "America/Manaus"),
        ("Rio Branco", -9.9747, -67.8243, "America/Rio_Branco"),
        ("Fernando de Noronha", -3.8540, -32.4240, "America/Noronha"),
        ("Belém", -1.4558, -48.4902, "America/Belem"),
        ("Cuiabá", -15.6014, -56.0979, "America/Cuiaba"),
        ("Campo Grande", -20.4697, -54.6201, "America/Campo_Grande"),
        ("Fortaleza", -3.7319, -38.5267, "America/Fortaleza"),
        ("Porto Velho", -8.7612, -63.9004, "America/Porto_Velho"),
        ("Boa Vista", 2.8235, -60.6758, "America/Boa_Vista"),
        ("Salvador", -12.9777, -38.5016, "America/Bahia"),
        ("Moscow", 55.7558, 37.6173, "Europe/Moscow"),
        ("Kaliningrad", 54.7104, 20.4522, "Europe/Kaliningrad"),
        ("Samara", 53.1959, 50.1002, "Europe/Samara"),
        ("Volgograd", 48.7080, 44.5133, "Europe/Volgograd"),
        ("Saratov", 51.5331, 46.0342, "Europe/Saratov"),
        ("Ulyanovsk", 54.3142, 48.4031, "Europe/Ulyanovsk"),
        ("Kirov", 58.6036, 49.6680, "Europe/Kirov"),
        ("Yekaterinburg", 56.8389, 60.6057, "Asia/Yekaterinburg"),
        ("Omsk", 54.9885, 73.3242, "Asia/Omsk"),
        ("Novosibirsk", 55.0084, 82.9357, "Asia/Novosibirsk"),
        ("Barnaul", 53.3548, 83.7698, "Asia/Barnaul"),
        ("Tomsk", 56.4846, 84.9476, "Asia/Tomsk"),
        ("Krasnoyarsk", 56.0153, 92.8932, "Asia/Krasnoyarsk"),
        ("Irkutsk", 52.2870, 104.3050, "Asia/Irkutsk"),
        ("Chita", 52.0515, 113.4712, "Asia/Chita"),
        ("Yakutsk", 62.0355, 129.6755, "Asia/Yakutsk"),
        ("Vladivostok", 43.1155, 131.8855, "Asia/Vladivostok"),
        ("Yuzhno-Sakhalinsk", 46.9591, 142.7380, "Asia/Sakhalin"),
        ("Magadan", 59.5612, 150.8301, "Asia/Magadan"),
        ("Petropavlovsk-Kamchatsky", 53.0452, 158.6483, "Asia/Kamchatka"),
        ("Anadyr", 64.7337, 177.4968, "Asia/Anadyr"),
        ("Vaduz", 47.1410, 9.5209, "Europe/Vaduz"),
        ("Schaan", 47.1652, 9.5095, "Europe/Vaduz"),
        ("Buchs SG, across the Rhine", 47.1686, 9.4783, "Europe/Zurich"),
        ("Feldkirch", 47.2378, 9.5981, "Europe/Vienna"),
        ("Tokyo", 35.6762, 139.6503, "Asia/Tokyo"),
        ("Sydney", -33.8688, 151.2093, "Australia/Sydney"),
        ("Broken Hill", -31.9539, 141.4539, "Australia/Broken_Hill"),
        ("Kolkata", 22.5726, 88.3639, "Asia/Kolkata"),
        ("Kathmandu", 27.7172, 85.3240, "Asia/Kathmandu"),
        ("Urumqi (Xinjiang is in both zones' outlines: the smaller wins)", 43.8256, 87.6168, "Asia/Urumqi"),
        ("New York", 40.7128, -74.0060, "America/New_York"),
        ("Los Angeles", 34.0522, -118.2437, "America/Los_Angeles"),
        ("Honolulu", 21.3069, -157.8583, "Pacific/Honolulu"),
        ("Reykjavík", 64.1466, -21.9426, "Atlantic/Reykjavik"),
        ("Auckland", -36.8485, 174.7633, "Pacific/Auckland"),
        ("Cape Town", -33.9249, 18.4241, "Africa/Johannesburg"),
        // At sea: the nautical zones, 15° wide, centred on multiples of 15° (their signs are POSIX's).
        ("mid-Atlantic", 30.0, -30.0, "Etc/GMT+2"),
        ("central Pacific", 0.0, -150.0, "Etc/GMT+10"),
        ("west of the date line", 0.0, 179.9, "Etc/GMT-12"),
        ("east of the date line", 0.0, -179.9, "Etc/GMT+12"),
        ("Gulf of Guinea", 0.0, 0.0, "Etc/GMT"),
        ("North Pole", 90.0, 0.0, "Etc/GMT"),
        ("South Pole", -90.0, 0.0, "Antarctica/McMurdo"),
        ("the antimeridian's south end", -90.0, -180.0, "Antarctica/McMurdo"),
        ("the antimeridian's north end", 90.0, 180.0, "Etc/GMT-12"),
    ]

    @Test func bordersAndCities() throws {
        let locator = try #require(ZoneLocator.embedded)
        for (name, latitude, longitude, zone) in Self.places {
            #expect(locator.zoneIdentifier(at: Coordinate(latitude: latitude, longitude: longitude)) == zone, "\(name)")
        }
    }

    @Test func pointsOffTheEarthHaveNoZone() throws {
        let locator = try #require(ZoneLocator.embedded)
        for (latitude, longitude) in [(Double.nan, 0), (0, .nan), (90.0001, 0), (-91, 0), (0, 180.0001), (0, -181),
                                      (.infinity, 0), (0, -.infinity)] {
            #expect(locator.zoneIdentifier(latitude: latitude, longitude: longitude) == nil, "\(latitude),\(longitude)")
        }
    }

    @Test func describesItsData() throws {
        let locator = try #require(ZoneLocator.embedded)
        #expect(locator.source.hasPrefix("tzfpy "))
        #expect(locator.identifiers.count > 400)
        #expect(locator.identifiers.contains("Europe/Vaduz") && locator.identifiers.contains("Etc/GMT-12"))
    }

    /// Every zone it can answer is one the system's zone files know, so `zoneRules(at:)` never finds none.
    @Test func everyZoneHasRules() throws {
        let locator = try #require(ZoneLocator.embedded)
        for identifier in locator.identifiers {
            #expect((try? ZoneRules.named(identifier)) != nil, "\(identifier)")
        }
        let vaduz = try #require(locator.zoneRules(at: Coordinate(latitude: 47.141, longitude: 9.5209)))
        #expect(vaduz.identifier == "Europe/Vaduz")
        #expect(vaduz.secondsFromGMT(for: Date(timeIntervalSince1970: 1_782_000_000)) == 7200)  // June 2026
    }

    /// The points scripts/zone-agreement wrote: places of the Liechtenstein extract, every zone1970.tab place,
    /// lines across borders, random land and sea. Swift must read zones.bin exactly as the script's own decoder
    /// does, and agree with timezonefinder (another package, with data of its own) as often as measured there.
    @Test func agreesWithTimezonefinder() throws {
        let locator = try #require(ZoneLocator.embedded)
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/zone-agreement.tsv").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var seen: [String: Int] = [:], agreeing: [String: Int] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t").map(String.init)
            try #require(fields.count == 5, "\(line)")
            let latitude = try #require(Double(fields[1])), longitude = try #require(Double(fields[2]))
            let ours = locator.zoneIdentifier(latitude: latitude, longitude: longitude) ?? "-"
            #expect(ours == fields[4], "\(line): Swift reads \(ours)")
            seen[fields[0], default: 0] += 1
            if ours == fields[3] { agreeing[fields[0], default: 0] += 1 }
            // Every place of the real extract must be on the right clock: where the outlines' 100 m
            // simplification names the neighbour's zone near a border, that zone must keep the same time.
            if fields[0] == "liechtenstein", ours != fields[3] {
                #expect(try Self.sameClock(ours, fields[3]), "\(line): \(ours) keeps another time than \(fields[3])")
            }
        }
        // Each set's rate as measured (docs/decisions/zone-locator.md), a little below it.
        let floors = ["liechtenstein": 0.98, "zone1970.tab": 1.0, "borders": 0.995, "land": 0.99, "sea": 0.999]
        for (set, floor) in floors {
            let count = try #require(seen[set], "\(set)")
            let rate = Double(agreeing[set, default: 0]) / Double(count)
            #expect(rate >= floor, "\(set): \(agreeing[set, default: 0]) of \(count) agree with timezonefinder")
        }
    }

    /// Whether two zones show the same wall clock at every hour of 2026 and 2027.
    static func sameClock(_ first: String, _ second: String) throws -> Bool {
        let a = try ZoneRules.named(first), b = try ZoneRules.named(second)
        let start = 1_767_225_600  // 2026-01-01T00:00:00Z
        return stride(from: start, to: start + 2 * 365 * 86_400, by: 3_600).allSatisfy { second in
            let date = Date(timeIntervalSince1970: Double(second))
            return a.secondsFromGMT(for: date) == b.secondsFromGMT(for: date)
        }
    }

    /// Every random point on the earth gets a zone (the time a lookup takes is measured by the benchmark in
    /// docs/decisions/zone-locator.md, not here).
    @Test func everyPointOnTheEarthHasAZone() throws {
        let locator = try #require(ZoneLocator.embedded)
        var generator = SystemRandomNumberGenerator()
        let points = (0..<20_000).map { _ in
            (Double.random(in: -60...70, using: &generator), Double.random(in: -180...180, using: &generator))
        }
        var found = 0
        for (latitude, longitude) in points where locator.zoneIdentifier(latitude: latitude, longitude: longitude) != nil {
            found += 1
        }
        #expect(found == points.count)
    }

    /// Data cut short or damaged anywhere gives nil or some zone, never a crash or a hang.
    @Test func damagedDataNeverCrashes() throws {
        let bytes = try #require(ZoneLocator.embeddedBytes)
        #expect(ZoneLocator(data: []) == nil)
        #expect(ZoneLocator(data: Array(bytes.prefix(55))) == nil)
        #expect(ZoneLocator(data: Array(repeating: 0xFF, count: 4096)) == nil)
        var wrongMagic = bytes
        wrongMagic[0] = UInt8(ascii: "X")
        #expect(ZoneLocator(data: wrongMagic) == nil)
        let probes = stride(from: -89.5, through: 89.5, by: 7.3).flatMap { latitude in
            stride(from: -179.5, through: 179.5, by: 3.7).map { (latitude, $0) }
        }
        for length in [bytes.count - 1, bytes.count / 2, bytes.count - 100_000] {
            if let cut = ZoneLocator(data: Array(bytes.prefix(length))) {
                for (latitude, longitude) in probes { _ = cut.zoneIdentifier(latitude: latitude, longitude: longitude) }
            }
        }
        var generator = SeededBytes(seed: 7)
        for _ in 0..<20 {
            var damaged = bytes
            for _ in 0..<2_000 {
                damaged[56 + Int(generator.next() % UInt64(damaged.count - 56))] = UInt8(truncatingIfNeeded: generator.next())
            }
            guard let locator = ZoneLocator(data: damaged) else { continue }
            for (latitude, longitude) in probes {
                if let zone = locator.zoneIdentifier(latitude: latitude, longitude: longitude) {
                    #expect(locator.identifiers.contains(zone))
                }
            }
        }
    }
}

/// splitmix64: damage that is the same on every run.
private struct SeededBytes {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
