import Foundation
import TestSupport
import Testing
@testable import NearbyCore

/// Our zone rules against the system's own reading of the same files (`zdump`), transition by transition.
@Suite("Time zones: rules from the zone files")
struct ZoneRulesTests {
    static let zones = [
        "Europe/Vaduz", "America/New_York", "Australia/Lord_Howe", "America/Sao_Paulo", "Asia/Kolkata",
        "Pacific/Chatham", "America/St_Johns", "Europe/Dublin", "Africa/Casablanca", "Pacific/Apia",
        "America/Nuuk", "Europe/Moscow", "Asia/Tehran", "America/Santiago", "Etc/UTC",
    ]

    @Test(arguments: zones)
    func everyTransitionMatchesZdump(zone: String) async throws {
        let transitions = try await ZdumpTransitions.read(zone: zone, years: 1970...2060)
        try #require(transitions != nil, "zdump is not installed; the zone rules cannot be compared with the system's")
        let rules = try ZoneRules.named(zone)
        let expected = transitions ?? []
        for transition in expected {
            let at = rules.offset(atSecond: transition.instant)
            #expect(at.seconds == transition.offset, "\(zone) at \(transition.instant)")
            #expect(at.isDaylightSaving == transition.isDST, "\(zone) at \(transition.instant)")
            #expect(at.abbreviation == transition.abbreviation, "\(zone) at \(transition.instant)")
            #expect(rules.offset(atSecond: transition.instant - 1).seconds == transition.offsetBefore,
                    "\(zone) before \(transition.instant)")
        }
        // The same changes, no more: none of ours is missing from zdump's list.
        let lower = CivilDate.days(year: 1970, month: 1, day: 1) * 86_400
        let upper = CivilDate.days(year: 2061, month: 1, day: 1) * 86_400 - 1
        let ours = rules.transitions(in: lower...upper).map(\.instant)
        #expect(ours == expected.map(\.instant), "\(zone)")
    }

    @Test(.computeBound) func aPOSIXRuleMatchesTheZoneFileForLaterYears() throws {
        let rule = try #require(ZoneRules.posix("CET-1CEST,M3.5.0,M10.5.0/3"))
        let file = try ZoneRules.named("Europe/Vaduz")
        for day in stride(from: CivilDate.days(year: 2000, month: 1, day: 1), to: CivilDate.days(year: 2100, month: 1, day: 1), by: 1) {
            for hour in [0, 1, 2, 3] {
                let instant = day * 86_400 + hour * 3600 + 1800
                #expect(rule.offset(atSecond: instant).seconds == file.offset(atSecond: instant).seconds)
            }
        }
    }

    @Test func southernAndNegativeDaylightSaving() throws {
        // Lord Howe: half an hour of summer time, in the southern summer.
        let lordHowe = try #require(ZoneRules.posix("<+1030>-10:30<+11>-11,M10.1.0,M4.1.0"))
        #expect(lordHowe.offset(at: utc(2026, 1, 15, 12, 0)).seconds == 11 * 3600)
        #expect(lordHowe.offset(at: utc(2026, 7, 15, 12, 0)).seconds == 10 * 3600 + 1800)
        // Dublin's file calls winter the daylight-saving time (IST is standard, GMT the "negative" saving).
        let dublin = try ZoneRules.named("Europe/Dublin")
        #expect(dublin.offset(at: utc(2026, 1, 15, 12, 0)).seconds == 0)
        #expect(dublin.offset(at: utc(2026, 7, 15, 12, 0)).seconds == 3600)
        #expect(ZoneRules.posix("<-03>3")?.offset(at: utc(2026, 7, 1, 0, 0)).seconds == -3 * 3600)
        #expect(ZoneRules.posix("UTC0")?.offset(at: utc(2026, 7, 1, 0, 0)).seconds == 0)
        #expect(ZoneRules.posix("EST5EDT")?.offset(at: utc(2026, 7, 1, 0, 0)).seconds == -4 * 3600)
    }

    @Test(arguments: ["", "C", "CET", "CET-1CEST,M3.5.0", "CET-1CEST,M13.5.0,M10.5.0", "CET-25", "<+1", "X1Y"])
    func notAPOSIXRule(text: String) {
        #expect(ZoneRules.posix(text) == nil)
    }

    @Test func wallClockTimesInGapsAndOverlaps() throws {
        let vaduz = try ZoneRules.named("Europe/Vaduz")
        let day = CivilDay(year: 2026, month: 3, day: 29)
        // 02:30 does not exist: the clocks jumped from 02:00 to 03:00 at 01:00 UTC.
        guard case .skipped(let jump) = vaduz.resolve(LocalDateTime(day: day, hour: 2, minute: 30)) else {
            Issue.record("02:30 on 2026-03-29 should be skipped")
            return
        }
        #expect(jump.date == utc(2026, 3, 29, 1, 0))
        #expect(jump.before.seconds == 3600 && jump.after.seconds == 7200)
        #expect(vaduz.resolve(LocalDateTime(day: day, hour: 3, minute: 0)) == .unique(utc(2026, 3, 29, 1, 0)))
        #expect(vaduz.resolve(LocalDateTime(day: day, hour: 1, minute: 59)) == .unique(utc(2026, 3, 29, 0, 59)))
        // 02:30 on 2026-10-25 happens twice.
        let autumn = LocalDateTime(day: CivilDay(year: 2026, month: 10, day: 25), hour: 2, minute: 30)
        #expect(vaduz.resolve(autumn) == .repeated(earlier: utc(2026, 10, 25, 0, 30), later: utc(2026, 10, 25, 1, 30)))
        #expect(vaduz.instant(of: autumn, notBefore: utc(2026, 10, 25, 0, 45)) == utc(2026, 10, 25, 1, 30))
        #expect(vaduz.instant(of: autumn, notBefore: utc(2026, 10, 25, 1, 45)) == nil)
    }

    @Test func localTimesRoundTripThroughTheYear() throws {
        let newYork = try ZoneRules.named("America/New_York")
        var instant = utc(2026, 1, 1, 0, 0)
        while instant < utc(2027, 1, 1, 0, 0) {
            let local = newYork.localDateTime(at: instant)
            switch newYork.resolve(local) {
            case .unique(let date): #expect(date == instant)
            case .repeated(let earlier, let later): #expect(earlier == instant || later == instant)
            case .skipped: Issue.record("a time the clock showed cannot be skipped: \(instant)")
            }
            instant.addTimeInterval(1_234 * 60 + 17)
        }
    }

    @Test func nextTransitionFindsTheComingChange() throws {
        let vaduz = try ZoneRules.named("Europe/Vaduz")
        #expect(vaduz.nextTransition(after: utc(2026, 11, 23, 0, 0))?.date == utc(2027, 3, 28, 1, 0))
        #expect(vaduz.nextTransition(after: utc(2090, 11, 23, 0, 0))?.date == utc(2091, 3, 25, 1, 0))
        #expect(ZoneRules.utc.nextTransition(after: utc(2026, 1, 1, 0, 0)) == nil)
        #expect(try ZoneRules.named("Asia/Kolkata").nextTransition(after: utc(2026, 1, 1, 0, 0)) == nil)
    }

    @Test func theProcessZoneFollowsTZ() throws {
        #expect(ZoneRules.local(tz: "Europe/Vaduz").identifier == "Europe/Vaduz")
        #expect(ZoneRules.local(tz: ":Europe/Vaduz").identifier == "Europe/Vaduz")
        let byPath = ZoneRules.local(tz: "/usr/share/zoneinfo/America/New_York")
        #expect(byPath.identifier == "America/New_York")
        #expect(byPath.offset(at: utc(2026, 7, 1, 12, 0)).seconds == -4 * 3600)
        let posix = ZoneRules.local(tz: "CET-1CEST,M3.5.0,M10.5.0/3")
        #expect(posix.offset(at: utc(2026, 7, 1, 12, 0)).seconds == 7200)
        #expect(ZoneRules.local(tz: "").identifier == "UTC")
        #expect(ZoneRules.local(tz: "Nowhere/Nothing").identifier == "UTC")
        let fromLocaltime = ZoneRules.local(tz: nil)
        #expect(!fromLocaltime.identifier.isEmpty)
    }

    @Test(arguments: ["../../etc/passwd", "/etc/passwd", "", "Europe/Nowhere", "Europe/Vaduz\u{0}x", "zone.tab"])
    func refusesNamesThatAreNotZones(name: String) {
        #expect(throws: ZoneError.self) { try ZoneRules.named(name) }
    }

    @Test func readsZoneTable() {
        let table = ZoneTable()
        let vaduz = table.entry(forZone: "Europe/Vaduz")
        #expect(vaduz?.country == "LI")
        #expect(abs((vaduz?.latitude ?? 0) - 47.15) < 0.01 && abs((vaduz?.longitude ?? 0) - 9.5167) < 0.01)
        let stJohns = ZoneTable(text: "CA\t+4734-05243\tAmerica/St_Johns\tNST\n").entry(forZone: "America/St_Johns")
        #expect(stJohns?.country == "CA" && abs((stJohns?.longitude ?? 0) + 52.7167) < 0.001)
        #expect(ZoneTable(text: "garbage\n#LI\t+4709+00931\tEurope/Vaduz").entry(forZone: "Europe/Vaduz") == nil)
    }

    @Test func zoneTableLinesMayEndInCRLFAndBadLinesAreSkipped() {
        let text = "LI\t+47x9+00931\tEurope/Vaduz\r\nli\t+4709+00931\tEurope/Vaduz\r\n"
            + "LI\t+4709+00931\tEurope/Vaduz\r\nCH\t+4723+00832\tEurope/Zurich"
        let table = ZoneTable(text: text)
        #expect(table.entry(forZone: "Europe/Vaduz")?.country == "LI")
        #expect(table.entry(forZone: "Europe/Zurich")?.country == "CH")
        #expect(table.entry(forZone: "Europe/Zuric") == nil)
        #expect(ZoneTable(text: "").entry(forZone: "Europe/Vaduz") == nil)
    }

    private func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int) -> Date {
        Date(timeIntervalSince1970: Double(CivilDate.days(year: year, month: month, day: day) * 86_400
                                           + hour * 3600 + minute * 60))
    }
}

/// The transitions `zdump -v` lists for a zone: each with the offset after it and the offset before.
struct ZdumpTransitions {
    var instant: Int
    var offset: Int
    var offsetBefore: Int
    var isDST: Bool
    var abbreviation: String

    /// Nil when zdump cannot be run.
    static func read(zone: String, years: ClosedRange<Int>) async throws -> [ZdumpTransitions]? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/zdump") else { return nil }
        let output = try await Command.output("/usr/bin/zdump",
                                              ["-v", "-c", "\(years.lowerBound),\(years.upperBound + 1)", zone],
                                              errors: .discarded)
        // "Europe/Vaduz  Sun Mar 29 01:00:00 2026 UT = Sun Mar 29 03:00:00 2026 CEST isdst=1 gmtoff=7200"
        let lines = output.split(separator: "\n").compactMap(parse)
        var result: [ZdumpTransitions] = []
        // Lines come in pairs: a second before the change, then the change.
        var index = 0
        while index + 1 < lines.count {
            let before = lines[index], after = lines[index + 1]
            if after.instant == before.instant + 1 {
                result.append(ZdumpTransitions(instant: after.instant, offset: after.offset, offsetBefore: before.offset,
                                               isDST: after.isDST, abbreviation: after.abbreviation))
                index += 2
            } else {
                index += 1
            }
        }
        return result
    }

    private static func parse(_ line: Substring) -> (instant: Int, offset: Int, isDST: Bool, abbreviation: String)? {
        let halves = line.components(separatedBy: " UT = ")
        guard halves.count == 2 else { return nil }
        let utcWords = halves[0].split(separator: " ").suffix(4)
        let localWords = halves[1].split(separator: " ")
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        guard utcWords.count == 4, localWords.count >= 8, let month = months.firstIndex(of: String(utcWords.first ?? "")),
              let day = Int(utcWords.dropFirst().first ?? ""), let year = Int(utcWords.last ?? "") else { return nil }
        let clock = (utcWords.dropFirst(2).first ?? "").split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3, let offset = Int(localWords.last?.replacingOccurrences(of: "gmtoff=", with: "") ?? ""),
              let dst = localWords.dropLast().last else { return nil }
        let instant = CivilDate.days(year: year, month: month + 1, day: day) * 86_400 + clock[0] * 3600 + clock[1] * 60 + clock[2]
        return (instant, offset, dst == "isdst=1", String(localWords[localWords.count - 3]))
    }
}
